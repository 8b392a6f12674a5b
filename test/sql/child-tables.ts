// Rows with collections stored as docs/sql.md says: the row's own columns in `items`, and each
// collection property in a child table of its own, one record per element, each with a `key` of
// its own and a `parent` holding its parent's key (the row's `Id`, or the enclosing element's
// `key`); a null element is a record whose element columns are all NULL. Also the `collections`
// option that describes them.

import type { CollectionStorage } from '../../src/backends/sql/index.js';
import type { Property, Schema } from '../../src/types/schema.js';
import type { Column, Engine } from '../engines/rows.js';
import { columnsOf, valueAt } from '../engines/rows.js';

export interface ChildTableData {
  readonly table: string;
  readonly columns: readonly Column[];
  readonly records: Record<string, unknown>[];
}

const KEY: Column = { name: 'key', path: ['key'], type: 'Edm.Int32' };
const PARENT: Column = { name: 'parent', path: ['parent'], type: 'Edm.Int32' };

/** The child tables of rows keyed by their `Id`, each named `<rowTable>_<collection path joined with _>`. */
export function childTables(schema: Schema, rows: readonly unknown[], rowTable = 'items'): { tables: ChildTableData[]; collections: CollectionStorage } {
  const tables = new Map<string, ChildTableData>();
  const collections: Record<string, CollectionStorage[string]> = {};
  let nextKey = 1;
  // Every collection among `properties` (through structures, not through other collections) of one
  // parent: the row, or an element (with the key of its record).
  const walk = (properties: ReadonlyMap<string, Property>, parent: unknown, parentKey: unknown, schemaPath: readonly string[], prefix: readonly string[]): void => {
    for (const property of properties.values()) {
      const at = [...prefix, property.name];
      if (property.kind === 'structured') walk(property.properties, parent, parentKey, schemaPath, at);
      if (property.kind !== 'collection') continue;
      const path = [...schemaPath, ...at];
      const element = property.element;
      let data = tables.get(path.join('/'));
      if (data === undefined) {
        const table = `${rowTable}_${path.join('_')}`;
        const own = element.kind === 'primitive' ? [{ name: 'value', path: ['value'], type: element.type }] : columnsOf({ name: element.name, properties: element.properties }).map((c) => ({ ...c, path: ['value', ...c.path] }));
        data = { table, columns: [KEY, PARENT, ...own], records: [] };
        tables.set(path.join('/'), data);
        collections[path.join('/')] = { table, foreignKey: 'parent', key: schemaPath.length === 0 ? 'Id' : 'key', ...(element.kind === 'primitive' ? { value: 'value' } : {}) };
      }
      const elements = parent === undefined ? undefined : valueAt(parent, at);
      // A parent without elements still walks the element's properties once, so that every table exists.
      for (const value of Array.isArray(elements) ? elements : [undefined]) {
        const key = value === undefined ? undefined : nextKey++;
        if (value !== undefined) data.records.push({ key, parent: parentKey, value });
        if (element.kind === 'structured') walk(element.properties, value ?? undefined, key, path, []);
      }
    }
  };
  for (const row of rows) walk(schema.properties, row, (row as { Id: unknown }).Id, [], []);
  walk(schema.properties, undefined, undefined, [], []);
  return { tables: [...tables.values()], collections };
}

/** Loads the rows into `items` and their collections into child tables, each indexed on `parent`. */
export async function loadWithChildTables(engine: Engine, schema: Schema, rows: readonly unknown[]): Promise<CollectionStorage> {
  await engine.load(schema, rows);
  const { tables, collections } = childTables(schema, rows);
  for (const t of tables) await engine.loadTable(t.table, t.columns, t.records, ['parent']);
  return collections;
}
