// parse(): enforces the input limits, runs the generated parser and turns every failure into a
// FilterError that names the offending token and what was expected.

import type { Expr, Literal, PathSegment } from './ast.js';
import { childrenOf } from './ast.js';
import * as builderModule from './builders.js';
import type { InList, WordRest } from './builders.js';
import { FilterError } from '../errors.js';
import { parse as generatedParse, SyntaxError as GeneratedSyntaxError } from '../generated/parser.js';

export interface ParseOptions {
  /** Longest accepted filter text, in UTF-16 code units. Default 65,536. */
  readonly maxLength?: number;
  /**
   * Deepest accepted nesting: of parentheses in the text, and of nodes in the tree (calls, unary
   * chains, operator chains such as `a add b add c`). Default 100.
   */
  readonly maxDepth?: number;
  /** Most nodes accepted in the tree. Default 10,000. */
  readonly maxNodes?: number;
}

/** A plain object: property reads on a module namespace object are slower in the hot path. */
const builders = { ...builderModule };

export const DEFAULT_LIMITS = { maxLength: 65_536, maxDepth: 100, maxNodes: 10_000 } as const;

/** Parses filter text into an untyped syntax tree, or throws a {@link FilterError}. */
export function parse(text: string, options: ParseOptions = {}): Expr {
  if (typeof text !== 'string') {
    throw new FilterError({ kind: 'syntax', message: `A filter must be a string, not ${typeof text}`, start: 0, end: 0 });
  }
  const maxLength = options.maxLength ?? DEFAULT_LIMITS.maxLength;
  const maxDepth = options.maxDepth ?? DEFAULT_LIMITS.maxDepth;
  const maxNodes = options.maxNodes ?? DEFAULT_LIMITS.maxNodes;
  if (text.length > maxLength) {
    throw limitError(`Filter is ${text.length} characters long; the limit is ${maxLength}`, maxLength, text.length, text);
  }
  checkParenthesisDepth(text, maxDepth);
  const tree = parseFast(text) ?? parseGenerated(text);
  checkTreeSize(tree, text, maxDepth, maxNodes);
  return tree;
}

/** The generated parser alone, with its failures as FilterErrors: the reference for {@link parseFast}. */
export function parseGenerated(text: string): Expr {
  try {
    return generatedParse(text, { builders }) as Expr;
  } catch (error) {
    throw toFilterError(error, text);
  }
}

function limitError(message: string, start: number, end: number, text: string): FilterError {
  return new FilterError({ kind: 'limit', message, start, end, text });
}

/**
 * The generated parser recurses once per parenthesis level, so nesting is measured on the text
 * before it runs: no input can exhaust the stack. String literals are skipped.
 */
function checkParenthesisDepth(text: string, maxDepth: number): void {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 40 /* ( */) {
      if (++depth > maxDepth) {
        throw limitError(`Parentheses nest deeper than ${maxDepth} levels at position ${i}`, i, i + 1, text);
      }
    } else if (c === 41 /* ) */) {
      if (depth > 0) depth--;
    } else if (c === 39 /* ' */) {
      const close = text.indexOf("'", i + 1);
      if (close < 0) return;
      i = close; // a doubled quote closes and reopens, which this loop sees as two literals
    }
  }
}

/** Depth and size of the built tree, walked with an explicit stack (no recursion, no tuples). */
function checkTreeSize(tree: Expr, text: string, maxDepth: number, maxNodes: number): void {
  // Every node owns at least one character that its children do not, so a short text is within
  // both limits without a walk.
  if (text.length <= maxDepth && text.length <= maxNodes) return;
  const nodes: Expr[] = [tree];
  const depths: number[] = [1];
  let count = 0;
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    if (++count > maxNodes) {
      throw limitError(`Filter has more than ${maxNodes} nodes (limit reached at position ${node.start})`, node.start, node.end, text);
    }
    if (depth > maxDepth) {
      throw limitError(`Expression nests deeper than ${maxDepth} levels at position ${node.start}`, node.start, node.end, text);
    }
    for (const child of childrenOf(node)) {
      nodes.push(child);
      depths.push(depth + 1);
    }
  }
}

function toFilterError(error: unknown, text: string): FilterError {
  if (error instanceof FilterError) {
    return new FilterError({ kind: error.kind, message: error.message, start: error.start, end: error.end, text });
  }
  if (error instanceof GeneratedSyntaxError) {
    const start = error.location.start.offset;
    const expected = describeExpected(error.expected);
    const found = describeFound(text, start);
    if (/^'has'$/i.test(found) && expected.includes('an operator')) {
      const message = `Operator 'has' is not supported at position ${start}`;
      return new FilterError({ kind: 'unsupported', message, start, end: start + 3, text });
    }
    const message = `Unexpected ${found} at position ${start}${expected.length ? `; expected ${joinAlternatives(expected)}` : ''}`;
    const end = found === 'end of input' ? start : start + tokenAt(text, start).length;
    return new FilterError({ kind: 'syntax', message, start, end, expected, text });
  }
  if (error instanceof RangeError) {
    // A last resort: only a caller that raised maxDepth far beyond the default can get here.
    return limitError('Filter nests too deeply for this runtime; lower maxDepth', 0, text.length, text);
  }
  throw error;
}

type Expectation = { type: string; description?: string; text?: string };

/** The leaves that can start an operand; together they read as "an expression". */
const OPERAND_STARTS = new Set(["'not'", "'-'", "'('", 'a literal', 'a property or function name']);
/** Present in every place an operand can start (an `in` list accepts literals but not `not`). */
const OPERAND_MARKERS = ["'not'", 'a literal'];
/** Continuations of a path or a call, too unlikely to be what the writer meant to list. */
const UNLIKELY = new Set(["'/'", "'('"]);

function describeExpected(expected: readonly Expectation[] | null): string[] {
  let out = new Set<string>();
  for (const e of expected ?? []) {
    if (e.type === 'end') out.add('end of input');
    else if (e.type === 'literal') out.add(`'${e.text}'`);
    else if (e.description && e.description !== 'whitespace') out.add(e.description);
  }
  if (OPERAND_MARKERS.every((d) => out.has(d))) {
    out = new Set([...out].filter((d) => !OPERAND_STARTS.has(d)));
    out.add('an expression');
  } else if ([...out].some((d) => !UNLIKELY.has(d))) {
    out = new Set([...out].filter((d) => !UNLIKELY.has(d)));
  }
  // Readers want the alternatives that continue the filter first, end of input last.
  return [...out].sort((a, b) => rank(a) - rank(b));
}

function rank(description: string): number {
  return description === 'end of input' ? 2 : description.startsWith("'") ? 1 : 0;
}

function joinAlternatives(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

function tokenAt(text: string, offset: number): string {
  const word = /^[A-Za-z0-9_.+:-]+/.exec(text.slice(offset, offset + 64));
  if (word) return word[0];
  const cp = text.codePointAt(offset);
  return cp === undefined ? '' : String.fromCodePoint(cp);
}

function describeFound(text: string, offset: number): string {
  if (offset >= text.length) return 'end of input';
  const token = tokenAt(text, offset);
  if (/^[ \t\r\n]$/.test(token)) return 'whitespace';
  // Invisible or look-alike characters are named by code point, so the message shows what is there.
  const lone = token.length === 1 && token.charCodeAt(0) >= 0xd800 && token.charCodeAt(0) <= 0xdfff;
  if (lone || /^[\p{Cc}\p{Cf}\p{Z}\p{Co}\p{Cn}]$/u.test(token)) {
    return `character U+${token.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return `'${token}'`;
}

// ---------------------------------------------------------------------------------------------
// Fast path
//
// The generated parser spends much of a short filter on per-call setup (it builds its closures,
// expectation objects and regular expressions on every call), on a regular-expression test per
// character and on bookkeeping for error messages that a valid filter never needs. parseFast reads
// the common shapes of grammar/filter.peggy directly: at every choice it takes the alternative the
// grammar would take and calls the same builders with the same arguments, so it builds the same
// tree. Anything else (an error, a rare form such as a bare guid, or a choice it cannot make
// without backtracking) makes it give up, and parse() runs the generated parser, which then
// produces the tree or the error. test/parse/fast-path.prop.test.ts holds the two to exactly the
// same trees on random and mutated filters.

/** Thrown to give up; never escapes parseFast. */
const BAIL = new Error('fast path gives up');
let src = '';
let pos = 0;

/**
 * The tree the generated parser would build, or `undefined` when the text is not of a shape read
 * here (including every text that is not a valid filter).
 */
export function parseFast(text: string): Expr | undefined {
  src = text;
  pos = 0;
  try {
    skipSpace();
    const tree = fastExpr();
    skipSpace();
    return pos === text.length ? tree : undefined;
  } catch {
    // BAIL, a FilterError from a builder, or a RangeError on deep nesting: the generated parser
    // decides, and reports, all of them.
    return undefined;
  } finally {
    src = '';
  }
}

function bail(): never {
  throw BAIL;
}

/** `[A-Za-z_]` */
function isWordStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}

/** `[A-Za-z0-9_]` */
function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** `_` */
function skipSpace(): void {
  for (;;) {
    const c = src.charCodeAt(pos);
    if (c === 32 || c === 9 || c === 13 || c === 10) pos++;
    else return;
  }
}

/** `Word`, at a word start. */
function readWord(): string {
  const start = pos++;
  while (isWordChar(src.charCodeAt(pos))) pos++;
  return src.slice(start, pos);
}

type Op = Parameters<typeof builders.chain>[1][number][0];

/** `Expr`: an operand and `(_ BinaryTail)*`. */
function fastExpr(): Expr {
  const head = fastUnary();
  let tail: [Op, Expr][] | undefined;
  for (;;) {
    const save = pos;
    skipSpace();
    if (!isWordStart(src.charCodeAt(pos))) {
      pos = save;
      break;
    }
    const word = readWord();
    if (!builders.isBinaryOperator(word)) {
      pos = save;
      break;
    }
    const op = word.toLowerCase() as Op;
    skipSpace();
    (tail ??= []).push([op, fastUnary()]);
  }
  return tail === undefined ? head : builders.chain(head, tail);
}

/** `UnaryExpr`: `UnaryOp* InExpr`. */
function fastUnary(): Expr {
  let ops: ['not' | 'negate', number][] | undefined;
  for (;;) {
    const c = src.charCodeAt(pos);
    // NOT: `not` in any case, not followed by a word character.
    if ((c | 32) === 110 && (src.charCodeAt(pos + 1) | 32) === 111 && (src.charCodeAt(pos + 2) | 32) === 116 && !isWordChar(src.charCodeAt(pos + 3))) {
      (ops ??= []).push(builders.unaryOp('not', pos));
      pos += 3;
      skipSpace();
      continue;
    }
    // Minus: `-` not followed by a digit or by INF (those are number literals).
    if (c === 45) {
      const next = src.charCodeAt(pos + 1);
      if (isDigit(next)) break;
      if (negativeInfinityEnd(pos) !== undefined) break;
      (ops ??= []).push(builders.unaryOp('negate', pos));
      pos++;
      skipSpace();
      continue;
    }
    break;
  }
  const operand = fastInExpr();
  return ops === undefined ? operand : builders.foldUnary(ops, operand);
}

/** `InExpr`: `Primary (_ IN _ InList)*`. */
function fastInExpr(): Expr {
  const head = fastPrimary();
  let lists: InList[] | undefined;
  for (;;) {
    const save = pos;
    skipSpace();
    // IN: `in` in any case, not followed by a word character.
    if ((src.charCodeAt(pos) | 32) !== 105 || (src.charCodeAt(pos + 1) | 32) !== 110 || isWordChar(src.charCodeAt(pos + 2))) {
      pos = save;
      break;
    }
    pos += 2;
    skipSpace();
    (lists ??= []).push(fastInList());
  }
  return lists === undefined ? head : builders.foldIn(head, lists);
}

/** `Primary`: a parenthesised expression, a word-led operand or a literal. */
function fastPrimary(): Expr {
  const c = src.charCodeAt(pos);
  if (c === 40) {
    const start = pos++;
    skipSpace();
    const expr = fastExpr();
    skipSpace();
    if (src.charCodeAt(pos) !== 41) bail();
    pos++;
    return builders.parenthesised(expr, { start, end: pos });
  }
  if (isWordStart(c)) return fastWordLed();
  return fastLiteral();
}

/** `WordLed`, in the grammar's order of alternatives. */
function fastWordLed(): Expr {
  const start = pos;
  const head = readWord();
  const c = src.charCodeAt(pos);
  let rest: WordRest;
  if (c === 39) {
    // A prefixed literal: `datetime'…'`, `guid'…'`.
    const close = src.indexOf("'", pos + 1);
    if (close < 0) bail();
    rest = ['prefixed', src.slice(pos + 1, close)];
    pos = close + 1;
  } else if (c === 45 && builders.isHex8(head)) {
    bail(); // perhaps a bare guid
  } else if (c === 46) {
    bail(); // perhaps a qualified name, which the generated parser refuses
  } else if (builders.isCastName(head) && castAhead()) {
    rest = fastCast();
  } else if (builders.isKeywordLiteral(head)) {
    rest = builders.KEYWORD;
  } else if (builders.isReserved(head)) {
    bail();
  } else {
    const tail: PathSegment[] = [];
    while (src.charCodeAt(pos) === 47) {
      pos++;
      if (!isWordStart(src.charCodeAt(pos))) bail();
      const segmentStart = pos;
      const name = readWord();
      if (builders.isReserved(name)) bail();
      tail.push(builders.segment(name, { start: segmentStart, end: pos }));
    }
    let args: Expr[] | null = null;
    const save = pos;
    skipSpace();
    if (src.charCodeAt(pos) === 40) {
      // A bound call or a lambda, or a function outside the language: the generated parser refuses them.
      if (tail.length > 0 || builders.isUnsupportedFunction(head)) bail();
      pos++;
      skipSpace();
      args = fastArgs();
      skipSpace();
      if (src.charCodeAt(pos) !== 41) bail();
      pos++;
    } else {
      pos = save;
    }
    rest = builders.pathOrCall(tail, args);
  }
  return builders.wordLed(head, rest, { start, end: pos });
}

/** The lookahead `&(_ "(" _ "'")` of the cast form `datetime('…')`. */
function castAhead(): boolean {
  let i = pos;
  while (isSpace(src.charCodeAt(i))) i++;
  if (src.charCodeAt(i) !== 40) return false;
  i++;
  while (isSpace(src.charCodeAt(i))) i++;
  return src.charCodeAt(i) === 39;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 13 || c === 10;
}

/** `_ "(" _ "'" $[^']* "'" _ ")"`, after castAhead() has seen its start. */
function fastCast(): WordRest {
  skipSpace();
  pos++; // (
  skipSpace();
  const close = src.indexOf("'", pos + 1);
  if (close < 0) bail();
  const body = src.slice(pos + 1, close);
  pos = close + 1;
  skipSpace();
  if (src.charCodeAt(pos) !== 41) bail();
  pos++;
  return ['cast', body];
}

/** `ArgList`, after `(` and whitespace. */
function fastArgs(): Expr[] {
  if (src.charCodeAt(pos) === 41) return [];
  const args = [fastExpr()];
  for (;;) {
    const save = pos;
    skipSpace();
    if (src.charCodeAt(pos) !== 44) {
      pos = save;
      return args;
    }
    pos++;
    skipSpace();
    args.push(fastExpr());
  }
}

/** `InList`. */
function fastInList(): InList {
  if (src.charCodeAt(pos) !== 40) bail();
  const start = pos++;
  skipSpace();
  if (src.charCodeAt(pos) === 41) {
    pos++;
    return builders.inList([], { start, end: pos });
  }
  const list = [fastInItem()];
  for (;;) {
    const save = pos;
    skipSpace();
    if (src.charCodeAt(pos) !== 44) {
      pos = save;
      break;
    }
    pos++;
    skipSpace();
    list.push(fastInItem());
  }
  skipSpace();
  if (src.charCodeAt(pos) !== 41) bail();
  pos++;
  return builders.inList(list, { start, end: pos });
}

/** `InItem`: a word-led operand or a literal that is a literal. */
function fastInItem(): Literal {
  const item = isWordStart(src.charCodeAt(pos)) ? fastWordLed() : fastLiteral();
  if (!builders.isLiteral(item)) bail();
  return item;
}

/** `DateTimeLiteral` without its word-boundary check; the grammar's optional parts never backtrack. */
const BARE_DATE_TIME = /[0-9]{4}-[0-9]{2}-[0-9]{2}(?:[Tt][0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]+)?)?(?:[Zz]|[+-][0-9]{2}:?[0-9]{2})?)?/y;
/** `NumberLiteral`'s first alternative without its word-boundary check. */
const NUMBER = /-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?[mMdDfFlL]?/y;

/** Where `"-INF" [dDfF]? ![A-Za-z0-9_]` at `at` ends, if it is there. */
function negativeInfinityEnd(at: number): number | undefined {
  if (!src.startsWith('-INF', at)) return undefined;
  let end = at + 4;
  if (SUFFIX_DF.test(src.charAt(end))) end++;
  return isWordChar(src.charCodeAt(end)) ? undefined : end;
}

const SUFFIX_DF = /^[dDfF]$/;

/** `Literal` at a character that cannot start a word. */
function fastLiteral(): Literal {
  const start = pos;
  const c = src.charCodeAt(pos);
  if (c === 39) {
    // `'` ([^']+ / "''")* `'`: a doubled quote is part of the body.
    let i = pos + 1;
    for (;;) {
      const q = src.indexOf("'", i);
      if (q < 0) bail(); // unterminated: the generated parser reports it
      if (src.charCodeAt(q + 1) === 39) i = q + 2;
      else {
        pos = q + 1;
        return builders.string(src.slice(start + 1, q), { start, end: pos }) as Literal;
      }
    }
  }
  if (isDigit(c)) {
    if (src.charCodeAt(pos + 4) === 45) {
      BARE_DATE_TIME.lastIndex = pos;
      const match = BARE_DATE_TIME.exec(src);
      if (match === null) bail();
      const end = pos + match[0].length;
      if (isWordChar(src.charCodeAt(end))) bail();
      pos = end;
      return builders.bareDateTime(match[0], { start, end });
    }
    if (src.charCodeAt(pos + 8) === 45) bail(); // perhaps a bare guid
    if (src.charCodeAt(pos + 2) === 58) bail(); // perhaps a time of day, which the generated parser refuses
  } else if (c !== 45) {
    bail();
  }
  NUMBER.lastIndex = pos;
  const match = NUMBER.exec(src);
  if (match === null) {
    const end = negativeInfinityEnd(pos);
    if (end === undefined) bail();
    pos = end;
    return builders.number(src.slice(start, end), { start, end });
  }
  const end = pos + match[0].length;
  if (isWordChar(src.charCodeAt(end))) bail();
  pos = end;
  return builders.number(match[0], { start, end });
}
