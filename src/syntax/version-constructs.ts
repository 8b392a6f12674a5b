// The constructs of the language that came after OData 2.0, each with the version that brought
// it: the one table that check() refuses by (a construct later than its `version`) and that
// print() writes another way or refuses by (docs/semantics.md, "Versions"). Functions carry their
// version in the function table (src/types/functions.ts, `since`).

import { unsupported } from '../errors.js';
import type { FilterError } from '../errors.js';
import type { ODataVersion } from './versions.js';

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
  json_array: { since: '4.01', what: 'A JSON array' },
  string_as_value: { since: '4.01', what: 'A string read as a value of another type' },
} as const satisfies Record<string, VersionedConstruct>;

export type VersionedConstructName = keyof typeof VERSIONED_CONSTRUCTS;

/**
 * print()'s refusal of a construct the target version cannot express (`since`: the version that
 * brought it; undefined for a value beyond what the version's literal form holds): an 'unsupported'
 * FilterError whose `construct` names it and whose `target` is the version.
 */
export function notInVersion(construct: string, what: string, since: ODataVersion | undefined, version: ODataVersion, span: { readonly start: number; readonly end: number }): FilterError {
  const message = `${what}${since === undefined ? '' : ` came with OData ${since} and`} cannot be written for OData ${version} at position ${span.start}`;
  return unsupported({ construct, target: version, message, start: span.start, end: span.end });
}

/** notInVersion() for a construct of the table. */
export function refuseConstruct(construct: VersionedConstructName, version: ODataVersion, span: { readonly start: number; readonly end: number }): FilterError {
  const { since, what } = VERSIONED_CONSTRUCTS[construct];
  return notInVersion(construct, what, since, version, span);
}
