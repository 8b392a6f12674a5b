// The constructs of the language that came after OData 2.0, each with the version that brought
// it: the one table that check() refuses by (a construct later than its `version`) and that
// print() writes another way or refuses by (docs/semantics.md, "Versions"). Functions carry their
// version in the function table (src/language/functions.ts, `since`).

import { unsupported, type FilterError } from '../errors.js';
import type { ODataVersion } from '../language/versions.js';
import type { Expr } from './ast.js';
import { assertNever } from '../assert-never.js';
import { lookupFunction } from '../language/functions.js';

export interface VersionedConstruct {
  readonly since: ODataVersion;
  /** The construct as a message names it. */
  readonly what: string;
}

export const VERSIONED_CONSTRUCTS = {
  any: { since: '3.0', what: "The lambda operator 'any'" },
  all: { since: '3.0', what: "The lambda operator 'all'" },
  $count: { since: '4.0', what: "The '$count' of a collection" },
  $it: { since: '4.0', what: "The implicit variable '$it'" },
  type_cast: { since: '4.0', what: 'A type-cast segment' },
  function_call: { since: '4.0', what: "A call of a model's function" },
  has: { since: '4.0', what: "The 'has' operator" },
  parameter_alias: { since: '4.0', what: 'A parameter alias' },
  enum_literal: { since: '4.0', what: 'An enumeration literal' },
  date_literal: { since: '4.0', what: 'An Edm.Date literal' },
  duration_literal: { since: '4.0', what: 'An Edm.Duration literal' },
  time_of_day_literal: { since: '4.0', what: "A time of day written bare (v2/v3 write time'PT…')" },
  datetimeoffset_literal: { since: '4.0', what: "A date-time written bare (v2/v3 write datetimeoffset'…')" },
  guid_literal: { since: '4.0', what: "A guid written bare (v2/v3 write guid'…')" },
  int64_literal: { since: '4.0', what: 'An Edm.Int64 literal without its L suffix' },
  decimal_literal: { since: '4.0', what: 'An Edm.Decimal literal without its M suffix (v2/v3 read 2.5 as a Double)' },
  unquoted_type_name: { since: '4.0', what: "A type name without quotes (v2/v3 write 'Edm.Int32')" },
  type_function_target: { since: '4.0', what: 'A cast or type test to Edm.Date, Edm.TimeOfDay or Edm.Duration' },
  date_time_arithmetic: { since: '4.0', what: 'Date-time arithmetic' },
  in: { since: '4.01', what: "The 'in' operator" },
  divby: { since: '4.01', what: "The 'divby' operator" },
  in_alias: { since: '4.01', what: "The 'in' operator" },
  in_collection: { since: '4.01', what: "The 'in' operator" },
  json_array: {
    since: '4.01',
    what: "The 'in' operator with a JSON array holding a string read as a guid or a date-time",
  },
  string_as_value: { since: '4.01', what: 'A string read as a value of another type' },
  structure_literal: { since: '4.01', what: "A structure's value (a JSON object)" },
  collection_literal: { since: '4.01', what: "A collection's value (a JSON array)" },
} as const satisfies Record<string, VersionedConstruct>;

export type VersionedConstructName = keyof typeof VERSIONED_CONSTRUCTS;

/**
 * print()'s refusal of a construct the target version cannot express (`since`: the version that
 * brought it; undefined for a value beyond what the version's literal form holds): an 'unsupported'
 * FilterError whose `construct` names it and whose `target` is the version.
 */
export function notInVersion(
  construct: string,
  what: string,
  since: ODataVersion | undefined,
  version: ODataVersion,
  span: { readonly start: number; readonly end: number },
): FilterError {
  const message = `${what}${since === undefined ? '' : ` came with OData ${since} and`} cannot be written for OData ${version} at position ${span.start}`;
  return unsupported({ construct, target: version, message, start: span.start, end: span.end });
}

/** notInVersion() for a construct of the table. */
export function refuseConstruct(
  construct: VersionedConstructName,
  version: ODataVersion,
  span: { readonly start: number; readonly end: number },
): FilterError {
  const { since, what } = VERSIONED_CONSTRUCTS[construct];
  return notInVersion(construct, what, since, version, span);
}

/** A construct of a node: its stable name, the version that brought it, and how a message names it. */
export interface FoundConstruct extends VersionedConstruct {
  readonly name: string;
}

/** A construct of the table, found. */
export const named = (name: VersionedConstructName): FoundConstruct => ({ name, ...VERSIONED_CONSTRUCTS[name] });

/** The types that came with 4.0, which a cast or type test of v2/v3 cannot name. */
export const TYPES_OF_4_0: ReadonlySet<string> = new Set(['Edm.Date', 'Edm.TimeOfDay', 'Edm.Duration']);

/** A literal written without the v2/v3 prefix: its raw text has no quote. */
const bare = (raw: string): boolean => !raw.includes("'");

/**
 * The construct a syntax node is that came after OData 2.0, or undefined when every version has
 * it (its children are constructs of their own). A function's name is the construct of its call.
 */
export function constructOf(node: Expr): FoundConstruct | undefined {
  switch (node.kind) {
    case 'null':
    case 'boolean':
    case 'string':
    // A binary literal is in every version; its text is read by the version (docs/semantics.md §6).
    case 'binary':
    case 'not':
    case 'negate':
    case 'compare':
    case 'logical':
      return undefined;
    case 'arithmetic':
      return node.op === 'divby' ? named('divby') : undefined;
    case 'number': {
      const suffix = node.raw[node.raw.length - 1]!.toLowerCase();
      if (node.type === 'Edm.Int64' && suffix !== 'l') return named('int64_literal');
      if (node.type === 'Edm.Decimal' && suffix !== 'm') return named('decimal_literal');
      return undefined;
    }
    case 'datetime':
      return bare(node.raw) ? named('datetimeoffset_literal') : undefined;
    case 'guid':
      return bare(node.raw) ? named('guid_literal') : undefined;
    case 'timeOfDay':
      return bare(node.raw) ? named('time_of_day_literal') : undefined;
    case 'date':
      return named('date_literal');
    case 'duration':
      return named('duration_literal');
    case 'enum':
      return named('enum_literal');
    case 'member':
      if (node.segments[0]?.name === '$it' && node.call === undefined) return named('$it');
      return node.segments.some((s) => s.name.includes('.')) ? named('type_cast') : undefined;
    case 'alias':
      return named('parameter_alias');
    case 'call': {
      const since = lookupFunction(node.name)?.since;
      return since === undefined ? undefined : { name: node.name, since, what: `The function '${node.name}'` };
    }
    case 'functionCall':
      return named('function_call');
    case 'typeFunction':
      if (TYPES_OF_4_0.has(node.target.name)) return named('type_function_target');
      return node.target.quoted ? undefined : named('unquoted_type_name');
    case 'has':
      return named('has');
    case 'lambda':
      return named(node.op);
    case 'count':
      return named('$count');
    // A JSON string spelling a guid or a date-time is read by its operand's type, which no other list says.
    case 'in':
      return named(node.list.some((item) => item.kind === 'string' && item.json === true) ? 'json_array' : 'in');
    case 'inAlias':
      return named('in_alias');
    case 'inCollection':
      return named('in_collection');
    case 'structure':
      return named('structure_literal');
    case 'collection':
      return named('collection_literal');
    default:
      return assertNever(node);
  }
}
