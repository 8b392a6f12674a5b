// isFilterError recognises a FilterError made by another copy of the package (a bundled copy
// beside an installed one): two loads of the built module, told apart by a query string, are two
// copies with two FilterError classes. npm test builds dist/ before it runs the tests.

import { pathToFileURL } from 'node:url';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FilterError, isFilterError } from '../../src/errors.js';

type ErrorsModule = typeof import('../../src/errors.js');

const built = pathToFileURL(fileURLToPath(new URL('../../dist/errors.js', import.meta.url))).href;

async function loadCopy(name: string): Promise<ErrorsModule> {
  return (await import(/* @vite-ignore */ `${built}?copy=${name}`)) as ErrorsModule;
}

const init = { kind: 'syntax', message: 'Unexpected end of input at position 9', start: 9, end: 9 } as const;

describe('isFilterError across copies of the package', () => {
  it('accepts the error of another copy, which instanceof does not', async () => {
    const [a, b] = await Promise.all([loadCopy('a'), loadCopy('b')]);
    expect(a.FilterError).not.toBe(b.FilterError);
    const fromB = new b.FilterError(init);
    expect(fromB instanceof a.FilterError).toBe(false);
    expect(a.isFilterError(fromB)).toBe(true);
    expect(b.isFilterError(new a.FilterError(init))).toBe(true);
    expect(isFilterError(fromB)).toBe(true);
    expect(a.isFilterError(new FilterError(init))).toBe(true);
  });

  it('refuses other errors and look-alike objects', async () => {
    const a = await loadCopy('a');
    for (const value of [
      new Error('x'),
      { ...new FilterError(init) },
      { name: 'FilterError', kind: 'syntax' },
      null,
      'FilterError',
      undefined,
    ]) {
      expect(a.isFilterError(value)).toBe(false);
      expect(isFilterError(value)).toBe(false);
    }
  });
});
