// check() beyond the case table: the thrown error's shape, suggestions, filterability, member
// nullability, spans in the typed tree, parse options, and hostile trees handed in directly.

import { describe, expect, it } from 'vitest';
import { check, defineSchema, formatFilterError, isFilterError, parse, FilterError } from '../../src/index.js';
import type { CheckIssue, Expr, TypedExpr } from '../../src/index.js';
import { testSchema } from '../support/arbitraries.js';

function rejection(run: () => unknown): FilterError {
  try {
    run();
  } catch (error) {
    if (isFilterError(error)) return error;
    throw error;
  }
  throw new Error('expected a FilterError');
}

const restricted = defineSchema({
  name: 'Person',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Name: 'Edm.String',
    Notes: { type: 'Edm.String', filterable: false },
    Private: { filterable: false, properties: { Phone: 'Edm.String', Age: { type: 'Edm.Int32', filterable: true } } },
  },
});

describe('check errors', () => {
  it('collects every issue into one FilterError of kind type, in source order', () => {
    const text = "Stauts eq 'x' and Int32 eq 'y' and not Int64";
    const error = rejection(() => check(text, testSchema));
    expect(error.kind).toBe('type');
    expect(error.code).toBe('BadRequest');
    expect(error.issues.map((i) => i.code)).toEqual(['unknown_property', 'type_mismatch', 'not_boolean']);
    expect(error.message).toMatch(/^3 problems: Property 'Stauts' does not exist on Item\./);
    expect([error.start, error.end]).toEqual([0, 6]);
    expect(error.text).toBe(text);
  });

  it('uses the single issue as the message when there is one', () => {
    const error = rejection(() => check('Int32 eq true', testSchema));
    expect(error.message).toBe('Cannot compare Int32 (Edm.Int32) with true (Edm.Boolean)');
    expect(formatFilterError(error)).toBe(
      'Cannot compare Int32 (Edm.Int32) with true (Edm.Boolean)\n  Int32 eq true\n  ^~~~~~~~~~~~~',
    );
  });

  it('names the operands of a tree checked without its text as print() writes them, suggestions included', () => {
    const error = rejection(() => check(parse("length(String)  ADD 1 gt '5'"), testSchema));
    expect(error.message).toBe(
      "Cannot compare length(String) add 1 (Edm.Int32) with '5' (Edm.String). Did you mean 5?",
    );
    expect(rejection(() => check(parse('String eq  -5'), testSchema)).message).toBe(
      "Cannot compare String (Edm.String) with -5 (Edm.Int32). Did you mean '-5'?",
    );
  });

  it('suggests nothing for a string too long to be a literal of another type', () => {
    const decimal = (length: number): string => `1.${'1'.repeat(length - 2)}`;
    expect(rejection(() => check(`Decimal eq '${decimal(100)}'`, testSchema)).message).toMatch(
      /\. Did you mean 1\.1{98}\?$/,
    );
    expect(rejection(() => check(`Decimal eq '${decimal(101)}'`, testSchema)).message).toBe(
      `Cannot compare Decimal (Edm.Decimal) with '1.${'1'.repeat(36)}… (Edm.String)`,
    );
  });

  it.each([
    ['string eq null', 'String'],
    ['Stirng eq null', 'String'],
    ['Address/cITY eq null', 'City'],
    ['Owner/Manger/Id eq 1', 'Manager'],
    ['Xyzzy eq 1', undefined],
  ])('suggests a name for %s', (filter, suggestion) => {
    const issue = rejection(() => check(filter, testSchema)).issues[0] as CheckIssue;
    expect(issue.code).toBe('unknown_property');
    expect(issue.suggestion).toBe(suggestion);
  });

  it.each([
    ["Notes eq 'x'", 'Notes', "Property 'Notes' of Person cannot be used in a filter"],
    ["Private/Phone eq 'x'", 'Private/Phone', "Property 'Private/Phone' of Person cannot be used in a filter"],
    // A structure that is not filterable makes everything under it unfilterable.
    ['Private/Age eq 1', 'Private/Age', "Property 'Private/Age' of Person cannot be used in a filter"],
    // Nor can the structure itself be tested for null.
    ['Private eq null', 'Private', "Property 'Private' of Person cannot be used in a filter"],
    ['null ne Private', 'Private', "Property 'Private' of Person cannot be used in a filter"],
  ])('refuses the unfilterable %s', (filter, span, message) => {
    const { issues } = rejection(() => check(filter, restricted));
    expect(issues).toHaveLength(1);
    const [issue] = issues;
    expect([issue!.code, filter.slice(issue!.start, issue!.end), issue!.message]).toEqual([
      'not_filterable',
      span,
      message,
    ]);
  });

  it('reports a comparison with a parenthesised operand over its whole text', () => {
    // Kept from a mutation-property counterexample: the span includes the closing parenthesis.
    const [issue] = rejection(() => check('Boolean eq (Int32 add 1)', testSchema)).issues;
    expect([issue!.code, issue!.start, issue!.end]).toEqual(['type_mismatch', 0, 24]);
  });

  it('passes parse limits through and reports their error', () => {
    const error = rejection(() => check("String eq 'abcdef'", testSchema, { maxLength: 5 }));
    expect(error.kind).toBe('limit');
    expect(rejection(() => check('Int32 eq', testSchema)).kind).toBe('syntax');
  });
});

describe('the typed tree', () => {
  it('marks a member nullable when the property or any step on its path is', () => {
    const nullable = (path: string): boolean => {
      const root = check(`${path} eq null`, testSchema).root as Extract<TypedExpr, { kind: 'compare' }>;
      return (root.left as Extract<TypedExpr, { kind: 'member' }>).nullable;
    };
    expect(
      ['Id', 'Int32Req', 'Int32', 'Address/Country', 'Address/Geo/Lon', 'Owner/Name', 'Owner/Manager/Id'].map((p) => [
        p,
        nullable(p),
      ]),
    ).toEqual([
      ['Id', false],
      ['Int32Req', false],
      ['Int32', true],
      ['Address/Country', true],
      ['Address/Geo/Lon', true],
      ['Owner/Name', true],
      ['Owner/Manager/Id', true],
    ]);
  });

  it('keeps source spans, a convert taking its operand’s', () => {
    const text = 'Byte add 1 eq Int64';
    const root = check(text, testSchema).root as Extract<TypedExpr, { kind: 'compare' }>;
    const spans: string[] = [];
    const walk = (node: TypedExpr): void => {
      spans.push(`${node.kind}:${text.slice(node.start, node.end)}`);
      if (node.kind === 'compare' || node.kind === 'arithmetic') [node.left, node.right].forEach(walk);
      if (node.kind === 'convert') walk(node.operand);
    };
    walk(root);
    expect(spans).toEqual([
      'compare:Byte add 1 eq Int64',
      'convert:Byte add 1',
      'arithmetic:Byte add 1',
      'convert:Byte',
      'member:Byte',
      'literal:1',
      'member:Int64',
    ]);
  });

  it('checks a parsed tree as it checks its text, without the text', () => {
    const text = "Int32 add 1 gt 2 and String eq 'a'";
    const fromTree = check(parse(text), testSchema);
    expect(fromTree.root).toEqual(check(text, testSchema).root);
    expect(fromTree.text).toBeUndefined();
    expect(fromTree.schema).toBe(testSchema);
  });

  it('does not change the schema or share nodes between filters', () => {
    const a = check('Int32 eq 1', testSchema);
    const b = check('Int32 eq 1', testSchema);
    expect(a.root).toEqual(b.root);
    expect(a.root).not.toBe(b.root);
  });
});

describe('hostile trees handed to check()', () => {
  const cases: [string, unknown][] = [
    ['null', null],
    ['a number', 42],
    ['an empty object', {}],
    ['an unknown kind', { kind: 'cast', start: 0, end: 1 }],
    ['a lambda without an operator', { kind: 'lambda', start: 0, end: 1 }],
    ['a lambda without its collection', { kind: 'lambda', op: 'any', start: 0, end: 1 }],
    [
      'a lambda with a variable and no body',
      {
        kind: 'lambda',
        op: 'all',
        variable: { name: 'x', start: 0, end: 1 },
        collection: { kind: 'member', segments: [{ name: 'Name', start: 0, end: 1 }], start: 0, end: 1 },
        start: 0,
        end: 1,
      },
    ],
    ['a count without its collection', { kind: 'count', start: 0, end: 1 }],
    ['a member without segments', { kind: 'member', start: 0, end: 1 }],
    [
      'a call of an unknown function',
      { kind: 'call', name: 'evil', nameSpan: { start: 0, end: 1 }, args: [], start: 0, end: 1 },
    ],
    ['a logical without operands', { kind: 'logical', op: 'and', start: 0, end: 1 }],
  ];
  it.each(cases)('rejects %s with a FilterError', (_name, tree) => {
    expect(rejection(() => check(tree as Expr, testSchema))).toBeInstanceOf(FilterError);
  });

  // Each case is a well-formed tree with one part broken: the well-formed one checks, and the
  // broken one is a 'syntax' FilterError with one malformed_tree issue, never another exception
  // nor a TypedFilter that a backend would then choke on.
  const member = (name: string): Expr => ({
    kind: 'member',
    segments: [{ name, start: 0, end: name.length }],
    start: 0,
    end: name.length,
  });
  const int = (value: unknown, raw: unknown = String(value)): Expr =>
    ({ kind: 'number', type: 'Edm.Int32', raw, value, start: 0, end: 1 }) as unknown as Expr;
  const compare = (left: Expr, right: Expr, op: unknown = 'eq'): Expr =>
    ({ kind: 'compare', op, left, right, start: 0, end: 1 }) as Expr;
  const arithmetic = (op: unknown): Expr =>
    compare({ kind: 'arithmetic', op, left: member('Int32'), right: int(1), start: 0, end: 1 } as Expr, int(1));
  const literal = (node: Record<string, unknown>, name = 'String'): Expr =>
    compare(member(name), { start: 0, end: 1, ...node } as unknown as Expr);
  const malformedCases: [string, Expr, Expr][] = [
    ['a member with no segments', { kind: 'member', segments: [], start: 0, end: 0 }, member('Boolean')],
    [
      'a segment without a name',
      { kind: 'member', segments: [{ start: 0, end: 1 }], start: 0, end: 1 } as unknown as Expr,
      member('Boolean'),
    ],
    [
      'an and without operands',
      { kind: 'logical', op: 'and', operands: [], start: 0, end: 0 },
      { kind: 'logical', op: 'and', operands: [member('Boolean'), member('Boolean')], start: 0, end: 0 },
    ],
    [
      'an unknown logical operator',
      {
        kind: 'logical',
        op: 'xor',
        operands: [member('Boolean'), member('Boolean')],
        start: 0,
        end: 0,
      } as unknown as Expr,
      { kind: 'logical', op: 'or', operands: [member('Boolean'), member('Boolean')], start: 0, end: 0 },
    ],
    ["a comparison 'like'", compare(member('Int32'), int(1), 'like'), compare(member('Int32'), int(1), 'le')],
    ["an arithmetic 'pow'", arithmetic('pow'), arithmetic('mod')],
    [
      'a kind inherited from Object.prototype',
      { kind: 'toString', start: 0, end: 0 } as unknown as Expr,
      member('Boolean'),
    ],
    ["a kind 'constructor'", { kind: 'constructor', start: 0, end: 0 } as unknown as Expr, member('Boolean')],
    ['an Int32 literal 1.5', compare(member('Int32'), int(1.5)), compare(member('Int32'), int(1))],
    ['an Int32 literal as a string', compare(member('Int32'), int('abc', 'x')), compare(member('Int32'), int(7))],
    [
      'an Int32 literal beyond Int32',
      compare(member('Int64'), int(2 ** 31)),
      compare(member('Int64'), int(2 ** 31 - 1)),
    ],
    [
      'a number literal without raw text',
      compare(member('Int32'), int(1, null)),
      compare(member('Int32'), int(1, '1')),
    ],
    [
      'an Int64 literal as a number',
      literal({ kind: 'number', type: 'Edm.Int64', raw: '5L', value: 5 }, 'Int64'),
      literal({ kind: 'number', type: 'Edm.Int64', raw: '5L', value: 5n }, 'Int64'),
    ],
    [
      'an Int64 literal beyond Int64',
      literal({ kind: 'number', type: 'Edm.Int64', raw: String(2n ** 63n), value: 2n ** 63n }, 'Int64'),
      literal({ kind: 'number', type: 'Edm.Int64', raw: String(2n ** 63n - 1n), value: 2n ** 63n - 1n }, 'Int64'),
    ],
    [
      'a Decimal literal that is no decimal',
      literal({ kind: 'number', type: 'Edm.Decimal', raw: '1m', value: 'NaN' }, 'Decimal'),
      literal({ kind: 'number', type: 'Edm.Decimal', raw: '-1.5E+10m', value: '-1.5E+10' }, 'Decimal'),
    ],
    [
      'a Single literal binary32 cannot hold',
      literal({ kind: 'number', type: 'Edm.Single', raw: '0.1f', value: 0.1 }, 'Single'),
      literal({ kind: 'number', type: 'Edm.Single', raw: '0.1f', value: Math.fround(0.1) }, 'Single'),
    ],
    [
      'a number literal of type String',
      literal({ kind: 'number', type: 'Edm.String', raw: '1', value: 1 }, 'Int32'),
      literal({ kind: 'number', type: 'Edm.Double', raw: '1d', value: 1 }, 'Int32'),
    ],
    [
      'a string literal holding a number',
      literal({ kind: 'string', value: 1 }),
      literal({ kind: 'string', value: '1' }),
    ],
    [
      'a boolean literal holding a string',
      literal({ kind: 'boolean', value: 'true' }, 'Boolean'),
      literal({ kind: 'boolean', value: true }, 'Boolean'),
    ],
    [
      'a date-time literal out of range',
      literal(
        { kind: 'datetime', type: 'Edm.DateTimeOffset', raw: 'x', epochMs: 8.64e15, offsetMinutes: 0 },
        'DateTimeOffset',
      ),
      literal(
        { kind: 'datetime', type: 'Edm.DateTimeOffset', raw: '1970-01-01T00:00:00Z', epochMs: 0, offsetMinutes: 0 },
        'DateTimeOffset',
      ),
    ],
    [
      'a date-time literal with a fraction of a millisecond',
      literal({ kind: 'datetime', type: 'Edm.DateTime', raw: 'x', epochMs: 0.5, offsetMinutes: 0 }, 'DateTime'),
      literal(
        {
          kind: 'datetime',
          type: 'Edm.DateTime',
          raw: "datetime'1970-01-01T00:00:00.001'",
          epochMs: 1,
          offsetMinutes: 0,
        },
        'DateTime',
      ),
    ],
    [
      'a guid literal in upper case',
      literal({ kind: 'guid', raw: 'x', value: '0000000A-0000-0000-0000-000000000000' }, 'Guid'),
      literal(
        { kind: 'guid', raw: '0000000a-0000-0000-0000-000000000000', value: '0000000a-0000-0000-0000-000000000000' },
        'Guid',
      ),
    ],
    [
      'an in list holding a member',
      { kind: 'in', operand: member('Int32'), list: [member('Int32')], start: 0, end: 1 } as unknown as Expr,
      { kind: 'in', operand: member('Int32'), list: [int(1)], start: 0, end: 1 } as unknown as Expr,
    ],
    [
      'an in without a list',
      { kind: 'in', operand: member('Int32'), start: 0, end: 1 } as unknown as Expr,
      { kind: 'in', operand: member('Int32'), list: [], start: 0, end: 1 },
    ],
    [
      'a call with too few arguments',
      { kind: 'call', name: 'startswith', nameSpan: { start: 0, end: 1 }, args: [member('String')], start: 0, end: 1 },
      {
        kind: 'call',
        name: 'startswith',
        nameSpan: { start: 0, end: 1 },
        args: [member('String'), member('String')],
        start: 0,
        end: 1,
      },
    ],
    [
      "a call of 'constructor'",
      { kind: 'call', name: 'constructor', nameSpan: { start: 0, end: 1 }, args: [], start: 0, end: 1 },
      member('Boolean'),
    ],
    ['a span that is a string', { ...member('Boolean'), start: '0' } as unknown as Expr, member('Boolean')],
    [
      'a span without an end',
      { kind: 'not', operand: member('Boolean'), start: 0 } as unknown as Expr,
      { kind: 'not', operand: member('Boolean'), start: 0, end: 1 },
    ],
  ];
  it.each(malformedCases)('rejects %s as a malformed tree', (_name, tree, wellFormed) => {
    expect(check(wellFormed, testSchema).root.type).toBe('Edm.Boolean');
    const error = rejection(() => check(tree, testSchema));
    expect(error.kind).toBe('syntax');
    expect(error.issues.map((i) => i.code)).toEqual(['malformed_tree']);
  });

  it('rejects a tree too deep for the stack with a limit error', () => {
    let tree: Expr = { kind: 'boolean', value: true, start: 0, end: 4 };
    for (let i = 0; i < 200_000; i++) tree = { kind: 'not', operand: tree, start: 0, end: 4 };
    expect(rejection(() => check(tree, testSchema)).kind).toBe('limit');
  });
});
