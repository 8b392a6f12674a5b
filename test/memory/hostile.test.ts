// Hostile filter shapes: compiling and evaluating stays linear in the filter and bounded per row,
// and nothing but FilterError (for the filter) or RowValueError (for the row) escapes — on both
// compiled paths.

import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { check, defineSchema, FilterError } from '../../src/index.js';
import { madeFilter } from '../../src/types/filter-validation.js';
import type { TypedFilter } from '../../src/index.js';
import { Decimal } from 'decimal.js';
import { generateSource, RowValueError, compilePredicate } from '../../src/backends/memory/index.js';
import { evaluateOracle } from '../support/oracle.js';
import { thrownFilterError } from '../support/thrown.js';

const paths = [
  ['generated', {}],
  ['closures', { codegen: false }],
] as const;

const schema = defineSchema({
  name: 'T',
  properties: { A: 'Edm.Boolean', B: 'Edm.Boolean', Q: 'Edm.Int32', N: 'Edm.String', P: 'Edm.Decimal' },
});

const BOOLEAN_ROWS = [
  { A: true },
  { A: false },
  { A: null },
  {},
  { A: true, B: null, N: 'ab' },
  { A: false, B: true, N: 'ba' },
];

/**
 * The filter with every node wrapped so that the number of times a compiler looks at a node's
 * kind is counted; a compiler that revisits subtrees runs past `budget` and stops.
 */
function counting(filter: TypedFilter, perNode: number): { filter: TypedFilter; nodes: number; visits: () => number } {
  let visits = 0;
  let nodes = 0;
  let budget = Infinity;
  const wrap = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(wrap);
    if (node === null || typeof node !== 'object') return node;
    nodes++;
    const copy: Record<string, unknown> = {};
    // A node's property and enumeration are the schema's own objects, as check() gives them.
    for (const [k, v] of Object.entries(node)) copy[k] = k === 'path' || k === 'property' || k === 'enum' ? v : wrap(v);
    return new Proxy(copy, {
      get(target, key, receiver) {
        if (key === 'kind' && ++visits > budget) throw new Error(`more than ${budget} node visits`);
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
  };
  const root = wrap(filter.root) as TypedFilter['root'];
  // A filter check() did not make is read once and remembered (docs/trees.md): that reading is
  // done here, so that what is counted is the compiler's.
  const copied = madeFilter({ ...filter, root });
  visits = 0;
  budget = perNode * nodes;
  return { filter: copied, nodes, visits: () => visits };
}

/**
 * Nested Boolean values: each step uses the one below as a Boolean operand, and nests the tree
 * `levels` deeper, so that `97 / levels` steps stay within the default maxDepth (100).
 */
const NESTED: readonly (readonly [string, number, (d: number) => string])[] = [
  ['eq true', 1, (d) => `A${' eq true'.repeat(d)}`],
  ['ne false', 1, (d) => `A${' ne false'.repeat(d)}`],
  ['startswith … eq', 1, (d) => `startswith(N, 'a')${' eq true'.repeat(d)}`],
  ['not … eq', 2, (d) => `${'(not '.repeat(d)}A${') eq true'.repeat(d)}`],
  ['and … eq', 2, (d) => `${'('.repeat(d)}A${' and B) eq true'.repeat(d)}`],
  ['or … ne', 2, (d) => `${'('.repeat(d)}A${' or B) ne false'.repeat(d)}`],
  // Two computed operands: an equality that wrote either operand twice doubled per level.
  ['startswith eq (…)', 1, (d) => `${"startswith(N, 'a') eq (".repeat(d)}startswith(N, 'a')${')'.repeat(d)}`],
  ['A eq (B eq (…))', 1, (d) => `${'A eq ('.repeat(d)}B${')'.repeat(d)}`],
];

describe('nested Boolean operands compile in linear size', () => {
  describe.each(NESTED)('%s', (_name, levels, text) => {
    const depths = [5, 10, 20, 40].map((d) => (d * 2) / levels);
    const deepest = Math.floor(97 / levels);

    it('generated source grows linearly with depth', () => {
      // Through `counting`, so that a compiler revisiting subtrees fails fast instead of running for minutes.
      const sizes = depths.map((d) => generateSource(counting(check(text(d), schema), 40).filter).body.length);
      for (let i = 1; i < sizes.length; i++)
        expect(sizes[i]!, `depth ${depths[i]}: ${sizes.join(', ')}`).toBeLessThan(2.5 * sizes[i - 1]!);
      // At most a few dozen characters of code per character of filter.
      expect(sizes[sizes.length - 1]!).toBeLessThan(40 * text(depths[depths.length - 1]!).length);
    });

    it.each(paths)('%s: each node is visited a bounded number of times', (_p, options) => {
      for (const d of depths) {
        const typed = check(text(d), schema);
        const { filter, nodes, visits } = counting(typed, 40);
        const predicate = compilePredicate(filter, options);
        expect(visits()).toBeLessThanOrEqual(40 * nodes);
        for (const row of BOOLEAN_ROWS) expect(predicate(row)).toBe(evaluateOracle(typed, row));
      }
    });

    it.each(paths)('%s: a filter nested 97 deep agrees with the oracle', (_p, options) => {
      const typed = check(text(deepest), schema);
      const predicate = compilePredicate(counting(typed, 40).filter, options);
      for (const row of BOOLEAN_ROWS) expect(predicate(row)).toBe(evaluateOracle(typed, row));
    });
  });

  it.each(paths)('%s: three-valued and/or/not as values', (_p, options) => {
    const cases: [string, object, boolean][] = [
      ['(A and B) eq null', { A: true, B: null }, true],
      ['(A and B) eq null', { A: false, B: null }, false],
      ['(A and B) eq false', { A: null, B: false }, true],
      ['(A or B) eq true', { A: null, B: true }, true],
      ['(A or B) eq null', { A: null, B: false }, true],
      ['(not A) eq null', { A: null }, true],
      ['(not A) eq false', { A: true }, true],
      ["startswith(N, 'a') eq null", {}, true],
      ["startswith(N, 'a') eq false", { N: 'b' }, true],
      ['(Q gt 1) eq false', {}, true],
      ['(Q in (1, 2)) eq false', { Q: 3 }, true],
    ];
    for (const [text, row, expected] of cases) {
      const typed = check(text, schema);
      expect(compilePredicate(typed, options)(row), text).toBe(expected);
      expect(evaluateOracle(typed, row), text).toBe(expected);
    }
  });
});

describe('filters nested beyond the default limits', () => {
  const raised = { maxDepth: 1e6, maxLength: 1e8, maxNodes: 1e7 };
  // Each with its answers on `rows` (even depths only); the oracle itself would run out of stack.
  const deep: readonly (readonly [string, (n: number) => string, boolean[]])[] = [
    ['add chain', (n) => `Q${' add 1'.repeat(n)} eq 1`, [false, false, false]],
    ['nested negation', (n) => `Q eq ${'-('.repeat(n)}Q${')'.repeat(n)}`, [true, true, true]],
    ['nested not', (n) => `${'not '.repeat(n)}A`, [true, false, false]],
  ];

  const rows = [{ Q: 1, A: true }, { Q: 0, A: false }, {}];

  describe.each(deep)('%s', (_name, text, expected) => {
    it.each(paths)('%s: compiles and answers right, or is a FilterError of kind limit', (_p, options) => {
      for (const n of [1000, 3000, 10000]) {
        let typed: TypedFilter;
        try {
          typed = check(text(n), schema, raised);
        } catch (error) {
          // Checking has its own limit on what this runtime's stack can take.
          expect(error).toBeInstanceOf(FilterError);
          continue;
        }
        let answers: boolean[];
        try {
          const predicate = compilePredicate(typed, options);
          answers = rows.map((row) => predicate(row));
        } catch (error) {
          expect(error).toBeInstanceOf(FilterError);
          expect((error as FilterError).kind).toBe('limit');
          expect((error as FilterError).message).toMatch(/too deeply nested/);
          expect([(error as FilterError).start, (error as FilterError).end]).toEqual([
            typed.root.start,
            typed.root.end,
          ]);
          continue;
        }
        expect(answers).toEqual(expected);
      }
    });
  });

  it.each(paths)(
    '%s: lambdas nested beyond the default limits answer right, or are a FilterError of kind limit, as they run too',
    (_p, options) => {
      const nodes = defineSchema({
        name: 'Tree',
        properties: { Nodes: { collection: { properties: { V: 'Edm.Int32' } } } },
      });
      const nested = (n: number): string => {
        let text = 'true';
        for (let i = n; i >= 1; i--) text = `Nodes/any(x${i}: x${i}/V eq ${i} and ${text})`;
        return text;
      };
      let limits = 0;
      for (const n of [100, 800, 3000]) {
        // Each level finds its element after looping past the ones before it: the calls nest n deep.
        const row = { Nodes: Array.from({ length: n }, (_, i) => ({ V: i + 1 })) };
        let typed: TypedFilter;
        try {
          typed = check(nested(n), nodes, { ...raised, maxLambdaDepth: 1e6 });
        } catch (error) {
          expect(error).toBeInstanceOf(FilterError);
          continue;
        }
        try {
          expect(compilePredicate(typed, options)(row)).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(FilterError);
          expect((error as FilterError).kind).toBe('limit');
          expect((error as FilterError).message).toMatch(/too deeply nested/);
          limits++;
        }
      }
      expect(limits).toBeLessThan(3);
    },
  );

  it('on a larger stack than this thread has, a predicate whose first call exhausts it is a limit error', async () => {
    // V8 compiles the generated predicate at its first call, where a worker's 4 MB stack let
    // generating its source succeed: the call, not the compile, meets the stack's end. The worker
    // reads the built package (npm test builds dist/ first).
    const dist = new URL('../../dist/', import.meta.url).href;
    const source = `
      const { parentPort } = require('node:worker_threads');
      (async () => {
        const { check, defineSchema } = await import(${JSON.stringify(`${dist}index.js`)});
        const { compilePredicate } = await import(${JSON.stringify(`${dist}backends/memory/index.js`)});
        const schema = defineSchema({ name: 'T', properties: { Q: 'Edm.Int32' } });
        const raised = { maxDepth: 1e6, maxLength: 1e8, maxNodes: 1e7 };
        const outcomes = [];
        for (const n of [1000, 2000, 3000, 5000]) {
          try {
            const typed = check('Q eq ' + '-('.repeat(n) + 'Q' + ')'.repeat(n), schema, raised);
            outcomes.push(String(compilePredicate(typed)({ Q: n % 2 === 0 ? 1 : -1 })));
          } catch (error) {
            outcomes.push(error.name === 'FilterError' ? 'FilterError ' + error.kind : error.name + ': ' + error.message);
          }
        }
        parentPort.postMessage(outcomes);
      })();`;
    const worker = new Worker(source, { eval: true, resourceLimits: { stackSizeMb: 4 } });
    const outcomes = await new Promise<string[]>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    for (const outcome of outcomes) expect(['true', 'FilterError limit']).toContain(outcome);
  });

  it('a RangeError while generating code is a limit error', () => {
    const typed = check(`Q${' add 1'.repeat(3000)} eq 1`, schema, raised);
    expect(() => compilePredicate(typed)).toThrow(expect.objectContaining({ name: 'FilterError', kind: 'limit' }));
  });
});

describe('strings that replace and concat build are bounded (docs/semantics.md, sections 3 and 7)', () => {
  const nestedReplace = (n: number): string => {
    let e = 'N';
    for (let i = 0; i < n; i++) e = `replace(${e}, 'a', 'aaaaaaaaaa')`;
    return `length(${e}) gt 0`;
  };
  const unlimited = { maxStringCost: Infinity };

  it('refuses nine nested replaces when checked, at the third from the inside, where the cost passes the limit', () => {
    const text = nestedReplace(9);
    const { kind, start, end, message } = thrownFilterError(() => check(text, schema));
    expect(kind).toBe('limit');
    // 10,240 + 102,400 + 1,024,000 characters from a row string counted as 1,024.
    expect(message).toBe(
      'String functions up to this replace can return 1,136,640 characters per row, beyond the limit of 1,048,576 ' +
        '(maxStringCost; each string of the row counted as 1,024 characters)',
    );
    expect(start).toBe(7 + 6 * 'replace('.length);
    expect(text.slice(start, end)).toBe(nestedReplace(3).slice(7, -'gt 0'.length - 2));
    expect(() => check(nestedReplace(2), schema)).not.toThrow();
  });

  it.each(paths)('%s: a result beyond 1,048,576 code points is null, and so is every function of it', (_p, options) => {
    const predicate = compilePredicate(check(nestedReplace(9), schema, unlimited), options);
    // The sixth replace would build 10,000,000 characters: null, so length() is null and no match.
    expect(predicate({ N: 'aaaaaaaaaa' })).toBe(false);
    expect(predicate({ N: 'b' })).toBe(true);
    expect(compilePredicate(check(nestedReplace(5), schema, unlimited), options)({ N: 'aaaaaaaaaa' })).toBe(true);
    expect(
      compilePredicate(
        check(`${nestedReplace(9).slice(0, -'gt 0'.length)}eq null`, schema, unlimited),
        options,
      )({ N: 'aaaaaaaaaa' }),
    ).toBe(true);
  });

  it.each(paths)('%s: concat up to the bound, and null beyond', (_p, options) => {
    const predicate = compilePredicate(check("length(concat(N, concat(N, 'x'))) gt 0", schema), options);
    expect(predicate({ N: 'a'.repeat(524_287) })).toBe(true);
    expect(predicate({ N: 'a'.repeat(524_288) })).toBe(false);
    expect(
      compilePredicate(check("concat(N, concat(N, 'x')) eq null", schema), options)({ N: 'a'.repeat(524_288) }),
    ).toBe(true);
  });

  it.each(paths)('%s: the bound counts code points, as every engine does', (_p, options) => {
    // 1,048,576 emoji are 2,097,152 UTF-16 code units, and within the bound.
    const predicate = compilePredicate(check('length(concat(N, N)) eq 1048576', schema), options);
    expect(predicate({ N: '😀'.repeat(524_288) })).toBe(true);
    expect(
      compilePredicate(
        check("length(replace(N, 'b', '😀😀')) eq 1048576", schema),
        options,
      )({ N: `${'😀'.repeat(1_048_574)}b` }),
    ).toBe(true);
    expect(
      compilePredicate(check("replace(N, 'b', '😀😀') eq null", schema), options)({ N: `${'😀'.repeat(1_048_574)}b` }),
    ).toBe(false);
    expect(
      compilePredicate(check("replace(N, 'b', '😀😀') eq null", schema), options)({ N: `${'😀'.repeat(1_048_575)}b` }),
    ).toBe(true);
  });

  it('the oracle agrees', () => {
    const typed = check(nestedReplace(9), schema, unlimited);
    expect(evaluateOracle(typed, { N: 'aaaaaaaaaa' })).toBe(false);
    expect(evaluateOracle(check("concat(N, concat(N, 'x')) eq null", schema), { N: 'a'.repeat(524_288) })).toBe(true);
  });
});

describe('Decimal values are bounded (docs/semantics.md, section 4)', () => {
  const digits = (n: number): string => '9'.repeat(n);

  it.each(paths)('%s: literals beyond 1,000 digits or exponent ±9,999 are unsupported', (_p, options) => {
    for (const literal of [
      '1e10000m',
      '1e-10000m',
      '1e99999m',
      '1e9000000000000001m',
      '1e-9000000000000002m',
      `${digits(1001)}m`,
      `0.${digits(1001)}m`,
    ]) {
      const text = `P eq ${literal}`;
      expect(() => compilePredicate(check(text, schema), options), literal).toThrow(
        expect.objectContaining({ name: 'FilterError', kind: 'unsupported', start: 5, end: text.length, text }),
      );
    }
    expect(() => compilePredicate(check('1e9000000000000001m eq 2e9000000000000001m', schema), options)).toThrow(
      expect.objectContaining({
        name: 'FilterError',
        kind: 'unsupported',
        start: 0,
        message:
          'Decimal literal 1E+9000000000000001 is beyond the in-memory Decimal model: its exponent is beyond ±9,999',
      }),
    );
    expect(() => compilePredicate(check(`P eq ${digits(1001)}m`, schema), options)).toThrow(
      /has more than 1,000 significant digits$/,
    );
    // Also where the literal cannot decide the result.
    for (const text of [
      'false and P eq 1e10000m',
      'P eq 1e10000m or true',
      'null eq 1e10000m',
      'P add null lt 1e10000m',
    ]) {
      expect(() => compilePredicate(check(text, schema), options), text).toThrow(
        expect.objectContaining({ name: 'FilterError', kind: 'unsupported' }),
      );
    }
    for (const literal of [
      '1e9999m',
      '1e-9999m',
      '-9.99e9999m',
      `${digits(1000)}m`,
      `0.${digits(1000)}m`,
      `${digits(1000)}e8999m`,
      '0e99999m',
    ]) {
      const typed = check(`P eq ${literal}`, schema);
      expect(compilePredicate(typed, options)({ P: literal.slice(0, -1) }), literal).toBe(true);
    }
  });

  it.each(paths)('%s: row values beyond the model are RowValueErrors, never Infinity or 0', (_p, options) => {
    const predicate = compilePredicate(check('P eq 0', schema), options);
    for (const value of [
      '1e-9000000000000002',
      '1e9000000000000002',
      '1e10000',
      '1e-10000',
      digits(1001),
      new Decimal(`${digits(1001)}`),
      new Decimal('1e10000'),
    ]) {
      expect(() => predicate({ P: value }), String(value)).toThrow(RowValueError);
    }
    expect(predicate({ P: '0e-9000000000000002' })).toBe(true);
    expect(predicate({ P: new Decimal('0') })).toBe(true);
  });

  it.each(paths)('%s: results are exact to 1,000 digits, rounded half to even beyond', (_p, options) => {
    const cases: [string, string, boolean][] = [
      // 1e999 + 0.5 has 1,001 digits: the half goes to the even neighbour, 1e999 itself.
      ['P add 0.5m eq P', '1e999', true],
      ['P add 1.5m eq P add 2', '1e999', true],
      ['P add 0.5m eq P', '1e998', false],
      ['P add 1 sub P eq 1', '1e999', true],
      ['P add 1 sub P eq 0', '1e1000', true],
      ['P mul P eq P', '1', true],
    ];
    for (const [text, p, expected] of cases) {
      const typed = check(text, schema);
      expect(compilePredicate(typed, options)({ P: p }), `${text} with ${p}`).toBe(expected);
      expect(evaluateOracle(typed, { P: p }), `oracle: ${text} with ${p}`).toBe(expected);
    }
  });

  it.each(paths)('%s: mod of values far apart in magnitude is exact, without the whole quotient', (_p, options) => {
    // (P · 10^(9999·k)) mod 7 with P = 3: 3 · 10^(9999·k) mod 7.
    for (const k of [1, 4, 8]) {
      const text = `P${' mul 1e9999m'.repeat(k)} mod 7m eq R`;
      const expected = (3n * 10n ** BigInt(9999 * k)) % 7n;
      const typed = check(text.replace(' eq R', ` eq ${expected}m`), schema);
      expect(compilePredicate(typed, options)({ P: '3' }), text).toBe(true);
      expect(compilePredicate(typed, options)({ P: '-3' }), text).toBe(expected === 0n);
    }
    const typed = check('P mod 0.7m eq -0.1m', schema);
    expect(compilePredicate(typed, options)({ P: '-1.5' })).toBe(true);
    expect(compilePredicate(check('P mul 1e9999m mod 1e-9999m eq 0', schema), options)({ P: '1.5' })).toBe(true);
    expect(compilePredicate(check('1e-9999m mod P eq 1e-9999m', schema), options)({ P: '1e9999' })).toBe(true);
  });

  it.each(paths)('%s: the reviewer’s products stay small', (_p, options) => {
    const text = `P${' mul (1e9999m add 1)'.repeat(10)} gt 0`;
    const typed = check(text, schema);
    expect(compilePredicate(typed, options)({ P: '1' })).toBe(true);
    expect(evaluateOracle(typed, { P: '1' })).toBe(true);
  });
});
