// Rows with collections stored as docs/sql.md says: the row's own columns in `items`, and each
// collection property in a child table of its own, one record per element, each with a `key` of
// its own and a `parent` holding its parent's key (the row's `Id`, or the enclosing element's
// `key`); a null element is a record whose element columns are all NULL. With `json`, each
// collection that is not a relation is instead a JSON column of its parent's table (`Tags_json`),
// holding what it holds. Also the `collections` option that describes them.

import type { CollectionStorage } from '../../src/backends/sql/index.js';
import type { Property, Schema } from '../../src/types/schema.js';
import type { Column, Engine } from '../engines/rows.js';
import { columnsOf, valueAt } from '../engines/rows.js';

export interface ChildTableData {
  readonly table: string;
  readonly columns: Column[];
  readonly records: Record<string, unknown>[];
}

const KEY: Column = { name: 'key', path: ['key'], type: 'Edm.Int32' };
const PARENT: Column = { name: 'parent', path: ['parent'], type: 'Edm.Int32' };

/** The child tables of rows keyed by their `Id`, each named `<rowTable>_<collection path joined with _>`. */
export function childTables(
  schema: Schema,
  rows: readonly unknown[],
  json = false,
  rowTable = 'items',
): { tables: ChildTableData[]; rowJson: Column[]; collections: CollectionStorage } {
  const tables = new Map<string, ChildTableData>();
  const rowJson: Column[] = [];
  const collections: Record<string, CollectionStorage[string]> = {};
  let nextKey = 1;
  // Every collection among `properties` (through structures, not through other collections) of one
  // parent: the row, or an element (with the key of its record).
  const walk = (
    properties: ReadonlyMap<string, Property>,
    parent: unknown,
    parentKey: unknown,
    schemaPath: readonly string[],
    prefix: readonly string[],
  ): void => {
    for (const property of properties.values()) {
      const at = [...prefix, property.name];
      if (property.kind === 'structured') walk(property.properties, parent, parentKey, schemaPath, at);
      if (property.kind !== 'collection') continue;
      const path = [...schemaPath, ...at];
      const element = property.element;
      if (json && !property.relation) {
        if (collections[path.join('/')] === undefined) {
          const name = `${at.join('_')}_json`;
          const columns = schemaPath.length === 0 ? rowJson : tables.get(schemaPath.join('/'))!.columns;
          columns.push({ name, path: schemaPath.length === 0 ? at : ['value', ...at], type: 'Json', element });
          collections[path.join('/')] = { json: name };
        }
        continue;
      }
      let data = tables.get(path.join('/'));
      if (data === undefined) {
        const table = `${rowTable}_${path.join('_')}`;
        const own =
          element.kind === 'primitive'
            ? [{ name: 'value', path: ['value'], type: element.type }]
            : columnsOf({ name: element.name, properties: element.properties }).map((c) => ({
                ...c,
                path: ['value', ...c.path],
              }));
        data = { table, columns: [KEY, PARENT, ...own], records: [] };
        tables.set(path.join('/'), data);
        collections[path.join('/')] = {
          table,
          foreignKey: 'parent',
          key: schemaPath.length === 0 ? 'Id' : 'key',
          ...(element.kind === 'primitive' ? { value: 'value' } : {}),
        };
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
  return { tables: [...tables.values()], rowJson, collections };
}

/**
 * Loads the rows into `items` and their collections into child tables, each indexed on `parent`
 * (with `json`, those that are not relations into JSON columns).
 */
export async function loadWithChildTables(
  engine: Engine,
  schema: Schema,
  rows: readonly unknown[],
  json = false,
): Promise<CollectionStorage> {
  const { tables, rowJson, collections } = childTables(schema, rows, json);
  await engine.loadTable('items', [...columnsOf(schema), ...rowJson], rows);
  for (const t of tables) await engine.loadTable(t.table, t.columns, t.records, ['parent']);
  return collections;
}
