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

/** Child tables by the collection's schema path: `Orders`, `Orders/Lines`, `Addresses/Phones`. */
export type CollectionStorage = { readonly [schemaPath: string]: ChildTable };

/** A child table as the compiler reads it: checked, its column names quoted. */
export interface ChildTableRead {
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

/** The `collections` option of one compilation, each child table checked once when first read. */
export class CollectionTables {
  private readonly read = new Map<string, ChildTableRead>();
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

  /** The child table of a collection, or a FilterError naming the option that is missing or unusable. */
  childTable(collection: CollectionRead): ChildTableRead {
    let table = this.read.get(collection.schemaPath);
    if (table === undefined) {
      table = this.check(collection);
      this.read.set(collection.schemaPath, table);
    }
    return table;
  }

  private check(collection: CollectionRead): ChildTableRead {
    const path = collection.schemaPath;
    const option = `options.collections['${path}']`;
    const fail = (problem: string): never => {
      throw unsupported({ construct: 'collection storage', target: this.dialect.name, message: `The collection '${path}' cannot be read: ${problem}`, start: collection.start, end: collection.end, text: this.text });
    };
    const spec = Object.prototype.hasOwnProperty.call(this.storage, path) ? this.storage[path] : undefined;
    if (spec === undefined || spec === null) return fail(`${option} does not say where it is stored (a child table: { table, foreignKey, key })`);
    if (typeof spec !== 'object' || Array.isArray(spec)) return fail(`${option} is ${shown(spec)}, not a child table ({ table, foreignKey, key })`);
    const s = spec as Record<string, unknown>;
    const name = (field: string, required: boolean): string | undefined => {
      const v = s[field];
      if (v === undefined && !required) return undefined;
      if (typeof v !== 'string' || v.trim() === '') return fail(`${option}.${field} is ${v === undefined ? 'missing' : shown(v)}; it must be a non-empty string`);
      return v;
    };
    const table = name('table', true)!;
    const foreignKey = name('foreignKey', true)!;
    const key = name('key', true)!;
    const value = name('value', false);
    const primitive = collection.property.element.kind === 'primitive';
    if (primitive && s['columns'] !== undefined) fail(`${option}.columns maps members, but the elements are primitives: name their column with ${option}.value`);
    if (!primitive && value !== undefined) fail(`${option}.value names the column of a primitive element, but the elements are structures: map their members with ${option}.columns`);
    const mapped = columnMapping(s['columns'], { option: `${option}.columns`, of: ` in the elements of '${path}'` }, this.text, collection.end);
    const quote = (n: string): string => this.dialect.quoteIdentifier(n);
    const valueColumn = quote(value ?? collection.property.name);
    return {
      table,
      foreignKey: quote(foreignKey),
      key: quote(key),
      column: (member) => (member.path.length === 0 ? valueColumn : quote(mapped(member) ?? member.path.join('_'))),
    };
  }
}
