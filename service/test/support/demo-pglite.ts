// A PGlite holding the demo data, for the suites that serve it. A new PGlite runs initdb and the
// demo data take a second or two to write: a worker does both once, keeps the data directory, and
// starts every later copy from it, so each suite gets a database of its own in a fraction of that.

import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openPglite, type PgliteDatabase } from '../../src/database.js';
import { createDemoDatabase } from '../../src/seed.js';
// The run's provided values (pgliteSnapshot) are declared with the global setup.
import type {} from '../../../test/global-setup.js';

/** The data directory of this worker's seeded PGlite, once made. */
let seeded: Promise<Blob> | undefined;

async function seededDataDir(): Promise<Blob> {
  // The run's global setup keeps a new PGlite's data directory: start from it, without initdb.
  const blank = inject('pgliteSnapshot');
  const db = await openPglite(
    undefined,
    typeof blank === 'string' ? { loadDataDir: new Blob([readFileSync(blank)]) } : {},
  );
  try {
    await createDemoDatabase(db);
    return await db.dumpDataDir();
  } finally {
    await db.close();
  }
}

/** A new in-memory PGlite with the service's tables and demo data, independent of every other. */
export async function openDemoPglite(): Promise<PgliteDatabase> {
  seeded ??= seededDataDir();
  return openPglite(undefined, { loadDataDir: await seeded });
}

/** This worker's one demo PGlite for the suites that only read, once opened. */
let shared: Promise<PgliteDatabase> | undefined;

/**
 * The demo PGlite of this worker, shared by the suites that neither close nor break it: the
 * service never writes, so a suite finds the data as the last one left them, and each saves
 * starting a copy (seconds of a file's time). Its close() leaves it open for the next suite.
 */
export async function sharedDemoPglite(): Promise<PgliteDatabase> {
  shared ??= openDemoPglite();
  const db = await shared;
  return { ...db, close: async () => {} };
}
