// Whether a checked filter handed to a backend, the query layer or printTyped() is one check()
// could make. A filter check() made is taken at once (src/types/made-filters.ts); any other (built
// by hand, copied, changed) is read once: its tree is written back as filter text (each literal
// in the form that gives its type, each implicit conversion left to the checker, each path from
// its source), that text is checked against the filter's own schema, and the result must be the
// tree, node for node, spans aside, each property and enumeration type the schema's own object.
// So a backend is never handed a tree whose types, conversions, paths or values check() would not
// have given it. A filter that passes is remembered; one that does not is a FilterError with one
// `malformed_tree` issue.

import { isFilterError, isSpanNumber, limitOnExhaustion, malformedFilter } from '../errors.js';
import { addTimes, isFineTime, picosOf, type TimeValue, wholeMs } from '../semantics/fine-time.js';
import { formatInstant } from '../semantics/instant.js';
import { formatDate, formatDuration, formatTimeOfDay } from '../semantics/temporal.js';
import { binaryLiteral, instantLiteral } from '../syntax/version-literals.js';
import { check } from './check.js';
import { isMadeFilter, rememberFilter } from './made-filters.js';
import type { Schema } from './schema.js';
import type { TypedCollection, TypedExpr, TypedFilter, TypedLiteral, TypedSource } from './typed.js';
import { quoteString as quote } from '../language/literal-spelling.js';

/** The filter, when check() could make it; else a `malformed_tree` FilterError at the first fault. */
export function madeFilter(filter: unknown): TypedFilter {
  if (isMadeFilter(filter)) return filter;
  if (!isRecord(filter) || !isRecord(filter.root) || !isRecord(filter.schema))
    throw malformedFilter(undefined, 'a checked filter is an object with a root node and a schema');
  if (filter.text !== undefined && typeof filter.text !== 'string')
    throw malformedFilter(filter.root, "a checked filter's text is a string or undefined");
  const root = filter.root as unknown as TypedExpr;
  let again: TypedExpr;
  try {
    const text = sourceText(root);
    again = check(text, filter.schema as unknown as Schema, UNLIMITED).root;
  } catch (error) {
    // A tree too deep for the stack is the tree's size, a limit; a fault already found stays as it is.
    const failure = limitOnExhaustion(error, 'Filter tree nests too deeply to read', root);
    if (isFilterError(failure) && (failure.kind === 'limit' || failure.issues[0]?.code === 'malformed_tree'))
      throw failure;
    const reason = isFilterError(error) || error instanceof Error ? error.message : String(error);
    throw malformedFilter(root, `it is no filter check() makes of its schema (${reason})`);
  }
  expectSame(root, again);
  return rememberFilter(filter as unknown as TypedFilter);
}

/** No limit of check() applies to a filter handed in, as none applied to the check that made it. */
const UNLIMITED = {
  maxLength: Number.MAX_SAFE_INTEGER,
  maxDepth: Number.MAX_SAFE_INTEGER,
  maxNodes: Number.MAX_SAFE_INTEGER,
  maxLambdaDepth: Number.MAX_SAFE_INTEGER,
  maxStringCost: Number.POSITIVE_INFINITY,
};

/** The variable check() names for `x in C`, which is `C/any(v: v eq x)`; no filter can name it. */
const ELEMENT_VARIABLE = /^\$element[1-9][0-9]*$/;

/** The filter text check() reads as the node: every operation in parentheses, every literal typed by its form. */
function sourceText(n: TypedExpr): string {
  switch (n.kind) {
    case 'literal':
      return literalText(n);
    case 'null':
      return 'null';
    case 'member':
      return pathText(n.source, n.path);
    case 'structureNull':
      return `(${pathText(n.source, n.path)} ${n.op} null)`;
    case 'lambda': {
      const collection = collectionText(n.collection);
      if (n.body === undefined) return `${collection}/${n.op}()`;
      const body = n.body;
      if (n.op === 'any' && typeof n.variable === 'string' && ELEMENT_VARIABLE.test(n.variable)) {
        // `x in C`: the body is `v eq x`, the element first.
        if (body.kind !== 'compare' || body.op !== 'eq')
          throw malformedFilter(n, 'an `in` of a collection is `v eq x`');
        return `(${sourceText(body.right)} in ${collection})`;
      }
      return `${collection}/${n.op}(${String(n.variable)}: ${sourceText(body)})`;
    }
    case 'count':
      return `${collectionText(n.collection)}/$count`;
    case 'call':
      return `${n.name}(${n.args.map(sourceText).join(', ')})`;
    case 'cast':
      return `cast(${sourceText(n.operand)}, ${n.type})`;
    case 'isof':
      return `isof(${sourceText(n.operand)}, ${n.target})`;
    case 'has':
      return `(${sourceText(n.operand)} has ${sourceText(n.value)})`;
    case 'not':
      return `(not ${sourceText(n.operand)})`;
    case 'negate':
      return `(-(${sourceText(n.operand)}))`;
    case 'compare':
    case 'arithmetic':
    case 'temporal':
      return `(${sourceText(n.left)} ${n.op} ${sourceText(n.right)})`;
    case 'logical':
      return `(${n.operands.map(sourceText).join(` ${n.op} `)})`;
    case 'in':
      return `(${sourceText(n.operand)} in (${n.list.map(sourceText).join(', ')}))`;
    case 'convert':
      // The checker puts the conversion back where it belongs, and nowhere else.
      return sourceText(n.operand);
    default:
      throw malformedFilter(n, `unknown node kind ${JSON.stringify((n as { kind?: unknown }).kind)}`);
  }
}

/** A path from its source: `$it/Name` for the row (no range variable can take it), `t/City`, `t`. */
function pathText(source: TypedSource, path: readonly string[]): string {
  const names = path.map(String);
  if (source.kind === 'row') return ['$it', ...names].join('/');
  return [String(source.name), ...names].join('/');
}

const collectionText = (c: TypedCollection): string => pathText(c.source, c.path);

/** A literal in the form check() types as the literal's own type, before any context retypes it. */
function literalText(n: TypedLiteral): string {
  const value = n.value;
  if (n.enum !== undefined) return `${n.enum.name}'${String(value)}'`;
  switch (n.type) {
    case 'Edm.String':
      return typeof value === 'string' ? quote(value) : wrongValue(n);
    case 'Edm.Boolean':
      return value === true || value === false ? String(value) : wrongValue(n);
    case 'Edm.Guid':
      return typeof value === 'string' ? value : wrongValue(n);
    // Hexadecimal, which every version reads alike.
    case 'Edm.Binary':
      return typeof value === 'string' ? binaryLiteral(value) : wrongValue(n);
    case 'Edm.Int64':
      return typeof value === 'bigint' ? `${value}L` : wrongValue(n);
    case 'Edm.Decimal':
      return typeof value === 'string' ? `${value}m` : wrongValue(n);
    case 'Edm.Double':
    case 'Edm.Single':
      if (typeof value !== 'number') return wrongValue(n);
      // A Single that binary32 cannot hold is a literal of another type that its place retyped
      // (`S in (2147483647)`): written in that form, the place retypes it again.
      if (n.type === 'Edm.Single' && Math.fround(value) !== value && Number.isFinite(value)) return floatText(value);
      return `${floatText(value)}${n.type === 'Edm.Double' ? 'd' : 'f'}`;
    case 'Edm.DateTimeOffset':
      return isTimeValue(value) ? instantText(value) : wrongValue(n);
    case 'Edm.DateTime':
      return isTimeValue(value) ? instantLiteral(n.type, wholeMs(value), '3.0', n, picosOf(value)) : wrongValue(n);
    case 'Edm.Date':
      return typeof value === 'number' ? formatDate(value) : wrongValue(n);
    case 'Edm.TimeOfDay':
      return isTimeValue(value) ? formatTimeOfDay(value) : wrongValue(n);
    case 'Edm.Duration':
      return isTimeValue(value) ? `duration'${formatDuration(value)}'` : wrongValue(n);
    case 'Edm.Byte':
    case 'Edm.SByte':
    case 'Edm.Int16':
    case 'Edm.Int32':
      return typeof value === 'number' ? String(value) : wrongValue(n);
    default:
      throw malformedFilter(n, `a literal of no literal type (${JSON.stringify(n.type)})`);
  }
}

function wrongValue(n: TypedLiteral): never {
  throw malformedFilter(n, `a ${String(n.type)} literal holds a ${typeof n.value}`);
}

function floatText(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return 'INF';
  if (value === Number.NEGATIVE_INFINITY) return '-INF';
  if (Object.is(value, -0)) return '-0.0';
  // `1e+21` is written `1E21`: the grammar's exponent takes a sign only when it is negative.
  return String(value).replace('e+', 'E').replace('e', 'E');
}

/**
 * An instant as the bare v4 literal: in UTC, or, beyond the years 1 to 9999 in UTC (a literal
 * written at an offset at either end of that range), at the offset that brings it within them.
 */
function instantText(instant: TimeValue): string {
  const year = new Date(wholeMs(instant)).getUTCFullYear();
  if (year >= 1 && year <= 9999) return formatInstant(instant);
  const minutes = year < 1 ? 14 * 60 : -14 * 60;
  const local = formatInstant(addTimes(instant, minutes * 60_000)).slice(0, -1);
  return `${local}${minutes > 0 ? '+' : '-'}14:00`;
}

/** A time value of a well-formed typed literal: an integer number, or a FineTime. */
function isTimeValue(value: unknown): value is TimeValue {
  return (typeof value === 'number' && Number.isInteger(value)) || isFineTime(value);
}

/** Keys that say where a node was read, not what it is. */
const SPAN_KEYS = new Set(['start', 'end']);
/** Keys whose values are the schema's own objects: the same object, not a look-alike. */
const SCHEMA_KEYS = new Set(['property', 'enum']);

/** The given tree is the checked one, node for node; a difference is refused at the innermost node holding it. */
function expectSame(given: TypedExpr, again: TypedExpr): void {
  const stack: [unknown, unknown, unknown][] = [[given, again, given]];
  while (stack.length > 0) {
    const [a, b, outer] = stack.pop()!;
    if (Object.is(a, b)) continue;
    if (!isRecord(a) || !isRecord(b)) throw different(outer, 'a part', a, b);
    const at = typeof a.kind === 'string' && 'type' in a ? a : outer;
    if ('kind' in a && 'type' in a && !(isSpanNumber(a.start) && isSpanNumber(a.end) && a.start <= a.end))
      throw malformedFilter(undefined, `a ${String(a.kind)} node needs a span: integers 0 <= start <= end`);
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (SPAN_KEYS.has(key)) continue;
      const [x, y] = [a[key], b[key]];
      if (Object.is(x, y)) continue;
      if (!SCHEMA_KEYS.has(key) && Array.isArray(x) && Array.isArray(y) && x.length === y.length) {
        for (let i = 0; i < x.length; i++) stack.push([x[i], y[i], at]);
      } else if (!SCHEMA_KEYS.has(key) && isRecord(x) && isRecord(y) && !Array.isArray(x) && !Array.isArray(y)) {
        stack.push([x, y, at]);
      } else {
        throw different(at, `its ${key}`, x, y);
      }
    }
  }
}

function different(at: unknown, what: string, given: unknown, again: unknown): Error {
  return malformedFilter(at, `${what} is ${describe(given)} where check() gives ${describe(again)}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'bigint') return `${value}n`;
  if (isRecord(value) && typeof value.kind === 'string') return `a ${value.kind} node`;
  if (value === undefined || value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'an array' : 'another object';
}
