import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Suites whose cost is the size of what they try (megabyte filters, nesting at the parser's
 * limits, documents at every depth to 100, whole service processes), not a property's runs.
 * `npm test` runs them; the quick size (npm run test:quick) leaves them out.
 */
const STRESS_SUITES = [
  'test/memory/hostile.test.ts',
  'test/parse/hostile.test.ts',
  'test/mongo/size.test.ts',
  'test/sql/size.test.ts',
  'test/sql/string-limit.test.ts',
  'test/sql/lambda-depth.test.ts',
  'service/test/main.test.ts',
  'service/test/load.test.ts',
];

/** The service: an HTTP server on a database, which the quick size starts none of. */
const SERVICE_SUITES = ['service/test/**'];

/** Clients other projects' generators make from the endpoint's `$metadata`: seconds of code generation each. */
const GENERATED_CLIENT_SUITES = ['test/clients/**'];

/**
 * The published package as a consumer meets it: `npm pack`, and a CommonJS project type-checked by
 * tsc and run, each in child processes (seconds each, none of them about the code being edited).
 */
const PACKAGE_SUITES = ['test/package/commonjs.test.ts', 'test/package/manifest.test.ts'];

/**
 * Suites whose every test needs PGlite, a database server or a browser, none of which the quick
 * size starts: it leaves them out rather than load their drivers (pg, mariadb, PGlite,
 * playwright-core) to skip every test (some 10 s of module loading in all). A suite missing here
 * is only loaded and skipped.
 */
const ENGINE_SUITES = [
  'test/catalogue/catalogue-mariadb.test.ts',
  'test/catalogue/catalogue-postgres.test.ts',
  'test/playground/page.test.ts',
  'test/query/endpoint.test.ts',
  'test/sql/decimal.prop.test.ts',
  'test/sql/double-decimal.prop.test.ts',
  'test/sql/explain.test.ts',
  'test/sql/json-table.test.ts',
  'test/sql/lambda-explain.test.ts',
  'test/sql/mariadb-start.test.ts',
  'test/sql/microsecond-postgres-server.test.ts',
  'test/sql/mysql-session.test.ts',
  'test/sql/now-explain.test.ts',
];

const quick = process.env.ODATA_FILTER_SIZE === 'quick';

/**
 * The files that take longest (10 s and more on two idle cores, docs/testing.md), longest first.
 * A run sorts files by their durations in the last run; a fresh clone (CI) has none and sorts by
 * size, which left a worker with one of these at the end while the other had nothing to do.
 */
const LONGEST = [
  'service/test/postgres.test.ts',
  'service/test/main.test.ts',
  'test/parse/hostile.test.ts',
  'test/sql/string-limit.test.ts',
  'test/mongo/lambda-laws.prop.test.ts',
  'service/test/pglite.test.ts',
  'service/test/database-faults.test.ts',
  'test/sql/differential.prop.test.ts',
  'test/mongo/size.test.ts',
  'test/client/editor/window.prop.test.ts',
  'test/client/editor/editor.prop.test.ts',
  'test/mongo/differential.prop.test.ts',
  'test/playground/page.test.ts',
];

/** The files of LONGEST first, in its order; the others as vitest sorts them. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification): number => {
      const at = LONGEST.findIndex((path) => file.moduleId.endsWith(`/${path}`));
      return at === -1 ? LONGEST.length : at;
    };
    return sorted
      .map((file, i) => ({ file, i }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.i - b.i)
      .map(({ file }) => file);
  }
}

/**
 * The files a module's transform reads beside the module itself: the compiler options its
 * TypeScript is compiled with (the nearest tsconfig.json), and the manifests that say where an
 * import of a package's own name leads (`odata-filter/sql` to dist/). vitest keys a cached module
 * by its own text alone, so an edit of one of these would go unseen by the module cache.
 */
export const TRANSFORM_INPUTS = [
  'package.json',
  'tsconfig.json',
  'service/package.json',
  'service/tsconfig.json',
  'playground/tsconfig.json',
];

/**
 * The environment in which vitest's own process runs the global setup (and what it imports). Its
 * modules are not kept on disk: vitest 4.1 fails to map a stack traced there (mysql2's, as the
 * global setup waits for MariaDB to take connections) through a module read back from the cache
 * (`code.charCodeAt is not a function`), which ended the run.
 */
const MAIN_PROCESS_ENVIRONMENT = '__vitest__';

/** Keys every cached module by the text of TRANSFORM_INPUTS too; keeps none of vitest's own process. */
export function transformInputsKey(): Plugin {
  const texts = TRANSFORM_INPUTS.map((file) => readFileSync(new URL(file, import.meta.url), 'utf8')).join('\0');
  return {
    name: 'odata-filter:transform-inputs',
    configureVitest: ({ experimental_defineCacheKeyGenerator }) =>
      experimental_defineCacheKeyGenerator(({ environment }) =>
        environment.name === MAIN_PROCESS_ENVIRONMENT ? false : texts,
      ),
  };
}

export default defineConfig({
  plugins: [transformInputsKey()],
  test: {
    // Once per run: the engines the run has, a shared MariaDB server, a PGlite data directory to start from.
    globalSetup: ['test/global-setup.ts'],
    include: ['test/**/*.test.ts', 'service/test/**/*.test.ts'],
    exclude: [
      ...configDefaults.exclude,
      ...(quick
        ? [...STRESS_SUITES, ...SERVICE_SUITES, ...GENERATED_CLIENT_SUITES, ...PACKAGE_SUITES, ...ENGINE_SUITES]
        : []),
    ],
    // Type tests (*.test-d.ts) pin what the types promise. npm test's typecheck (tsc -p
    // tsconfig.json, which takes in test/) checks them before the run; here they would be checked
    // again, after every other file. The quick size, which runs no tsc, checks them here.
    typecheck: { enabled: quick, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    // Property tests and real database engines share two cores: keep files from starving each other.
    maxWorkers: 2,
    // The quick size runs its files in worker threads, which start and load modules faster than
    // processes (41 s against 49 s). The default size keeps processes: its stress suites take a
    // thread's heap to its limit (a 10,000-term chain compiled to JavaScript), which a process has
    // more of.
    pool: quick ? 'threads' : 'forks',
    sequence: { sequencer: LongestFirst },
    // A worker runs file after file in one module graph, instead of loading src/ anew for each of
    // ~150 files (which took a third of the run). Tests leave no global state behind them: what
    // one changes (globalThis.Function, TMPDIR) it restores in a finally.
    isolate: false,
    // Every size keeps the modules vite made of src/ and test/ on disk between runs
    // (node_modules/.experimental-vitest-cache, keyed by each file's content and by
    // TRANSFORM_INPUTS'), which took the quick size's transforms from some 8 s to 3 s and its run
    // from 43-45 s to 39-41 s; those of vitest's own process are made anew (transformInputsKey).
    experimental: { fsModuleCache: true },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
