// A JavaScript value written as a literal of the type its place in a filter gives it — never of
// a type guessed from the value: what a row filter's parameters (`OwnerID eq @user`) and the holes
// of a filter template (filter(Contact)`Status eq ${status}`) become. The place's type is learnt
// by checking the filter with every alias null, which takes the type of wherever it stands (and
// stands, while learning, for any value of it: checkPlaces()).

import { plainNumberText } from '../semantics/plain-number.js';
import { childrenOf, type Expr } from '../syntax/ast.js';
import { parse } from '../syntax/parse.js';
import { checkPlaces, type CheckOptions } from './check.js';
import { type EdmType, INTEGER_RANGES, isInteger } from '../language/edm.js';
import type { EnumType, Schema } from './schema.js';
import { type TypedExpr, childrenOfTyped } from './typed.js';
import { type ODataVersion, isVersion3OrEarlier } from '../language/versions.js';
import { refuseConstruct } from '../syntax/version-constructs.js';
import {
  decimalLiteral,
  floatLiteral,
  guidLiteral,
  instantLiteral,
  int64Literal,
  timeOfDayLiteral,
} from '../syntax/version-literals.js';
import { readTimeOfDay } from '../semantics/temporal.js';

/** A value for an alias: of the type the filter gives the alias where it stands. */
export type ParameterValue = string | number | bigint | boolean | Date | null;

/** The type an alias has where it stands. */
export interface ValueUse {
  readonly type: EdmType;
  readonly enum: EnumType | undefined;
}

/** The name of the type, as messages give it: the enumeration's, or the Edm type's. */
export function describeUse(use: ValueUse): string {
  return use.enum?.name ?? use.type;
}

/** The nodes a filter's aliases became: the literals (or nulls) whose span starts with `@`. */
export function aliasNodes(root: TypedExpr, text: string): TypedExpr[] {
  const found: TypedExpr[] = [];
  const stack: TypedExpr[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    stack.push(...childrenOfTyped(node));
    if ((node.kind === 'null' || node.kind === 'literal') && text[node.start] === '@') found.push(node);
  }
  return found;
}

/** What aliasUses() learns: each alias's type, and the aliases used at places of two types. */
export interface AliasUses {
  readonly uses: ReadonlyMap<string, ValueUse>;
  /** The aliases that are the list of an `in` (their use is their items' type). */
  readonly lists: ReadonlySet<string>;
  /** An alias at places of two types, with the first place's type and the other's (and where that one is). */
  readonly conflicts: readonly {
    readonly name: string;
    readonly first: ValueUse;
    readonly other: ValueUse;
    readonly start: number;
    readonly end: number;
  }[];
}

/**
 * The aliases of a filter and the type each has where it stands — for an alias that is the list
 * of `in` (named in `lists`), the type of its items. Throws check()'s FilterError when the filter,
 * its aliases null (or a list of one null), does not check.
 */
export function aliasUses(
  text: string,
  schema: Schema,
  options: CheckOptions = {},
  lists: ReadonlySet<string> = new Set(),
): AliasUses {
  const names = new Set<string>();
  const stack: Expr[] = [parse(text, options)];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind === 'alias') names.add(node.name);
    stack.push(...childrenOf(node));
  }
  const root = checkPlaces(text, schema, {
    ...options,
    aliases: Object.fromEntries([...names].map((n) => [n, lists.has(n) ? '(null)' : 'null'])),
  });
  const uses = new Map<string, ValueUse>();
  const listed = new Set<string>();
  const walk: TypedExpr[] = [root];
  while (walk.length > 0) {
    const node = walk.pop()!;
    if (node.kind === 'in')
      for (const item of node.list) if (text[item.start] === '@') listed.add(text.slice(item.start + 1, item.end));
    walk.push(...childrenOfTyped(node));
  }
  const conflicts: { name: string; first: ValueUse; other: ValueUse; start: number; end: number }[] = [];
  for (const node of aliasNodes(root, text).sort((a, b) => a.start - b.start)) {
    if (node.kind !== 'null') continue;
    const name = text.slice(node.start + 1, node.end);
    const use = { type: node.type, enum: node.enum };
    const earlier = uses.get(name);
    if (earlier === undefined) uses.set(name, use);
    else if (earlier.type !== use.type || earlier.enum !== use.enum)
      conflicts.push({ name, first: earlier, other: use, start: node.start, end: node.end });
  }
  return { uses, lists: listed, conflicts };
}

const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/**
 * A value as the text of a literal of the place's type, or undefined when it is not one: strings
 * quoted with `''` for a quote; guids, dates, times of day and durations as strings in their
 * literal forms; numbers exactly (no exponent, which would make a Double of a Decimal), a bigint
 * for an integer beyond 2^53; a Date as its instant; an enumeration member by name or value.
 * check() then reads the literal and refuses what does not fit its place.
 *
 * For OData 2.0 and 3.0 (`version`) the literal is written in that version's form (`5L`, `2.5M`,
 * `1.5d`, `guid'…'`, `datetime'…'`, `datetimeoffset'…'`, `time'PT…'`); a value of a type the
 * version has no literal for (a Date, a Duration, an enumeration) is an 'unsupported' FilterError
 * naming the construct, with the version as its `target` and no position (the caller places it).
 */
export function valueLiteral(value: unknown, use: ValueUse, version: ODataVersion = '4.01'): string | undefined {
  if (!isVersion3OrEarlier(version)) return v4ValueLiteral(value, use);
  return v3ValueLiteral(value, use, version);
}

const NOWHERE = { start: 0, end: 0 };

/** The v2/v3 literal of a value: the v4 one's value, in the forms of src/syntax/version-literals.ts. */
function v3ValueLiteral(value: unknown, use: ValueUse, version: ODataVersion): string | undefined {
  if (value === null) return 'null';
  if (use.enum !== undefined) throw refuseConstruct('enum_literal', version, NOWHERE);
  switch (use.type) {
    case 'Edm.Date':
      throw refuseConstruct('date_literal', version, NOWHERE);
    case 'Edm.Duration':
      throw refuseConstruct('duration_literal', version, NOWHERE);
    case 'Edm.TimeOfDay': {
      const reading =
        typeof value === 'string' && v4ValueLiteral(value, use) !== undefined ? readTimeOfDay(value) : undefined;
      return reading?.ok === true ? timeOfDayLiteral(reading.value) : undefined;
    }
    case 'Edm.Guid':
      return v4ValueLiteral(value, use) === undefined ? undefined : guidLiteral(value as string);
    case 'Edm.DateTime':
    case 'Edm.DateTimeOffset': {
      if (v4ValueLiteral(value, use) === undefined) return undefined;
      const epochMs = (value as Date).getTime();
      const year = (value as Date).getUTCFullYear();
      // A Date outside the years a literal can write does not fit, as its v4 text does not.
      return year < 1 || year > 9999 ? undefined : instantLiteral(use.type, epochMs, version, NOWHERE);
    }
    case 'Edm.Int64': {
      const digits = v4ValueLiteral(value, use);
      // NaN and INF are no Int64 (check() refuses their v4 text the same way).
      return digits === undefined || !/^-?\d+$/.test(digits) ? undefined : int64Literal(BigInt(digits));
    }
    case 'Edm.Decimal': {
      const digits = v4ValueLiteral(value, use);
      return digits === undefined || !/^-?\d/.test(digits) ? undefined : decimalLiteral(digits, version, NOWHERE);
    }
    case 'Edm.Double':
    case 'Edm.Single': {
      const suffix = use.type === 'Edm.Double' ? 'd' : 'f';
      // A Single's `f` literal is rounded to binary32: a number it does not hold exactly does not fit.
      if (typeof value === 'number')
        return use.type === 'Edm.Single' && !Number.isNaN(value) && Math.fround(value) !== value
          ? undefined
          : floatLiteral(value, suffix);
      return typeof value === 'bigint' ? `${value}${suffix}` : undefined;
    }
    default:
      return v4ValueLiteral(value, use);
  }
}

function v4ValueLiteral(value: unknown, use: ValueUse): string | undefined {
  if (value === null) return 'null';
  if (use.enum !== undefined) {
    if (
      typeof value === 'string' ||
      typeof value === 'bigint' ||
      (typeof value === 'number' && Number.isSafeInteger(value))
    )
      return `${use.enum.name}'${String(value).replace(/'/g, "''")}'`;
    return undefined;
  }
  switch (use.type) {
    case 'Edm.String':
      return typeof value === 'string' ? `'${value.replace(/'/g, "''")}'` : undefined;
    case 'Edm.Guid':
      return typeof value === 'string' && GUID.test(value) ? value : undefined;
    case 'Edm.Boolean':
      return typeof value === 'boolean' ? String(value) : undefined;
    case 'Edm.DateTimeOffset':
    case 'Edm.DateTime':
      return value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString() : undefined;
    case 'Edm.Date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
    case 'Edm.TimeOfDay':
      return typeof value === 'string' && /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value) ? value : undefined;
    case 'Edm.Duration':
      return typeof value === 'string' && /^-?P[0-9DTHMS.]+$/.test(value) ? `duration'${value}'` : undefined;
    default:
      break;
  }
  if (typeof value === 'bigint')
    return isInteger(use.type) && (value < INTEGER_RANGES[use.type][0] || value > INTEGER_RANGES[use.type][1])
      ? undefined
      : String(value);
  if (typeof value !== 'number') return undefined;
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'INF' : '-INF';
  if (isInteger(use.type) && !Number.isInteger(value)) return undefined;
  if (
    isInteger(use.type) &&
    (BigInt(value) < INTEGER_RANGES[use.type][0] || BigInt(value) > INTEGER_RANGES[use.type][1])
  )
    return undefined;
  // Exactly the number, without an exponent, which would make a Double of a Decimal.
  return plainNumberText(value);
}

/** A value as a message shows it: its kind and its text, long strings cut. */
export function shownValue(value: unknown): string {
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 39)}…` : value)}`;
  if (typeof value === 'bigint') return `the bigint ${value}n`;
  if (value instanceof Date) return `the Date ${Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString()}`;
  if (Array.isArray(value)) return 'an array';
  return `the ${typeof value} ${String(value)}`;
}
