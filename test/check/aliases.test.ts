// check() with parameter aliases: each alias typed as its literal would be where it stands, the
// typed tree holding that literal at the alias's span, and each problem at the alias.

import { describe, expect, it } from 'vitest';
import { check, defineSchema, parse, printTyped } from '../../src/index.js';
import type { AliasValues, TypedExpr } from '../../src/index.js';
import { thrownFilterError } from '../support/thrown.js';

const schema = defineSchema({
  name: 'Product',
  properties: {
    Name: 'Edm.String',
    Price: 'Edm.Decimal',
    Qty: 'Edm.Int32',
    Big: 'Edm.Int64',
    Score: 'Edm.Double',
    Due: 'Edm.DateTimeOffset',
    Key: 'Edm.Guid',
    Address: { properties: { City: 'Edm.String' } },
    Tags: { collection: 'Edm.String' },
  },
});

const typed = (filter: string, aliases: AliasValues): string => printTyped(check(filter, schema, { aliases }));

describe('check: parameter aliases', () => {
  it.each([
    // The alias is typed as the literal would be in its place: 5 is the Decimal 5 against Price.
    ['Price gt @p', { p: '5' }, "(Price:Decimal gt '5':Decimal)"],
    ['@p lt Price', { p: '2.50' }, "('2.5':Decimal lt Price:Decimal)"],
    ['Big eq @p', { p: '5' }, '(Big:Int64 eq 5n:Int64)'],
    ['Score eq @p', { p: '1e3' }, '(Score:Double eq 1000:Double)'],
    ['Name eq @name', { name: "'it''s'" }, "(Name:String eq 'it''s':String)"],
    ['Due lt @d', { d: '2012-01-01T00:00:00Z' }, '(Due:DateTimeOffset lt 1325376000000:DateTimeOffset)'],
    [
      'Key eq @k',
      { k: '01234567-89AB-cdef-0123-456789abcdef' },
      "(Key:Guid eq '01234567-89ab-cdef-0123-456789abcdef':Guid)",
    ],
    ['Name eq @p', { p: 'null' }, '(Name:String eq null:String)'],
    ['@b', { b: 'true' }, 'true:Boolean'],
    ['Tags/any(t: t eq @tag)', { tag: "'red'" }, "Tags/any(t: (t:String eq 'red':String))"],
    [
      "contains(Name, @w) and @w ne ''",
      { w: "'ann'" },
      "(contains(Name:String, 'ann':String):Boolean and ('ann':String ne '':String))",
    ],
    [
      'Qty in (1, 2) and Qty add @p gt 3',
      { p: '1' },
      '((Qty:Int32 in [1:Int32, 2:Int32]) and ((Qty:Int32 add 1:Int32):Int32 gt 3:Int32))',
    ],
    // A structure compares with an alias whose value is null, as with the null literal.
    ['Address eq @p', { p: 'null' }, '(Address:Structure eq null)'],
    // A value given but not used is not read.
    ['Qty eq 1', { unused: 'not a literal' }, '(Qty:Int32 eq 1:Int32)'],
  ])('%s with %j', (filter, aliases, expected) => {
    expect(typed(filter, aliases)).toBe(expected);
  });

  it.each([
    ['Name in @list', { list: "('a', 'b')" }, "Name in ('a', 'b')"],
    ['Name in @list', { list: '["a", "b"]' }, "Name in ('a', 'b')"],
    ['Name in @list', { list: ' [] ' }, 'Name in ()'],
    ['Price in @list', { list: '[1, 2.5, 1e3, null]' }, 'Price in (1, 2.5, 1e3m, null)'],
    [
      'Key in @list',
      { list: '["01234567-89ab-cdef-0123-456789abcdef"]' },
      'Key in (01234567-89ab-cdef-0123-456789abcdef)',
    ],
    ['Tags/any(t: t in @list)', { list: "('red')" }, "Tags/any(t: t in ('red'))"],
  ])('%s with %j is typed as %s', (filter, aliases, written) => {
    expect(typed(filter, aliases)).toBe(printTyped(check(written, schema)));
  });

  it('puts the items of a list alias at the span of the alias', () => {
    const root = check('Qty in @l', schema, { aliases: { l: '(1, 2)' } }).root as Extract<TypedExpr, { kind: 'in' }>;
    expect(root.list.map((item) => [item.start, item.end])).toEqual([
      [7, 9],
      [7, 9],
    ]);
  });

  it('reports a list alias without a value as unknown_alias, and a list item that does not fit at the alias', () => {
    const missing = thrownFilterError(() => check('Qty in @l', schema));
    expect(missing.issues.map((i) => [i.code, i.start, i.end])).toEqual([['unknown_alias', 7, 9]]);
    expect(missing.message).toBe(
      `Parameter alias '@l' has no value: give it in the aliases option, such as { l: "('a', 'b')" }`,
    );
    const mismatch = thrownFilterError(() => check('Qty in @l', schema, { aliases: { l: "(1, 'a')" } }));
    expect(mismatch.issues.map((i) => [i.code, i.start, i.end])).toEqual([['type_mismatch', 7, 9]]);
  });

  it.each([
    [
      '5',
      "The value of parameter alias '@l' (aliases.l) '5' is not a list in parentheses or a JSON array: Unexpected '5' at position 0; expected a list in parentheses or a JSON array",
    ],
    [
      '(1, 2',
      "The value of parameter alias '@l' (aliases.l) '(1, 2' is not a list in parentheses or a JSON array: Unexpected end of input at position 5; expected ',' or ')'",
    ],
    [
      '(1) in (2)',
      "The value of parameter alias '@l' (aliases.l) '(1) in (2)' is not a list in parentheses or a JSON array: Unexpected 'in' at position 4; expected end of input",
    ],
    [
      '@m',
      "The value of parameter alias '@l' (aliases.l) '@m' is not a list in parentheses or a JSON array: Unexpected '@' at position 0; expected a list in parentheses or a JSON array",
    ],
    [
      'Tags',
      "The value of parameter alias '@l' (aliases.l) 'Tags' is not a list in parentheses or a JSON array: Unexpected 'Tags' at position 0; expected a list in parentheses or a JSON array",
    ],
  ])('refuses the list value %j as invalid_alias_value', (value, message) => {
    const error = thrownFilterError(() => check('Qty in @l', schema, { aliases: { l: value } }));
    expect([error.issues.map((i) => i.code), error.start, error.end]).toEqual([['invalid_alias_value'], 7, 9]);
    expect(error.message).toBe(message);
  });

  it('reads a list value within the parse limits given to check()', () => {
    // A value beyond a limit is a 'limit' error at the alias, whose message does not repeat the value.
    const deep = thrownFilterError(() =>
      check('Qty in @l', schema, { aliases: { l: `(length(${'length('.repeat(200)}'a'${')'.repeat(201)})` } }),
    );
    expect([deep.kind, deep.issues[0]!.code, deep.start, deep.end]).toEqual(['limit', 'too_deep', 7, 9]);
    expect(deep.message).toBe(
      "The value of parameter alias '@l' (aliases.l) passes a limit: Parentheses nest deeper than 100 levels at position 700 of the value",
    );
    const many = thrownFilterError(() =>
      check('Qty in @l', schema, { aliases: { l: `[${'1,'.repeat(20)}1]` }, maxNodes: 10 }),
    );
    expect([many.kind, many.issues[0]!.code]).toEqual(['limit', 'too_many_nodes']);
    expect(many.message).toMatch(/passes a limit: the value has more than 10 nodes/);
    // Each use of a list reads it anew, and the uses' values count toward the limit together.
    const list = { l: '[1,2,3,4,5,6]' };
    expect(() => check('Qty in @l or Qty in @l', schema, { aliases: list, maxNodes: 12 })).not.toThrow();
    const reused = thrownFilterError(() =>
      check('Qty in @l or Qty in @l or Qty in @l', schema, { aliases: list, maxNodes: 12 }),
    );
    expect([reused.kind, reused.issues[0]!.code, reused.start]).toEqual(['limit', 'too_many_nodes', 33]);
    const long = thrownFilterError(() => check('Name eq @p', schema, { aliases: { p: `'${'x'.repeat(70_000)}'` } }));
    expect([long.kind, long.issues[0]!.code]).toEqual(['limit', 'too_long']);
    expect(long.message.length).toBeLessThan(200);
    const huge = thrownFilterError(() => check('Qty in @l', schema, { aliases: { l: `[${'1,'.repeat(200_000)}1]` } }));
    expect(huge.kind).toBe('limit');
    expect(huge.message.length).toBeLessThan(200);
  });

  it('quotes a long invalid value shortened', () => {
    const error = thrownFilterError(() =>
      check('Qty eq @p', schema, { aliases: { p: `1 add ${'2 add '.repeat(20)}3` } }),
    );
    expect(error.issues[0]!.code).toBe('invalid_alias_value');
    expect(error.message).toContain("'1 add 2 add 2 add 2 add 2 add 2 add 2 a…' is an expression, not one literal");
  });

  it('puts the literal in the typed tree at the span of the alias, so backends see a literal', () => {
    const root = check('Price gt @p', schema, { aliases: { p: '5' } }).root as Extract<TypedExpr, { kind: 'compare' }>;
    expect(root.right).toEqual({ kind: 'literal', type: 'Edm.Decimal', value: '5', start: 9, end: 11 });
  });

  it('checks a parsed tree with its aliases too', () => {
    expect(printTyped(check(parse('Qty eq @q'), schema, { aliases: { q: '7' } }))).toBe('(Qty:Int32 eq 7:Int32)');
  });

  it('reports an alias without a value as unknown_alias at the alias, beside the other issues', () => {
    const error = thrownFilterError(() => check('Qty eq @q and Nmae eq @n', schema, { aliases: { n: "'x'" } }));
    expect(error.kind).toBe('type');
    expect(error.issues.map((i) => [i.code, i.start, i.end])).toEqual([
      ['unknown_alias', 7, 9],
      ['unknown_property', 14, 18],
    ]);
    expect(error.issues[0]!.message).toBe(
      "Parameter alias '@q' has no value: give it in the aliases option, such as { q: '…' }",
    );
  });

  it.each([
    // Names are case-sensitive, as OData identifiers are.
    [{ Q: '1' }],
    [{}],
    [undefined],
    // Only own properties are values: `@toString` is no alias of every object.
    [{ ['__proto__']: '1' } as AliasValues],
  ])('an alias @q with %j has no value', (aliases) => {
    const error = thrownFilterError(() => check('Qty eq @q', schema, aliases === undefined ? {} : { aliases }));
    expect(error.issues.map((i) => i.code)).toEqual(['unknown_alias']);
  });

  it('does not find an alias among the properties of Object.prototype', () => {
    const error = thrownFilterError(() => check('Name eq @toString', schema, { aliases: {} }));
    expect(error.issues.map((i) => i.code)).toEqual(['unknown_alias']);
  });

  it('reports an alias without a value once when it is compared with a structure', () => {
    const error = thrownFilterError(() => check('Address eq @p', schema));
    expect(error.issues.map((i) => [i.code, i.start, i.end])).toEqual([['unknown_alias', 11, 13]]);
  });

  it('types a value as the literal it is: one that fits nowhere is a type_mismatch naming the alias', () => {
    const error = thrownFilterError(() => check('Qty eq @p', schema, { aliases: { p: "'5'" } }));
    expect(error.issues.map((i) => i.code)).toEqual(['type_mismatch']);
    // The suggestion is the literal the value should have been.
    expect(error.message).toBe('Cannot compare Qty (Edm.Int32) with @p (Edm.String). Did you mean 5?');
  });

  it.each([
    ['5 add 1', "The value of parameter alias '@p' (aliases.p) '5 add 1' is an expression, not one literal"],
    ['Qty', "The value of parameter alias '@p' (aliases.p) 'Qty' is an expression, not one literal"],
    ['@q', "The value of parameter alias '@p' (aliases.p) '@q' names another alias, not one literal"],
    [
      "('a', 'b')",
      "The value of parameter alias '@p' (aliases.p) '('a', 'b')' is not a literal: Unexpected ',' at position 4; expected an operator or ')'",
    ],
    [
      "'open",
      "The value of parameter alias '@p' (aliases.p) ''open' is not a literal: Unterminated string literal at position 0",
    ],
    [
      '',
      "The value of parameter alias '@p' (aliases.p) '' is not a literal: Unexpected end of input at position 0; expected an expression",
    ],
  ])('refuses the value %j as invalid_alias_value at the alias', (value, message) => {
    const error = thrownFilterError(() => check('Name eq @p', schema, { aliases: { p: value } }));
    expect([error.kind, error.issues.map((i) => i.code), error.start, error.end]).toEqual([
      'syntax',
      ['invalid_alias_value'],
      8,
      10,
    ]);
    expect(error.message).toBe(message);
    expect(error.text).toBe('Name eq @p');
  });

  it('refuses a value that is not a string', () => {
    const error = thrownFilterError(() => check('Qty eq @p', schema, { aliases: { p: 5 as unknown as string } }));
    expect(error.issues.map((i) => i.code)).toEqual(['invalid_alias_value']);
    expect(error.message).toBe("The value of parameter alias '@p' (aliases.p) is number, not the text of a literal");
  });

  it('reads a value within the parse limits given to check()', () => {
    const error = thrownFilterError(() =>
      check('Name eq @p', schema, { aliases: { p: `'${'x'.repeat(20)}'` }, maxLength: 12 }),
    );
    expect([error.kind, ...error.issues.map((i) => i.code)]).toEqual(['limit', 'too_long']);
    expect(error.message).toBe(
      "The value of parameter alias '@p' (aliases.p) passes a limit: the value is 22 characters long; the limit is 12",
    );
  });
});
