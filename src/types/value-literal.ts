// A JavaScript value written as a literal of the type its place in a filter gives it — never of
// a type guessed from the value: what a row filter's parameters (`OwnerID eq @user`) and the holes
// of a filter template (filter(Contact)`Status eq ${status}`) become. The place's type is learnt
// by checking the filter with every alias null, which takes the type of wherever it stands.

import { plainNumberText } from '../semantics/plain-number.js';
import { childrenOf } from '../syntax/ast.js';
import type { Expr } from '../syntax/ast.js';
import { parse } from '../syntax/parse.js';
import { check } from './check.js';
import type { CheckOptions } from './check.js';
import type { EdmType } from './edm.js';
import { INTEGER_RANGES, isInteger } from './edm.js';
import type { EnumType, Schema } from './schema.js';
import type { TypedExpr, TypedFilter } from './typed.js';
import { childrenOfTyped } from './typed.js';

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
  readonly conflicts: readonly { readonly name: string; readonly first: ValueUse; readonly other: ValueUse; readonly start: number; readonly end: number }[];
}

/**
 * The aliases of a filter and the type each has where it stands — for an alias that is the list
 * of `in` (named in `lists`), the type of its items. Throws check()'s FilterError when the filter,
 * its aliases null (or a list of one null), does not check.
 */
export function aliasUses(text: string, schema: Schema, options: CheckOptions = {}, lists: ReadonlySet<string> = new Set()): AliasUses {
  const names = new Set<string>();
  const stack: Expr[] = [parse(text, options)];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind === 'alias') names.add(node.name);
    stack.push(...childrenOf(node));
  }
  const typed: TypedFilter = check(text, schema, { ...options, aliases: Object.fromEntries([...names].map((n) => [n, lists.has(n) ? '(null)' : 'null'])) });
  const uses = new Map<string, ValueUse>();
  const listed = new Set<string>();
  const walk: TypedExpr[] = [typed.root];
  while (walk.length > 0) {
    const node = walk.pop()!;
    if (node.kind === 'in') for (const item of node.list) if (text[item.start] === '@') listed.add(text.slice(item.start + 1, item.end));
    walk.push(...childrenOfTyped(node));
  }
  const conflicts: { name: string; first: ValueUse; other: ValueUse; start: number; end: number }[] = [];
  for (const node of aliasNodes(typed.root, text).sort((a, b) => a.start - b.start)) {
    if (node.kind !== 'null') continue;
    const name = text.slice(node.start + 1, node.end);
    const use = { type: node.type, enum: node.enum };
    const earlier = uses.get(name);
    if (earlier === undefined) uses.set(name, use);
    else if (earlier.type !== use.type || earlier.enum !== use.enum) conflicts.push({ name, first: earlier, other: use, start: node.start, end: node.end });
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
 */
export function valueLiteral(value: unknown, use: ValueUse): string | undefined {
  if (value === null) return 'null';
  if (use.enum !== undefined) {
    if (typeof value === 'string' || typeof value === 'bigint' || (typeof value === 'number' && Number.isSafeInteger(value))) return `${use.enum.name}'${String(value).replace(/'/g, "''")}'`;
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
  if (typeof value === 'bigint') return isInteger(use.type) && (value < INTEGER_RANGES[use.type][0] || value > INTEGER_RANGES[use.type][1]) ? undefined : String(value);
  if (typeof value !== 'number') return undefined;
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'INF' : '-INF';
  if (isInteger(use.type) && !Number.isInteger(value)) return undefined;
  if (isInteger(use.type) && (BigInt(value) < INTEGER_RANGES[use.type][0] || BigInt(value) > INTEGER_RANGES[use.type][1])) return undefined;
  // Exactly the number, without an exponent, which would make a Double of a Decimal.
  return plainNumberText(value);
}

/** A value as a message shows it: its kind and its text, long strings cut. */
export function shownValue(value: unknown): string {
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 39)}…` : value)}`;
  if (typeof value === 'bigint') return `the bigint ${value}n`;
  if (value instanceof Date) return `the Date ${Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString()}`;
  if (Array.isArray(value)) return 'an array';
  return `the ${typeof value} ${String(value)}`;
}
