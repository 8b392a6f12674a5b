// Once per test run, before any test file: which engines the run has (one line for each one this
// machine lacks, and under CI=true a failure instead), the MariaDB server on which every file's
// engine gets a database of its own, and a PGlite data directory made once, from which every
// file's PGlite starts. Both save each file several seconds of starting.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  const dir = mkdtempSync(join(tmpdir(), 'odata-filter-run-'));
  const snapshot = join(dir, 'pglite-data.tar');
  const [mariadb, pglite] = await Promise.all([
    engineAvailable('mariadb') ? launchMariadb() : undefined,
    engineAvailable('pglite') ? writePgliteSnapshot(snapshot).then(() => snapshot) : undefined,
  ]);
  project.provide('pgliteSnapshot', pglite ?? null);
  project.provide('mariadbPort', mariadb?.port ?? null);

  return async () => {
    await mariadb?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

/** Writes the data directory of a new PGlite, as dumpDataDir gives it, to `file`. */
async function writePgliteSnapshot(file: string): Promise<void> {
  const pglite = await PGlite.create();
  try {
    writeFileSync(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await pglite.close();
  }
}
