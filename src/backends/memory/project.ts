// A row as a projection keeps it (docs/query.md, "Projection"): only the selected properties, each
// at its path, values as the row holds them.

import type { SelectItem } from '../../types/query-plan.js';

type Fields = Record<string, unknown>;

/**
 * A new row holding the row's value at each selected path. A selected property the row lacks is
 * left out, as is every property under a null or missing structure, which is kept as the row has it.
 */
export function projectRow(row: unknown, select: readonly SelectItem[]): Fields {
  const projected: Fields = {};
  for (const { path, hidden } of select) {
    let from: unknown = row;
    let to = projected;
    for (let i = 0; i < path.length; i++) {
      const name = path[i]!;
      if (from === null || typeof from !== 'object' || !Object.hasOwn(from, name)) break;
      const value = (from as Fields)[name];
      if (i === path.length - 1) {
        to[name] = hidden === undefined ? value : withoutHiddenMembers(value, hidden);
      } else if (value === null || typeof value !== 'object') {
        // A null or missing structure on the way: kept as it is, with nothing under it.
        if (!Object.hasOwn(to, name)) to[name] = value;
        break;
      } else {
        if (!Object.hasOwn(to, name)) to[name] = {};
        to = to[name] as Fields;
      }
      from = value;
    }
  }
  return projected;
}

/**
 * A collection of structures without the members at `hidden` in its elements. A value that is no
 * array is no collection a filter reads elements from, and is null here, so that nothing it holds
 * shows; null and missing stay as they are.
 */
function withoutHiddenMembers(value: unknown, hidden: readonly (readonly string[])[]): unknown {
  if (Array.isArray(value)) return value.map((e) => withoutMembers(e, hidden));
  return value === undefined || value === null ? value : null;
}

/** An element of a collection of structures without the members at `hidden` (paths within it); the row's own is left as it is, and so is a value that is no object. */
function withoutMembers(element: unknown, hidden: readonly (readonly string[])[]): unknown {
  // A collection of structures within the element: each of its elements alike.
  if (Array.isArray(element)) return element.map((e) => withoutMembers(e, hidden));
  if (element === null || typeof element !== 'object') return element;
  const kept: Fields = { ...(element as Fields) };
  const here = new Set(hidden.filter((p) => p.length === 1).map((p) => p[0]!));
  for (const name of here) delete kept[name];
  const deeper = new Map<string, (readonly string[])[]>();
  for (const p of hidden)
    if (p.length > 1 && !here.has(p[0]!)) deeper.set(p[0]!, [...(deeper.get(p[0]!) ?? []), p.slice(1)]);
  for (const [name, paths] of deeper) if (Object.hasOwn(kept, name)) kept[name] = withoutMembers(kept[name], paths);
  return kept;
}
