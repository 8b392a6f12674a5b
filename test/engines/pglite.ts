// PostgreSQL in-process (PGlite) for the tests, with the storage conventions of docs/sql.md.

import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { createPostgresDialect, postgresColumnType, type PostgresOptions } from '../../src/backends/sql/index.js';
import { pglite } from '../../src/server/index.js';
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
  jsonScalar,
  timeText,
} from './rows.js';
import type { Column, Engine } from './rows.js';

const columnType = (c: Column, options: PostgresOptions): string =>
  c.type === 'Json' ? 'jsonb' : postgresColumnType(c.type, options);

/** An instant as the ISO text PostgreSQL reads: every digit under microseconds, else its milliseconds. */
const pgInstant = (v: unknown, options: PostgresOptions): string =>
  options.times === 'microseconds' ? instantText(v) : new Date(instantMs(v)).toISOString();

function toPg(column: Column, v: unknown, options: PostgresOptions): unknown {
  if (column.type === 'Json')
    return jsonText(v, column.element!, (type, x) =>
      jsonScalar(type, x, (instant) => JSON.stringify(pgInstant(instant, options)), options.times ?? 'milliseconds'),
    );
  if (v === null) return null;
  switch (column.type) {
    case 'Edm.Guid':
      return String(v).toLowerCase();
    case 'Edm.Int64':
    case 'Edm.Decimal':
      return String(v);
    case 'Edm.Double':
    case 'Edm.Single':
      return Object.is(v, -0) ? '-0' : String(v);
    case 'Edm.DateTime':
    case 'Edm.DateTimeOffset':
      return pgInstant(v, options);
    case 'Edm.Date':
      return dateText(v);
    case 'Edm.TimeOfDay':
      return timeText(v);
    case 'Edm.Duration':
      return options.times === 'microseconds' ? durationUnits(v, 'microseconds') : String(durationMs(v));
    default:
      return v;
  }
}

/**
 * A new PGlite. A new one runs initdb, about two seconds of a test file's time; the global setup
 * (test/global-setup.ts) runs it once and keeps the data directory it made, which each new PGlite
 * of the run then starts from.
 */
export async function newPglite(): Promise<PGlite> {
  const snapshot = inject('pgliteSnapshot');
  if (typeof snapshot !== 'string') return PGlite.create();
  return PGlite.create({ loadDataDir: new Blob([readFileSync(snapshot)]) });
}

/** A worker's PGlite that no engine holds just now, kept for the next engine (see startPglite). */
let idle: PGlite | undefined;
let schemas = 0;

/**
 * An engine on a schema of its own (first on its search_path) in a PGlite of this worker: the one
 * the last closed engine left, else a new one. Closing drops the schema and discards the
 * session's settings and temporary objects, so the next engine finds the PGlite as new; a suite
 * saves the second a new PGlite takes to start.
 */
export async function startPglite(options: PostgresOptions = {}): Promise<Engine> {
  const db = idle ?? (await newPglite());
  idle = undefined;
  const schema = `engine_${++schemas}`;
  await db.exec(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}, public`);
  const engine: Engine = {
    name: 'postgres',
    connection: () => pglite(db, createPostgresDialect(options)),
    async load(schema: Schema, rows: readonly unknown[]) {
      await engine.loadTable('items', columnsOf(schema), rows);
    },
    async loadTable(table, columns, records, indexed = []) {
      const defs = columns.map((c) => `"${c.name}" ${columnType(c, options)}`).join(', ');
      await db.exec(`DROP TABLE IF EXISTS ${table}; CREATE TABLE ${table} (${defs})`);
      for (const name of indexed) await db.exec(`CREATE INDEX ON ${table} ("${name}")`);
      if (records.length === 0) return;
      const params: unknown[] = [];
      const tuples = records.map(
        (row) =>
          `(${columns
            .map((c) => {
              params.push(toPg(c, columnValue(row, c), options));
              return `$${params.length}::${columnType(c, options)}`;
            })
            .join(', ')})`,
      );
      await db.query(
        `INSERT INTO ${table} (${columns.map((c) => `"${c.name}"`).join(', ')}) VALUES ${tuples.join(', ')}`,
        params,
      );
    },
    async ids(where) {
      const result = await db.query<{ Id: number }>(`SELECT "Id" FROM items WHERE ${where.sql} ORDER BY "Id"`, [
        ...where.params,
      ]);
      return result.rows.map((r) => r.Id);
    },
    async query(text, params = []) {
      return (await db.query<Record<string, unknown>>(text, [...params])).rows;
    },
    async close() {
      await db.exec(`DROP SCHEMA ${schema} CASCADE`);
      // A statement of its own: DISCARD ALL cannot run in the transaction a multi-statement exec is.
      await db.exec('DISCARD ALL');
      if (idle === undefined) idle = db;
      else await db.close();
    },
  };
  return engine;
}
