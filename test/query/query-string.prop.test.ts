// parseQuery() reads a query string's options by hand where that is plain (src/query/query-string.ts):
// the pairs are exactly those URLSearchParams reads, on any text.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queryPairs } from '../../src/query/query-string.js';
import { codePoint } from '../support/code-points.js';
import { runs } from '../support/test-size.js';

const PIECES = [
  '&',
  '&&',
  '=',
  '==',
  '+',
  '%',
  '%2',
  '%20',
  '%2B',
  '%26',
  '%3D',
  '%zz',
  '%C3%A9',
  '%c3%a9',
  '%E9',
  '%C3',
  '%ED%A0%80',
  '%F0%9F%98%80',
  '%EF%BB%BF',
  '%00',
  'é',
  '😀',
  '\ud800',
  '\udc00',
  '$filter',
  '$top',
  'Name eq ',
  "'a'",
  ' ',
  'x',
  '?',
  '#',
];

describe('queryPairs', () => {
  it('reads what URLSearchParams reads, on strings of the pieces of query strings', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 20 }), (pieces) => {
        const query = pieces.join('');
        expect(queryPairs(query)).toEqual([...new URLSearchParams(query)]);
      }),
      { numRuns: runs(2000) },
    );
  });

  it('reads what URLSearchParams reads, on any string', () => {
    // Any code point, and a lone half of a surrogate pair now and then (which URLSearchParams
    // replaces): fast-check's `unit: 'binary'` draws no surrogates, and tabulates every code point
    // the first time it is built (some 1.4 s).
    const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit));
    const unit = fc.oneof({ arbitrary: codePoint, weight: 9 }, { arbitrary: loneSurrogate, weight: 1 });
    fc.assert(
      fc.property(fc.string({ unit }), (query) => {
        expect(queryPairs(query)).toEqual([...new URLSearchParams(query)]);
      }),
      { numRuns: runs(1000) },
    );
  });

  it.each(['', '&', 'a', 'a=', '=b', 'a=b=c', 'a+b=c+d', '%41=%42', 'a=%', 'a=%E9', 'a&b&&c=', 'a=\ud800'])(
    '%j',
    (query) => {
      expect(queryPairs(query)).toEqual([...new URLSearchParams(query)]);
    },
  );
});
