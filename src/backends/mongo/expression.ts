// Aggregation expressions (for `$expr`): what plain query operators cannot say. Every value
// expression evaluates to the reference value or to null/missing; every truth expression to
// exactly true or false, so three-valued logic is compiled by polarity rather than computed.
// Every sub-expression is rendered once (an operand needed twice is a `$let` variable), so the
// document is linear in the filter; a Boolean used as a value is computed once as true, false
// or null, never rebuilt from its "is true" and "is false" tests.

import type { CompareOp } from '../../syntax/ast.js';
import type { EdmType } from '../../types/edm.js';
import { isFloatingPoint, isInteger } from '../../types/edm.js';
import type { TypedArithmetic, TypedCall, TypedCompare, TypedConvert, TypedExpr, TypedIn, TypedLiteral, TypedNegate } from '../../types/typed.js';
import { visitTyped } from '../../types/typed.js';
import { integerRange } from '../../semantics/integer-range.js';
import { MAX_STRING_LENGTH } from '../../semantics/string-bound.js';
import type { Context } from './options.js';
import { plainValue } from './bson-value.js';
import { cannotCompile } from './cannot-compile.js';
import { decimalText } from './decimal128.js';

/** An aggregation expression: plain data. */
export type Agg = unknown;

/** 2^1024 - 2^970 rounded up to 34 digits: a Decimal128 at or above it converts to ±Infinity. */
const DOUBLE_OVERFLOW = '1.797693134862315807937289714053035E+308';
/** 2^-1022 (the smallest normal double) rounded up to 34 digits. */
const DOUBLE_MIN_NORMAL = '2.225073858507201383090232717332405E-308';
/** 2^1074 rounded to 34 digits, half to even. */
const TWO_TO_1074 = '2.024022533073106183524953467189173E+323';


/**
 * Functions whose reference value is null exactly when one of their arguments is null (not
 * `replace` and `concat`, also null beyond the string bound).
 */
const NULL_IFF_ARGUMENT_NULL = new Set([
  'length', 'indexof', 'substring', 'tolower', 'toupper', 'trim',
  'year', 'month', 'day', 'hour', 'minute', 'second', 'round', 'floor', 'ceiling', 'datetime', 'datetimeoffset',
]);
/**
 * Arguments (by position) for which the MongoDB operator itself returns null when given null or
 * a missing field, as MongoDB documents: such an argument needs no null guard.
 * ($strLenCP, $substrCP and $toLower/$toUpper do not: they fail or return '' instead.)
 */
const PROPAGATES_NULL: Readonly<Record<string, readonly number[]>> = {
  indexof: [0], // $indexOfCP: null string → null (a null substring is an error)
  trim: [0], // $trim
  floor: [0], // $floor
  ceiling: [0], // $ceil
  // $year, $month, $dayOfMonth, $hour, $minute, $second: a null or missing date gives null.
  year: [0],
  month: [0],
  day: [0],
  hour: [0],
  minute: [0],
  second: [0],
};
/** Functions whose builder below uses each argument once (so a guard-free argument needs no variable). */
const SINGLE_USE = new Set(['length', 'indexof', 'tolower', 'toupper', 'trim', 'year', 'month', 'day', 'hour', 'minute', 'second', 'floor', 'ceiling']);

/** Integers within ±2^53 are exact in every numeric BSON type, so arithmetic within that range needs no Decimal128. */
const SAFE = 2n ** 53n;

export class ExpressionCompiler {
  #next = 0;
  /** Field paths known to be non-null where the expression being compiled is evaluated. */
  #known: ReadonlySet<string> = new Set();
  /** Null guards emitted so far (a `$cond` on a null test inside a value). */
  #guards = 0;
  constructor(private readonly ctx: Context) {}

  /**
   * The fields whose nullness decides the node's nullness: the reference value is null exactly
   * when one of them is null or missing. Undefined when nullness depends on more than fields (a
   * null literal, division by a non-constant, a condition).
   */
  strictFields(node: TypedExpr): ReadonlySet<string> | undefined {
    switch (node.kind) {
      case 'literal':
        return new Set();
      case 'member':
        return new Set([this.ctx.field(node)]);
      case 'convert':
      case 'negate':
        return this.strictFields(node.operand);
      case 'arithmetic': {
        if ((node.op === 'div' || node.op === 'mod') && !(node.right.kind === 'literal' && !isZero(node.right.value))) return undefined;
        return union([this.strictFields(node.left), this.strictFields(node.right)]);
      }
      case 'call':
        return NULL_IFF_ARGUMENT_NULL.has(node.name) ? union(node.args.map((a) => this.strictFields(a))) : undefined;
      default:
        return undefined;
    }
  }

  /** Whether the node may be null where it is being compiled. */
  private mayBeNull(node: TypedExpr): boolean {
    const fields = this.strictFields(node);
    return fields === undefined || [...fields].some((f) => !this.#known.has(f));
  }

  /** `build()` compiled knowing that `fields` are not null. */
  private assuming<T>(fields: ReadonlySet<string>, build: () => T): T {
    const outer = this.#known;
    this.#known = new Set([...outer, ...fields]);
    try {
      return build();
    } finally {
      this.#known = outer;
    }
  }

  /**
   * A test on the node's fields made once, up front, instead of null guards inside its value:
   * `{ $cond: [<a field is null>, whenNull, build(value computed directly on the fields)] }`.
   * Used only when it removes at least one guard; $cond (not $and, which MongoDB does not
   * promise to short-circuit) keeps the direct computation from ever seeing a null.
   */
  private hoisted(nodes: readonly TypedExpr[], whenNull: Agg, build: (values: Agg[]) => Agg): Agg | undefined {
    const fields = union(nodes.map((n) => this.strictFields(n)));
    if (fields === undefined) return undefined;
    const open = new Set([...fields].filter((f) => !this.#known.has(f)));
    if (open.size === 0) return undefined;
    const before = this.#guards;
    const plain = build(nodes.map((n) => this.value(n)));
    const guarded = this.#guards - before;
    if (guarded === 0) return undefined;
    this.#guards = before;
    const direct = this.assuming(open, () => build(nodes.map((n) => this.value(n))));
    void plain;
    return { $cond: [anyOf([...open].map((f) => isNull(`$${f}`))), whenNull, direct] };
  }

  /** An expression that is true exactly when `node` (Boolean) is `want`; never null. */
  truth(node: TypedExpr, want: boolean): Agg {
    switch (node.kind) {
      case 'literal':
        return node.value === want;
      case 'null':
        return false;
      case 'member':
        return { $eq: [this.value(node), want] };
      case 'structureNull':
        return polarity(isNull(`$${this.ctx.field(node)}`), (node.op === 'eq') === want);
      case 'not':
        return this.truth(node.operand, !want);
      case 'logical': {
        const all = (node.op === 'and') === want;
        const parts = node.operands.map((o) => this.truth(o, want));
        return parts.length === 1 ? parts[0] : { [all ? '$and' : '$or']: parts };
      }
      case 'compare':
        return this.booleanCompare(node, want) ?? polarity(this.compare(node), want);
      case 'in':
        return polarity(this.in(node), want);
      case 'call':
        return this.stringTest(node, want);
      default:
        throw cannotCompile(node, `a ${node.kind} node as a condition`);
    }
  }

  /**
   * `x eq c` and `x ne c` for a Boolean expression x (not a field) and a constant c (true, false
   * or null) as a test on x itself, compiled once: `x eq true` is "x is true", `x ne true` is "x is
   * not true" (false or null). Undefined for other comparisons.
   */
  private booleanCompare(node: TypedCompare, want: boolean): Agg | undefined {
    const sides = booleanConstantSides(node);
    if (!sides) return undefined;
    const [x, c] = sides;
    // Rows where `x eq c` is `equal`.
    const equal = (node.op === 'eq') === want;
    if (c === null) {
      // x is null: never for a comparison or `in`.
      if (neverNull(x)) return !equal;
      const test = isNull(this.value(x));
      return equal ? test : polarity(test, false);
    }
    if (equal) return this.truth(x, c);
    // Not c: !c when x is never null, else "not (x is c)", x compiled once.
    return neverNull(x) ? this.truth(x, !c) : polarity(this.truth(x, c), false);
  }
  /** The node's value, or null/missing when it is null. */
  value(node: TypedExpr): Agg {
    return visitTyped<Agg>(node, {
      literal: (n) => this.literal(n),
      null: () => null,
      member: (n) => `$${this.ctx.field(n)}`,
      convert: (n) => this.convert(n),
      negate: (n) => this.negate(this.value(n.operand), n.type, this.native(n)),
      arithmetic: (n) => this.arithmetic(n),
      call: (n) => (n.type === 'Edm.Boolean' ? this.booleanValue(n) : this.call(n)),
      not: (n) => this.booleanValue(n),
      compare: (n) => this.booleanValue(n),
      logical: (n) => this.booleanValue(n),
      in: (n) => this.booleanValue(n),
      structureNull: (n) => this.booleanValue(n),
    });
  }

  literal(node: TypedLiteral): Agg {
    const plain = plainValue(node, this.ctx);
    if (!plain) return { $toDecimal: decimalText(node) };
    // A string starting with '$' would be read as a field path: strings are always $literal.
    return typeof plain.value === 'string' ? { $literal: plain.value } : plain.value;
  }

  /**
   * A Boolean expression's three-valued value (true, false, or null/missing), each operand
   * computed once: a comparison or `in` is never null, so its value is its truth; `not`, `and` and
   * `or` combine their operands' values (bound to variables when used twice); a string test is
   * null when an argument is null.
   */
  private booleanValue(node: TypedExpr): Agg {
    switch (node.kind) {
      case 'compare':
      case 'in':
      case 'structureNull':
        return this.truth(node, true);
      case 'not': {
        const v = this.value(node.operand);
        if (!this.booleanMayBeNull(node.operand)) return polarity(v, false);
        return this.bind([v], ([r]) => ({ $cond: [isNull(r), null, { $not: [r] }] }));
      }
      case 'logical': {
        const values = node.operands.map((o) => this.value(o));
        const nullable = node.operands.map((o) => this.booleanMayBeNull(o));
        const decisive = node.op === 'or';
        if (!nullable.includes(true)) return values.length === 1 ? values[0] : { [decisive ? '$or' : '$and']: values };
        // false if an operand is false (or: true if one is true), else null if one is null.
        return this.bind(values, (refs) => ({
          $cond: [anyOf(refs.map((r) => (r === !decisive ? false : r === decisive ? true : { $eq: [r, decisive] }))), decisive, { $cond: [anyOf(refs.map((r, i) => (nullable[i] ? isNull(r) : false))), null, !decisive] }],
        }));
      }
      case 'call':
        return this.stringTest(node as TypedCall, undefined);
      default:
        throw cannotCompile(node, `a ${node.kind} node as a Boolean value`);
    }
  }

  /** Whether a Boolean expression may be null where it is compiled (false only when it never is). */
  private booleanMayBeNull(node: TypedExpr): boolean {
    switch (node.kind) {
      case 'literal':
      case 'compare':
      case 'in':
      case 'structureNull':
        return false;
      case 'null':
        return true;
      case 'not':
        return this.booleanMayBeNull(node.operand);
      case 'logical':
        return node.operands.some((o) => this.booleanMayBeNull(o));
      case 'call':
        return node.args.some((a) => this.mayBeNull(a));
      default:
        return this.mayBeNull(node);
    }
  }

  private compare(node: TypedCompare): Agg {
    let { op, left, right } = node;
    if (isNonNullConstant(left) && !isNonNullConstant(right)) [left, right, op] = [right, left, SWAPPED[op]];
    const double = isFloatingPoint(node.left.type);
    if (right.kind === 'null' && (op === 'eq' || op === 'ne')) {
      // `x eq null` is whether x is null: a test on its fields when they decide it, no value needed.
      const fields = this.strictFields(left);
      if (fields !== undefined) {
        const test = anyOf([...fields].filter((f) => !this.#known.has(f)).map((f) => isNull(`$${f}`)));
        return op === 'eq' ? test : polarity(test, false);
      }
    }
    if (isNonNullConstant(right) && !(double && isNaNLiteral(right))) {
      // Against a constant, a null or missing value is unequal, and below it in MongoDB's order
      // (so is NaN): eq, ne, gt and ge need no null test; lt and le test the fields up front.
      const c = this.value(right);
      const name = op === 'eq' || op === 'ne' ? `$${op}` : ORDER_OPERATORS[op as keyof typeof ORDER_OPERATORS];
      const low = op === 'lt' || op === 'le';
      const direct = ([v]: Agg[]) => (low && double ? this.bind([v], ([v]) => ({ $and: [NOT_NAN(v), { [name]: [v, c] }] })) : { [name]: [v, c] });
      const hoisted = this.hoisted([left], op === 'ne', direct);
      if (hoisted !== undefined) return hoisted;
      if (!low) return { [name]: [this.value(left), c] };
    }
    if (op === 'eq' || op === 'ne') return { [`$${op}`]: [orNull(this.value(node.left)), orNull(this.value(node.right))] };
    // Both sides null only through their fields: test those once, then compare the values directly.
    const fields = union([this.strictFields(left), this.strictFields(right)]);
    if (fields !== undefined && [...fields].some((f) => !this.#known.has(f))) {
      const open = [...fields].filter((f) => !this.#known.has(f));
      // Known non-null values are used once unless NaN must be ruled out (Double).
      const direct = this.assuming(new Set(open), () => {
        const values = [this.value(left), this.value(right)];
        const build = ([l, r]: Agg[]) => order(op, l, r, double, false);
        return double ? this.bind(values, build) : build(values);
      });
      return { $cond: [anyOf(open.map((f) => isNull(`$${f}`))), false, direct] };
    }
    return this.bind([this.value(left), this.value(right)], ([l, r]) => order(op, l, r, double, this.mayBeNull(left) || this.mayBeNull(right)));
  }

  private in(node: TypedIn): Agg {
    if (node.list.length === 0) return false;
    const hasNull = node.list.some((item) => item.kind === 'null');
    const values = node.list.filter((item) => item.kind !== 'null').map((item) => this.value(item));
    const hoisted = this.hoisted([node.operand], hasNull, ([v]) => ({ $in: [v, values] }));
    if (hoisted !== undefined) return hoisted;
    return { $in: [orNull(this.value(node.operand)), node.list.map((item) => this.value(item))] };
  }

  /**
   * contains, substringof, startswith, endswith: null when an argument is null, so false both ways
   * as a condition; with `want` undefined, the value (true, false or null).
   */
  private stringTest(node: TypedCall, want: boolean | undefined): Agg {
    const [a, b] = node.args.map((arg) => this.value(arg));
    const [s, t] = node.name === 'substringof' ? [b, a] : [a, b];
    let test: (s: Agg, t: Agg) => Agg;
    switch (node.name) {
      case 'contains':
      case 'substringof':
        test = (s, t) => ({ $ne: [{ $indexOfCP: [s, t] }, -1] });
        break;
      case 'startswith':
        test = (s, t) => ({ $eq: [{ $substrCP: [s, 0, { $strLenCP: t }] }, t] });
        break;
      case 'endswith':
        test = (s, t) =>
          this.bind([{ $strLenCP: s }, { $strLenCP: t }], ([ls, lt]) => ({
            $cond: [{ $lt: [ls, lt] }, false, { $eq: [{ $substrCP: [s, { $subtract: [ls, lt] }, lt] }, t] }],
          }));
        break;
      default:
        throw cannotCompile(node, `the function ${node.name}() as a condition`);
    }
    const nodes = node.name === 'substringof' ? [node.args[1]!, node.args[0]!] : [node.args[0]!, node.args[1]!];
    const whenNull = want === undefined ? null : false;
    const result = (s: Agg, t: Agg) => (want === undefined ? test(s, t) : polarity(test(s, t), want));
    const hoisted = this.hoisted(nodes, whenNull, ([s, t]) => this.bind([s, t], ([s, t]) => result(s, t)));
    if (hoisted !== undefined) return hoisted;
    return this.bind([s, t], ([s, t]) => {
      const guard = anyOf(nodes.map((n, i) => (this.mayBeNull(n) ? isNull([s, t][i]) : false)));
      return guard === false ? result(s, t) : { $cond: [guard, whenNull, result(s, t)] };
    });
  }

  private convert(node: TypedConvert): Agg {
    const from = node.operand.type;
    const to = node.type;
    const value = this.value(node.operand);
    if (to === 'Edm.Decimal' && from !== 'Edm.Decimal') return { $toDecimal: value };
    if (isFloatingPoint(to) && from === 'Edm.Decimal') return this.decimalToDouble(node.operand, value);
    if (isFloatingPoint(to) && !isFloatingPoint(from)) return { $toDouble: value };
    return value;
  }

  /**
   * A Decimal as a Double, rounded to binary64 as the reference does, without MongoDB's errors:
   * `$toDouble` of a Decimal128 fails when the double would overflow (a magnitude of
   * 2^1024 - 2^970 or more) or underflow (a nonzero magnitude below 2^-1022). So those ranges are
   * computed otherwise: ±Infinity at or beyond the overflow threshold; below 2^-1022 the value is
   * a multiple k of 2^-1074 (a subnormal, or 0), k = |x| × 2^1074 rounded to an integer in
   * Decimal128 (34 digits; exact unless |x| × 2^1074 lies within about 5e-18 of a half-integer),
   * converted (an integer below 2^53: exact) and scaled by ±2^-1074 (exact). The thresholds are
   * the smallest 34-digit decimals at or above the exact bounds, so a Decimal128 compares with
   * them as with the bounds themselves. A literal is converted here, exactly.
   */
  private decimalToDouble(operand: TypedExpr, value: Agg): Agg {
    if (operand.kind === 'literal') return Number(decimalText(operand));
    return this.bind([value], ([x]) => ({
      $cond: [
        { $gte: [{ $abs: x }, { $toDecimal: DOUBLE_OVERFLOW }] },
        { $cond: [{ $gt: [x, 0] }, Infinity, -Infinity] },
        {
          $cond: [
            { $lt: [{ $abs: x }, { $toDecimal: DOUBLE_MIN_NORMAL }] },
            {
              $multiply: [
                { $toDouble: { $trunc: { $add: [{ $multiply: [{ $abs: x }, { $toDecimal: TWO_TO_1074 }] }, { $toDecimal: '0.5' }] } } },
                { $cond: [{ $lt: [x, 0] }, -Number.MIN_VALUE, Number.MIN_VALUE] },
              ],
            },
            { $toDouble: x },
          ],
        },
      ],
    }));
  }

  private negate(value: Agg, type: EdmType, native: boolean): Agg {
    // Integers beyond ±2^53 are computed in Decimal128 so that no result overflows or rounds.
    return { $multiply: [isInteger(type) && !native ? { $toDecimal: value } : value, -1] };
  }

  /**
   * Whether integer arithmetic can run on the stored numbers: the result and both operands lie
   * within ±2^53, where int, long and double all hold integers exactly (an int overflowing into a
   * long, or an Int32 stored as a double, stays exact). Beyond that it runs in Decimal128.
   */
  private native(node: TypedArithmetic | TypedNegate): boolean {
    const operands = node.kind === 'negate' ? [node.operand] : [node.left, node.right];
    return [node, ...operands].every((n) => {
      const range = integerRange(n);
      return range !== undefined && range[0] >= -SAFE && range[1] <= SAFE;
    });
  }

  private arithmetic(node: TypedArithmetic): Agg {
    let left = this.value(node.left);
    let right = this.value(node.right);
    if (isInteger(node.type) && !this.native(node)) {
      // Exact integer arithmetic: Decimal128 holds 34 digits, where int64 would overflow to double.
      const lit = (n: TypedExpr) => n.kind === 'literal' || n.kind === 'null';
      if (!lit(node.left) || lit(node.right)) left = { $toDecimal: left };
      if (!lit(node.right)) right = { $toDecimal: right };
    }
    switch (node.op) {
      case 'add':
        return { $add: [left, right] };
      case 'sub':
        return { $subtract: [left, right] };
      case 'mul':
        return { $multiply: [left, right] };
      case 'div':
      case 'mod': {
        const integer = isInteger(node.type);
        return this.bind([left, right], ([a, b]) => {
          let result: Agg;
          if (node.op === 'mod') result = { $mod: [a, b] };
          // Truncating integer division, exact: (a - a mod b) / b divides exactly.
          else if (integer) result = { $divide: [{ $subtract: [a, { $mod: [a, b] }] }, b] };
          else result = { $divide: [a, b] };
                    // A literal divisor is zero or not here, whatever BSON value (a Long, a Decimal128) it became.
          const zero = node.right.kind === 'literal' ? isZero(node.right.value) : isConstant(b) ? compareConstant(b, 0) : { $eq: [b, 0] };
          const guard = anyOf([this.mayBeNull(node.left) ? isNull(a) : false, this.mayBeNull(node.right) ? isNull(b) : false, zero]);
          if (guard === false) return result;
          if (guard === true) return null;
          this.#guards++;
          return { $cond: [guard, null, result] };
        });
      }
    }
  }

  private call(node: TypedCall): Agg {
    const args = node.args.map((arg) => this.value(arg));
    const safe = (build: (refs: Agg[]) => Agg) => this.nullSafe(node, args, build);
    switch (node.name) {
      case 'length':
        return safe(([s]) => ({ $strLenCP: s }));
      case 'indexof':
        return safe(([s, t]) => ({ $indexOfCP: [s, t] }));
      case 'substring':
        return safe(([s, i, n]) => this.substring(s, i, n));
      case 'tolower':
        return safe(([s]) => ({ $toLower: s }));
      case 'toupper':
        return safe(([s]) => ({ $toUpper: s }));
      case 'trim':
        return safe(([s]) => ({ $trim: { input: s, chars: ' ' } }));
      case 'concat':
        return safe(([a, b]) => withinBound({ $add: [{ $strLenCP: a }, { $strLenCP: b }] }, { $concat: [a, b] }));
      case 'replace':
        // MongoDB's $replaceAll with an empty `find` inserts the replacement everywhere. Otherwise
        // the result's length is s's plus, per occurrence (one fewer than the parts of a $split),
        // the replacement's length less find's.
        return safe(([s, find, replacement]) => ({
          $cond: [
            { $eq: [find, { $literal: '' }] },
            s,
            withinBound(
              { $add: [{ $strLenCP: s }, { $multiply: [{ $subtract: [{ $size: { $split: [s, find] } }, 1] }, { $subtract: [{ $strLenCP: replacement }, { $strLenCP: find }] }] }] },
              { $replaceAll: { input: s, find, replacement } },
            ),
          ],
        }));
      case 'year':
      case 'month':
      case 'day':
      case 'hour':
      case 'minute':
      case 'second': {
        const op = node.name === 'day' ? '$dayOfMonth' : `$${node.name}`;
        // A date without a timezone is read in UTC.
        return safe(([d]) => ({ [op]: d }));
      }
      case 'round':
        // $round rounds half to even; half away from zero is trunc(x) plus sign(x) when |x - trunc(x)| >= 0.5.
        return safe(([x]) =>
          this.bind([{ $trunc: x }], ([t]) => ({
            $cond: [{ $gte: [{ $abs: { $subtract: [x, t] } }, 0.5] }, { $add: [t, { $cond: [{ $gt: [x, 0] }, 1, -1] }] }, t],
          })),
        );
      case 'floor':
        return safe(([x]) => ({ $floor: x }));
      case 'ceiling':
        return safe(([x]) => ({ $ceil: x }));
      case 'datetime':
      case 'datetimeoffset':
        return args[0];
      default:
        throw cannotCompile(node, `the function ${node.name}()`);
    }
  }

  /** substring(s, i[, n]) by code points; negative start or length as 0, all clamped to the length. */
  private substring(s: Agg, i: Agg, n: Agg | undefined): Agg {
    return this.bind([{ $strLenCP: s }], ([length]) =>
      this.bind([{ $max: [0, { $min: [i, length] }] }], ([start]) => {
        const count = n === undefined ? { $subtract: [length, start] } : { $max: [0, { $min: [n, length] }] };
        return { $substrCP: [s, { $toInt: start }, { $toInt: count }] };
      }),
    );
  }

  /**
   * `build(args)`, or null when an argument that may be null is null or missing. Arguments known
   * not to be null are neither tested nor, when the builder uses them once, bound to a variable.
   */
  private nullSafe(node: TypedCall, args: Agg[], build: (refs: Agg[]) => Agg): Agg {
    const propagates = PROPAGATES_NULL[node.name] ?? [];
    const nullable = node.args.map((arg, i) => !propagates.includes(i) && this.mayBeNull(arg));
    const once = SINGLE_USE.has(node.name);
    const bound = args.map((a, i) => (nullable[i] || !once ? a : undefined));
    return this.bind(bound, (refs) => {
      const values = refs.map((r, i) => (bound[i] === undefined ? args[i] : r));
      const guard = anyOf(values.map((v, i) => (nullable[i] ? isNull(v) : false)));
      if (guard === false) return build(values);
      this.#guards++;
      return { $cond: [guard, null, build(values)] };
    });
  }

  /** Binds compound expressions to fresh variables so each is computed once; simple ones stay inline. */
  bind(exprs: Agg[], build: (refs: Agg[]) => Agg): Agg {
    const vars: Record<string, Agg> = {};
    const refs = exprs.map((e) => {
      if (e === undefined || isSimple(e)) return e;
      const name = `v${this.#next++}`;
      vars[name] = e;
      return `$$${name}`;
    });
    const body = build(refs);
    return Object.keys(vars).length === 0 ? body : { $let: { vars, in: body } };
  }
}

/** `result`, or null where `length` (in code points) passes the string bound: decided before it is built. */
function withinBound(length: Agg, result: Agg): Agg {
  return { $cond: [{ $gt: [length, MAX_STRING_LENGTH] }, null, result] };
}

/** A value of a class (Date, a driver's Decimal128): a constant, not an expression object. */
const isValueObject = (e: object): boolean => Object.getPrototypeOf(e) !== Object.prototype && !Array.isArray(e);

function isSimple(e: Agg): boolean {
  if (e === null || typeof e !== 'object' || isValueObject(e)) return true;
  const keys = Object.keys(e);
  return keys.length === 1 && (keys[0] === '$literal' || keys[0] === '$toDecimal') && isSimple(Object.values(e)[0]);
}

/** A constant: no field path, no variable. */
function isConstant(e: Agg): boolean {
  if (typeof e === 'string') return !e.startsWith('$');
  if (e === null || typeof e !== 'object' || isValueObject(e)) return true;
  const keys = Object.keys(e);
  if (keys.length !== 1) return false;
  if (keys[0] === '$literal') return true;
  return keys[0] === '$toDecimal' && isConstant(Object.values(e)[0]);
}

/** A constant that is null: null itself, or a conversion of null (`{ $toDecimal: null }`). */
function isNullConstant(e: Agg): boolean {
  if (e === null) return true;
  if (typeof e !== 'object' || isValueObject(e as object)) return false;
  const keys = Object.keys(e as object);
  return keys.length === 1 && keys[0] === '$toDecimal' && isNullConstant(Object.values(e as object)[0]);
}

/** The value with missing read as null; only a field path (or a variable) can be missing. */
function orNull(e: Agg): Agg {
  // Operators return null for null or missing input, never missing; only a path can be missing.
  return typeof e === 'string' && e.startsWith('$') ? { $ifNull: [e, null] } : e;
}

/** True when the value is null or missing ($ifNull treats both alike). */
function isNull(e: Agg): Agg {
  if (isConstant(e)) return isNullConstant(e);
  return { $eq: [{ $ifNull: [e, null] }, null] };
}

function anyNull(refs: readonly Agg[]): Agg {
  return anyOf(refs.filter((r) => r !== undefined).map(isNull));
}

/** `$or` of the tests, folding the constant ones. */
function anyOf(tests: readonly Agg[]): Agg {
  const open = tests.filter((t) => t !== false);
  if (open.some((t) => t === true)) return true;
  if (open.length === 0) return false;
  return open.length === 1 ? open[0] : { $or: open };
}

/** Whether a constant number (or bigint, or decimal text in $toDecimal) equals `n`. */
function compareConstant(e: Agg, n: number): boolean | Agg {
  if (typeof e === 'number') return e === n;
  if (typeof e === 'bigint') return e === BigInt(n);
  return { $eq: [e, n] };
}

function polarity(test: Agg, want: boolean): Agg {
  if (want) return test;
  if (typeof test === 'boolean') return !test;
  // A hoisted null test keeps its place: `not` applies to both of its answers.
  const cond = (test as { $cond?: unknown })?.$cond;
  if (Array.isArray(cond) && typeof cond[1] === 'boolean' && Object.keys(test as object).length === 1) return { $cond: [cond[0], !cond[1], polarity(cond[2], false)] };
  return { $not: [test] };
}

export const ORDER_OPERATORS: Record<'gt' | 'ge' | 'lt' | 'le', string> = { gt: '$gt', ge: '$gte', lt: '$lt', le: '$lte' };

const NOT_NAN = (e: Agg): Agg => (typeof e === 'number' && !Number.isNaN(e) ? true : { $ne: [e, Number.NaN] });

/**
 * gt/ge/lt/le with the reference's nulls (false) and NaN (unordered; ge is gt or eq). In
 * aggregation MongoDB orders null below every value and NaN below every number, so both are guarded.
 */
function order(op: CompareOp, l: Agg, r: Agg, double: boolean, mayBeNull: boolean): Agg {
  const guards = mayBeNull ? [isNull(l), isNull(r)].filter((g) => g !== false).map((g) => (g === true ? true : { $not: [g] })) : [];
  if (guards.includes(true)) return false;
  const name = ORDER_OPERATORS[op as keyof typeof ORDER_OPERATORS];
  if (!double) return guards.length === 0 ? { [name]: [l, r] } : { $and: [...guards, { [name]: [l, r] }] };
  const strict = op === 'gt' || op === 'ge' ? '$gt' : '$lt';
  const less = { $and: [...guards, NOT_NAN(l), NOT_NAN(r), { [strict]: [l, r] }].filter((t) => t !== true) };
  if (op === 'gt' || op === 'lt') return less;
  return { $or: [less, { $and: [...guards, { $eq: [l, r] }] }] };
}

const SWAPPED: Record<CompareOp, CompareOp> = { eq: 'eq', ne: 'ne', gt: 'lt', ge: 'le', lt: 'gt', le: 'ge' };

/** Whether a Boolean expression is never null, whatever the row: comparisons and `in` never are. */
export function neverNull(node: TypedExpr): boolean {
  switch (node.kind) {
    case 'literal':
    case 'compare':
    case 'in':
    case 'structureNull':
      return true;
    case 'not':
      return neverNull(node.operand);
    case 'logical':
      return node.operands.every(neverNull);
    default:
      return false;
  }
}

/**
 * For `x eq c` or `x ne c` (either order) with x a Boolean expression that is not a field (fields
 * have plain operators) and c true, false or null: [x, c]. Otherwise undefined.
 */
export function booleanConstantSides(node: TypedCompare): [TypedExpr, boolean | null] | undefined {
  if (node.op !== 'eq' && node.op !== 'ne') return undefined;
  const constant = (n: TypedExpr) => n.kind === 'null' || (n.kind === 'literal' && typeof n.value === 'boolean');
  const [x, c] = constant(node.right) ? [node.left, node.right] : [node.right, node.left];
  if (!constant(c) || constant(x) || x.type !== 'Edm.Boolean' || x.kind === 'member') return undefined;
  return [x, c.kind === 'null' ? null : ((c as TypedLiteral).value as boolean)];
}

const isNonNullConstant = (node: TypedExpr): boolean => node.kind === 'literal';
const isNaNLiteral = (node: TypedExpr): boolean => node.kind === 'literal' && typeof node.value === 'number' && Number.isNaN(node.value);

function isZero(value: TypedLiteral['value']): boolean {
  if (typeof value === 'bigint') return value === 0n;
  return Number(value) === 0;
}

/** The union of field sets, undefined when any is. */
function union(sets: readonly (ReadonlySet<string> | undefined)[]): ReadonlySet<string> | undefined {
  const out = new Set<string>();
  for (const set of sets) {
    if (set === undefined) return undefined;
    for (const f of set) out.add(f);
  }
  return out;
}

