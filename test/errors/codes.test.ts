// Every syntax, limit and unsupported issue has a stable code from FILTER_ISSUE_CODES, of the
// error's kind; an unsupported error names its construct in a field. The table of docs/errors.md is
// held to the code table.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { check, FILTER_ISSUE_CODES, parse, print } from '../../src/index.js';
import { Event, VenueRoom, SERVICE_INTERFACE_A } from '../../src/examples/events/index.js';
import type { Expr, FilterIssueCode } from '../../src/index.js';
import { INVALID } from '../parse/invalid-cases.js';
import { thrownFilterError } from '../support/thrown.js';
import { parseQuery } from '../../src/query/index.js';
import type { QueryResource } from '../../src/query/index.js';
import { filter } from '../../src/client/index.js';

const QUERY: QueryResource = { schema: VenueRoom, key: ['VenueRoomID'], policy: SERVICE_INTERFACE_A };

/** One filter per code (and, for an unsupported one, its construct), in the table's order. */
const BY_CODE: readonly [code: FilterIssueCode, run: () => unknown, construct?: string][] = [
  ['not_a_string', () => parse(42 as unknown as string)],
  ['unexpected_token', () => parse('a eq eq 1')],
  ['unexpected_end', () => parse('Status eq')],
  ['unterminated_string', () => parse("Name eq 'abc")],
  ['unpaired_surrogate', () => parse("Name eq 'a\uD83D'")],
  ['invalid_json_string', () => parse('x in ["\\q"]')],
  ['invalid_number', () => parse('x eq 1.5L')],
  ['number_out_of_range', () => parse('x eq 1e400')],
  ['invalid_datetime', () => parse('x eq 2012-13-01T00:00Z')],
  ['invalid_date', () => parse('x eq 2023-02-29')],
  ['invalid_time_of_day', () => parse('x eq 24:00')],
  ['invalid_duration', () => parse("x eq duration'P1Y'")],
  ['invalid_guid', () => parse("x eq guid'nope'")],
  ['invalid_binary', () => parse("x eq binary'Zh'")],
  ['unknown_literal_prefix', () => parse("x eq foo'bar'")],
  ['invalid_alias_value', () => check('Capacity gt @p', VenueRoom, { aliases: { p: 'Capacity' } })],
  ['unknown_function', () => parse("frobnicate(Name) eq 'a'")],
  ['expected_type_name', () => parse('cast(Name, 5) eq 1')],
  ['wrong_arity', () => parse('startswith(Name) eq true')],
  ['malformed_tree', () => print({ kind: 'number', type: 'Edm.Int32', raw: '1 or true', value: 1, start: 0, end: 9 })],
  ['repeated_option', () => parseQuery('top=1&top=2', QUERY)],
  ['unknown_option', () => parseQuery('bogus=1', QUERY)],
  ['invalid_option_value', () => parseQuery('top=x', QUERY)],
  [
    'not_selectable',
    () =>
      parseQuery('$select=TimeZone/Name', {
        schema: Event,
        key: ['EventID'],
        policy: { spelling: 'odata', defaultTop: 1, maxTop: 1 },
      }),
  ],
  [
    'not_sortable',
    () =>
      parseQuery('$orderby=Code', {
        schema: Event,
        key: ['EventID'],
        policy: { spelling: 'odata', defaultTop: 1, maxTop: 1 },
        rules: { Code: { sort: false } },
      }),
  ],
  [
    'function_not_allowed',
    () =>
      parseQuery("$filter=contains(Code, 'a')", {
        schema: Event,
        key: ['EventID'],
        policy: { spelling: 'odata', defaultTop: 1, maxTop: 1, functions: [] },
      }),
  ],
  [
    'operator_not_allowed',
    () =>
      parseQuery("$filter=not (Code eq 'a')", {
        schema: Event,
        key: ['EventID'],
        policy: { spelling: 'odata', defaultTop: 1, maxTop: 1, operators: ['eq'] },
      }),
  ],
  [
    'not_expandable',
    () => parseQuery('expand=Event/Code', { schema: Event, key: ['EventID'], policy: SERVICE_INTERFACE_A }),
  ],
  ['value_does_not_fit', () => filter(VenueRoom)`Capacity gt ${'50'}`],
  ['not_in_version', () => check("contains(Name, 'a')", VenueRoom, { version: '3.0' })],
  ['top_beyond_maximum', () => parseQuery('top=251', QUERY)],
  ['skip_beyond_maximum', () => parseQuery('skip=11', { ...QUERY, policy: { ...SERVICE_INTERFACE_A, maxSkip: 10 } })],
  [
    'too_many_order_keys',
    () =>
      parseQuery('$orderby=Capacity,VenueRoomID', {
        ...QUERY,
        policy: { spelling: 'odata', defaultTop: 1, maxTop: 1, maxOrderKeys: 1 },
      }),
  ],
  [
    'too_deep_expand',
    () =>
      parseQuery('expand=Event/TimeZone', {
        schema: Event,
        key: ['EventID'],
        policy: { ...SERVICE_INTERFACE_A, maxExpandDepth: 0 },
      }),
  ],
  ['too_long', () => parse('a eq 1', { maxLength: 3 })],
  ['too_deep', () => parse('((a eq 1))', { maxDepth: 1 })],
  ['too_many_nodes', () => parse('a eq 1 and b eq 2', { maxNodes: 3 })],
  ['too_deep_lambda', () => parse('A/any(a: a/B/any(b: b eq 1))', { maxLambdaDepth: 1 })],
  ['string_cost', () => check('length(concat(Name, concat(Name, Name))) gt 1', VenueRoom, { maxStringCost: 10 })],
  ['runtime_exhausted', () => print(beyondLongestString())],
  ['unsupported', () => parse('Tags/fn(t)'), 'bound_function'],
];

/** A tree built by hand whose text, 600 strings of a megabyte each, is beyond the longest string. */
function beyondLongestString(): Expr {
  const megabyte: Expr = { kind: 'string', value: 'y'.repeat(1 << 20), start: 0, end: 0 };
  return { kind: 'logical', op: 'or', operands: Array.from({ length: 600 }, () => megabyte), start: 0, end: 1 };
}

/** Constructs outside the language, each named in the error's `construct`. */
const CONSTRUCTS: readonly [filter: string, construct: string][] = [
  ["isof('Edm.String')", 'instance_type_test'],
  ['cast(NS.Type) eq null', 'instance_type_test'],
  ['cast(x, Edm.Stream) eq 1', 'cast_type'],
  ['Tags/All(t: t)', 'bound_function'],
  ['Tags/Fn(1)', 'bound_function'],
  ['geo.distance(a, b) lt 1', 'geo.distance'],
  ['Edm.String eq 1', 'qualified_name'],
  ['x in (@p)', 'parameter_alias_item'],
  ['$this/Name eq 1', 'implicit_variable'],
  ['$root/People eq 1', 'service_root'],
  ["x eq duration'PT0.0000000000001S'", 'sub_picosecond_precision'],
  ["matchesPattern(Name, '^A')", 'matchespattern'],
  ['geo.intersects(Location, Area)', 'geo.intersects'],
  ["x eq geography'POINT(1 2)'", 'geography_literal'],
  ["x eq geometry'POINT(1 2)'", 'geometry_literal'],
  ['x eq 2012-12-03T07:16:23.1234567890123Z', 'sub_picosecond_precision'],
  ['x in [[1]]', 'nested_json_array'],
  ['x eq {"a":x}', 'json_object_member'],
  ["x in ['a']", 'json_array_item'],
  ["Tags/$count($filter=$it eq 'a') gt 1", 'count_options'],
  ['Tags eq ["a"]', 'collection_literal'],
  ['Sessions(1)/Capacity gt 2', 'key_predicate'],
];

describe('issue codes', () => {
  it('docs/errors.md lists every code with its kind and description', () => {
    const doc = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
    const start = doc.indexOf('| issue code | kind | when |');
    expect(start).toBeGreaterThan(-1);
    const rows = doc.slice(start).split('\n').slice(2);
    const table = rows.slice(
      0,
      rows.findIndex((line) => !line.startsWith('|')),
    );
    expect(table).toEqual(
      Object.entries(FILTER_ISSUE_CODES).map(([code, { kind, when }]) => `| \`${code}\` | ${kind} | ${when} |`),
    );
  });

  it('every code has a filter that raises it, except a backend limit of its own', () => {
    expect(BY_CODE.map(([code]) => code)).toEqual(Object.keys(FILTER_ISSUE_CODES).filter((code) => code !== 'limit'));
  });

  it.each(BY_CODE)('%s', (code, run, construct) => {
    const error = thrownFilterError(run);
    expect(error.issues.map((issue) => issue.code)).toEqual([code]);
    expect(error.kind).toBe(FILTER_ISSUE_CODES[code].kind);
    expect(error.construct).toBe(construct);
    expect(error.target).toBeUndefined();
  });

  it.each(CONSTRUCTS)('%s is unsupported, construct %s', (filter, construct) => {
    const error = thrownFilterError(() => parse(filter));
    expect({ kind: error.kind, code: error.issues[0]?.code, construct: error.construct }).toEqual({
      kind: 'unsupported',
      code: 'unsupported',
      construct,
    });
    expect(error.toJSON()).toMatchObject({ construct });
  });

  it.each(INVALID.map(([input]) => input))('%j has one issue whose code is of its kind', (input) => {
    const error = thrownFilterError(() => parse(input));
    expect(error.issues).toHaveLength(1);
    const code = error.issues[0]!.code as FilterIssueCode;
    expect(FILTER_ISSUE_CODES[code]?.kind).toBe(error.kind);
    expect(error.construct === undefined).toBe(error.kind !== 'unsupported');
  });
});
