// Interface B's records (section 2.3): the projected columns, named by their property paths
// (`Profile/Interests/Text`), put back into nested objects, with every empty or null property left
// out — an empty structure or list too — since a missing property means null.

import type { Row } from '../database.js';

export function recordOf(row: Row): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(row)) {
    const kept = pruned(value);
    if (kept === undefined) continue;
    const names = path.split('/');
    let at = record;
    for (const name of names.slice(0, -1)) at = (at[name] ??= {}) as Record<string, unknown>;
    at[names[names.length - 1]!] = kept;
  }
  return record;
}

/** A value without its empty parts, or undefined when nothing is left. */
function pruned(value: unknown): unknown {
  if (value === null || value === undefined || value === '') return undefined;
  if (Array.isArray(value)) {
    const items = value.map(pruned).filter((v) => v !== undefined);
    return items.length === 0 ? undefined : items;
  }
  if (typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => {
      const kept = pruned(v);
      return kept === undefined ? [] : [[k, kept] as const];
    });
    return entries.length === 0 ? undefined : Object.fromEntries(entries);
  }
  return value;
}
