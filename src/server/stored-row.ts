// A SQL source's row, keyed by property path as its query names the columns (`Id`,
// `Address/City`, an expanded relation's rows under `Sessions`), as the row of its entity type:
// structures nested, each value its property's (stored-value.ts), and each expanded relation's
// rows shaped in turn. A structure has no column of its own (docs/sql.md, "Columns"): a nullable
// one whose member columns read are all NULL is null, as it is stored.

import type { ExpandItem } from '../types/query-plan.js';
import type { Property, Schema } from '../types/schema.js';
import { storedValue } from './stored-value.js';
import type { TimeUnit } from '../semantics/fine-time.js';

type Row = Record<string, unknown>;

/**
 * The row of a schema from its columns by path, with the expanded relations (their rows read the
 * same way); `unit`, that of stored durations.
 */
export function storedRow(
  flat: Row,
  schema: Pick<Schema, 'properties'>,
  expand: readonly ExpandItem[],
  unit: TimeUnit = 'milliseconds',
): Row {
  const relations = new Map(expand.map((item) => [item.path.join('/'), item]));
  const out: Row = {};
  for (const [key, value] of Object.entries(flat)) {
    const path = key.split('/');
    const item = relations.get(key);
    if (item !== undefined) {
      const shape = (related: unknown): unknown =>
        related === null || typeof related !== 'object'
          ? null
          : storedRow(related as Row, item.schema, item.expand, unit);
      setAt(out, path, item.many && Array.isArray(value) ? value.map(shape) : shape(value));
      continue;
    }
    const property = propertyAt(schema.properties, path);
    // Columns the query adds (keys, tokens) are no property: they were read, and are left out.
    if (property !== undefined) setAt(out, path, storedValue(value, property, unit));
  }
  foldNullStructures(out, schema.properties, relations, '');
  return out;
}

function propertyAt(properties: ReadonlyMap<string, Property>, path: readonly string[]): Property | undefined {
  let property: Property | undefined;
  let members: ReadonlyMap<string, Property> | undefined = properties;
  for (const name of path) {
    property = members?.get(name);
    if (property === undefined) return undefined;
    members = property.kind === 'structured' ? property.properties : undefined;
  }
  return property;
}

function setAt(row: Row, path: readonly string[], value: unknown): void {
  let at = row;
  for (const name of path.slice(0, -1)) {
    let next = at[name];
    if (next === null || typeof next !== 'object') {
      next = {};
      at[name] = next;
    }
    at = next as Row;
  }
  at[path[path.length - 1]!] = value;
}

/**
 * Each nullable structure built from columns that are all NULL, as null (deepest first). A
 * structure holding an expanded relation is left as it is: the relation is no column of it.
 */
function foldNullStructures(
  row: Row,
  properties: ReadonlyMap<string, Property>,
  relations: ReadonlyMap<string, ExpandItem>,
  prefix: string,
): boolean {
  let allNull = true;
  for (const [name, value] of Object.entries(row)) {
    const path = `${prefix}${name}`;
    const property = properties.get(name);
    if (relations.has(path)) {
      allNull = false;
      continue;
    }
    if (property?.kind === 'structured' && value !== null && typeof value === 'object') {
      const empty = foldNullStructures(value as Row, property.properties, relations, `${path}/`);
      if (empty && property.nullable && !holdsRelation(path, relations)) row[name] = null;
      else if (!empty) allNull = false;
      continue;
    }
    if (value !== null) allNull = false;
  }
  return allNull;
}

function holdsRelation(path: string, relations: ReadonlyMap<string, ExpandItem>): boolean {
  for (const key of relations.keys()) if (key.startsWith(`${path}/`)) return true;
  return false;
}
