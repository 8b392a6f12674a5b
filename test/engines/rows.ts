// Row flattening for the engine tables: every primitive path of a schema becomes one column named
// by its segments joined with `_` (the compiler's default), and row values are read by path.

import type { EdmType } from '../../src/types/edm.js';
import { listPropertyPaths } from '../../src/types/schema.js';
import type { PrimitiveProperty, Property, Schema, StructuredProperty } from '../../src/types/schema.js';

export interface Column {
  readonly name: string;
  readonly path: readonly string[];
  /** An Edm type, or `Json`: a collection's array as JSON text (its element says how to write it). */
  readonly type: EdmType | 'Json';
  readonly element?: PrimitiveProperty | StructuredProperty;
}

/**
 * A collection's value as JSON text, each non-null primitive written by `scalar` (JSON text as
 * the engine stores that type: a number's digits as they are, a date-time as its convention says);
 * a missing collection is SQL NULL, a null one the JSON `null`.
 */
export function jsonText(value: unknown, element: PrimitiveProperty | StructuredProperty, scalar: (type: EdmType, v: unknown) => string): string | null {
  if (value === undefined) return null;
  if (value === null) return 'null';
  const write = (v: unknown, property: Property): string => {
    if (v === null || v === undefined) return 'null';
    if (property.kind === 'primitive') return scalar(property.type, v);
    if (property.kind === 'collection') return Array.isArray(v) ? `[${v.map((e) => write(e, property.element)).join(',')}]` : 'null';
    return `{${[...property.properties.values()].map((p) => `${JSON.stringify(p.name)}:${write((v as Record<string, unknown>)[p.name], p)}`).join(',')}}`;
  };
  return `[${(value as unknown[]).map((e) => write(e, element)).join(',')}]`;
}

export function columnsOf(schema: Schema): Column[] {
  return listPropertyPaths(schema).map((p) => ({ name: p.path.join('_'), path: p.path, type: p.property.type }));
}

/** The value at a path; a missing property or a null on the way is null. */
export function valueAt(row: unknown, path: readonly string[]): unknown {
  let v: unknown = row;
  for (const segment of path) {
    if (v === null || v === undefined || typeof v !== 'object') return null;
    v = (v as Record<string, unknown>)[segment];
  }
  return v === undefined ? null : v;
}

/** A column's value in a row: as valueAt, but a JSON column's value is undefined where it is missing. */
export function columnValue(row: unknown, column: Column): unknown {
  if (column.type !== 'Json') return valueAt(row, column.path);
  let v: unknown = row;
  for (const segment of column.path) v = v === null || v === undefined || typeof v !== 'object' ? undefined : (v as Record<string, unknown>)[segment];
  return v;
}

/** An instant given as a Date, ISO string or epoch milliseconds, in epoch milliseconds. */
export function instantMs(v: unknown): number {
  if (v instanceof Date) return v.getTime();
  if (typeof v === 'number') return v;
  const ms = Date.parse(String(v));
  if (Number.isNaN(ms)) throw new Error(`not an instant: ${String(v)}`);
  return ms;
}

/** `YYYY-MM-DD hh:mm:ss.fff` in UTC. */
export function utcDateTime(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
}

export interface Engine {
  readonly name: string;
  /** Replaces the table `items` with one holding these rows. */
  load(schema: Schema, rows: readonly unknown[]): Promise<void>;
  /**
   * Replaces a table with one of these columns holding these records (each column's value read
   * at its path), with an index on each of `indexed`.
   */
  loadTable(table: string, columns: readonly Column[], records: readonly unknown[], indexed?: readonly string[]): Promise<void>;
  /** Ids of the rows matching a WHERE expression, ascending. */
  ids(where: { sql: string; params: readonly unknown[] }): Promise<number[]>;
  /** Runs a query and returns its rows (for EXPLAIN and checks that the table is unchanged). */
  query(text: string, params?: readonly unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}
