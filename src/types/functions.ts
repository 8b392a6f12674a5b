// The signature table: the one list of canonical functions. The parser takes names and arities
// from it, the checker takes overloads, and the docs and backend coverage tests are held to it.

import type { EdmType } from './edm.js';
import type { ODataVersion } from '../syntax/versions.js';

export interface Overload {
  readonly params: readonly EdmType[];
  readonly returns: EdmType;
}

export interface FunctionSignature<N extends string = string> {
  /** Lower-case canonical name; source spelling is case-insensitive. */
  readonly name: N;
  readonly overloads: readonly Overload[];
  readonly summary: string;
  readonly example: string;
  /**
   * The OData version that brought the function, when later than 2.0: check() with an earlier
   * `version` refuses a call of it, and print() for one writes it otherwise or refuses it
   * (docs/semantics.md, "Versions").
   */
  readonly since?: ODataVersion;
}

// Literal types, so that the table's type says each overload's exact parameters (the typed
// builder derives its function methods from it).
const S = 'Edm.String' satisfies EdmType;
const B = 'Edm.Boolean' satisfies EdmType;
const I = 'Edm.Int32' satisfies EdmType;

/** `year`…`second`: a part of an instant (read in UTC), or of a Date or a TimeOfDay (`part`). */
function datePart<N extends string, P extends 'Edm.Date' | 'Edm.TimeOfDay'>(name: N, part: P, summary: string) {
  return {
    name,
    overloads: [
      { params: ['Edm.DateTimeOffset'], returns: I },
      { params: ['Edm.DateTime'], returns: I },
      { params: [part], returns: I },
    ] as const,
    summary,
    example: `${name}(StartDateTime) eq 3`,
  } satisfies FunctionSignature<N>;
}

/** `now()`, `mindatetime()`, `maxdatetime()`: an instant that depends on no row. */
function instantConstant<N extends string>(name: N, summary: string, example: string) {
  return { name, overloads: [{ params: [], returns: 'Edm.DateTimeOffset' }] as const, summary, example, since: '4.0' } satisfies FunctionSignature<N>;
}

function rounding<N extends string>(name: N, summary: string) {
  return {
    name,
    overloads: [
      { params: ['Edm.Decimal'], returns: 'Edm.Decimal' },
      { params: ['Edm.Double'], returns: 'Edm.Double' },
    ] as const,
    summary,
    example: `${name}(Price) eq 3`,
  } satisfies FunctionSignature<N>;
}

export const FUNCTIONS = [
  {
    name: 'substringof',
    overloads: [{ params: [S, S], returns: B }],
    summary: 'true when the first argument occurs in the second (OData v2 argument order)',
    example: "substringof('ann', Email)",
  },
  {
    name: 'contains',
    overloads: [{ params: [S, S], returns: B }],
    summary: 'true when the second argument occurs in the first (OData v4)',
    example: "contains(Email, 'ann')",
    since: '4.0',
  },
  {
    name: 'startswith',
    overloads: [{ params: [S, S], returns: B }],
    summary: 'true when the first argument starts with the second',
    example: "startswith(Code, 'EV')",
  },
  {
    name: 'endswith',
    overloads: [{ params: [S, S], returns: B }],
    summary: 'true when the first argument ends with the second',
    example: "endswith(Email, '.org')",
  },
  {
    name: 'length',
    overloads: [{ params: [S], returns: I }],
    summary: 'number of Unicode code points',
    example: 'length(Code) eq 6',
  },
  {
    name: 'indexof',
    overloads: [{ params: [S, S], returns: I }],
    summary: '0-based code-point position of the second argument in the first, or -1',
    example: "indexof(Email, '@') gt 0",
  },
  {
    name: 'replace',
    overloads: [{ params: [S, S, S], returns: S }],
    summary: 'the first argument with every occurrence of the second replaced by the third',
    example: "replace(Code, '-', '') eq 'EV01'",
  },
  {
    name: 'substring',
    overloads: [
      { params: [S, I], returns: S },
      { params: [S, I, I], returns: S },
    ],
    summary: 'code points from a 0-based position, optionally limited to a length',
    example: "substring(Code, 0, 2) eq 'EV'",
  },
  {
    name: 'tolower',
    overloads: [{ params: [S], returns: S }],
    summary: 'lower case (Unicode, independent of locale)',
    example: "tolower(Status) eq 'active'",
  },
  {
    name: 'toupper',
    overloads: [{ params: [S], returns: S }],
    summary: 'upper case (Unicode, independent of locale)',
    example: "toupper(Status) eq 'ACTIVE'",
  },
  {
    name: 'trim',
    overloads: [{ params: [S], returns: S }],
    summary: 'without leading and trailing spaces',
    example: "trim(Code) eq 'EV01'",
  },
  {
    name: 'concat',
    overloads: [{ params: [S, S], returns: S }],
    summary: 'the two strings joined',
    example: "concat(Code, '-x') eq 'EV01-x'",
  },
  datePart('year', 'Edm.Date', 'year of the instant (in UTC) or date'),
  datePart('month', 'Edm.Date', 'month (1–12) of the instant (in UTC) or date'),
  datePart('day', 'Edm.Date', 'day of the month (1–31) of the instant (in UTC) or date'),
  datePart('hour', 'Edm.TimeOfDay', 'hour (0–23) of the instant (in UTC) or time of day'),
  datePart('minute', 'Edm.TimeOfDay', 'minute (0–59) of the instant (in UTC) or time of day'),
  datePart('second', 'Edm.TimeOfDay', 'whole seconds (0–59) of the instant (in UTC) or time of day'),
  {
    name: 'fractionalseconds',
    overloads: [
      { params: ['Edm.DateTimeOffset'], returns: 'Edm.Decimal' },
      { params: ['Edm.DateTime'], returns: 'Edm.Decimal' },
      { params: ['Edm.TimeOfDay'], returns: 'Edm.Decimal' },
    ],
    summary: 'the milliseconds of the instant (in UTC) or time of day, as a fraction of a second',
    example: 'fractionalseconds(StartDateTime) lt 0.5',
    since: '4.0',
  },
  {
    name: 'date',
    overloads: [
      { params: ['Edm.DateTimeOffset'], returns: 'Edm.Date' },
      { params: ['Edm.DateTime'], returns: 'Edm.Date' },
    ],
    summary: 'the date of the instant, in UTC',
    example: 'date(StartDateTime) eq 2012-12-03',
    since: '4.0',
  },
  {
    name: 'time',
    overloads: [
      { params: ['Edm.DateTimeOffset'], returns: 'Edm.TimeOfDay' },
      { params: ['Edm.DateTime'], returns: 'Edm.TimeOfDay' },
    ],
    summary: 'the time of day of the instant, in UTC',
    example: 'time(StartDateTime) lt 12:00',
    since: '4.0',
  },
  {
    name: 'totaloffsetminutes',
    overloads: [
      { params: ['Edm.DateTimeOffset'], returns: I },
      { params: ['Edm.DateTime'], returns: I },
    ],
    summary: 'the offset of the instant from UTC in minutes: 0, as stored instants are read in UTC',
    example: 'totaloffsetminutes(StartDateTime) eq 0',
    since: '4.0',
  },
  {
    name: 'totalseconds',
    overloads: [{ params: ['Edm.Duration'], returns: 'Edm.Decimal' }],
    summary: 'the length of the duration in seconds',
    example: 'totalseconds(FinishDateTime sub StartDateTime) gt 3600',
    since: '4.0',
  },
  instantConstant('now', 'the instant the filter was compiled (one per compiled filter)', 'StartDateTime ge now() sub duration\'P7D\''),
  instantConstant('mindatetime', 'the earliest instant, 0001-01-01T00:00:00Z', 'StartDateTime gt mindatetime()'),
  instantConstant('maxdatetime', 'the latest instant, 9999-12-31T23:59:59.999Z', 'FinishDateTime lt maxdatetime()'),
  rounding('round', 'nearest integral value, halves away from zero'),
  rounding('floor', 'largest integral value not greater than the argument'),
  rounding('ceiling', 'smallest integral value not less than the argument'),
  {
    name: 'datetime',
    overloads: [
      { params: ['Edm.DateTime'], returns: 'Edm.DateTime' },
      { params: ['Edm.DateTimeOffset'], returns: 'Edm.DateTime' },
    ],
    summary: 'the same instant as an Edm.DateTime',
    example: 'day(datetime(CreatedDateTime)) eq 1',
  },
  {
    name: 'datetimeoffset',
    overloads: [
      { params: ['Edm.DateTimeOffset'], returns: 'Edm.DateTimeOffset' },
      { params: ['Edm.DateTime'], returns: 'Edm.DateTimeOffset' },
    ],
    summary: 'the same instant as an Edm.DateTimeOffset',
    example: 'datetimeoffset(CreatedDateTime) gt 2012-01-01T00:00:00Z',
  },
] as const satisfies readonly FunctionSignature[];

/**
 * The canonical function names, derived from the table: the typed tree's calls carry one, and
 * every backend's function table is keyed by this union, so a function without a renderer is a
 * compile error.
 */
export type FunctionName = (typeof FUNCTIONS)[number]['name'];


const BY_NAME: ReadonlyMap<string, FunctionSignature<FunctionName>> = new Map(FUNCTIONS.map((f) => [f.name, f]));

export function lookupFunction(name: string): FunctionSignature<FunctionName> | undefined {
  return BY_NAME.get(name.toLowerCase());
}

/** Smallest and largest argument counts over a function's overloads. */
export function arityOf(signature: FunctionSignature): { readonly min: number; readonly max: number } {
  const counts = signature.overloads.map((o) => o.params.length);
  return { min: Math.min(...counts), max: Math.max(...counts) };
}

/**
 * Functions of the OData URL conventions that this package does not implement; naming one is an
 * `'unsupported'` error rather than an unknown-function error.
 */
export const UNSUPPORTED_FUNCTIONS: ReadonlySet<string> = new Set([
  'matchespattern',
  'hassubset',
  'hassubsequence',
  'case',
]);
