// Where a filter's collections are stored (compileSql's `collections` option): each collection
// property, by its schema path, in a child table holding one row per element, joined to the row
// (or to the element) that holds it by a key. The compiler reads one through a correlated subquery.

import { unsupported } from '../../errors.js';
import type { CollectionProperty } from '../../types/schema.js';
import { columnMapping, shown } from './columns.js';
import type { ColumnMapping, ColumnRead } from './columns.js';
import type { Dialect } from './dialect.js';

/**
 * A collection stored in a child table: one row per element, the row of a null element holding
 * NULL in every element column. Column names are identifiers (quoted for the dialect, and read
 * through the alias the compiler gives the table); the table is SQL text, used as written.
 */
export interface ChildTable {
  /** The child table, as written in `FROM`: `orders`, `sales."Orders"`. */
  readonly table: string;
  /** The child table's column holding its parent's key. */
  readonly foreignKey: string;
  /**
   * The parent's column that `foreignKey` refers to: a column of the row's table (options.table)
   * for a collection of the row, of the enclosing collection's child table for a nested one.
   */
  readonly key: string;
  /** A collection of primitives: the column holding the element; by default the collection's name. */
  readonly value?: string;
  /**
   * A collection of structures: each member's column, by its path in the element (`City`,
   * `Geo/Lat`), or a function of the path's segments; by default the segments joined with `_`.
   */
  readonly columns?: ColumnMapping;
}

/**
 * A collection stored as a JSON array in a column of its parent: the row's table, or the child
 * table of the element that holds it (PostgreSQL `jsonb`, SQLite JSON text, MySQL/MariaDB `JSON`).
 * A null element is JSON null; the collections of a JSON element are read from it.
 */
export interface JsonColumn {
  /** The parent's column holding the array (an identifier). */
  readonly json: string;
}

/** Where each collection is, by its schema path: `Orders`, `Orders/Lines`, `Addresses/Phones`. */
export type CollectionStorage = { readonly [schemaPath: string]: ChildTable | JsonColumn };

/** A collection's storage as the compiler reads it: checked, its column names quoted. */
export type StorageRead = ChildTableRead | JsonColumnRead;

export interface JsonColumnRead {
  readonly kind: 'json';
  /** The parent's column holding the array, quoted. */
  readonly column: string;
}

export interface ChildTableRead {
  readonly kind: 'table';
  readonly table: string;
  readonly foreignKey: string;
  readonly key: string;
  /** The quoted column of an element's member; an empty path is a primitive element itself. */
  column(member: ColumnRead): string;
}

/** A collection read by a filter: its schema path, property, and the span errors point at. */
export interface CollectionRead {
  readonly schemaPath: string;
  readonly property: CollectionProperty;
  readonly start: number;
  readonly end: number;
}

/** The fields of a child table's entry (ChildTable). */
const CHILD_TABLE_FIELDS: ReadonlySet<string> = new Set(['table', 'foreignKey', 'key', 'value', 'columns']);

/** The `collections` option of one compilation, each child table checked once when first read. */
export class CollectionTables {
  private readonly read = new Map<string, StorageRead>();
  private readonly storage: Readonly<Record<string, unknown>>;

  constructor(
    option: unknown,
    private readonly dialect: Dialect,
    private readonly text: string | undefined,
    end: number,
  ) {
    if (option !== undefined && option !== null && (typeof option !== 'object' || Array.isArray(option))) {
      const message = `options.collections must be an object of child tables by collection path, not ${shown(option)}`;
      throw unsupported({ construct: 'collection storage', target: dialect.name, message, start: 0, end, text });
    }
    this.storage = (option ?? {}) as Record<string, unknown>;
  }

  /** The storage of a collection, or a FilterError naming the option that is missing or unusable. */
  storageOf(collection: CollectionRead): StorageRead {
    let table = this.read.get(collection.schemaPath);
    if (table === undefined) {
      table = this.check(collection);
      this.read.set(collection.schemaPath, table);
    }
    return table;
  }

  private check(collection: CollectionRead): StorageRead {
    const path = collection.schemaPath;
    const option = `options.collections['${path}']`;
    const fail = (problem: string): never => {
      throw unsupported({
        construct: 'collection storage',
        target: this.dialect.name,
        message: `The collection '${path}' cannot be read: ${problem}`,
        start: collection.start,
        end: collection.end,
        text: this.text,
      });
    };
    const spec = Object.hasOwn(this.storage, path) ? this.storage[path] : undefined;
    if (spec === undefined || spec === null)
      return fail(
        `${option} does not say where it is stored (a child table: { table, foreignKey, key }, or a JSON column: { json })`,
      );
    if (typeof spec !== 'object' || Array.isArray(spec))
      return fail(
        `${option} is ${shown(spec)}, not a child table ({ table, foreignKey, key }) or a JSON column ({ json })`,
      );
    const s = spec as Record<string, unknown>;
    const quote = (n: string): string => this.dialect.quoteIdentifier(n);
    if (s.json !== undefined) {
      if (typeof s.json !== 'string' || s.json.trim() === '')
        return fail(`${option}.json is ${shown(s.json)}; it must be a non-empty string`);
      if (this.dialect.jsonArrays === undefined)
        return fail(`the ${this.dialect.name} SQL dialect does not read JSON arrays (${option}.json)`);
      const extra = Object.keys(s).filter((k) => k !== 'json');
      if (extra.length > 0) return fail(`${option} names a JSON column, which takes no ${extra.join(', ')}`);
      return { kind: 'json', column: quote(s.json) };
    }
    // A misspelt field (`valeu`) would leave its default in force and read the wrong column.
    const unknown = Object.keys(s).filter((k) => !CHILD_TABLE_FIELDS.has(k));
    if (unknown.length > 0)
      return fail(
        `${option} has ${unknown.map((k) => `'${k}'`).join(', ')}, which a child table does not take: its fields are ${[...CHILD_TABLE_FIELDS].join(', ')}`,
      );
    const name = (field: string, required: boolean): string | undefined => {
      const v = s[field];
      if (v === undefined && !required) return undefined;
      if (typeof v !== 'string' || v.trim() === '')
        return fail(`${option}.${field} is ${v === undefined ? 'missing' : shown(v)}; it must be a non-empty string`);
      return v;
    };
    const table = name('table', true)!;
    const foreignKey = name('foreignKey', true)!;
    const key = name('key', true)!;
    const value = name('value', false);
    const primitive = collection.property.element.kind === 'primitive';
    if (primitive && s.columns !== undefined)
      fail(`${option}.columns maps members, but the elements are primitives: name their column with ${option}.value`);
    if (!primitive && value !== undefined)
      fail(
        `${option}.value names the column of a primitive element, but the elements are structures: map their members with ${option}.columns`,
      );
    const mapped = columnMapping(
      s.columns,
      { option: `${option}.columns`, of: ` in the elements of '${path}'` },
      this.text,
      collection.end,
    );
    const valueColumn = quote(value ?? collection.property.name);
    return {
      kind: 'table',
      table,
      foreignKey: quote(foreignKey),
      key: quote(key),
      column: (member) => (member.path.length === 0 ? valueColumn : quote(mapped(member) ?? member.path.join('_'))),
    };
  }
}
