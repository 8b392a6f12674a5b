// The string cost of a checked filter (docs/semantics.md, section 7): how many characters its
// string functions can return for one row, decided from the tree alone, so that a filter whose
// worst case passes the limit is refused before any row is read, on every backend. A call inside
// a lambda runs once per element: it counts once per element of a collection of the declared
// greatest size, for each lambda around it.

import { FilterError } from '../errors.js';
import { assertNever } from '../assert-never.js';
import {
  MAX_STRING_LENGTH,
  isBoundedStringFunction,
  isStringFunction,
  type StringFunction,
} from '../language/functions.js';
import { childrenOfTyped, type TypedCall, type TypedExpr } from './typed.js';

/** Default of the `maxStringCost` check option: characters per row. */
export const DEFAULT_MAX_STRING_COST = 1_048_576;

/**
 * Default of the `maxCollectionSize` check option: the most elements the cost model assumes a
 * collection (a to-many relation, a collection of values) holds, so that a string function in a
 * lambda's body counts 100 times, and 10,000 times under two lambdas.
 */
export const DEFAULT_MAX_COLLECTION_SIZE = 100;

/**
 * The length every string a row holds is counted at. The cost of a row with longer strings grows at
 * most in proportion to them (each bound below is at most linear in this length or already at
 * MAX_STRING_LENGTH), so the limit promises `cost × max(1, longest row string / 1,024)`.
 */
export const ROW_STRING_LENGTH = 1_024;

/** The most code points tolower or toupper make of one, whatever the chain of case mappings. */
const CASE_MAPPING_GROWTH = 3;

const CASE_MAPPINGS: ReadonlySet<string> = new Set(['tolower', 'toupper']);
/**
 * Refuses a filter whose string functions can return more than `limit` characters per row, in
 * total, counting each string the row holds as ROW_STRING_LENGTH characters and each collection
 * as `maxCollectionSize` elements: a FilterError of kind 'limit' at the call that takes the total
 * beyond it (the innermost first, left to right).
 */
export function checkStringCost(
  root: TypedExpr,
  limit: number,
  text: string | undefined,
  maxCollectionSize: number = DEFAULT_MAX_COLLECTION_SIZE,
): void {
  // Without a limit the walk could refuse nothing (a keyset page's filter, a composed one checked before).
  if (limit === Infinity) return;
  const { total, beyond, inLambda } = stringCost(root, limit, maxCollectionSize);
  if (beyond === undefined) return;
  const collections = inLambda ? `, each collection as ${format(maxCollectionSize)} elements` : '';
  const message =
    `String functions up to this ${beyond.name} can return ${format(total)} characters per row, beyond the limit of ${format(limit)} ` +
    `(maxStringCost; each string of the row counted as ${format(ROW_STRING_LENGTH)} characters${collections})`;
  throw new FilterError({
    kind: 'limit',
    issueCode: 'string_cost',
    message,
    start: beyond.start,
    end: beyond.end,
    text,
  });
}

/**
 * The string cost of a tree: the characters its string functions can return per row, each call
 * inside lambdas counted `maxCollectionSize` times per lambda around it, summed over the calls
 * innermost first, left to right, up to the call that takes the sum beyond `limit` (`beyond`), or
 * over all of them; `inLambda` when a call so summed is inside a lambda.
 */
export function stringCost(
  root: TypedExpr,
  limit = Infinity,
  maxCollectionSize = DEFAULT_MAX_COLLECTION_SIZE,
): { readonly total: number; readonly beyond?: TypedCall; readonly inLambda?: boolean } {
  // Pre-order with the last child first, without recursion (the tree may be deep); read backwards,
  // that is every node after its children, left to right. Beside each node, how many times it
  // runs per row: the product of the collection size over the lambdas around it.
  const order: TypedExpr[] = [];
  const times: number[] = [];
  const stack: TypedExpr[] = [root];
  const stackTimes: number[] = [1];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const runs = stackTimes.pop()!;
    order.push(node);
    times.push(runs);
    const pushed = stack.length;
    pushOperands(node, stack);
    const operandRuns = node.kind === 'lambda' || node.kind === 'count' ? runs * maxCollectionSize : runs;
    // The elements' condition of a call bound to a collection, its first operand, runs per element.
    const first = elementsCondition(node) ? runs * maxCollectionSize : operandRuns;
    for (let i = pushed; i < stack.length; i++) stackTimes.push(i === pushed ? first : operandRuns);
  }
  let costs: StringCosts | undefined;
  let total = 0;
  let inLambda = false;
  for (let i = order.length - 1; i >= 0; i--) {
    const node = order[i]!;
    if (node.kind !== 'call' || !isStringFunction(node.name)) continue;
    costs ??= new StringCosts();
    const runs = times[i]!;
    total += costs.lengthOf(node) * runs;
    inLambda ||= runs !== 1;
    if (total > limit) return { total, beyond: node, inLambda };
  }
  return { total, inLambda };
}

const elementsCondition = (node: TypedExpr): boolean =>
  node.kind === 'functionCall' && node.binding?.kind === 'collection' && node.binding.body !== undefined;

/** The operands that can hold a string function (an `in` list holds literals only), without allocating. */
function pushOperands(node: TypedExpr, stack: TypedExpr[]): void {
  switch (node.kind) {
    case 'not':
    case 'negate':
    case 'convert':
    case 'in':
    case 'cast':
    case 'isof':
    case 'has':
      stack.push(node.operand);
      return;
    case 'compare':
    case 'arithmetic':
    case 'temporal':
      stack.push(node.left, node.right);
      return;
    case 'logical':
      for (const operand of node.operands) stack.push(operand);
      return;
    case 'call':
      for (const arg of node.args) stack.push(arg);
      return;
    case 'functionCall':
    case 'result':
    case 'collectionArgument':
      for (const child of childrenOfTyped(node)) stack.push(child);
      return;
    case 'lambda':
    case 'count':
      // A lambda's body (and a restricted count's) runs once per element: stringCost() counts it per element.
      if (node.body !== undefined) stack.push(node.body);
      return;
    case 'guard':
      stack.push(node.condition, node.value);
      return;
    case 'literal':
    case 'null':
    case 'member':
    case 'structureNull':
      return;
    default:
      assertNever(node);
  }
}

/**
 * How long a string expression can be, in code points, and whether that grows with the row's
 * strings (else it is a constant, or already the bound).
 */
interface Bound {
  readonly length: number;
  readonly grows: boolean;
}

const NONE: Bound = { length: 0, grows: false };
/** A sign, a point, 1,000 significant digits and 9,999 zeros: the longest Decimal text. */
const DECIMAL_TEXT_LENGTH = 11_001;
/** Longer than any other value's text: an Int64 (20), a date-time (24), a duration (26), a guid (36). */
const OTHER_TEXT_LENGTH = 40;

/** The bound of each string expression, memoised: a parent asks for its children's. */
class StringCosts {
  private readonly bounds = new Map<TypedExpr, Bound>();

  lengthOf(node: TypedExpr): number {
    return this.boundOf(node).length;
  }

  private boundOf(node: TypedExpr): Bound {
    let bound = this.bounds.get(node);
    if (bound === undefined) {
      bound = this.compute(node);
      this.bounds.set(node, bound);
    }
    return bound;
  }

  private compute(node: TypedExpr): Bound {
    switch (node.kind) {
      case 'literal':
        return typeof node.value === 'string' ? { length: codePoints(node.value), grows: false } : NONE;
      // A function's string is its implementation's: bounded as a row's string is.
      case 'member':
      case 'functionCall':
        return node.type === 'Edm.String' ? { length: ROW_STRING_LENGTH, grows: true } : NONE;
      case 'call':
        return isStringFunction(node.name) ? this.call(node, node.name) : NONE;
      case 'cast':
        return node.type === 'Edm.String' ? this.castText(node.operand) : NONE;
      case 'guard':
        return this.boundOf(node.value);
      case 'result':
        return this.boundOf(node.read);
      case 'null':
      case 'structureNull':
      case 'isof':
      case 'has':
      case 'convert':
      case 'not':
      case 'negate':
      case 'compare':
      case 'arithmetic':
      case 'temporal':
      case 'logical':
      case 'in':
      case 'lambda':
      case 'count':
      // A collection is given to a function whole, which makes no text of it here.
      case 'collectionArgument':
        // Not a string: a conversion is between numbers or instants only.
        return NONE;
      default:
        return assertNever(node);
    }
  }

  /**
   * The text `cast(x, Edm.String)` writes (docs/semantics.md §11): a String as it is; a Decimal in
   * plain notation, at most 1,000 digits with up to 9,999 zeros beside them; a Binary in
   * base64url, as long as a string of the row (a literal's, shorter than its hexadecimal);
   * anything else a few dozen characters.
   */
  private castText(operand: TypedExpr): Bound {
    if (operand.type === 'Edm.String') return this.boundOf(operand);
    if (operand.type === 'Edm.Binary') {
      const literal = operand.kind === 'literal';
      return { length: literal ? String(operand.value).length : ROW_STRING_LENGTH, grows: !literal };
    }
    return { length: operand.type === 'Edm.Decimal' ? DECIMAL_TEXT_LENGTH : OTHER_TEXT_LENGTH, grows: false };
  }

  private call(node: TypedCall, name: StringFunction): Bound {
    const [s, second, third] = node.args.map((a) => this.boundOf(a)) as [Bound, Bound | undefined, Bound | undefined];
    const result = ((): Bound => {
      switch (name) {
        case 'concat':
          return { length: s.length + second!.length, grows: s.grows || second!.grows };
        case 'replace': {
          // A string and a replacement both from the row: the length could grow with the square
          // of the row's strings, so it is counted at the bound, and every length stays at most
          // linear in them.
          if (s.grows && third!.grows) return { length: MAX_STRING_LENGTH, grows: false };
          // Each occurrence of `find` (at least one code point: an empty one changes nothing) grows
          // the string by the replacement's length less its own.
          const findLength = node.args[1]!.kind === 'literal' ? Math.max(1, second!.length) : 1;
          return {
            length: s.length + Math.floor(s.length / findLength) * Math.max(0, third!.length - findLength),
            grows: s.grows || third!.grows,
          };
        }
        case 'substring': {
          const count = node.args[2];
          if (count?.kind === 'literal') {
            const n = Math.max(0, Number(count.value));
            if (n < s.length || !s.grows) return { length: Math.min(s.length, n), grows: false };
          }
          return s;
        }
        case 'tolower':
        case 'toupper': {
          // Case mapping works code point by code point, and no chain of them makes more than three of one.
          const inner = node.args[0]!;
          return inner.kind === 'call' && CASE_MAPPINGS.has(inner.name)
            ? s
            : { length: s.length * CASE_MAPPING_GROWTH, grows: s.grows };
        }
        case 'trim':
          return s;
        default:
          return assertNever(name, 'string function');
      }
    })();
    return isBoundedStringFunction(node.name) && result.length >= MAX_STRING_LENGTH
      ? { length: MAX_STRING_LENGTH, grows: false }
      : result;
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
