// A column type as catalogues spell it, read into its parts: `numeric(10, 2)` is numeric with the
// arguments 10 and 2, `int(11) unsigned` an unsigned int, `timestamp(3) with time zone` a
// timestamp with time zone, `integer[]` an array of integers, `enum('a','b')` an enumeration of
// its labels. PostgreSQL's information_schema, MySQL's COLUMN_TYPE, SQLite's declared types and
// drizzle's getSQLType() all come through here, so that one mapping reads them all.

import type { EdmType } from '../language/edm.js';

export interface SqlType {
  /** The name in lower case, arguments and `unsigned` left out, spaces single: `character varying`. */
  readonly name: string;
  /** The arguments in the first parentheses, as written (`10`, `2`; `'a'`, `'b'`). */
  readonly args: readonly string[];
  readonly unsigned: boolean;
  /** An array of the type (`integer[]`, `_int4`). */
  readonly array: boolean;
}

/** The parts of a type as written. */
export function readSqlType(text: string): SqlType {
  let rest = text.trim();
  const array = rest.endsWith('[]');
  if (array) rest = rest.replace(/(\[\])+$/, '');
  const open = rest.indexOf('(');
  const close = open < 0 ? -1 : closingParenthesis(rest, open);
  const args = close < 0 ? [] : splitArguments(rest.slice(open + 1, close));
  if (close >= 0) rest = `${rest.slice(0, open)} ${rest.slice(close + 1)}`;
  const words = rest
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '');
  const unsigned = words.includes('unsigned');
  const name = words.filter((w) => w !== 'unsigned' && w !== 'zerofill').join(' ');
  return { name, args, unsigned, array };
}

function closingParenthesis(text: string, open: number): number {
  let quoted = false;
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i];
    if (c === "'") quoted = !quoted;
    else if (c === ')' && !quoted) return i;
  }
  return -1;
}

/** Arguments split at the commas outside quotes (a quote inside a label is doubled: `'it''s'`). */
function splitArguments(text: string): string[] {
  const args: string[] = [];
  let current = '';
  let quoted = false;
  for (const c of text) {
    if (c === "'") quoted = !quoted;
    if (c === ',' && !quoted) {
      args.push(current.trim());
      current = '';
    } else current += c;
  }
  args.push(current.trim());
  return args;
}

/** The labels of `enum('a','it''s')`, or undefined where an argument is no quoted text. */
export function quotedLabels(args: readonly string[]): string[] | undefined {
  const labels: string[] = [];
  for (const arg of args) {
    const match = /^'((?:[^']|'')*)'$/.exec(arg);
    if (match === null) return undefined;
    labels.push(match[1]!.replace(/''/g, "'"));
  }
  return labels;
}

/** A whole number argument, or undefined. */
export function count(arg: string | undefined): number | undefined {
  return arg !== undefined && /^\d+$/.test(arg) ? Number(arg) : undefined;
}

/** How a column is read into a property, or why it is not. */
export type ColumnType = PrimitiveColumn | EnumColumn | UnmappedColumn;

export interface PrimitiveColumn {
  readonly kind: 'primitive';
  readonly type: EdmType;
  readonly maxLength?: number;
  readonly precision?: number;
  readonly scale?: number | 'variable';
  /** Elements of the type, read as a JSON array. */
  readonly collection?: boolean;
  /** The SQL that reads the value from the (qualified, quoted) column, where the column is not read as it is. */
  readonly read?: (column: string) => string;
}

export interface EnumColumn {
  readonly kind: 'enum';
  /** The enumeration type's name in the catalogue (`mood`), or the column's where the type has none (MySQL). */
  readonly typeName: string | undefined;
  readonly labels: readonly string[];
  /** The value of the first label: PostgreSQL's positions counted from 0 here, MySQL's indexes from 1. */
  readonly first: 0 | 1;
  readonly read: (column: string) => string;
}

export interface UnmappedColumn {
  readonly kind: 'unmapped';
  readonly reason: string;
}

export const unmapped = (reason: string): UnmappedColumn => ({ kind: 'unmapped', reason });
