// parse(): enforces the input limits, runs the generated parser and turns every failure into a
// FilterError that names the offending token and what was expected.

import type { Expr } from './ast.js';
import { childrenOf } from './ast.js';
import * as builderModule from './builders.js';
import { FilterError } from './errors.js';
import { parse as generatedParse, SyntaxError as GeneratedSyntaxError } from './generated/parser.js';

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
  let tree: Expr;
  try {
    tree = generatedParse(text, { builders }) as Expr;
  } catch (error) {
    throw toFilterError(error, text);
  }
  checkTreeSize(tree, text, maxDepth, maxNodes);
  return tree;
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
