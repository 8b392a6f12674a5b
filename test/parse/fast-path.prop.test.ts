// parse() reads common filters with a hand-written fast path and leaves everything else to the
// generated parser. These properties hold the two to exactly the same result: where the fast path
// answers, its tree equals the generated parser's (every key in the same order, every span and
// value); and parse() as a whole returns the same tree or throws the same error as the generated
// parser alone, on valid, random and mutated filters.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isFilterError, print } from '../../src/index.js';
import { parse } from '../../src/syntax/parse.js';
import { parseFast } from '../../src/syntax/fast-path.js';
import { childrenOf, type Expr } from '../../src/syntax/ast.js';
import { parseGenerated } from '../../src/syntax/parse-generated.js';
import { arbExpr, arbLiteralText } from '../support/expr-arbitrary.js';
import { ALL_VALID } from './valid-cases.js';
import BENCH_FILTERS from '../../bench/parse-filters.json' with { type: 'json' };
import { runs as sizedRuns } from '../support/test-size.js';
import { anyString } from '../support/code-points.js';

const runs = (n: number) => ({ numRuns: sizedRuns(n, n * 20) });
/** Limits out of the way, so parse() and the generated parser see the same texts. */
const limits = { maxLength: 1_000_000, maxDepth: 1000, maxNodes: 1_000_000, maxLambdaDepth: 1000 };

/** Exact text of a tree or an error: key order, bigint, NaN, -0 and infinities included. */
function exact(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'bigint') return `${v}n`;
    if (typeof v === 'number' && (!Number.isFinite(v) || Object.is(v, -0)))
      return `number:${Object.is(v, -0) ? '-0' : String(v)}`;
    return v;
  });
}

function outcome(run: () => unknown): string {
  try {
    return `tree ${exact(run())}`;
  } catch (error) {
    if (!isFilterError(error)) throw error;
    const { kind, code, message, start, end, expected } = error;
    return `error ${exact({ kind, code, message, start, end, expected })}`;
  }
}

let taken = 0;
let seen = 0;

/** The lambdas and `x in C` of a tree, each of which nests as a lambda (src/syntax/limits.ts). */
function lambdasIn(tree: Expr): number {
  const own = tree.kind === 'lambda' || tree.kind === 'inCollection' ? 1 : 0;
  return childrenOf(tree).reduce((sum, child) => sum + lambdasIn(child), own);
}

/**
 * The property itself: the fast path agrees or declines, and parse() agrees with the generated
 * parser. Where the fast path reads a tree, its count of lambdas is at least the tree's, since
 * parse() skips the walk of the tree's limits by it.
 */
function agrees(text: string): void {
  const fast = parseFast(text);
  const reference = outcome(() => parseGenerated(text));
  seen++;
  if (fast !== undefined) {
    taken++;
    expect(`tree ${exact(fast.tree)}`).toBe(reference);
    expect(fast.lambdas).toBeGreaterThanOrEqual(lambdasIn(fast.tree));
  }
  expect(outcome(() => parse(text, limits))).toBe(reference);
}

/** The canonical print with each space replaced by another run of whitespace, or by none. */
const arbRespaced = fc
  .tuple(arbExpr(5), fc.array(fc.constantFrom('', ' ', '  ', '\t', '\n', ' \r\n '), { minLength: 1, maxLength: 8 }))
  .map(([tree, spaces]) => {
    let i = 0;
    return print(tree).replace(/ /g, () => spaces[i++ % spaces.length]!);
  });

const TOKENS = [
  'a',
  'b/c',
  'Tags/any',
  ' ',
  '  ',
  '(',
  ')',
  "'",
  "''",
  ',',
  '-',
  '--',
  '1',
  '12',
  '2.5',
  '1e5',
  'e',
  'd',
  'L',
  'M',
  'F',
  'D',
  'INF',
  'NaN',
  'eq',
  'EQ',
  'and',
  'Or',
  'not',
  'NOT',
  'notes',
  'in',
  'add',
  'null',
  'true',
  'datetime',
  'datetimeoffset',
  'guid',
  'x',
  "'2012-01-01T00:00Z'",
  '2012-01-01',
  'T10:00',
  '2012-01-01T10:00:00Z',
  '+01:00',
  'abcdef01',
  '01234567',
  '-89ab',
  'substring',
  'length',
  'tolower',
  'year',
  'has',
  ':',
  '+',
  'T',
  '/',
  '.',
  '\t',
  '\n',
  '\u00e9',
  '\ud83d\ude00',
  '\ud800',
  '@',
  '$it',
  '$count',
  '[',
  ']',
  '"',
  'cast',
  'now',
  'Edm.String',
  '07:16',
  'any',
  'all',
  'Any',
  '/any(',
  '/all(',
  't:',
  ': ',
  't/',
  '$it/',
  '/$count',
  ' in Tags',
  'Tags/any(t: t eq 1)',
  'Tags/all(t: ',
  'Tags/any()',
];

describe('the fast path builds exactly what the generated parser builds', () => {
  it('on every valid case of the tables', () => {
    for (const [text] of ALL_VALID) agrees(text);
  });

  it('on random trees, printed with random whitespace', () => {
    fc.assert(fc.property(arbRespaced, agrees), runs(1500));
  });

  it('on random trees, printed with letters in random case', () => {
    // Operators and keywords are read in any case (`AND`, `DivBy`): the fast path reads them from
    // the characters, the generated parser by its rules; names and literals change with the case.
    const arbRecased = fc
      .tuple(arbExpr(5), fc.array(fc.boolean(), { minLength: 1, maxLength: 13 }))
      .map(([tree, flips]) => {
        let i = 0;
        return print(tree).replace(/[A-Za-z]/g, (c) => (flips[i++ % flips.length] ? c.toUpperCase() : c.toLowerCase()));
      });
    fc.assert(fc.property(arbRecased, agrees), runs(1500));
    for (const op of [
      'AND',
      'Or',
      'EQ',
      'nE',
      'Gt',
      'gE',
      'LT',
      'lE',
      'ADD',
      'sUb',
      'MUL',
      'Div',
      'DIVBY',
      'dIvBy',
      'MOD',
    ])
      for (const text of [
        `1 ${op} 2`,
        `a ${op} b ${op} c`,
        `1 ${op}x 2`,
        `1 ${op}1 2`,
        `1 ${op}`,
        `1 ${op.slice(0, -1)} 2`,
      ])
        agrees(text);
  });

  it('on every literal form', () => {
    fc.assert(
      fc.property(arbLiteralText, fc.constantFrom('', 'x eq ', 'x in (', '-', 'not '), (literal, before) => {
        agrees(before + literal + (before === 'x in (' ? ')' : ''));
      }),
      runs(1500),
    );
  });

  it('on strings over the filter alphabet', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 30 }), (parts) => agrees(parts.join(''))),
      runs(4000),
    );
  });

  it('on mutations of valid filters', () => {
    const valid = ALL_VALID.map((c) => c[0]);
    const insert = fc.oneof(anyString({ maxLength: 4 }), fc.constantFrom(...TOKENS));
    fc.assert(
      fc.property(fc.constantFrom(...valid), fc.nat(), fc.nat({ max: 5 }), insert, (text, at, cut, piece) => {
        const i = at % (text.length + 1);
        agrees(text.slice(0, i) + piece + text.slice(i + cut));
      }),
      runs(6000),
    );
  });

  it('on arbitrary strings', () => {
    fc.assert(fc.property(anyString({ maxLength: 40 }), agrees), runs(2000));
  });

  it('was taken often enough above for the comparison to mean something', () => {
    // Scaled as the runs above are: 10,000 texts at the default size, of which the fast path read
    // 3,000 or more. A count, not a share: the tables' cases, which it mostly reads, are the same
    // at every size, so the share falls as the random texts grow in number (0.22 at the default
    // size, 0.19 at the long one).
    expect(seen).toBeGreaterThan(sizedRuns(10_000));
    expect(taken).toBeGreaterThan(sizedRuns(3_000));
  });
});

describe('the fast path reads the common shapes', () => {
  // The filters of bench/parse.js, so the speed claimed in the README is the fast path's, and more.
  const COMMON = [
    ...BENCH_FILTERS,
    "Name eq 'it''s' or -Price lt -INF or not (x in ()) or y eq NULL",
    "Sessions/any(s: s/Capacity gt 50 and s/Tags/all(t: t ne 'x')) or Tags/any() or Tags/$count ge 2 or 'red' in Tags",
    "cast(Price mul 2, Edm.Int32) eq 3 and isof( Name ,'Edm.String') or CAST(cast('a.b', Edm.Decimal), Edm.Double) lt 1",
    "Color has 'Red,Blue' and not Color HAS @flag or (Color has 'Red') eq true or Colors/any(c: c has 'Green')",
  ];
  it.each(COMMON)('%s', (text) => {
    const fast = parseFast(text);
    expect(fast).toBeDefined();
    expect(exact(fast?.tree)).toBe(exact(parseGenerated(text)));
    expect(fast?.lambdas).toBeGreaterThanOrEqual(lambdasIn(fast!.tree));
  });

  it('declines what it does not read, and the generated parser decides', () => {
    for (const text of [
      'abcdef01-2345-6789-abcd-ef0123456789 eq x',
      'x eq',
      "x eq 'open",
      '$it/Name eq 1',
      'x in $it/Tags',
      'Tags/all()',
      '',
      'x eq 1 )',
      "isof('Edm.String')",
      'cast(Edm.Int32)',
      'cast(x, 5) eq 1',
    ]) {
      expect(parseFast(text)).toBeUndefined();
    }
  });
});

describe('parentheses keep a node’s shape', () => {
  // parenthesised() copies each kind field by field; a spread would too, so the keys must not move.
  const ATOMS = [
    'null',
    'TRUE',
    '1',
    '12345678901L',
    '2.5M',
    '1e5',
    '2.0f',
    'INF',
    "'x'",
    "datetime'2012-01-01T00:00Z'",
    '2012-01-01T00:00:00+01:00',
    "guid'01234567-89ab-cdef-0123-456789abcdef'",
    'a/b',
    'length(x)',
    'not x',
    '-x',
    'x eq 1',
    'x add 1',
    'x and y',
    'x in (1, 2)',
    'Tags/any(t: t eq 1)',
    'Tags/any()',
    'Tags/all(t: t)',
    'Tags/$count',
    'x in Tags',
    '$it',
    '$it/Tags/any(t: t eq $it/Name)',
  ];
  it.each(ATOMS)('(%s)', (text) => {
    const plain = parse(text);
    const wrapped = parse(`(( ${text} ))`);
    expect(Object.keys(wrapped)).toEqual(Object.keys(plain));
    const shape = (node: unknown) =>
      exact(JSON.parse(exact(node), (key, v: unknown) => (key === 'start' || key === 'end' ? 0 : v)));
    expect(shape(wrapped)).toBe(shape(plain));
    expect([wrapped.start, wrapped.end]).toEqual([0, text.length + 6]);
  });
});
