// The signature table: the one list of canonical functions, with the facts every stage reads of
// them (which are predicates, which return strings, which are length-bounded). The parser takes
// names and arities from it, the checker takes overloads, the backends their dispatch keys, and
// the docs and backend coverage tests are held to it.
// What a person reads of each (a summary, an example) is the editor kit's, in
// src/client/editor/function-docs.ts: a client that only checks filters carries none of it.

import type { EdmType } from './edm.js';
import type { ODataVersion } from './versions.js';

/** The longest string `replace` and `concat` return, in Unicode code points (docs/semantics.md, section 3). */
export const MAX_STRING_LENGTH = 1_048_576;

export interface Overload {
  readonly params: readonly EdmType[];
  readonly returns: EdmType;
}

export interface FunctionSignature<N extends string = string> {
  /** Lower-case canonical name; source spelling is case-insensitive. */
  readonly name: N;
  readonly overloads: readonly Overload[];
  /**
   * The OData version that brought the function, when later than 2.0: check() with an earlier
   * `version` refuses a call of it, and print() for one writes it otherwise or refuses it
   * (docs/semantics.md, "Versions").
   */
  readonly since?: ODataVersion;
  /**
   * Whether the function builds a string that can grow without end beyond its arguments (nested
   * `replace`s geometrically): its result is null beyond {@link MAX_STRING_LENGTH}, so it may be
   * null even when no argument is.
   */
  readonly bounded?: true;
}

// Literal types, so that the table's type says each overload's exact parameters (the typed
// builder derives its function methods from it).
const S = 'Edm.String' satisfies EdmType;
const B = 'Edm.Boolean' satisfies EdmType;
const I = 'Edm.Int32' satisfies EdmType;

/** `year`…`second`: a part of an instant (read in UTC), or of a Date or a TimeOfDay (`part`). */
function datePart<N extends string, P extends 'Edm.Date' | 'Edm.TimeOfDay'>(name: N, part: P) {
  return {
    name,
    overloads: [
      { params: ['Edm.DateTimeOffset'], returns: I },
      { params: ['Edm.DateTime'], returns: I },
      { params: [part], returns: I },
    ] as const,
  } satisfies FunctionSignature<N>;
}

/** `now()`, `mindatetime()`, `maxdatetime()`: an instant that depends on no row. */
function instantConstant<N extends string>(name: N) {
  return {
    name,
    overloads: [{ params: [], returns: 'Edm.DateTimeOffset' }] as const,
    since: '4.0',
  } satisfies FunctionSignature<N>;
}

function rounding<N extends string>(name: N) {
  return {
    name,
    overloads: [
      { params: ['Edm.Decimal'], returns: 'Edm.Decimal' },
      { params: ['Edm.Double'], returns: 'Edm.Double' },
    ] as const,
  } satisfies FunctionSignature<N>;
}

export const FUNCTIONS = [
  {
    name: 'substringof',
    overloads: [{ params: [S, S], returns: B }],
  },
  {
    name: 'contains',
    overloads: [{ params: [S, S], returns: B }],
    since: '4.0',
  },
  {
    name: 'startswith',
    overloads: [{ params: [S, S], returns: B }],
  },
  {
    name: 'endswith',
    overloads: [{ params: [S, S], returns: B }],
  },
  {
    name: 'length',
    overloads: [{ params: [S], returns: I }],
  },
  {
    name: 'indexof',
    overloads: [{ params: [S, S], returns: I }],
  },
  {
    name: 'replace',
    overloads: [{ params: [S, S, S], returns: S }],
    bounded: true,
  },
  {
    name: 'substring',
    overloads: [
      { params: [S, I], returns: S },
      { params: [S, I, I], returns: S },
    ],
  },
  {
    name: 'tolower',
    overloads: [{ params: [S], returns: S }],
  },
  {
    name: 'toupper',
    overloads: [{ params: [S], returns: S }],
  },
  {
    name: 'trim',
    overloads: [{ params: [S], returns: S }],
  },
  {
    name: 'concat',
    overloads: [{ params: [S, S], returns: S }],
    bounded: true,
  },
  datePart('year', 'Edm.Date'),
  datePart('month', 'Edm.Date'),
  datePart('day', 'Edm.Date'),
  datePart('hour', 'Edm.TimeOfDay'),
  datePart('minute', 'Edm.TimeOfDay'),
  datePart('second', 'Edm.TimeOfDay'),
  {
    name: 'fractionalseconds',
    overloads: [
      { params: ['Edm.DateTimeOffset'], returns: 'Edm.Decimal' },
      { params: ['Edm.DateTime'], returns: 'Edm.Decimal' },
      { params: ['Edm.TimeOfDay'], returns: 'Edm.Decimal' },
    ],
    since: '4.0',
  },
  {
    name: 'date',
    overloads: [
      { params: ['Edm.DateTimeOffset'], returns: 'Edm.Date' },
      { params: ['Edm.DateTime'], returns: 'Edm.Date' },
    ],
    since: '4.0',
  },
  {
    name: 'time',
    overloads: [
      { params: ['Edm.DateTimeOffset'], returns: 'Edm.TimeOfDay' },
      { params: ['Edm.DateTime'], returns: 'Edm.TimeOfDay' },
    ],
    since: '4.0',
  },
  {
    name: 'totaloffsetminutes',
    overloads: [
      { params: ['Edm.DateTimeOffset'], returns: I },
      { params: ['Edm.DateTime'], returns: I },
    ],
    since: '4.0',
  },
  {
    name: 'totalseconds',
    overloads: [{ params: ['Edm.Duration'], returns: 'Edm.Decimal' }],
    since: '4.0',
  },
  instantConstant('now'),
  instantConstant('mindatetime'),
  instantConstant('maxdatetime'),
  rounding('round'),
  rounding('floor'),
  rounding('ceiling'),
  {
    name: 'datetime',
    overloads: [
      { params: ['Edm.DateTime'], returns: 'Edm.DateTime' },
      { params: ['Edm.DateTimeOffset'], returns: 'Edm.DateTime' },
    ],
  },
  {
    name: 'datetimeoffset',
    overloads: [
      { params: ['Edm.DateTimeOffset'], returns: 'Edm.DateTimeOffset' },
      { params: ['Edm.DateTime'], returns: 'Edm.DateTimeOffset' },
    ],
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

type Signature = (typeof FUNCTIONS)[number];

/** The functions whose every overload returns a Boolean: predicates over strings (`contains`, …). */
export type PredicateFunction = Extract<
  Signature,
  { readonly overloads: readonly { readonly returns: 'Edm.Boolean' }[] }
>['name'];

/** The functions whose every overload returns a string (`concat`, `tolower`, …). */
export type StringFunction = Extract<
  Signature,
  { readonly overloads: readonly { readonly returns: 'Edm.String' }[] }
>['name'];

const named = (test: (f: FunctionSignature) => boolean): ReadonlySet<string> =>
  new Set(FUNCTIONS.filter(test).map((f) => f.name));
const everyReturns = (type: EdmType): ReadonlySet<string> => named((f) => f.overloads.every((o) => o.returns === type));
// Made by calls marked pure, so that a bundle that asks none of these leaves them out.
const PREDICATES = /* @__PURE__ */ everyReturns('Edm.Boolean');
const STRING_RESULTS = /* @__PURE__ */ everyReturns('Edm.String');
const BOUNDED = /* @__PURE__ */ named((f) => f.bounded === true);

export const isPredicateFunction = (name: string): name is PredicateFunction => PREDICATES.has(name);
export const isStringFunction = (name: string): name is StringFunction => STRING_RESULTS.has(name);
/** Whether the function's result is null beyond {@link MAX_STRING_LENGTH} (`replace`, `concat`). */
export const isBoundedStringFunction = (name: string): boolean => BOUNDED.has(name);

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
