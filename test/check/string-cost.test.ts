// The string cost limit (docs/semantics.md, section 7): the characters a filter's string functions
// can return per row, each string of the row counted as 1,024, decided by check() for every backend.

import { describe, expect, it } from 'vitest';
import { check, defineSchema, DEFAULT_MAX_STRING_COST, parse } from '../../src/index.js';
import type { TypedCall, TypedExpr } from '../../src/index.js';
import { stringCost } from '../../src/types/string-cost.js';
import { functionSchema } from '../support/function-table.js';
import { thrownFilterError } from '../support/thrown.js';

const schema = defineSchema({
  name: 'People',
  properties: { Id: 'Edm.Int32', Name: 'Edm.String', Email: 'Edm.String' },
});
const costOf = (filter: string): number => stringCost(check(filter, schema, { maxStringCost: Infinity }).root).total;

describe('the string cost of a filter', () => {
  it.each([
    ["Name eq 'x'", 0],
    ["length(Name) gt 3 and indexof(Email, '@') gt 0", 0],
    ["tolower(Email) eq 'x'", 3_072],
    // A chain of case mappings triples once.
    ["toupper(tolower(Email)) eq 'X'", 3_072 + 3_072],
    ["trim(Name) eq 'x'", 1_024],
    ["substring(Name, 1, 5) eq 'x'", 5],
    ["substring(Name, 1, Id) eq 'x'", 1_024],
    ["substring(Name, 1) eq 'x'", 1_024],
    ["concat(concat(Name, ' '), Email) eq 'x'", 1_025 + 2_049],
    // 'ΐ' is one code point; 'aa' grows each 'a' by one.
    ["concat('ΐ', Name) eq 'x'", 1_025],
    ["replace(Name, 'a', 'aa') eq 'x'", 2_048],
    ["replace(Name, 'ab', 'abc') eq 'x'", 1_024 + 512],
    ["replace(Name, 'abc', 'x') eq 'x'", 1_024],
    ["replace(Name, '', 'xyz') eq 'x'", 1_024 + 1_024 * 2],
    ["replace(Name, Email, 'xyz') eq 'x'", 1_024 + 1_024 * 2],
    ["replace(Name, 'a', null) eq 'x'", 1_024],
    // A replacement from the row: the square of the row's strings, so the bound.
    ["replace(Name, 'a', Email) eq 'x'", 1_048_576],
    ["replace(Name, 'a', trim(Email)) eq 'x'", 1_024 + 1_048_576],
    // Only one of the two from the row: linear in it.
    ["replace('abc', 'a', Email) eq 'x'", 3 + 3 * 1_023],
    ["replace(substring(Name, 0, 3), 'a', Email) eq 'x'", 3 + 3 + 3 * 1_023],
    ["replace(substring(Name, 0, Id), '', concat(Email, Name)) eq 'x'", 1_024 + 2_048 + 1_048_576],
    // Each result at most the bound, however nested.
    [`replace(replace(Name, 'a', '${'a'.repeat(1000)}'), 'a', '${'a'.repeat(1000)}') eq 'x'`, 1_024_000 + 1_048_576],
    ["concat(replace(Name, 'a', Email), replace(Name, 'a', Email)) eq 'x'", 3 * 1_048_576],
  ])('%s costs %i', (filter, cost) => {
    expect(costOf(filter)).toBe(cost);
  });
});

describe('check() refuses a filter beyond maxStringCost', () => {
  it('at the call that takes the total beyond it, with the filter text for formatFilterError', () => {
    const text = "concat(tolower(Name), tolower(Email)) eq replace(Name, 'a', Email)";
    const { kind, start, end, text: errorText, issues, message } = thrownFilterError(() => check(text, schema));
    expect(kind).toBe('limit');
    expect(text.slice(start, end)).toBe("replace(Name, 'a', Email)");
    expect(errorText).toBe(text);
    expect(issues).toEqual([expect.objectContaining({ code: 'string_cost', start, end })]);
    expect(message).toBe(
      'String functions up to this replace can return 1,060,864 characters per row, beyond the limit of 1,048,576 ' +
        '(maxStringCost; each string of the row counted as 1,024 characters)',
    );
  });

  it('takes the limit as an option, for text and for a parsed tree alike', () => {
    expect(DEFAULT_MAX_STRING_COST).toBe(1_048_576);
    const text = "concat(Name, Email) eq 'x'";
    expect(() => check(text, schema, { maxStringCost: 2_048 })).not.toThrow();
    expect(() => check(text, schema, { maxStringCost: 2_047 })).toThrow(
      expect.objectContaining({ kind: 'limit', start: 0, end: 19 }),
    );
    expect(() => check(parse(text), schema, { maxStringCost: 2_047 })).toThrow(
      expect.objectContaining({ kind: 'limit', start: 0, end: 19 }),
    );
  });

  it('sums the calls of the whole filter, wherever they are', () => {
    const term = "trim(Name) eq 'x'";
    const text = Array(1_100).fill(term).join(' or ');
    // The 1,025th trim takes the sum to 1,049,600.
    expect(() => check(text, schema)).toThrow(
      expect.objectContaining({ kind: 'limit', start: 1_024 * (term.length + 4), end: 1_024 * (term.length + 4) + 10 }),
    );
    expect(() => check(text, schema, { maxStringCost: 1_100 * 1_024 })).not.toThrow();
  });
});

describe('a string function inside a lambda counts once per element', () => {
  const withCollections = defineSchema({
    name: 'Teams',
    properties: {
      Name: 'Edm.String',
      Tags: { collection: 'Edm.String' },
      Members: {
        relation: true,
        collection: { properties: { Name: 'Edm.String', Tags: { collection: 'Edm.String' } } },
      },
    },
  });
  const cost = (filter: string, maxCollectionSize?: number): number =>
    stringCost(check(filter, withCollections, { maxStringCost: Infinity }).root, Infinity, maxCollectionSize).total;

  it.each([
    // 100 elements by default, each call counted per element of every lambda around it.
    ["Tags/any(t: tolower(t) eq 'x')", 100 * 3_072],
    ["Members/any(m: trim(m/Name) eq 'x')", 100 * 1_024],
    ['Members/any(m: m/Tags/any(t: trim(t) eq m/Name))', 100 * 100 * 1_024],
    ["Members/any(m: trim(m/Name) eq 'x' and m/Tags/all(t: trim(t) eq 'y'))", 100 * 1_024 + 100 * 100 * 1_024],
    // Outside the lambda, once per row.
    ["trim(Name) eq 'x' and Tags/any(t: t eq 'x')", 1_024],
    ["Members/$count gt 1 and trim(Name) eq 'x'", 1_024],
  ])('%s costs %i', (filter, expected) => {
    expect(cost(filter)).toBe(expected);
  });

  it("counts the elements' condition of a call bound to a collection per element, its arguments once", () => {
    // A row filter on a relation puts such a condition there; check() makes none that calls a string function.
    const typed = check("Scores/Geo.CountOver(Min=length(trim(Name))) eq 1 and Name eq 'x'", functionSchema).root;
    const call =
      typed.kind === 'logical' && typed.operands[0]!.kind === 'compare' ? typed.operands[0]!.left : undefined;
    if (call?.kind !== 'functionCall' || call.binding?.kind !== 'collection')
      throw new Error('not a collection-bound call');
    const trim = (call.args[0] as TypedCall).args[0]! as TypedCall;
    expect(stringCost(call).total).toBe(1_024);
    const condition: TypedExpr = { ...trim, type: 'Edm.String' };
    const restricted = {
      ...call,
      binding: {
        ...call.binding,
        body: { kind: 'compare', op: 'eq', type: 'Edm.Boolean', left: condition, right: condition, start: 0, end: 0 },
      },
    } as TypedExpr;
    expect(stringCost(restricted).total).toBe(1_024 + 2 * 100 * 1_024);
  });

  it('takes the collection size as an option', () => {
    expect(cost("Members/any(m: m/Tags/any(t: trim(t) eq 'x'))", 3)).toBe(9 * 1_024);
    expect(cost("Members/any(m: m/Tags/any(t: trim(t) eq 'x'))", 1)).toBe(1_024);
    const text = "Members/any(m: m/Tags/any(t: tolower(t) eq 'x'))";
    expect(() => check(text, withCollections, { maxCollectionSize: 18 })).not.toThrow();
    const error = thrownFilterError(() => check(text, withCollections));
    expect(error.kind).toBe('limit');
    expect(text.slice(error.start, error.end)).toBe('tolower(t)');
    expect(error.message).toBe(
      'String functions up to this tolower can return 30,720,000 characters per row, beyond the limit of 1,048,576 ' +
        '(maxStringCost; each string of the row counted as 1,024 characters, each collection as 100 elements)',
    );
  });
});
