// parseFast(): a hand-written reader of the common shapes of grammar/filter.peggy.
//
// The generated parser spends much of a short filter on per-call setup (it builds its closures,
// expectation objects and regular expressions on every call), on a regular-expression test per
// character and on bookkeeping for error messages that a valid filter never needs. parseFast reads
// the common shapes of grammar/filter.peggy directly: at every choice it takes the alternative the
// grammar would take and calls the same actions with the same arguments, so it builds the same
// tree. Anything else (an error, a rare form such as a bare guid or `$it`, or a choice it cannot
// make without backtracking) makes it give up, and parse() runs the generated parser, which then
// produces the tree or the error. test/parse/fast-path.prop.test.ts holds the two to exactly the
// same trees on random and mutated filters.

import type { Expr, Literal, MemberExpr, PathSegment } from './ast.js';
import { actions } from './actions/index.js';
import type { HasValue, InList, LambdaArgs, PathSuffix, WordRest } from './actions/index.js';
import type { ODataVersion } from '../language/versions.js';

/** What the fast path read: the tree, and how many lambdas (and `x in C`, which nests as one) it may hold at most. */
export interface FastReading {
  readonly tree: Expr;
  /** At least the number of `lambda` and `inCollection` nodes in the tree, so that parse() knows their nesting is within a limit at or above it without a walk. */
  readonly lambdas: number;
}

/**
 * The tree the generated parser would build, or `undefined` when the text is not of a shape read
 * here (including every text that is not a valid filter).
 */
export function parseFast(text: string, version?: ODataVersion): FastReading | undefined {
  try {
    const reader = new FastReader(text, version);
    const tree = reader.filter();
    return tree === undefined ? undefined : { tree, lambdas: reader.lambdas };
  } catch {
    // BAIL, a FilterError from an action, or a RangeError on deep nesting: the generated parser
    // decides, and reports, all of them.
    return undefined;
  }
}

/** Thrown to give up; never escapes parseFast. */
const BAIL = new Error('fast path gives up');

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

type Op = Parameters<typeof actions.chain>[1][number][0];

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 13 || c === 10;
}

const SUFFIX_DF = /^[dDfF]$/;

/**
 * `DateTimeLiteral` without its word-boundary check; the grammar's optional parts never backtrack.
 * Sticky, and shared: its `lastIndex` is set just before each use, with no call in between.
 */
const BARE_DATE_TIME =
  /[0-9]{4}-[0-9]{2}-[0-9]{2}(?:[Tt][0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]+)?)?(?:[Zz]|[+-][0-9]{2}:?[0-9]{2})?)?/y;
/** `NumberLiteral`'s first alternative without its word-boundary check. Sticky, and shared as BARE_DATE_TIME is. */
const NUMBER = /-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?[mMdDfFlL]?/y;

/** One reading of one text: the position is per call, so nothing outlives parseFast(). */
class FastReader {
  private pos = 0;
  /** The lambdas and the `in` operators read so far: each may make a `lambda` or an `inCollection` node. */
  lambdas = 0;

  constructor(
    private readonly src: string,
    /** The version the text is read for, which reads `binary'…'` (docs/semantics.md §6). */
    private readonly version: ODataVersion | undefined,
  ) {}

  /** `Filter`: the whole text, or undefined when something follows the expression. */
  filter(): Expr | undefined {
    this.skipSpace();
    const tree = this.expr();
    this.skipSpace();
    return this.pos === this.src.length ? tree : undefined;
  }

  /** `_` */
  private skipSpace(): void {
    for (;;) {
      const c = this.src.charCodeAt(this.pos);
      if (c === 32 || c === 9 || c === 13 || c === 10) this.pos++;
      else return;
    }
  }

  /** `Word`, at a word start. */
  private readWord(): string {
    const start = this.pos++;
    while (isWordChar(this.src.charCodeAt(this.pos))) this.pos++;
    return this.src.slice(start, this.pos);
  }

  /** `Expr`: an operand and `(_ BinaryTail)*`. */
  private expr(): Expr {
    const head = this.unary();
    let tail: [Op, Expr][] | undefined;
    for (;;) {
      const save = this.pos;
      this.skipSpace();
      const op = this.binaryOperator();
      if (op === undefined) {
        this.pos = save;
        break;
      }
      this.skipSpace();
      (tail ??= []).push([op, this.unary()]);
    }
    return tail === undefined ? head : actions.chain(head, tail);
  }

  /**
   * A binary operator's word at the position, in any case (`actions.isBinaryOperator`), read past;
   * undefined, the position kept, for any other text. Read from the characters, so that the word
   * after every operand is neither copied nor lower-cased.
   */
  private binaryOperator(): Op | undefined {
    const src = this.src;
    const at = this.pos;
    const second = src.charCodeAt(at + 1) | 32;
    const third = src.charCodeAt(at + 2) | 32;
    let op: Op | undefined;
    switch (src.charCodeAt(at) | 32) {
      case 97: // a
        op = second === 110 && third === 100 ? 'and' : second === 100 && third === 100 ? 'add' : undefined;
        break;
      case 111: // o
        op = second === 114 ? 'or' : undefined;
        break;
      case 101: // e
        op = second === 113 ? 'eq' : undefined;
        break;
      case 110: // n
        op = second === 101 ? 'ne' : undefined;
        break;
      case 103: // g
        op = second === 116 ? 'gt' : second === 101 ? 'ge' : undefined;
        break;
      case 108: // l
        op = second === 116 ? 'lt' : second === 101 ? 'le' : undefined;
        break;
      case 115: // s
        op = second === 117 && third === 98 ? 'sub' : undefined;
        break;
      case 109: // m
        op = second === 117 && third === 108 ? 'mul' : second === 111 && third === 100 ? 'mod' : undefined;
        break;
      case 100: // d
        op =
          second === 105 && third === 118
            ? (src.charCodeAt(at + 3) | 32) === 98 && (src.charCodeAt(at + 4) | 32) === 121
              ? 'divby'
              : 'div'
            : undefined;
        break;
    }
    if (op === undefined || isWordChar(src.charCodeAt(at + op.length))) return undefined;
    this.pos = at + op.length;
    return op;
  }

  /** `UnaryExpr`: `UnaryOp* InExpr`. */
  private unary(): Expr {
    let ops: ['not' | 'negate', number][] | undefined;
    for (;;) {
      const c = this.src.charCodeAt(this.pos);
      // NOT: `not` in any case, not followed by a word character.
      if (
        (c | 32) === 110 &&
        (this.src.charCodeAt(this.pos + 1) | 32) === 111 &&
        (this.src.charCodeAt(this.pos + 2) | 32) === 116 &&
        !isWordChar(this.src.charCodeAt(this.pos + 3))
      ) {
        (ops ??= []).push(actions.unaryOp('not', this.pos));
        this.pos += 3;
        this.skipSpace();
        continue;
      }
      // Minus: `-` not followed by a digit or by INF (those are number literals).
      if (c === 45) {
        const next = this.src.charCodeAt(this.pos + 1);
        if (isDigit(next)) break;
        if (this.negativeInfinityEnd(this.pos) !== undefined) break;
        (ops ??= []).push(actions.unaryOp('negate', this.pos));
        this.pos++;
        this.skipSpace();
        continue;
      }
      break;
    }
    const operand = this.inExpr();
    return ops === undefined ? operand : actions.foldUnary(ops, operand);
  }

  /** `InExpr`: `Primary (_ IN _ InList)*`. */
  private inExpr(): Expr {
    const head = this.primary();
    let lists: (InList | MemberExpr | HasValue)[] | undefined;
    for (;;) {
      const save = this.pos;
      this.skipSpace();
      const c = this.src.charCodeAt(this.pos) | 32;
      // IN: `in` in any case, not followed by a word character.
      if (
        c === 105 &&
        (this.src.charCodeAt(this.pos + 1) | 32) === 110 &&
        !isWordChar(this.src.charCodeAt(this.pos + 2))
      ) {
        this.pos += 2;
        this.lambdas++;
        this.skipSpace();
        // `CollectionPath`: a word-led operand that must be a member path.
        (lists ??= []).push(
          isWordStart(this.src.charCodeAt(this.pos)) ? actions.collectionPath(this.wordLed()) : this.inList(),
        );
        continue;
      }
      // HAS: `has` in any case, not followed by a word character; its value a primary.
      if (
        c === 104 &&
        (this.src.charCodeAt(this.pos + 1) | 32) === 97 &&
        (this.src.charCodeAt(this.pos + 2) | 32) === 115 &&
        !isWordChar(this.src.charCodeAt(this.pos + 3))
      ) {
        this.pos += 3;
        this.skipSpace();
        (lists ??= []).push(actions.hasValue(this.primary()));
        continue;
      }
      this.pos = save;
      break;
    }
    return lists === undefined ? head : actions.foldIn(head, lists);
  }

  /** `Primary`: a parenthesised expression, a word-led operand or a literal. */
  private primary(): Expr {
    const c = this.src.charCodeAt(this.pos);
    if (c === 40) {
      const start = this.pos++;
      this.skipSpace();
      const expr = this.expr();
      this.skipSpace();
      if (this.src.charCodeAt(this.pos) !== 41) bail();
      this.pos++;
      return actions.parenthesised(expr, { start, end: this.pos });
    }
    if (isWordStart(c)) return this.wordLed();
    if (c === 64) return this.alias();
    return this.literal();
  }

  /** `ParameterAlias`: `@` and a word; anything else after `@` is an error the generated parser reports. */
  private alias(): Expr {
    const start = this.pos++;
    if (!isWordStart(this.src.charCodeAt(this.pos))) bail();
    const name = this.readWord();
    return actions.alias(name, { start, end: this.pos });
  }

  /** `WordLed`, in the grammar's order of alternatives. */
  private wordLed(): Expr {
    const start = this.pos;
    const head = this.readWord();
    const c = this.src.charCodeAt(this.pos);
    let rest: WordRest;
    if (c === 39) {
      // A prefixed literal: `datetime'…'`, `guid'…'`.
      const close = this.src.indexOf("'", this.pos + 1);
      if (close < 0) bail();
      rest = ['prefixed', this.src.slice(this.pos + 1, close)];
      this.pos = close + 1;
    } else if (c === 45 && actions.isHex8(head)) {
      bail(); // perhaps a bare guid
    } else if (c === 46) {
      bail(); // a qualified name: a type-cast segment, or a form the generated parser refuses
    } else if (actions.isCastName(head) && this.castAhead()) {
      rest = this.cast();
    } else if (actions.isKeywordLiteral(head)) {
      rest = actions.KEYWORD;
    } else if (actions.isTypeFunction(head) && this.parenthesisAhead()) {
      rest = this.typeArguments();
    } else if (actions.isReserved(head)) {
      bail();
    } else {
      const tail: PathSegment[] = [];
      let suffix: PathSuffix | null = null;
      while (this.src.charCodeAt(this.pos) === 47) {
        this.pos++;
        if (!isWordStart(this.src.charCodeAt(this.pos))) {
          // `CountSegment`, which ends the path.
          if (!this.src.startsWith('$count', this.pos) || isWordChar(this.src.charCodeAt(this.pos + 6))) bail();
          this.pos += 6;
          suffix = actions.COUNT;
          break;
        }
        const segmentStart = this.pos;
        const name = this.readWord();
        // A type-cast segment (`Addresses/Ns.HomeAddress`) is left to the generated parser.
        if (actions.isReserved(name) || this.src.charCodeAt(this.pos) === 46) bail();
        tail.push(actions.segment(name, { start: segmentStart, end: this.pos }));
      }
      rest = actions.pathOrCall(tail, suffix ?? this.parenthesisedSuffix(head, tail), null);
    }
    return actions.wordLed(head, rest, { start, end: this.pos }, this.version);
  }

  /** After a path not ended by `/$count`: a lambda's or a call's arguments, or null without `(`. */
  private parenthesisedSuffix(head: string, tail: readonly PathSegment[]): PathSuffix | null {
    const save = this.pos;
    this.skipSpace();
    if (this.src.charCodeAt(this.pos) !== 40) {
      this.pos = save;
      return null;
    }
    this.pos++;
    this.skipSpace();
    let suffix: PathSuffix;
    if (actions.isLambdaOperator(tail)) {
      this.lambdas++;
      suffix = this.lambdaArgs();
    } else {
      // A bound call, or a function outside the language: the generated parser refuses them.
      if (tail.length > 0 || actions.isUnsupportedFunction(head)) bail();
      suffix = this.argList();
    }
    this.skipSpace();
    if (this.src.charCodeAt(this.pos) !== 41) bail();
    this.pos++;
    return suffix;
  }

  /** The lookahead `&(_ "(" _ "'")` of the cast form `datetime('…')`. */
  private castAhead(): boolean {
    let i = this.pos;
    while (isSpace(this.src.charCodeAt(i))) i++;
    if (this.src.charCodeAt(i) !== 40) return false;
    i++;
    while (isSpace(this.src.charCodeAt(i))) i++;
    return this.src.charCodeAt(i) === 39;
  }

  /** `_ "(" _ "'" $[^']* "'" _ ")"`, after castAhead() has seen its start. */
  private cast(): WordRest {
    this.skipSpace();
    this.pos++; // (
    this.skipSpace();
    const close = this.src.indexOf("'", this.pos + 1);
    if (close < 0) bail();
    const body = this.src.slice(this.pos + 1, close);
    this.pos = close + 1;
    this.skipSpace();
    if (this.src.charCodeAt(this.pos) !== 41) bail();
    this.pos++;
    return ['cast', body];
  }

  /** `_ "("` ahead. */
  private parenthesisAhead(): boolean {
    let i = this.pos;
    while (isSpace(this.src.charCodeAt(i))) i++;
    return this.src.charCodeAt(i) === 40;
  }

  /**
   * `_ "(" _ TypeFunctionArgs _ ")"` of `cast` and `isof`, in the two-argument form: a value, then
   * a type name, bare or quoted. The one-argument form (refused) gives up: its operand is a
   * qualified name or is not followed by a comma.
   */
  private typeArguments(): WordRest {
    this.skipSpace();
    this.pos++; // (
    this.skipSpace();
    const operand = this.expr();
    this.skipSpace();
    if (this.src.charCodeAt(this.pos) !== 44) bail();
    this.pos++;
    this.skipSpace();
    const start = this.pos;
    const quoted = this.src.charCodeAt(this.pos) === 39;
    if (quoted) this.pos++;
    const name = this.qualifiedName();
    if (quoted) {
      if (this.src.charCodeAt(this.pos) !== 39) bail();
      this.pos++;
    }
    const target = actions.typeName(name, quoted, { start, end: this.pos });
    this.skipSpace();
    if (this.src.charCodeAt(this.pos) !== 41) bail();
    this.pos++;
    return actions.typeArguments(operand, target);
  }

  /** `$(Word QualifiedTail)`: a word and at least one `.Word`. */
  private qualifiedName(): string {
    const start = this.pos;
    if (!isWordStart(this.src.charCodeAt(this.pos))) bail();
    this.readWord();
    let parts = 0;
    while (this.src.charCodeAt(this.pos) === 46 && isWordStart(this.src.charCodeAt(this.pos + 1))) {
      this.pos++;
      this.readWord();
      parts++;
    }
    if (parts === 0) bail();
    return this.src.slice(start, this.pos);
  }

  /** `LambdaArgs?` after `(` and whitespace: `v: body`, or nothing before `)`. */
  private lambdaArgs(): LambdaArgs {
    if (!isWordStart(this.src.charCodeAt(this.pos))) return actions.lambdaArgs(null);
    const start = this.pos;
    const name = this.readWord();
    if (actions.isReserved(name)) bail();
    const variable = actions.segment(name, { start, end: this.pos });
    this.skipSpace();
    if (this.src.charCodeAt(this.pos) !== 58) bail();
    this.pos++;
    this.skipSpace();
    return actions.lambdaArgs([variable, this.expr()]);
  }

  /** `ArgList`, after `(` and whitespace. */
  private argList(): Expr[] {
    if (this.src.charCodeAt(this.pos) === 41) return [];
    const args = [this.expr()];
    for (;;) {
      const save = this.pos;
      this.skipSpace();
      if (this.src.charCodeAt(this.pos) !== 44) {
        this.pos = save;
        return args;
      }
      this.pos++;
      this.skipSpace();
      args.push(this.expr());
    }
  }

  /** `InList`. */
  private inList(): InList {
    if (this.src.charCodeAt(this.pos) !== 40) bail();
    const start = this.pos++;
    this.skipSpace();
    if (this.src.charCodeAt(this.pos) === 41) {
      this.pos++;
      return actions.inList([], { start, end: this.pos });
    }
    const list = [this.inItem()];
    for (;;) {
      const save = this.pos;
      this.skipSpace();
      if (this.src.charCodeAt(this.pos) !== 44) {
        this.pos = save;
        break;
      }
      this.pos++;
      this.skipSpace();
      list.push(this.inItem());
    }
    this.skipSpace();
    if (this.src.charCodeAt(this.pos) !== 41) bail();
    this.pos++;
    return actions.inList(list, { start, end: this.pos });
  }

  /** `InItem`: a word-led operand or a literal that is a literal. */
  private inItem(): Literal {
    const item = isWordStart(this.src.charCodeAt(this.pos)) ? this.wordLed() : this.literal();
    if (!actions.isLiteral(item)) bail();
    return item;
  }

  /** Where `"-INF" [dDfF]? ![A-Za-z0-9_]` at `at` ends, if it is there. */
  private negativeInfinityEnd(at: number): number | undefined {
    if (!this.src.startsWith('-INF', at)) return undefined;
    let end = at + 4;
    if (SUFFIX_DF.test(this.src.charAt(end))) end++;
    return isWordChar(this.src.charCodeAt(end)) ? undefined : end;
  }

  /** `Literal` at a character that cannot start a word. */
  private literal(): Literal {
    const start = this.pos;
    const c = this.src.charCodeAt(this.pos);
    if (c === 39) {
      // `'` ([^']+ / "''")* `'`: a doubled quote is part of the body.
      let i = this.pos + 1;
      for (;;) {
        const q = this.src.indexOf("'", i);
        if (q < 0) bail(); // unterminated: the generated parser reports it
        if (this.src.charCodeAt(q + 1) === 39) i = q + 2;
        else {
          this.pos = q + 1;
          return actions.string(this.src.slice(start + 1, q), { start, end: this.pos }) as Literal;
        }
      }
    }
    if (isDigit(c)) {
      if (this.src.charCodeAt(this.pos + 4) === 45) {
        BARE_DATE_TIME.lastIndex = this.pos;
        const match = BARE_DATE_TIME.exec(this.src);
        if (match === null) bail();
        const end = this.pos + match[0].length;
        if (isWordChar(this.src.charCodeAt(end))) bail();
        this.pos = end;
        return actions.bareDateTime(match[0], { start, end });
      }
      if (this.src.charCodeAt(this.pos + 8) === 45) bail(); // perhaps a bare guid
      if (this.src.charCodeAt(this.pos + 2) === 58) bail(); // perhaps a time of day, which the generated parser reads
    } else if (c !== 45) {
      bail();
    }
    // An integer written with digits alone, the commonest number, is read without the pattern.
    let digitsEnd = c === 45 ? this.pos + 1 : this.pos;
    while (isDigit(this.src.charCodeAt(digitsEnd))) digitsEnd++;
    const next = this.src.charCodeAt(digitsEnd);
    if (digitsEnd > start + (c === 45 ? 1 : 0) && next !== 46 && !isWordChar(next)) {
      this.pos = digitsEnd;
      return actions.number(this.src.slice(start, digitsEnd), { start, end: digitsEnd });
    }
    NUMBER.lastIndex = this.pos;
    const match = NUMBER.exec(this.src);
    if (match === null) {
      const end = this.negativeInfinityEnd(this.pos);
      if (end === undefined) bail();
      this.pos = end;
      return actions.number(this.src.slice(start, end), { start, end });
    }
    const end = this.pos + match[0].length;
    if (isWordChar(this.src.charCodeAt(end))) bail();
    this.pos = end;
    return actions.number(match[0], { start, end });
  }
}
