// The service over HTTP on Debian's PostgreSQL server through `pg` (DATABASE_URL's path), each
// suite on a database of its own.

import { afterAll, beforeAll, describe } from 'vitest';
import pg from 'pg';
import { openPostgres } from '../src/database.js';
import type { Database } from '../src/database.js';
import { postgresAvailable, startPostgres } from '../../test/engines/postgres.js';
import type { PostgresServer } from '../../test/engines/postgres.js';
import { authenticatedSuite } from './suites/authenticated.js';
import { hostileSuite } from './suites/hostile.js';
import { publicSuite } from './suites/public.js';

describe.runIf(postgresAvailable())('on Debian PostgreSQL', () => {
  let server: PostgresServer;
  let databases = 0;
  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(async () => server?.stop());

  /** A new empty database on the server, through `pg` as DATABASE_URL would reach it. */
  const open = async (): Promise<Database> => {
    const name = `service_${++databases}`;
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(server.url);
    url.pathname = `/${name}`;
    return openPostgres(url.href);
  };

  authenticatedSuite('PostgreSQL', open);
  publicSuite('PostgreSQL', open);
  hostileSuite('PostgreSQL', open);
});
