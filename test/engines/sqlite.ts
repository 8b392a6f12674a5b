// SQLite (sql.js, WASM) for the tests, with its native math functions (as a stock SQLite 3.35+
// build has them) and the storage conventions of docs/sql.md: Booleans 0/1, instants as epoch ms.

import initSqlJs from 'sql.js';
import { createSqliteDialect, sqliteColumnType, type SqliteOptions } from '../../src/backends/sql/index.js';
import { countIn } from '../../src/semantics/fine-time.js';
import { readStoredInstant } from '../../src/semantics/instant.js';
import { sqlJs } from '../../src/server/index.js';
import type { Schema } from '../../src/types/schema.js';
import {
  columnValue,
  columnsOf,
  dateText,
  durationMs,
  durationUnits,
  instantMs,
  instantText,
  jsonText,
  fixedTimeText,
  jsonScalar,
} from './rows.js';
import type { Column, Engine } from './rows.js';

const columnType = (c: Column): string => (c.type === 'Json' ? 'TEXT' : sqliteColumnType(c.type));

function toSqlite(column: Column, v: unknown, options: SqliteOptions): { value: unknown; cast?: string } {
  const fine = options.times === 'microseconds';
  if (column.type === 'Json')
    return {
      value: jsonText(v, column.element!, (type, x) =>
        jsonScalar(
          type,
          x,
          (instant) => (fine ? epochMicroseconds(instant) : String(instantMs(instant))),
          options.times ?? 'milliseconds',
        ),
      ),
    };
  if (v === null) return { value: null };
  switch (column.type) {
    case 'Edm.Guid':
      return { value: String(v).toLowerCase() };
    case 'Edm.Boolean':
      return { value: v ? 1 : 0 };
    case 'Edm.Decimal':
    case 'Edm.Double':
    case 'Edm.Single':
      return { value: Number(String(v)), cast: 'REAL' };
    case 'Edm.DateTime':
    case 'Edm.DateTimeOffset':
      return fine ? { value: epochMicroseconds(v), cast: 'INTEGER' } : { value: instantMs(v), cast: 'INTEGER' };
    case 'Edm.String':
      return { value: v };
    case 'Edm.Date':
      return { value: dateText(v) };
    case 'Edm.TimeOfDay':
      // `hh:mm:ss.ssssss` under microseconds: always that fixed width.
      return { value: fixedTimeText(v, options.times ?? 'milliseconds') };
    case 'Edm.Duration':
      return { value: fine ? durationUnits(v, 'microseconds') : String(durationMs(v)), cast: 'INTEGER' };
    // sql.js binds a Uint8Array as a BLOB.
    case 'Edm.Binary':
      return { value: v };
    default:
      return { value: String(v), cast: 'INTEGER' };
  }
}

/** An instant's epoch microseconds, as digits. */
function epochMicroseconds(v: unknown): string {
  const reading = readStoredInstant(instantText(v));
  if (!reading.ok) throw new Error(`not an instant: ${String(v)}`);
  return String(countIn(reading.instant, 'microseconds'));
}

export async function startSqlite(options: SqliteOptions = {}): Promise<Engine> {
  const SQL = await initSqlJs({ useOldExtensionFunctions: false });
  const db = new SQL.Database();
  const all = (text: string, params: readonly unknown[]): Record<string, unknown>[] => {
    const statement = db.prepare(text);
    try {
      statement.bind(params as never);
      const out: Record<string, unknown>[] = [];
      while (statement.step()) out.push(statement.getAsObject());
      return out;
    } finally {
      statement.free();
    }
  };
  const engine: Engine = {
    name: 'sqlite',
    connection: () => sqlJs(db, createSqliteDialect(options)),
    async load(schema: Schema, rows: readonly unknown[]) {
      await engine.loadTable('items', columnsOf(schema), rows);
    },
    async loadTable(table, columns, records, indexed = []) {
      db.run(`DROP TABLE IF EXISTS ${table}`);
      db.run(`CREATE TABLE ${table} (${columns.map((c) => `"${c.name}" ${columnType(c)}`).join(', ')})`);
      for (const name of indexed) db.run(`CREATE INDEX "${table}_${name}" ON ${table} ("${name}")`);
      for (const row of records) {
        const values = columns.map((c) => toSqlite(c, columnValue(row, c), options));
        const marks = values.map((v) => (v.cast ? `CAST(? AS ${v.cast})` : '?')).join(', ');
        db.run(`INSERT INTO ${table} VALUES (${marks})`, values.map((v) => v.value) as never);
      }
    },
    async ids(where) {
      return all(`SELECT "Id" FROM items WHERE ${where.sql} ORDER BY "Id"`, where.params).map((r) => Number(r.Id));
    },
    async query(text, params = []) {
      return all(text, params);
    },
    async close() {
      db.close();
    },
  };
  return engine;
}
