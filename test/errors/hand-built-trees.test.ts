// Trees built by hand: every public function that takes a syntax tree or a checked filter takes
// one parse() or check() could make, or refuses it with one `malformed_tree` issue. Table cases
// first (issue 26, finding 9), then properties that mutate generated trees (docs/trees.md).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  check,
  isFilterError,
  parse,
  print,
  printTyped,
  withoutSpans,
  type Expr,
  type FilterError,
  type MemberExpr,
  type TypedExpr,
  type TypedFilter,
} from '../../src/index.js';
import { generateSource, compilePredicate } from '../../src/backends/memory/index.js';
import { compileSql, postgres, sqlite } from '../../src/backends/sql/index.js';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { lower } from '../../src/lower/lower.js';
import { arbExpr } from '../support/expr-arbitrary.js';
import { arbCollectionSchema, arbTypedFilter, testSchema } from '../support/arbitraries.js';
import { runs } from '../support/test-size.js';

const limits = { maxDepth: 1000, maxNodes: 100_000, maxLambdaDepth: 1000 };

/** The FilterError a call throws, or undefined when it returns; anything else thrown fails the test. */
function outcome(run: () => unknown): FilterError | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (!isFilterError(error)) throw error;
    return error;
  }
}

const codesOf = (error: FilterError | undefined) => error?.issues.map((issue) => issue.code);

const span = { start: 0, end: 1 };
const member = (...names: string[]): MemberExpr => ({
  kind: 'member',
  segments: names.map((name) => ({ name, ...span })),
  ...span,
});
const compare = (left: Expr, right: Expr): Expr => ({ kind: 'compare', op: 'eq', left, right, ...span });

/** Syntax trees parse() cannot make, each with what is wrong in it; the first are the finding's own. */
const GUID = '01234567-89ab-cdef-0123-456789abcdef';

const MALFORMED_SYNTAX: readonly [string, Expr][] = [
  [
    "a number whose text is '1 or true'",
    compare(member('Int32'), { kind: 'number', type: 'Edm.Int32', raw: '1 or true', value: 1, ...span }),
  ],
  [
    'a lambda variable with a space',
    {
      kind: 'lambda',
      op: 'any',
      collection: member('Tags'),
      opSpan: span,
      variable: { name: 'a b', ...span },
      body: compare(member('a b'), { kind: 'string', value: 'x', ...span }),
      ...span,
    },
  ],
  ['a string with a lone surrogate', compare(member('String'), { kind: 'string', value: 'a\uD800', ...span })],
  [
    "a structure's member whose value JSON does not write",
    compare(member('Address'), {
      kind: 'structure',
      members: [{ name: 'City', nameSpan: span, value: { kind: 'guid', raw: GUID, value: GUID, ...span }, ...span }],
      ...span,
    }),
  ],
  [
    "a structure's member named with a lone surrogate",
    compare(member('Address'), {
      kind: 'structure',
      members: [{ name: 'a\uD800', nameSpan: span, value: { kind: 'null', ...span }, ...span }],
      ...span,
    }),
  ],
  [
    "a structure's member named by no string",
    compare(member('Address'), {
      kind: 'structure',
      members: [{ name: 1n as unknown as string, nameSpan: span, value: { kind: 'null', ...span }, ...span }],
      ...span,
    }),
  ],
  ['a structure without members', { kind: 'structure', ...span } as unknown as Expr],
  ['a member named with a space', compare(member('Str ing'), { kind: 'string', value: 'x', ...span })],
  ['a member named true', compare(member('true'), { kind: 'boolean', value: true, ...span })],
  [
    'a path segment $count',
    compare(member('Tags', '$count'), { kind: 'number', type: 'Edm.Int32', raw: '1', value: 1, ...span }),
  ],
  [
    'a number whose value is not its text',
    compare(member('Int32'), { kind: 'number', type: 'Edm.Int32', raw: '1', value: 2, ...span }),
  ],
  [
    'a guid whose text is another guid',
    compare(member('Guid'), {
      kind: 'guid',
      raw: '00000000-0000-0000-0000-000000000001',
      value: '00000000-0000-0000-0000-000000000002',
      ...span,
    }),
  ],
  [
    'an enumeration literal whose body holds a quote',
    compare(member('Color'), { kind: 'enum', typeName: 'Test.Color', body: "Red' or true or 'x", ...span }),
  ],
  ['an and of one operand', { kind: 'logical', op: 'and', operands: [member('Boolean')], ...span }],
  ['an alias named with a space', compare(member('Int32'), { kind: 'alias', name: 'p q', ...span })],
  [
    'a string marked as a JSON string outside a JSON array',
    compare(member('String'), { kind: 'string', value: '00000000-0000-0000-0000-000000000001', json: true, ...span }),
  ],
  ['a node with a field parse() never writes', { ...member('Boolean'), note: 'extra' } as unknown as Expr],
  [
    'a node that is its own operand',
    ((): Expr => {
      const node = { kind: 'not', operand: undefined as unknown, ...span };
      node.operand = node;
      return node as Expr;
    })(),
  ],
];

describe('syntax trees parse() cannot make', () => {
  it.each(MALFORMED_SYNTAX)('%s: print() and check() refuse it as a malformed tree', (_name, tree) => {
    for (const run of [() => print(tree), () => print(tree, { version: '3.0' }), () => check(tree, testSchema)]) {
      const error = outcome(run);
      expect(error?.kind).toBe('syntax');
      expect(codesOf(error)).toEqual(['malformed_tree']);
    }
  });

  it('a tree parse() made, and an equal one built by hand, are taken as they are', () => {
    const parsed = parse("Int32 eq 1 and not (String in ('a', 'b'))");
    const copy = structuredClone(parsed);
    expect(print(copy)).toBe(print(parsed));
    expect(check(copy, testSchema).root).toEqual(check(parsed, testSchema).root);
  });
});

/** A checked filter with its root replaced, as a caller building or changing one by hand makes it. */
const forged = (filter: TypedFilter, root: unknown): TypedFilter => ({ ...filter, root: root as TypedExpr });

const BACKENDS: readonly [string, (filter: TypedFilter) => unknown][] = [
  ['compilePredicate', (f) => compilePredicate(f)],
  ['compilePredicate without codegen', (f) => compilePredicate(f, { codegen: false })],
  ['generateSource', (f) => generateSource(f)],
  ['compileSql', (f) => compileSql(f, { dialect: postgres })],
  ['compileMongo', (f) => compileMongo(f)],
  ['lower', (f) => lower(f)],
  ['printTyped', (f) => printTyped(f)],
];

/** Checked filters check() cannot make: the finding's TypeErrors of memory and SQL among them. */
function malformedTyped(): [string, TypedFilter][] {
  const base = check("Int32 eq 1 and String eq 'a'", testSchema);
  const root = base.root as Extract<TypedExpr, { kind: 'logical' }>;
  const first = root.operands[0] as Extract<TypedExpr, { kind: 'compare' }>;
  const second = root.operands[1] as Extract<TypedExpr, { kind: 'compare' }>;
  return [
    ['a compare without its right', forged(base, { ...root, operands: [{ ...first, right: undefined }, second] })],
    ['a logical whose operands are no array', forged(base, { ...root, operands: 'x' })],
    [
      'a literal of a type it does not hold',
      forged(base, { ...root, operands: [{ ...first, right: { ...first.right, value: 'x' } }, second] }),
    ],
    [
      'a compare of two types without a conversion',
      forged(base, { ...root, operands: [{ ...first, right: { ...second.right } }, second] }),
    ],
    [
      'a member whose path is not its property',
      forged(base, { ...root, operands: [{ ...first, left: { ...first.left, path: ['String'] } }, second] }),
    ],
    [
      'a call of a function the language does not have',
      forged(check('length(String) eq 1', testSchema), {
        ...(check('length(String) eq 1', testSchema).root as object),
        left: { kind: 'call', type: 'Edm.Int32', name: 'soundex', args: [], ...span },
      }),
    ],
    ['a root that is no condition', forged(base, first.left)],
    ['no root at all', forged(base, null)],
    ['a span that is not a number', forged(base, { ...root, start: '0' })],
  ];
}

describe('checked filters check() cannot make', () => {
  it.each(malformedTyped())('%s: every backend refuses it as a malformed tree', (_name, filter) => {
    for (const [name, run] of BACKENDS) {
      const error = outcome(() => run(filter));
      expect([name, codesOf(error)]).toEqual([name, ['malformed_tree']]);
    }
  });

  it('a filter that is no object is refused by every backend', () => {
    for (const [name, run] of BACKENDS) {
      for (const value of [null, undefined, 5, {}]) {
        expect([name, codesOf(outcome(() => run(value as unknown as TypedFilter)))]).toEqual([
          name,
          ['malformed_tree'],
        ]);
      }
    }
  });
});

/** A copy of the value with one field somewhere in it replaced: the mutations a hand-built tree can have. */
function mutated(root: unknown, path: readonly (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [key, ...rest] = path;
  if (Array.isArray(root)) return root.map((item, i) => (i === key ? mutated(item, rest, value) : item));
  if (typeof root !== 'object' || root === null) return root;
  return { ...root, [key!]: mutated((root as Record<string, unknown>)[key!], rest, value) };
}

/** Every path to a field of the tree (not into the schema's own objects). */
function fieldPaths(root: unknown, skip: ReadonlySet<string> = new Set()): (string | number)[][] {
  const out: (string | number)[][] = [];
  const stack: [unknown, (string | number)[]][] = [[root, []]];
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (path.length > 0) out.push(path);
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) stack.push([node[i], [...path, i]]);
    } else if (typeof node === 'object' && node !== null)
      for (const [key, value] of Object.entries(node)) if (!skip.has(key)) stack.push([value, [...path, key]]);
  }
  return out;
}

/** Values a mutation puts in a field: wrong types, texts no filter spells, other node kinds. */
const arbReplacement: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    undefined,
    null,
    0,
    -1,
    1.5,
    Number.NaN,
    2 ** 31,
    5n,
    2n ** 63n,
    true,
    '',
    '1 or true',
    'a b',
    'x\uD800',
    '\uDC00',
    'Int32',
    'String',
    '$it',
    '$count',
    'and',
    'Edm.Int64',
    'Edm.Int32',
    'Edm.Double',
    'Edm.Money',
    'toString',
    'eq',
    'or',
    'any',
    'length',
    'soundex',
    "'",
    [],
    {},
  ),
  fc.string({ maxLength: 4 }),
  fc.integer(),
  arbExpr(1),
);

const arbMutatedTree = fc.tuple(arbExpr(3), fc.nat(), arbReplacement, fc.nat(2)).map(([tree, pick, value, whole]) => {
  // One in three is left whole: a tree built by hand that parse() could make.
  if (whole === 0) return tree;
  const paths = fieldPaths(tree);
  return mutated(tree, paths[pick % paths.length]!, value) as Expr;
});

describe('mutated syntax trees', () => {
  it('print() writes text that parses back to the tree, or refuses it as a malformed tree; check() agrees', () => {
    let refused = 0;
    let printed = 0;
    fc.assert(
      fc.property(arbMutatedTree, (tree) => {
        const error = outcome(() => print(tree));
        const checked = outcome(() => check(tree, testSchema));
        if (error === undefined) {
          printed++;
          expect(withoutSpans(parse(print(tree), limits))).toEqual(withoutSpans(tree));
          expect(codesOf(checked) ?? []).not.toContain('malformed_tree');
        } else {
          refused++;
          expect(codesOf(error)).toEqual(['malformed_tree']);
          expect(codesOf(checked)).toEqual(['malformed_tree']);
        }
      }),
      { numRuns: runs(300) },
    );
    // Both outcomes are exercised: the property can fail either way.
    expect(refused).toBeGreaterThan(0);
    expect(printed).toBeGreaterThan(0);
  });
});

const arbMutatedFilter = arbCollectionSchema()
  .chain((schema) => arbTypedFilter(schema))
  .chain((filter) => {
    const paths = fieldPaths(filter.root, new Set(['property', 'enum']));
    // One in three is a copy left whole, which is read as any filter not made by check() is.
    return fc.tuple(fc.constant(filter), fc.nat(), arbReplacement, fc.nat(2)).map(([f, pick, value, whole]) => {
      const path = paths[pick % paths.length];
      return path === undefined || whole === 0 ? forged(f, f.root) : forged(f, mutated(f.root, path, value));
    });
  });

describe('mutated checked filters', () => {
  it('every backend compiles it, or every one refuses it with the same malformed_tree error', () => {
    let refused = 0;
    let compiled = 0;
    fc.assert(
      fc.property(arbMutatedFilter, (filter) => {
        const outcomes = BACKENDS.map(([, run]) => outcome(() => run(filter)));
        const malformed = outcomes.map((error) => codesOf(error)?.[0] === 'malformed_tree');
        expect(new Set(malformed).size).toBe(1);
        if (malformed[0]) refused++;
        else compiled++;
      }),
      { numRuns: runs(150) },
    );
    expect(refused).toBeGreaterThan(0);
    expect(compiled).toBeGreaterThan(0);
  });

  it('a copy of a checked filter is taken as the filter itself', () => {
    fc.assert(
      fc.property(
        arbCollectionSchema().chain((schema) => arbTypedFilter(schema)),
        (filter) => {
          const copy = { ...filter };
          expect(printTyped(copy)).toBe(printTyped(filter));
          expect(result(() => compileSql(copy, { dialect: sqlite }))).toEqual(
            result(() => compileSql(filter, { dialect: sqlite })),
          );
        },
      ),
      { numRuns: runs(100) },
    );
  });
});

/** What a call returns, or the codes of the FilterError it throws. */
function result(run: () => unknown): unknown {
  try {
    return run();
  } catch (error) {
    if (!isFilterError(error)) throw error;
    return codesOf(error);
  }
}
