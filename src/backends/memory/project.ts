// A row as a projection keeps it (docs/query.md, "Projection"): only the selected properties, each
// at its path, values as the row holds them.

import type { SelectItem } from '../../query/plan.js';

type Fields = Record<string, unknown>;

/**
 * A new row holding the row's value at each selected path. A selected property the row lacks is
 * left out, as is every property under a null or missing structure, which is kept as the row has it.
 */
export function projectRow(row: unknown, select: readonly SelectItem[]): Fields {
  const projected: Fields = {};
  for (const { path } of select) {
    let from: unknown = row;
    let to = projected;
    for (let i = 0; i < path.length; i++) {
      const name = path[i]!;
      if (from === null || typeof from !== 'object' || !Object.hasOwn(from, name)) break;
      const value = (from as Fields)[name];
      if (i === path.length - 1) {
        to[name] = value;
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
