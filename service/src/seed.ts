// Creates the service's tables and fills them with the demo data (demo-data.ts), on PGlite or on a
// PostgreSQL server alike: every value bound (SQL fragments, rendered once per statement), so no
// value is ever spliced into SQL text.
//
// Rows go in multi-row INSERTs of at most ROWS_PER_INSERT rows (one round trip per batch rather
// than per row, and far below PostgreSQL's 65,535 parameters per statement), tables in an order
// where each row's references already exist, all in one transaction: a failure leaves no
// half-seeded database behind, which matters for a PGlite data directory kept between starts.

import { postgres, renderSql, sqlFragment, sqlJoin, sqlText, sqlValue } from 'odata-filter/sql';
import type { SqlFragment } from 'odata-filter/sql';
import type { Database, Statements } from './database.js';
import { demoData } from './demo-data.js';
import type { DemoData } from './demo-data.js';
import { hashPassword } from './passwords.js';
import { TABLES } from './tables.js';
import { VIEWS } from './storage.js';

/** The tables in an order in which every reference points at a row inserted before it. */
const INSERT_ORDER = [
  'time_zones',
  'event_templates',
  'organisations',
  'contacts',
  'events',
  'event_sessions',
  'registrations',
  'venues',
  'venue_rooms',
  'presenters',
  'template_categories',
  'template_category_items',
  'template_item_offers',
] as const satisfies readonly Exclude<keyof DemoData, 'users'>[];

const ROWS_PER_INSERT = 500;

/** Creates every table and index of tables.ts, and the views the resources are read from (storage.ts). */
export async function createTables(db: Statements): Promise<void> {
  for (const statement of [...TABLES, ...VIEWS]) await db.exec(statement);
}

/**
 * Creates the tables and writes the demo data, in one transaction: a start that fails leaves the
 * database as it was. Users get salted hashes of their passwords.
 */
export async function createDemoDatabase(db: Database): Promise<void> {
  const data = demoData();
  // Hashing is slow on purpose (scrypt): done before the transaction opens, not while it holds locks.
  const users = await Promise.all(
    data.users.map(async ({ Name, Password, Collections }) => {
      const { salt, hash } = await hashPassword(Password);
      return { Name, Salt: salt, Hash: hash, Collections };
    }),
  );
  await db.transaction(async (tx) => {
    await createTables(tx);
    for (const table of INSERT_ORDER) await insertRows(tx, table, data[table]);
    await insertRows(tx, 'users', users);
    // The planner's statistics, so that the first requests are planned for these rows.
    await tx.exec('ANALYZE');
  });
}

/** Whether the demo data is already there: the users table exists and has rows (a PGlite data directory kept from an earlier start). */
export async function isSeeded(db: Database): Promise<boolean> {
  const [table] = await db.query(`SELECT to_regclass('public.users') IS NOT NULL AS "exists"`);
  if (table?.exists !== true) return false;
  const [users] = await db.query('SELECT EXISTS (SELECT 1 FROM users) AS "seeded"');
  return users?.seeded === true;
}

/**
 * Inserts rows whose keys are the table's column names. A column holding arrays or objects is a
 * `jsonb` column: its values go as JSON text with a `::jsonb` cast, so neither driver turns an
 * array into a PostgreSQL array literal. Instants go as ISO 8601 text, read the same by both.
 */
async function insertRows(db: Statements, table: string, rows: readonly object[]): Promise<void> {
  const first = rows[0];
  if (first === undefined) return;
  const columns = Object.keys(first);
  const jsonColumns = new Set(columns.filter((column) => rows.some((row) => isJson(cellOf(row, column)))));
  const into = sqlText(`${table} (${columns.map((column) => `"${column}"`).join(', ')})`);
  const value = (row: object, column: string): SqlFragment => {
    const json = jsonColumns.has(column);
    return sqlValue(toParameter(cellOf(row, column), json, table, column), json ? 'jsonb' : undefined);
  };
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const tuples = rows.slice(start, start + ROWS_PER_INSERT).map(
      (row) =>
        sqlFragment`(${sqlJoin(
          columns.map((column) => value(row, column)),
          ', ',
        )})`,
    );
    const { sql, params } = renderSql(sqlFragment`INSERT INTO ${into} VALUES ${sqlJoin(tuples, ', ')}`, {
      dialect: postgres,
    });
    await db.query(sql, params);
  }
}

const cellOf = (row: object, column: string): unknown => (row as Record<string, unknown>)[column];

const isJson = (value: unknown): boolean => typeof value === 'object' && value !== null && !(value instanceof Date);

function toParameter(value: unknown, json: boolean, table: string, column: string): unknown {
  // A missing key would silently become NULL: a row that lacks a column is a fault in the data.
  if (value === undefined) throw new Error(`The demo data has no value for ${table}.${column}`);
  if (value === null) return null;
  if (json) return JSON.stringify(value);
  if (value instanceof Date) return value.toISOString();
  return value;
}
