// What the types promise, pinned: backends take only a checked filter, dispatch tables over node
// kinds and function names are exhaustive, and FilterError's fields have their literal types.
// Checked by `npm run typecheck` and by vitest's typecheck mode; nothing here runs.

import { describe, expectTypeOf, it } from 'vitest';
import { check, type FILTER_ISSUE_CODES, FilterError, parse } from '../../src/index.js';
import { VenueRoom } from '../../src/examples/events/index.js';
import type {
  CheckIssue,
  Expr,
  ExprVisitor,
  FilterIssueCode,
  IssueCode,
  TypedFilter,
  TypedVisitor,
} from '../../src/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { compileSql, sqlite } from '../../src/backends/sql/index.js';
import type { FUNCTIONS, FunctionName } from '../../src/language/functions.js';
import type { FUNCTIONS as MONGO_FUNCTIONS } from '../../src/backends/mongo/functions.js';

describe('backends take only a checked filter', () => {
  it('refuse a parsed tree', () => {
    const tree: Expr = parse('Capacity gt 50');
    // @ts-expect-error an unchecked tree is not a TypedFilter
    compilePredicate(tree);
    // @ts-expect-error an unchecked tree is not a TypedFilter
    compileSql(tree, { dialect: sqlite });
    // @ts-expect-error an unchecked tree is not a TypedFilter
    compileMongo(tree);
  });

  it('refuse a TypedFilter made by hand, without the brand only check() gives', () => {
    const checked = check('Capacity gt 50', VenueRoom);
    const { root, schema, text } = checked;
    // @ts-expect-error a look-alike object is not a TypedFilter
    compilePredicate({ root, schema, text });
    expectTypeOf(compilePredicate).parameter(0).toEqualTypeOf<TypedFilter>();
    expectTypeOf(compileSql).parameter(0).toEqualTypeOf<TypedFilter>();
    expectTypeOf(compileMongo).parameter(0).toEqualTypeOf<TypedFilter>();
    expectTypeOf(check).returns.toEqualTypeOf<TypedFilter>();
  });
});

describe('dispatch tables are exhaustive', () => {
  it('a visitor of the syntax tree lacking a kind is an error', () => {
    const full = {} as ExprVisitor<number>;
    const { in: _in, ...withoutIn } = full;
    // @ts-expect-error the `in` kind has no handler
    const partial: ExprVisitor<number> = withoutIn;
    expectTypeOf(partial).toEqualTypeOf<ExprVisitor<number>>();
  });

  it('a visitor of the typed tree lacking a kind is an error', () => {
    const full = {} as TypedVisitor<number>;
    const { structureNull: _structureNull, ...withoutStructureNull } = full;
    // @ts-expect-error the `structureNull` kind has no handler
    const partial: TypedVisitor<number> = withoutStructureNull;
    expectTypeOf(partial).toEqualTypeOf<TypedVisitor<number>>();
  });

  it('a table keyed by FunctionName lacking a function is an error', () => {
    const full = {} as Record<FunctionName, string>;
    const { concat: _concat, ...withoutConcat } = full;
    // @ts-expect-error `concat` has no entry
    const partial: Record<FunctionName, string> = withoutConcat;
    expectTypeOf(partial).toEqualTypeOf<Record<FunctionName, string>>();
  });

  it("the MongoDB backend's function table has a renderer (or says unsupported) for every FunctionName", () => {
    expectTypeOf<keyof typeof MONGO_FUNCTIONS>().toEqualTypeOf<FunctionName>();
  });

  it('FunctionName is the names of the signature table, not any string', () => {
    expectTypeOf<FunctionName>().toEqualTypeOf<(typeof FUNCTIONS)[number]['name']>();
    expectTypeOf<'concat'>().toExtend<FunctionName>();
    expectTypeOf<string>().not.toExtend<FunctionName>();
    // @ts-expect-error not a function of the language
    const unknown: FunctionName = 'frobnicate';
    expectTypeOf(unknown).toEqualTypeOf<FunctionName>();
  });
});

describe('FilterError fields have their literal types', () => {
  it('kind, code, construct and target', () => {
    expectTypeOf<FilterError['kind']>().toEqualTypeOf<'syntax' | 'type' | 'limit' | 'unsupported'>();
    expectTypeOf<FilterError['code']>().toEqualTypeOf<'BadRequest'>();
    expectTypeOf<FilterError['construct']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<FilterError['target']>().toEqualTypeOf<string | undefined>();
  });

  it('issue codes are unions of their tables', () => {
    expectTypeOf<FilterIssueCode>().toEqualTypeOf<keyof typeof FILTER_ISSUE_CODES>();
    expectTypeOf<'unexpected_token'>().toExtend<FilterIssueCode>();
    expectTypeOf<string>().not.toExtend<FilterIssueCode>();
    expectTypeOf<(typeof FILTER_ISSUE_CODES)['too_long']['kind']>().toEqualTypeOf<'limit'>();
    expectTypeOf<CheckIssue['code']>().toEqualTypeOf<IssueCode>();
    // @ts-expect-error not an issue code
    const error = new FilterError({ kind: 'syntax', issueCode: 'unexpected', message: 'x', start: 0, end: 0 });
    expectTypeOf(error.kind).toEqualTypeOf<FilterError['kind']>();
  });
});
