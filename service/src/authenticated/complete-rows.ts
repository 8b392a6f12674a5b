// Expanded rows hold the properties of their schema (the package's projection), but a member's
// representation also links to its own related members and writes an event's times at its
// offset: columns no schema property holds. They are read here, one query per expanded relation
// and level, by the rows' keys — never one per row.

import type { ExpandItem } from 'odata-filter/query';
import type { Row, Statements } from '../database.js';
import { STORED_TYPES, representationColumnsOf, typeAt } from '../storage.js';
import type { TypeName } from '../storage.js';

/** Adds to each expanded row, at any depth under `rows`, the columns its representation needs. */
export async function completeExpandedRows(
  db: Statements,
  type: TypeName,
  rows: readonly Row[],
  expand: readonly ExpandItem[],
): Promise<void> {
  for (const item of expand) {
    const target = typeAt(type, item.path.join('/'));
    const name = item.path.join('/');
    const related = rows.flatMap((row) => {
      const value = row[name];
      return Array.isArray(value) ? (value as Row[]) : value === null || value === undefined ? [] : [value as Row];
    });
    if (related.length === 0) continue;
    const columns = representationColumnsOf(target);
    if (columns.length > 0) {
      const { table, key } = STORED_TYPES[target];
      const list = [key, ...columns].map((c) => `"${c}"`).join(', ');
      const found = await db.query(`SELECT ${list} FROM ${table} WHERE "${key}" = ANY($1::integer[])`, [
        [...new Set(related.map((r) => r[key]))],
      ]);
      const byKey = new Map(found.map((r) => [r[key], r]));
      for (const row of related) Object.assign(row, byKey.get(row[key]));
    }
    await completeExpandedRows(db, target, related, item.expand);
  }
}
