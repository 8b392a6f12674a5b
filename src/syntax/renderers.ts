// Each node's 4.01 text from its children's (src/syntax/print.ts walks the tree): the binding
// level of every operator, parentheses only where a child binds more loosely than its place, and
// the literal spellings. A version before 4.01 overrides some of these (src/syntax/print-version.ts).

import type { AliasExpr, Expr, ExprKind, Literal, StructureLiteral } from './ast.js';
import { quoteString } from '../language/literal-spelling.js';

// Binding strength, loosest first.
const OR = 1;
const AND = 2;
const EQUALITY = 3;
const RELATIONAL = 4;
const ADDITIVE = 5;
const MULTIPLICATIVE = 6;
const UNARY = 7;
/** `in` is a primary operator: tighter than unary ones, left-associative among its own. */
const IN = 8;
const PRIMARY = 9;

const COMPARE_LEVEL = {
  eq: EQUALITY,
  ne: EQUALITY,
  gt: RELATIONAL,
  ge: RELATIONAL,
  lt: RELATIONAL,
  le: RELATIONAL,
} as const;
const ARITHMETIC_LEVEL = {
  add: ADDITIVE,
  sub: ADDITIVE,
  mul: MULTIPLICATIVE,
  div: MULTIPLICATIVE,
  divby: MULTIPLICATIVE,
  mod: MULTIPLICATIVE,
} as const;

const CAST_NAMES = new Set(['datetime', 'datetimeoffset']);

export interface Rendered {
  readonly text: string;
  readonly level: number;
  /** The text starts with a digit, `-` or `INF`: a `-` written before it would make a number literal. */
  readonly numeric: boolean;
}

/** A node's text from its children's, given in the order of childrenOf. */
export type Renderer<N extends Expr> = (node: N, parts: readonly Rendered[]) => Rendered;

/** A renderer per node kind. */
export type Renderers = { readonly [K in ExprKind]: Renderer<Extract<Expr, { kind: K }>> };

/** The binding levels and helpers a version's renderers share with these. */
export interface Binding {
  readonly OR: number;
  readonly EQUALITY: number;
  readonly PRIMARY: number;
  readonly operand: (child: Rendered, minLevel: number) => string;
  readonly leads: (child: Rendered, minLevel: number) => boolean;
  readonly leaf: (text: string) => Rendered;
}

/** The child's text, parenthesised when it binds more loosely than `minLevel`. */
function operand(child: Rendered, minLevel: number): string {
  return child.level < minLevel ? `(${child.text})` : child.text;
}

/** Whether a child leads its parent's text unparenthesised, and so decides whether the parent's text is numeric. */
function leads(child: Rendered, minLevel: number): boolean {
  return child.level >= minLevel && child.numeric;
}

/** A leaf's text (short, or one flat string: the test never walks a tree of concatenations). */
function leaf(text: string): Rendered {
  return { text, level: PRIMARY, numeric: /^[0-9-]|^INF[dDfF]?\b/.test(text) };
}

/** A JSON number as JSON writes it, and a Decimal read from one with an exponent (`1e3m`). */
const JSON_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/;
const JSON_EXPONENT_DECIMAL = /^(-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?[eE][+-]?[0-9]+)m$/;

/**
 * A literal or a structure's literal as JSON writes it; undefined for a literal JSON cannot
 * write, which only a tree built by hand can have as a JSON item.
 */
function jsonText(item: Literal | StructureLiteral): string | undefined {
  switch (item.kind) {
    case 'null':
      return 'null';
    case 'boolean':
      return item.value ? 'true' : 'false';
    case 'string':
      return JSON.stringify(item.value);
    case 'number':
      if (JSON_NUMBER.test(item.raw)) return item.raw;
      return item.type === 'Edm.Decimal' && JSON_EXPONENT_DECIMAL.test(item.raw) ? item.raw.slice(0, -1) : undefined;
    case 'structure': {
      const members: string[] = [];
      for (const member of item.members) {
        const value = jsonText(member.value);
        if (value === undefined) return undefined;
        members.push(`${JSON.stringify(member.name)}:${value}`);
      }
      return `{${members.join(',')}}`;
    }
    default:
      // A value the typed builder holds as an alias until it is bound, shown as such in its errors.
      return (item as Expr).kind === 'alias' ? `@${(item as unknown as AliasExpr).name}` : undefined;
  }
}

/**
 * The JSON array of an `in` list that holds a JSON string spelling a guid or a date-time (whose
 * reading depends on the operand, which no parenthesised list can say); undefined for any other
 * list, or for one with an item JSON cannot write, which only a tree built by hand can have.
 */
function jsonList(list: readonly (Literal | StructureLiteral)[]): string | undefined {
  if (!list.some((item) => item.kind === 'string' && item.json === true)) return undefined;
  const items: string[] = [];
  for (const item of list) {
    const text = jsonText(item);
    if (text === undefined) return undefined;
    items.push(text);
  }
  return `[${items.join(', ')}]`;
}

export const renderers: Renderers = {
  null: () => leaf('null'),
  boolean: (n) => leaf(n.value ? 'true' : 'false'),
  number: (n) => leaf(n.raw),
  // Never numeric, and not tested: the test would copy the text, which joins the quotes to a
  // value that may be a megabyte long, into one string.
  string: (n) => ({ text: quoteString(n.value), level: PRIMARY, numeric: false }),
  datetime: (n) => leaf(n.raw),
  guid: (n) => leaf(n.raw),
  binary: (n) => leaf(n.raw),
  date: (n) => leaf(n.raw),
  timeOfDay: (n) => leaf(n.raw),
  duration: (n) => leaf(n.raw),
  enum: (n) => leaf(`${n.typeName}'${n.body}'`),
  // After a call, the path reads its result (docs/semantics.md §15).
  // After a call, the path reads its result (docs/semantics.md §15). A path starts with a letter,
  // and the call's text is neither copied nor searched: a chain of calls prints in linear time.
  member: (n, [call]) => {
    const path = n.segments.map((s) => s.name).join('/');
    if (call === undefined) return leaf(path);
    return { text: path === '' ? call.text : `${call.text}/${path}`, level: PRIMARY, numeric: false };
  },
  alias: (n) => leaf(`@${n.name}`),
  call: (n, parts) => {
    const args = parts.map((p) => p.text);
    // `datetime('…')` is the date-time literal; a call on a string literal needs its own parentheses.
    if (CAST_NAMES.has(n.name) && n.args.length === 1 && n.args[0]!.kind === 'string') args[0] = `(${args[0]})`;
    // A function name starts with a letter.
    return { text: `${n.name}(${args.join(', ')})`, level: PRIMARY, numeric: false };
  },
  // Each argument is a whole expression between commas, as a built-in call's.
  functionCall: (n, parts) => {
    const values = n.binding === undefined ? parts : parts.slice(1);
    const args = n.args.map((a, i) => `${a.name}=${values[i]!.text}`).join(', ');
    const bound = n.binding === undefined ? '' : `${parts[0]!.text}/`;
    return { text: `${bound}${n.name}(${args})`, level: PRIMARY, numeric: false };
  },
  // The type name as written: bare (v4) or quoted (v2/v3).
  typeFunction: (n, [inner]) => {
    const target = n.target.quoted ? `'${n.target.name}'` : n.target.name;
    const args = inner === undefined ? target : `${inner.text}, ${target}`;
    return { text: `${n.name}(${args})`, level: PRIMARY, numeric: false };
  },
  not: (_n, [inner]) => ({ text: `not ${operand(inner!, UNARY)}`, level: UNARY, numeric: false }),
  negate: (_n, [inner]) => {
    const text = operand(inner!, UNARY);
    // `-5` would read back as the literal -5, and `-2012-…` as a number: keep the negation.
    // `-(-a)` rather than `--a`, which reads like a decrement.
    return { text: leads(inner!, UNARY) ? `-(${text})` : `-${text}`, level: UNARY, numeric: true };
  },
  compare: (n, [left, right]) => {
    const level = COMPARE_LEVEL[n.op];
    return {
      text: `${operand(left!, level)} ${n.op} ${operand(right!, level + 1)}`,
      level,
      numeric: leads(left!, level),
    };
  },
  arithmetic: (n, [left, right]) => {
    const level = ARITHMETIC_LEVEL[n.op];
    return {
      text: `${operand(left!, level)} ${n.op} ${operand(right!, level + 1)}`,
      level,
      numeric: leads(left!, level),
    };
  },
  logical: (n, parts) => {
    const level = n.op === 'and' ? AND : OR;
    return {
      text: parts.map((o) => operand(o, level + 1)).join(` ${n.op} `),
      level,
      numeric: leads(parts[0]!, level + 1),
    };
  },
  in: (n, [subject, ...list]) => ({
    text: `${operand(subject!, IN)} in ${jsonList(n.list) ?? `(${list.map((l) => l.text).join(', ')})`}`,
    level: IN,
    numeric: leads(subject!, IN),
  }),
  // A path starts with a letter, `_` or `$it`; a lambda's body is a whole expression inside its
  // own parentheses, and `$count` and a collection's path are paths, which never need any.
  lambda: (n, [collection, body]) => {
    const inner = n.variable === undefined || body === undefined ? '' : `${n.variable.name}: ${body.text}`;
    return { text: `${collection!.text}/${n.op}(${inner})`, level: PRIMARY, numeric: false };
  },
  count: (_n, [collection]) => ({ text: `${collection!.text}/$count`, level: PRIMARY, numeric: false }),
  has: (_n, [subject, value]) => ({
    text: `${operand(subject!, IN)} has ${operand(value!, IN + 1)}`,
    level: IN,
    numeric: leads(subject!, IN),
  }),
  inAlias: (_n, [subject, alias]) => ({
    text: `${operand(subject!, IN)} in ${alias!.text}`,
    level: IN,
    numeric: leads(subject!, IN),
  }),
  // Members as written, in JSON's spelling; tree validation admits only values JSON writes.
  structure: (n) => leaf(jsonText(n) ?? '{}'),
  // Items as written, in JSON's spelling, as a structure's members are; `[]` for none.
  collection: (n) => ({
    text: `[${n.items.map((item) => jsonText(item) ?? 'null').join(',')}]`,
    level: PRIMARY,
    numeric: false,
  }),
  inCollection: (_n, [subject, collection]) => ({
    text: `${operand(subject!, IN)} in ${collection!.text}`,
    level: IN,
    numeric: leads(subject!, IN),
  }),
};

export const BINDING: Binding = { OR, EQUALITY, PRIMARY, operand, leads, leaf };
