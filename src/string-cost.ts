// The string cost of a checked filter (docs/semantics.md, section 7): how many characters its
// string functions can return for one row, decided from the tree alone, so that a filter whose
// worst case passes the limit is refused before any row is read, on every backend.

import { FilterError } from './errors.js';
import { MAX_STRING_LENGTH, BOUNDED_STRING_FUNCTIONS } from './string-bound.js';
import type { TypedCall, TypedExpr } from './typed.js';
import { childrenOfTyped } from './typed.js';

/** Default of the `maxStringCost` check option: characters per row. */
export const DEFAULT_MAX_STRING_COST = 1_048_576;

/**
 * The length every string a row holds is counted at. The cost of a row with longer strings grows at
 * most in proportion to them (each bound below is at most linear in this length or already at
 * MAX_STRING_LENGTH), so the limit promises `cost × max(1, longest row string / 1,024)`.
 */
export const ROW_STRING_LENGTH = 1_024;

/** The most code points tolower or toupper make of one, whatever the chain of case mappings. */
const CASE_MAPPING_GROWTH = 3;

const CASE_MAPPINGS: ReadonlySet<string> = new Set(['tolower', 'toupper']);
const STRING_FUNCTIONS: ReadonlySet<string> = new Set(['replace', 'concat', 'substring', 'trim', 'tolower', 'toupper']);

/**
 * Refuses a filter whose string functions can return more than `limit` characters per row, in
 * total, counting each string the row holds as ROW_STRING_LENGTH characters: a FilterError of kind
 * 'limit' at the call that takes the total beyond it (the innermost first, left to right).
 */
export function checkStringCost(root: TypedExpr, limit: number, text: string | undefined): void {
  const { total, beyond } = stringCost(root, limit);
  if (beyond === undefined) return;
  const message =
    `String functions up to this ${beyond.name} can return ${format(total)} characters per row, beyond the limit of ${format(limit)} ` +
    `(maxStringCost; each string of the row counted as ${format(ROW_STRING_LENGTH)} characters)`;
  throw new FilterError({ kind: 'limit', message, start: beyond.start, end: beyond.end, text });
}

/**
 * The string cost of a tree: the characters its string functions can return per row, summed over
 * the calls innermost first, left to right, up to the call that takes the sum beyond `limit`
 * (`beyond`), or over all of them.
 */
export function stringCost(root: TypedExpr, limit = Infinity): { readonly total: number; readonly beyond?: TypedCall } {
  const costs = new StringCosts();
  // Children before parents, left to right, without recursion (the tree may be deep).
  const stack: [TypedExpr, boolean][] = [[root, false]];
  let total = 0;
  while (stack.length > 0) {
    const [node, visited] = stack.pop()!;
    if (!visited) {
      stack.push([node, true]);
      const children = childrenOfTyped(node);
      for (let i = children.length - 1; i >= 0; i--) stack.push([children[i]!, false]);
      continue;
    }
    if (node.kind !== 'call' || !STRING_FUNCTIONS.has(node.name)) continue;
    total += costs.lengthOf(node);
    if (total > limit) return { total, beyond: node };
  }
  return { total };
}

/** The longest each string expression can be, in code points, memoised: a parent asks for its children's. */
class StringCosts {
  private readonly lengths = new Map<TypedExpr, number>();

  lengthOf(node: TypedExpr): number {
    let length = this.lengths.get(node);
    if (length === undefined) {
      length = this.compute(node);
      this.lengths.set(node, length);
    }
    return length;
  }

  private compute(node: TypedExpr): number {
    switch (node.kind) {
      case 'literal':
        return typeof node.value === 'string' ? codePoints(node.value) : 0;
      case 'member':
        return ROW_STRING_LENGTH;
      case 'call':
        return this.call(node);
      default:
        return 0;
    }
  }

  private call(node: TypedCall): number {
    const [s, second, third] = node.args.map((a) => this.lengthOf(a)) as [number, number | undefined, number | undefined];
    const result = ((): number => {
      switch (node.name) {
        case 'concat':
          return s + second!;
        case 'replace': {
          // A replacement read from the row makes the length grow with the square of the row's
          // strings: counted at the bound, so that every length stays at most linear in them.
          const [, find, replacement] = node.args;
          if (replacement!.kind !== 'literal' && replacement!.kind !== 'null') return MAX_STRING_LENGTH;
          // Each occurrence of `find` (at least one code point: an empty one changes nothing) grows
          // the string by the replacement's length less its own.
          const findLength = find!.kind === 'literal' ? Math.max(1, second!) : 1;
          return s + Math.floor(s / findLength) * Math.max(0, third! - findLength);
        }
        case 'substring': {
          const count = node.args[2];
          return count?.kind === 'literal' ? Math.min(s, Math.max(0, Number(count.value))) : s;
        }
        case 'tolower':
        case 'toupper': {
          // Case mapping works code point by code point, and no chain of them makes more than three of one.
          const inner = node.args[0]!;
          return inner.kind === 'call' && CASE_MAPPINGS.has(inner.name) ? s : s * CASE_MAPPING_GROWTH;
        }
        default:
          return s;
      }
    })();
    return BOUNDED_STRING_FUNCTIONS.has(node.name) ? Math.min(result, MAX_STRING_LENGTH) : result;
  }
}

function codePoints(s: string): number {
  let n = s.length;
  for (let i = 0; i + 1 < s.length; i++) {
    const u = s.charCodeAt(i);
    const next = s.charCodeAt(i + 1);
    if (u >= 0xd800 && u <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      n--;
      i++;
    }
  }
  return n;
}

const format = (n: number): string => n.toLocaleString('en-US');
