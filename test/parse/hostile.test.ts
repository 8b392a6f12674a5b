// Hostile shapes end in a tree or a 'limit' FilterError, with the default limits and with limits
// raised far beyond them: never a RangeError or any other exception.

import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_LIMITS,
  isFilterError,
  parse,
  print,
  type Expr,
  type FilterError,
  type ParseOptions,
} from '../../src/index.js';
import { actions } from '../../src/syntax/actions/index.js';

const RAISED: ParseOptions = {
  maxLength: 4_000_000,
  maxDepth: 1_000_000,
  maxNodes: 10_000_000,
  maxLambdaDepth: 1_000_000,
};

const SHAPES: Record<string, () => string> = {
  '1 MB of text': () => `Name eq '${'x'.repeat(1_000_000)}'`,
  '1 MB of operators': () => `${'a eq 1 or '.repeat(100_000)}a eq 1`,
  '100,000 nested parentheses': () => `${'('.repeat(100_000)}a${')'.repeat(100_000)}`,
  '100,000 unclosed parentheses': () => '('.repeat(100_000),
  '100,000 nots': () => `${'not '.repeat(100_000)}a`,
  '100,000 minus signs': () => `${'-'.repeat(100_000)}a`,
  '10,000-term or chain': () => Array.from({ length: 10_000 }, (_, i) => `Id eq ${i}`).join(' or '),
  '500 KB string literal': () => `Name eq '${"it''s ".repeat(85_000)}'`,
  '100,000-term add chain': () => `a ${'add 1 '.repeat(100_000)}eq 0`,
  '10,000-term mul chain': () => `a ${'mul 2 '.repeat(10_000)}eq 0`,
  '10,000 nested calls': () => `${'length('.repeat(10_000)}a${')'.repeat(10_000)} eq 1`,
  '100,000-item in list': () => `Id in (${Array.from({ length: 100_000 }, (_, i) => i).join(',')})`,
  '100,000-segment path': () => `${Array.from({ length: 100_000 }, () => 'a').join('/')} eq 1`,
  'unterminated 500 KB string': () => `Name eq '${'x'.repeat(500_000)}`,
  '100,000 open brackets after in': () => `x in ${'['.repeat(100_000)}`,
  '100,000-part qualified name': () => `${Array.from({ length: 100_000 }, () => 'a').join('.')} eq 1`,
  '100,000 nested lambdas': () => `${'a/any(x:x/'.repeat(100_000)}b${')'.repeat(100_000)}`,
  '100,000 nested empty lambdas': () => `${'a/any(x:'.repeat(100_000)}x/any()${')'.repeat(100_000)}`,
  '100,000 unclosed lambdas': () => 'a/any(x:'.repeat(100_000),
  '100,000-term or chain inside a lambda': () => `Tags/any(t: ${'t eq 1 or '.repeat(100_000)}t eq 2)`,
  '100,000-term add chain inside nested lambdas': () => `A/any(a: a/B/all(b: b ${'add 1 '.repeat(100_000)}eq a))`,
  '10,000 lambdas in an and chain': () =>
    Array.from({ length: 10_000 }, (_, i) => `T${i}/any(t: t/$count gt ${i})`).join(' and '),
  'lambda over a 100,000-segment path': () =>
    `${Array.from({ length: 100_000 }, () => 'a').join('/')}/all(x: x in a/b)`,
  '100,000 $counts in a chain': () => `${Array.from({ length: 100_000 }, () => 'a/$count').join(' add ')} eq 0`,
  '100,000 ins of a collection': () => `x${' in a'.repeat(100_000)}`,
  '100,000-item JSON array': () => `Id in [${Array.from({ length: 100_000 }, (_, i) => i).join(',')}]`,
  '100,000 nested JSON arrays': () => `x in [${'['.repeat(100_000)}${']'.repeat(100_001)}`,
  '100,000 nested JSON objects': () => `x in [${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}]`,
  'unterminated JSON array of 100,000 items': () => `x in [${'1,'.repeat(100_000)}`,
  'unterminated 500 KB JSON string': () => `x in ["${'x'.repeat(500_000)}`,
  '500 KB JSON string of escapes': () => `x in ["${'\\u00e9\\n'.repeat(50_000)}"]`,
  '100,000 parentheses inside a JSON string': () => `x in ["${'('.repeat(100_000)}"] and (a)`,
  '100,000 aliases in an and chain': () => Array.from({ length: 100_000 }, (_, i) => `@p${i}`).join(' and '),
  'alias of 100,000 characters': () => `x eq @${'p'.repeat(100_000)}`,
  // Paths after calls (docs/semantics.md §15): each call bound to the result of the one before.
  '100,000 calls in a chain': () => `Ns.F()${'/Ns.G()'.repeat(100_000)} eq 1`,
  '50,000 calls and members in a chain': () => `Ns.F(A=1)${'/B/Ns.G(C=2)'.repeat(50_000)}/D/any(x: x) eq true`,
  // 25,000 (400 KB): each is read by the generated parser, some 60 µs apiece.
  '25,000 lambdas after a call in an and chain': () =>
    Array.from({ length: 25_000 }, () => 'Ns.F()/any(x: x)').join(' and '),
};

/** What each shape gives with raised limits, where it is not a tree. */
const RAISED_OUTCOME: Record<string, FilterError['kind']> = {
  '100,000 unclosed parentheses': 'syntax',
  'unterminated 500 KB string': 'syntax',
  '100,000 open brackets after in': 'unsupported',
  '100,000 nested JSON arrays': 'unsupported',
  '100,000 nested JSON objects': 'unsupported',
  'unterminated JSON array of 100,000 items': 'syntax',
  'unterminated 500 KB JSON string': 'syntax',
  '100,000-part qualified name': 'unsupported',
  '100,000 unclosed lambdas': 'syntax',
};

function outcome(text: string, options?: ParseOptions): 'tree' | FilterError['kind'] {
  try {
    parse(text, options);
    return 'tree';
  } catch (error) {
    if (!isFilterError(error)) throw error;
    return error.kind;
  }
}

describe('hostile shapes', () => {
  const texts = Object.fromEntries(Object.entries(SHAPES).map(([name, make]) => [name, make()]));
  /** Each shape parsed under raised limits once, for the two tests that read it: megabytes each. */
  const raised = new Map<string, Expr | FilterError>();
  const parsedRaised = (name: string): Expr | FilterError => {
    let read = raised.get(name);
    if (read === undefined) {
      try {
        read = parse(texts[name]!, RAISED);
      } catch (error) {
        if (!isFilterError(error)) throw error;
        read = error;
      }
      raised.set(name, read);
    }
    return read;
  };

  it.each(Object.keys(SHAPES))('%s: default limits give a tree or a limit error', (name) => {
    expect(['tree', 'limit']).toContain(outcome(texts[name]!));
  });

  it.each(Object.keys(SHAPES))('%s: raised limits give a tree, a limit error or the error of its kind', (name) => {
    const read = parsedRaised(name);
    expect(['limit', RAISED_OUTCOME[name] ?? 'tree']).toContain(isFilterError(read) ? read.kind : 'tree');
  });

  it.each(Object.keys(SHAPES))(
    '%s: every tree that raised limits accept prints, and its print is a fixed point',
    (name) => {
      const tree = parsedRaised(name);
      // Its last reader: the tree is let go (a shape's tree holds up to 100,000 nodes).
      raised.delete(name);
      if (isFilterError(tree)) return;
      const printed = print(tree);
      expect(printed.length).toBeGreaterThan(0);
      // Deep negations print as nested parentheses, which the generated parser may refuse as too deep.
      let again: Expr;
      try {
        again = parse(printed, RAISED);
      } catch (error) {
        if (!isFilterError(error)) throw error;
        return;
      }
      expect(print(again)).toBe(printed);
    },
  );

  it('prints 100,000 nested nots and negations', () => {
    expect(print(parse(texts['100,000 nots']!, RAISED))).toBe(texts['100,000 nots']);
    expect(print(parse(texts['100,000 minus signs']!, RAISED))).toBe(`${'-('.repeat(99_999)}-a${')'.repeat(99_999)}`);
  });

  it('accepts the 10,000-term or chain as one flat list when the node limit allows it', () => {
    const tree = parse(texts['10,000-term or chain']!, RAISED);
    expect(tree.kind === 'logical' && tree.operands.length).toBe(10_000);
  });
});

describe('limits', () => {
  it('has the documented defaults', () => {
    expect(DEFAULT_LIMITS).toEqual({ maxLength: 65_536, maxDepth: 100, maxNodes: 10_000, maxLambdaDepth: 4 });
  });

  it.each([
    ['a eq 1'.padEnd(65_537, ' '), undefined, 65_536, 'Filter is 65537 characters long; the limit is 65536'],
    ['a eq 1', { maxLength: 5 }, 5, 'Filter is 6 characters long; the limit is 5'],
    [
      `${'('.repeat(101)}a${')'.repeat(101)}`,
      undefined,
      100,
      'Parentheses nest deeper than 100 levels at position 100',
    ],
    ['((a))', { maxDepth: 1 }, 1, 'Parentheses nest deeper than 1 levels at position 1'],
    // Parentheses inside string literals do not count.
    ["a eq '((((' and (b)", { maxDepth: 3 }, undefined, undefined],
    ['not not not a', { maxDepth: 3 }, 12, 'Expression nests deeper than 3 levels at position 12'],
    ['a add 1 add 2 add 3 eq 4', { maxDepth: 3 }, 12, 'Expression nests deeper than 3 levels at position 12'],
    ['a eq 1 and b eq 2', { maxNodes: 6 }, 0, 'Filter has more than 6 nodes (limit reached at position 0)'],
    ['a eq 1 and b eq 2', { maxNodes: 7 }, undefined, undefined],
    // Lambdas nested beyond maxLambdaDepth, reported at the first one beyond it; side by side they do not nest.
    [
      'A/any(a: a/B/any(b: b/C/any(c: c/D/any(d: d/E/any(e: e)))))',
      undefined,
      42,
      'Lambdas nest deeper than 4 levels at position 42',
    ],
    [
      'A/any(a: a/B/any(b: b/C/any(c: c/D/any(d: d/E/any()))))',
      undefined,
      42,
      'Lambdas nest deeper than 4 levels at position 42',
    ],
    ['A/any(a: a/B/any(b: b/C/any(c: c/D/any(d: d))))', undefined, undefined, undefined],
    [
      'A/any(a: B/any(b: b)) and C/all(c: D/all(d: d)) or A/any(a: B/any(b: b))',
      { maxLambdaDepth: 2 },
      undefined,
      undefined,
    ],
    [
      'A/any(a: B/any(b: b)) and C/all(c: D/all(d: E/all(e: e)))',
      { maxLambdaDepth: 2 },
      44,
      'Lambdas nest deeper than 2 levels at position 44',
    ],
    [
      'A/any(a: not (a/B/$count gt 1 or B/all(b: b)))',
      { maxLambdaDepth: 1 },
      33,
      'Lambdas nest deeper than 1 levels at position 33',
    ],
    ['A/any()', { maxLambdaDepth: 0 }, 0, 'Lambdas nest deeper than 0 levels at position 0'],
    ['A/$count eq 1', { maxLambdaDepth: 0 }, undefined, undefined],
    // `x in C` is `C/any(v: v eq x)`, a lambda whose body holds x.
    ['A/$count eq 1 and x in A', { maxLambdaDepth: 0 }, 18, 'Lambdas nest deeper than 0 levels at position 18'],
    ['A/any(a: x in a/B)', { maxLambdaDepth: 1 }, 9, 'Lambdas nest deeper than 1 levels at position 9'],
    ['(x in A) in B', { maxLambdaDepth: 1 }, 0, 'Lambdas nest deeper than 1 levels at position 0'],
    ['A/any(a: x in a/B)', { maxLambdaDepth: 2 }, undefined, undefined],
    // The new nodes count towards the depth and node limits: the collection's path is a node.
    ['A/any(a: a)', { maxNodes: 2 }, 0, 'Filter has more than 2 nodes (limit reached at position 0)'],
    ['A/any(a: a)', { maxNodes: 3 }, undefined, undefined],
    ['x in A', { maxNodes: 2 }, 0, 'Filter has more than 2 nodes (limit reached at position 0)'],
    ['A/$count eq 1', { maxNodes: 3 }, 0, 'Filter has more than 3 nodes (limit reached at position 0)'],
    ['A/any(a: not not a)', { maxDepth: 3 }, 17, 'Expression nests deeper than 3 levels at position 17'],
  ] as const)('%#: %j with %j', (text, options, start, message) => {
    let caught: unknown;
    try {
      parse(text, options);
    } catch (error) {
      caught = error;
    }
    if (message === undefined) {
      expect(caught).toBeUndefined();
      return;
    }
    expect(isFilterError(caught)).toBe(true);
    const error = caught as FilterError;
    expect({ kind: error.kind, start: error.start, message: error.message }).toEqual({ kind: 'limit', start, message });
  });
});

describe('print of a tree built by hand', () => {
  it('is a limit FilterError when the text would pass the longest string', () => {
    const megabyte: Expr = { kind: 'string', value: 'y'.repeat(1 << 20), start: 0, end: 0 };
    const tree: Expr = {
      kind: 'logical',
      op: 'or',
      operands: Array.from({ length: 600 }, () => megabyte),
      start: 0,
      end: 10,
    };
    expect(() => print(tree)).toThrow(
      expect.objectContaining({ name: 'FilterError', kind: 'limit', start: 0, end: 10 }),
    );
  });
});

describe("an argument's JSON array that does not read", () => {
  /** How many times the parser reads a parameter's name before it refuses `text`. */
  function namesRead(text: string): number {
    const read = vi.spyOn(actions, 'segment');
    try {
      expect(outcome(text)).toBe('syntax');
      return read.mock.calls.length;
    } finally {
      read.mockRestore();
    }
  }

  it('is not read again as an expression: arrays nested in arguments cost what parentheses do', () => {
    // An item's parentheses hold a call whose argument is an array in turn; reading each array
    // that fails a second time, as an expression, multiplied the reads at every level.
    const depth = 10;
    const arrays = namesRead('Ns.F(A=[('.repeat(depth));
    const parentheses = namesRead('Ns.F(A=('.repeat(depth));
    expect(arrays).toBeLessThanOrEqual(2 * parentheses);
  });
});

describe('parentheses after a name that may be a key predicate', () => {
  /** How many times the parser reads a name (a segment, a plain word's, a namespace's) before it refuses `text`. */
  function namesRead(text: string): number {
    const reads = (['segment', 'isReserved', 'isCanonicalNamespace'] as const).map((name) => vi.spyOn(actions, name));
    try {
      expect(['syntax', 'unsupported']).toContain(outcome(text));
      return reads.reduce((sum, read) => sum + read.mock.calls.length, 0);
    } finally {
      for (const read of reads) read.mockRestore();
    }
  }

  it.each(['F.G(A=(', 'f((', 'Sessions(ID=(', 'Tags/Ns.F(A=('])(
    '%s repeated costs reads in proportion to its length, not doubling at each level',
    (level) => {
      // A key's value was read as an expression, whose parentheses hold the same shape again:
      // each level was read once as a call's arguments and again as a key predicate's.
      const [ten, twenty] = [namesRead(level.repeat(10)), namesRead(level.repeat(20))];
      expect(twenty).toBeLessThan(3 * ten + 20);
    },
  );

  it('still names a key predicate for what it is', () => {
    for (const text of ['Sessions(1)/Capacity gt 2', "Sessions(ID=1, Code='a b')/Capacity gt 2", 'Sessions(@p)/X eq 1'])
      expect(() => parse(text)).toThrow(/key predicate/);
  });
});
