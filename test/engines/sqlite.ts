// SQLite (sql.js, WASM) for the tests, with its native math functions (as a stock SQLite 3.35+
// build has them) and the storage conventions of docs/sql.md: Booleans 0/1, instants as epoch ms.

import initSqlJs from 'sql.js';
import { sqliteColumnType } from '../../src/backends/sql/index.js';
import { sqlJs } from '../../src/server/index.js';
import type { Schema } from '../../src/types/schema.js';
import { columnValue, columnsOf, dateText, durationMs, instantMs, jsonText, temporalJson, timeText } from './rows.js';
import type { EdmType } from '../../src/language/edm.js';
import type { Column, Engine } from './rows.js';

/** A non-null primitive as JSON text: numbers by their digits, so none passes through a double. */
function jsonScalar(type: EdmType, v: unknown, instant: (ms: number) => string): string {
  switch (type) {
    case 'Edm.Guid':
      return JSON.stringify(String(v).toLowerCase());
    case 'Edm.String':
      return JSON.stringify(v);
    case 'Edm.Boolean':
      return v ? 'true' : 'false';
    case 'Edm.DateTime':
    case 'Edm.DateTimeOffset':
      return instant(instantMs(v));
    default:
      return temporalJson(type, v) ?? String(v);
  }
}

const columnType = (c: Column): string => (c.type === 'Json' ? 'TEXT' : sqliteColumnType(c.type));

function toSqlite(column: Column, v: unknown): { value: unknown; cast?: string } {
  if (column.type === 'Json')
    return { value: jsonText(v, column.element!, (type, x) => jsonScalar(type, x, (ms) => String(ms))) };
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
      return { value: instantMs(v), cast: 'INTEGER' };
    case 'Edm.String':
      return { value: v };
    case 'Edm.Date':
      return { value: dateText(v) };
    case 'Edm.TimeOfDay':
      return { value: timeText(v) };
    case 'Edm.Duration':
      return { value: String(durationMs(v)), cast: 'INTEGER' };
    // sql.js binds a Uint8Array as a BLOB.
    case 'Edm.Binary':
      return { value: v };
    default:
      return { value: String(v), cast: 'INTEGER' };
  }
}

export async function startSqlite(): Promise<Engine> {
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
    connection: () => sqlJs(db),
    async load(schema: Schema, rows: readonly unknown[]) {
      await engine.loadTable('items', columnsOf(schema), rows);
    },
    async loadTable(table, columns, records, indexed = []) {
      db.run(`DROP TABLE IF EXISTS ${table}`);
      db.run(`CREATE TABLE ${table} (${columns.map((c) => `"${c.name}" ${columnType(c)}`).join(', ')})`);
      for (const name of indexed) db.run(`CREATE INDEX "${table}_${name}" ON ${table} ("${name}")`);
      for (const row of records) {
        const values = columns.map((c) => toSqlite(c, columnValue(row, c)));
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
