// How much the property tests try: one setting for every suite, read from ODATA_FILTER_SIZE.
//   quick    npm run test:quick, the edit-test loop: a tenth of the default runs, no servers;
//   default  npm test, what CI runs;
//   long     npm run test:long (ODATA_FILTER_LONG=1 means the same): many times the default runs.
// The quick size is feedback while editing, not a verdict: npm test and CI run the default.

export type TestSize = 'quick' | 'default' | 'long';

function readSize(): TestSize {
  const size = process.env.ODATA_FILTER_SIZE;
  if (size === 'quick' || size === 'default' || size === 'long') return size;
  if (size !== undefined && size !== '')
    throw new Error(`ODATA_FILTER_SIZE is '${size}': it is quick, default or long`);
  return process.env.ODATA_FILTER_LONG === undefined ? 'default' : 'long';
}

export const TEST_SIZE: TestSize = readSize();
export const LONG = TEST_SIZE === 'long';
export const QUICK = TEST_SIZE === 'quick';

/**
 * A property's number of runs: `n` at the default size, `long` (20 × `n` unless given) at the long
 * size, and a tenth of `n` (at least `least`) at the quick size.
 */
export function runs(n: number, long = n * 20, least = 1): number {
  if (LONG) return long;
  if (QUICK) return Math.max(least, Math.ceil(n / 10));
  return n;
}
