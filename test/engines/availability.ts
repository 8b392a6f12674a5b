// Which engines a test run has: the database servers, PGlite and the browser that some suites
// need. An engine is available when it is on this machine and the run is not of the quick size,
// which starts none of them. The global setup (test/global-setup.ts) says once what a missing engine
// skips and how to install it, and under CI=true fails the run instead, so CI cannot pass by
// skipping; a suite asks engineAvailable() whether to run.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { QUICK } from '../support/test-size.js';
import { executable, which } from './server-process.js';

export type EngineName = 'mariadb' | 'postgres' | 'chromium' | 'pglite';

/** Where Debian installs each major version's PostgreSQL server, as `<major>/bin`; it is not on PATH. */
export const POSTGRES_INSTALL_ROOT = '/usr/lib/postgresql';

/** The bin directory of the highest PostgreSQL major version installed that has initdb and postgres, if any. */
export function postgresBin(): string | undefined {
  let versions: string[];
  try {
    versions = readdirSync(POSTGRES_INSTALL_ROOT).filter((name) => /^\d+(\.\d+)?$/.test(name));
  } catch {
    return undefined;
  }
  versions.sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = join(POSTGRES_INSTALL_ROOT, version, 'bin');
    if (executable(join(bin, 'initdb')) && executable(join(bin, 'postgres'))) return bin;
  }
  return undefined;
}

/** The Chromium the browser tests drive: $CHROMIUM, else Debian's. */
export const chromiumPath = (): string => process.env.CHROMIUM ?? '/usr/bin/chromium';

interface Requirement {
  /** The engine as a person names it, with the binary looked for. */
  readonly label: string;
  readonly present: () => boolean;
  /** The tests that do not run without it. */
  readonly skips: string;
  readonly install: string;
}

export const REQUIREMENTS: Record<EngineName, Requirement> = {
  mariadb: {
    label: 'MariaDB (mariadbd, mariadb-install-db)',
    present: () => which('mariadbd') !== undefined && which('mariadb-install-db') !== undefined,
    skips: 'the SQL tests on MySQL/MariaDB',
    install: 'apt-get install mariadb-server',
  },
  postgres: {
    label: `PostgreSQL (${POSTGRES_INSTALL_ROOT}/<major>/bin/postgres)`,
    present: () => postgresBin() !== undefined,
    skips: "the service's tests on a PostgreSQL server",
    install: 'apt-get install postgresql',
  },
  // In the tests' own process, so always here; the quick size leaves it out all the same, since
  // starting one takes longer than most suites' tests.
  pglite: {
    label: 'PGlite',
    present: () => true,
    skips: 'the SQL tests on PGlite',
    install: 'npm ci',
  },
  chromium: {
    label: `Chromium (${chromiumPath()})`,
    present: () => executable(chromiumPath()),
    skips: "the playground's tests in a browser",
    install: 'apt-get install chromium, or set CHROMIUM to a Chromium binary',
  },
};

/** Whether this run has the engine: the quick size never does. */
export function engineAvailable(name: EngineName): boolean {
  return !QUICK && REQUIREMENTS[name].present();
}

/** The engines this machine lacks, each with the line that says what that skips and how to install it. */
export function missingEngines(): { name: EngineName; line: string }[] {
  return (Object.keys(REQUIREMENTS) as EngineName[])
    .filter((name) => !REQUIREMENTS[name].present())
    .map((name) => {
      const r = REQUIREMENTS[name];
      return { name, line: `${r.label} is not installed, so ${r.skips} are skipped: ${r.install}.` };
    });
}
