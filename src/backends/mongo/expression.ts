// Aggregation expressions (for `$expr`): what plain query operators cannot say. Every value
// expression evaluates to the reference value or to null/missing; every truth expression to
// exactly true or false, so three-valued logic is compiled by polarity rather than computed.

import type { CompareOp } from '../../ast.js';
import type { EdmType } from '../../edm.js';
import { isInteger } from '../../edm.js';
import type { TypedArithmetic, TypedCall, TypedCompare, TypedConvert, TypedExpr, TypedIn, TypedLiteral } from '../../typed.js';
import { visitTyped } from '../../typed.js';
import type { Context } from './context.js';
import { plainValue, unsupported } from './context.js';

/** An aggregation expression: plain data. */
export type Agg = unknown;

const isDoubleType = (type: EdmType): boolean => type === 'Edm.Double' || type === 'Edm.Single';

export class ExpressionCompiler {
  #next = 0;
  constructor(private readonly ctx: Context) {}

  /** An expression that is true exactly when `node` (Boolean) is `want`; never null. */
  truth(node: TypedExpr, want: boolean): Agg {
    switch (node.kind) {
      case 'literal':
        return node.value === want;
      case 'null':
        return false;
      case 'member':
        return { $eq: [this.value(node), want] };
      case 'not':
        return this.truth(node.operand, !want);
      case 'logical': {
        const all = (node.op === 'and') === want;
        const parts = node.operands.map((o) => this.truth(o, want));
        return parts.length === 1 ? parts[0] : { [all ? '$and' : '$or']: parts };
      }
      case 'compare':
        return polarity(this.compare(node), want);
      case 'in':
        return polarity(this.in(node), want);
      case 'call':
        return this.stringTest(node, want);
      default:
        throw unsupported(node, `a ${node.kind} node as a condition`);
    }
  }

  /** The node's value, or null/missing when it is null. */
  value(node: TypedExpr): Agg {
    return visitTyped<Agg>(node, {
      literal: (n) => this.literal(n),
      null: () => null,
      member: (n) => `$${this.ctx.field(n)}`,
      convert: (n) => this.convert(n),
      negate: (n) => this.negate(this.value(n.operand), n.type),
      arithmetic: (n) => this.arithmetic(n),
      call: (n) => (n.type === 'Edm.Boolean' ? this.booleanValue(n) : this.call(n)),
      not: (n) => this.booleanValue(n),
      compare: (n) => this.booleanValue(n),
      logical: (n) => this.booleanValue(n),
      in: (n) => this.booleanValue(n),
    });
  }

  literal(node: TypedLiteral): Agg {
    const plain = plainValue(node, this.ctx);
    if (!plain) return { $toDecimal: String(node.value) };
    // A string starting with '$' would be read as a field path: strings are always $literal.
    return typeof plain.value === 'string' ? { $literal: plain.value } : plain.value;
  }

  private booleanValue(node: TypedExpr): Agg {
    return { $cond: [this.truth(node, true), true, { $cond: [this.truth(node, false), false, null] }] };
  }

  private compare(node: TypedCompare): Agg {
    const left = this.value(node.left);
    const right = this.value(node.right);
    if (node.op === 'eq' || node.op === 'ne') return { [`$${node.op}`]: [orNull(left), orNull(right)] };
    return this.bind([left, right], ([l, r]) => order(node.op, l, r, isDoubleType(node.left.type)));
  }

  private in(node: TypedIn): Agg {
    if (node.list.length === 0) return false;
    return { $in: [orNull(this.value(node.operand)), node.list.map((item) => this.value(item))] };
  }

  /** contains, substringof, startswith, endswith: null when an argument is null, so false both ways. */
  private stringTest(node: TypedCall, want: boolean): Agg {
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
        throw unsupported(node, `the function ${node.name}() as a condition`);
    }
    return this.bind([s, t], ([s, t]) => ({ $cond: [anyNull([s, t]), false, polarity(test(s, t), want)] }));
  }

  private convert(node: TypedConvert): Agg {
    const from = node.operand.type;
    const to = node.type;
    const value = this.value(node.operand);
    if (to === 'Edm.Decimal' && from !== 'Edm.Decimal') return { $toDecimal: value };
    if (isDoubleType(to) && !isDoubleType(from)) return { $toDouble: value };
    return value;
  }

  private negate(value: Agg, type: EdmType): Agg {
    // Integers are computed in Decimal128 so that no intermediate result overflows.
    return { $multiply: [isInteger(type) ? { $toDecimal: value } : value, -1] };
  }

  private arithmetic(node: TypedArithmetic): Agg {
    let left = this.value(node.left);
    let right = this.value(node.right);
    if (isInteger(node.type)) {
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
          const guard = anyOf([isNull(a), isNull(b), isConstant(b) ? compareConstant(b, 0) : { $eq: [b, 0] }]);
          return guard === false ? result : guard === true ? null : { $cond: [guard, null, result] };
        });
      }
    }
  }

  private call(node: TypedCall): Agg {
    const args = node.args.map((arg) => this.value(arg));
    const safe = (build: (refs: Agg[]) => Agg) => this.nullSafe(args, build);
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
        return safe(([a, b]) => ({ $concat: [a, b] }));
      case 'replace':
        // MongoDB's $replaceAll with an empty `find` inserts the replacement everywhere.
        return safe(([s, find, replacement]) => ({ $cond: [{ $eq: [find, { $literal: '' }] }, s, { $replaceAll: { input: s, find, replacement } }] }));
      case 'year':
      case 'month':
      case 'day':
      case 'hour':
      case 'minute':
      case 'second': {
        const op = node.name === 'day' ? '$dayOfMonth' : `$${node.name}`;
        return safe(([d]) => ({ [op]: { date: d } }));
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
        throw unsupported(node, `the function ${node.name}()`);
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

  /** `build(args)`, or null when any argument is null or missing. */
  private nullSafe(args: Agg[], build: (refs: Agg[]) => Agg): Agg {
    return this.bind(args, (refs) => {
      const guard = anyNull(refs);
      return guard === false ? build(refs) : { $cond: [guard, null, build(refs)] };
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

/** The value with missing read as null; only a field path (or a variable) can be missing. */
function orNull(e: Agg): Agg {
  // Operators return null for null or missing input, never missing; only a path can be missing.
  return typeof e === 'string' && e.startsWith('$') ? { $ifNull: [e, null] } : e;
}

/** True when the value is null or missing ($ifNull treats both alike). */
function isNull(e: Agg): Agg {
  if (isConstant(e)) return e === null;
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
  return want ? test : { $not: [test] };
}

export const ORDER_OPERATORS: Record<'gt' | 'ge' | 'lt' | 'le', string> = { gt: '$gt', ge: '$gte', lt: '$lt', le: '$lte' };

const NOT_NAN = (e: Agg): Agg => ({ $ne: [e, Number.NaN] });

/**
 * gt/ge/lt/le with the reference's nulls (false) and NaN (unordered; ge is gt or eq). In
 * aggregation MongoDB orders null below every value and NaN below every number, so both are guarded.
 */
function order(op: CompareOp, l: Agg, r: Agg, double: boolean): Agg {
  const guards = [isNull(l), isNull(r)].filter((g) => g !== false).map((g) => (g === true ? true : { $not: [g] }));
  if (guards.includes(true)) return false;
  const name = ORDER_OPERATORS[op as keyof typeof ORDER_OPERATORS];
  if (!double) return guards.length === 0 ? { [name]: [l, r] } : { $and: [...guards, { [name]: [l, r] }] };
  const strict = op === 'gt' || op === 'ge' ? '$gt' : '$lt';
  const less = { $and: [...guards, NOT_NAN(l), NOT_NAN(r), { [strict]: [l, r] }] };
  if (op === 'gt' || op === 'lt') return less;
  return { $or: [less, { $and: [...guards, { $eq: [l, r] }] }] };
}
