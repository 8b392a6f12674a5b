// Once per test run, before any test file: which engines the run has (one line for each one this
// machine lacks, and under CI=true a failure instead), the MariaDB server on which every file's
// engine gets a database of its own, and a PGlite data directory made once, from which every
// file's PGlite starts. Both save each file several seconds of starting.

import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { engineAvailable, missingEngines } from './engines/availability.js';
import { launchMariadb } from './engines/mariadb.js';
import { QUICK, TEST_SIZE } from './support/test-size.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The port of the run's MariaDB server, or null where the run has none. */
    mariadbPort: number | null;
    /** A file holding a new PGlite's data directory (dumpDataDir), or null. */
    pgliteSnapshot: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (QUICK) {
    console.log(
      `Test size ${TEST_SIZE}: no database, service or browser is started, the stress suites are left out, and properties run a tenth of their cases (npm test runs everything).`,
    );
  } else {
    const missing = missingEngines();
    if (missing.length > 0 && process.env.CI === 'true')
      throw new Error(
        `CI=true requires every engine, and this machine lacks some (.ci/run installs them):\n${missing.map((m) => m.line).join('\n')}`,
      );
    for (const m of missing) console.warn(m.line);
  }

  // The two take seconds each, and neither waits for the other.
  const [mariadb, pglite] = await Promise.all([
    engineAvailable('mariadb') ? launchMariadb() : undefined,
    engineAvailable('pglite') ? pgliteSnapshot() : undefined,
  ]);
  project.provide('pgliteSnapshot', pglite ?? null);
  project.provide('mariadbPort', mariadb?.port ?? null);

  return async () => {
    await mariadb?.stop();
  };
}

/** Where the snapshots of the installed PGlite are kept between runs, beside the packages. */
const CACHE = fileURLToPath(new URL('../node_modules/.cache/odata-filter-tests/', import.meta.url));

/**
 * A file holding the data directory of a new PGlite, as dumpDataDir gives it: made once per
 * version of PGlite (its initdb is some ten seconds of CPU, at the start of every run) and kept in
 * CACHE, which a new installation of the packages empties. It is written beside its place and
 * renamed into it, so a run stopped halfway leaves no half a file to the next.
 */
async function pgliteSnapshot(): Promise<string> {
  const { version } = JSON.parse(
    readFileSync(new URL('../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8'),
  ) as { version: string };
  const file = join(CACHE, `pglite-${version}.tar`);
  if (existsSync(file)) return file;
  mkdirSync(CACHE, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  const pglite = await PGlite.create();
  try {
    writeFileSync(partial, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await pglite.close();
    rmSync(partial, { force: true });
  }
  return file;
}
