// Row flattening for the engine tables: every primitive path of a schema becomes one column named
// by its segments joined with `_` (the compiler's default), and row values are read by path.

import type { EdmType } from '../../src/language/edm.js';
import type { SqlConnection } from '../../src/server/index.js';
import { listPropertyPaths } from '../../src/types/schema.js';
import { formatDate, formatTimeOfDay, MS_PER_DAY, readDuration, readTimeOfDay } from '../../src/semantics/temporal.js';
import { countIn, type TimeUnit } from '../../src/semantics/fine-time.js';
import { formatInstant, readStoredInstant } from '../../src/semantics/instant.js';
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
export function jsonText(
  value: unknown,
  element: PrimitiveProperty | StructuredProperty,
  scalar: (type: EdmType, v: unknown) => string,
): string | null {
  if (value === undefined) return null;
  if (value === null) return 'null';
  const write = (v: unknown, property: Property): string => {
    if (v === null || v === undefined) return 'null';
    if (property.kind === 'primitive') return scalar(property.type, v);
    if (property.kind === 'collection')
      return Array.isArray(v) ? `[${v.map((e) => write(e, property.element)).join(',')}]` : 'null';
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
  for (const segment of column.path)
    v = v === null || v === undefined || typeof v !== 'object' ? undefined : (v as Record<string, unknown>)[segment];
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
  /** The database as a SQL data source reads it (odata-filter/server's ready adapter for the driver). */
  connection(): SqlConnection;
  /** Replaces the table `items` with one holding these rows. */
  load(schema: Schema, rows: readonly unknown[]): Promise<void>;
  /**
   * Replaces a table with one of these columns holding these records (each column's value read
   * at its path), with an index on each of `indexed`.
   */
  loadTable(
    table: string,
    columns: readonly Column[],
    records: readonly unknown[],
    indexed?: readonly string[],
  ): Promise<void>;
  /** Ids of the rows matching a WHERE expression, ascending. */
  ids(where: { sql: string; params: readonly unknown[] }): Promise<number[]>;
  /** Runs a query and returns its rows (for EXPLAIN and checks that the table is unchanged). */
  query(text: string, params?: readonly unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/** A date (`YYYY-MM-DD`, or a `Date` at midnight UTC) as `YYYY-MM-DD`. */
export function dateText(v: unknown): string {
  return v instanceof Date ? formatDate(v.getTime() / MS_PER_DAY) : String(v);
}

/** A time of day (text, or milliseconds since midnight) as the fixed-width `hh:mm:ss.sss`. */
export function timeText(v: unknown): string {
  if (typeof v === 'number') return formatTimeOfDay(v);
  const reading = readTimeOfDay(String(v));
  if (!reading.ok) throw new Error(`not a time of day: ${String(v)}`);
  return formatTimeOfDay(reading.value);
}

/** A duration (milliseconds as a number or bigint, or ISO 8601 text) in milliseconds. */
export function durationMs(v: unknown): number {
  if (typeof v === 'number' || typeof v === 'bigint') return Number(v);
  const reading = readDuration(String(v));
  if (!reading.ok || typeof reading.value !== 'number') throw new Error(`not a duration in milliseconds: ${String(v)}`);
  return reading.value;
}

/** An instant (a Date, epoch milliseconds or text of up to 12 fractional digits) as ISO text in UTC, every digit kept. */
export function instantText(v: unknown): string {
  if (v instanceof Date || typeof v === 'number') return new Date(v).toISOString();
  const reading = readStoredInstant(String(v));
  if (!reading.ok) throw new Error(`not an instant: ${String(v)}`);
  return formatInstant(reading.instant);
}

/** A duration (milliseconds as a number or bigint, or ISO 8601 text) as an integer count of the unit. */
export function durationUnits(v: unknown, unit: TimeUnit): string {
  if (typeof v === 'number' || typeof v === 'bigint') return String(BigInt(v) * (unit === 'microseconds' ? 1000n : 1n));
  const reading = readDuration(String(v));
  if (!reading.ok) throw new Error(`not a duration: ${String(v)}`);
  return String(countIn(reading.value, unit));
}

/** A time of day as text of a fixed width: `hh:mm:ss.sss`, or `hh:mm:ss.ssssss` in microseconds. */
export function fixedTimeText(v: unknown, unit: TimeUnit): string {
  return unit === 'microseconds' ? timeText(v).padEnd(15, '0') : timeText(v);
}

/**
 * A non-null primitive as JSON text, as the engines store it in a JSON column (docs/sql.md, "JSON
 * columns"): numbers by their digits, so none passes through a double; instants as `instant`
 * writes them, and times of day and durations in the storage's unit.
 */
export function jsonScalar(type: EdmType, v: unknown, instant: (v: unknown) => string, unit: TimeUnit): string {
  switch (type) {
    case 'Edm.Guid':
      return JSON.stringify(String(v).toLowerCase());
    case 'Edm.String':
      return JSON.stringify(v);
    case 'Edm.Boolean':
      return v ? 'true' : 'false';
    case 'Edm.DateTime':
    case 'Edm.DateTimeOffset':
      return instant(v);
    case 'Edm.Date':
      return JSON.stringify(dateText(v));
    case 'Edm.TimeOfDay':
      return JSON.stringify(fixedTimeText(v, unit));
    case 'Edm.Duration':
      return durationUnits(v, unit);
    default:
      return String(v);
  }
}
