// Compiles a typed filter to the source of one straight-line JavaScript function, specialised by
// the checked types: no per-row dispatch on node kinds, literal conversions done at compile time.
// Every value from the filter is a JSON-escaped literal or an entry of the constants array `k`.

import type { TypedExpr, TypedFilter, TypedMember } from '../../typed.js';
import type { CompareOp } from '../../ast.js';
import { constantOf, convertRepr, reprOf, type Repr } from './plan.js';
import * as runtime from './runtime.js';

type Runtime = typeof runtime;
type HelperName = keyof Runtime;

/** An expression's code; `constant` when it reads no row (then the code is pure and non-null). */
interface Val {
  readonly code: string;
  readonly repr: Repr;
  readonly constant?: { readonly value: unknown };
}

/** The predicate factory's source and the constants it closes over. */
export interface GeneratedSource {
  readonly body: string;
  readonly constants: readonly unknown[];
}

export function generateSource(filter: TypedFilter): GeneratedSource {
  const gen = new Generator();
  const test = gen.truth(filter.root, true);
  const helpers = [...gen.helpers].map((h) => `const h_${h} = $.${h};`).join('\n');
  const temps = gen.temps > 0 ? `let ${Array.from({ length: gen.temps }, (_, i) => `t${i}`).join(', ')};\n` : '';
  const body =
    `'use strict';\n${helpers}\n` +
    `return function predicate(row) {\n` +
    `if (row === null || typeof row !== 'object') h_badRow(row);\n${temps}` +
    `return ${test};\n};`;
  return { body, constants: gen.constants };
}

/** Builds the predicate from generated source; throws where `new Function` is forbidden. */
export function compileGenerated(filter: TypedFilter): (row: unknown) => boolean {
  const { body, constants } = generateSource(filter);
  const factory = new Function('$', 'k', body) as (rt: Runtime, k: readonly unknown[]) => (row: unknown) => boolean;
  return factory(runtime, constants);
}

const PREDICATES: Readonly<Record<string, (a: string, b: string) => string>> = {
  substringof: (a, b) => `${b}.includes(${a})`,
  contains: (a, b) => `${a}.includes(${b})`,
  startswith: (a, b) => `${a}.startsWith(${b})`,
  endswith: (a, b) => `${a}.endsWith(${b})`,
};

/** The runtime helper of each value-returning function, by the representation of its result. */
function functionHelper(name: string, repr: Repr): HelperName | 'identity' {
  switch (name) {
    case 'length': return 'lengthOf';
    case 'indexof': return 'indexOf';
    case 'replace': return 'replaceAll';
    case 'substring': return 'substring';
    case 'tolower': return 'toLower';
    case 'toupper': return 'toUpper';
    case 'trim': return 'trimSpaces';
    case 'concat': return 'concat';
    case 'year': return 'yearOf';
    case 'month': return 'monthOf';
    case 'day': return 'dayOf';
    case 'hour': return 'hourOf';
    case 'minute': return 'minuteOf';
    case 'second': return 'secondOf';
    case 'round': return repr === 'dec' ? 'roundDecimal' : 'roundDouble';
    case 'floor': return repr === 'dec' ? 'floorDecimal' : 'floorDouble';
    case 'ceiling': return repr === 'dec' ? 'ceilingDecimal' : 'ceilingDouble';
    case 'datetime':
    case 'datetimeoffset':
      return 'identity';
    default:
      throw new Error(`No in-memory implementation of function '${name}'`);
  }
}

/** The representation each argument of a function is passed in. */
function argumentRepr(name: string, index: number, node: TypedExpr): Repr {
  if (name === 'substring' && index > 0) return 'num';
  return reprOf(node);
}

const SMALL_INTEGER_TEST: Readonly<Record<string, (t: string) => string>> = {
  'Edm.Int32': (t) => `(${t} | 0) === ${t}`,
  'Edm.Int16': (t) => `(${t} << 16 >> 16) === ${t}`,
  'Edm.SByte': (t) => `(${t} << 24 >> 24) === ${t}`,
  'Edm.Byte': (t) => `(${t} & 255) === ${t}`,
};

const HAS_WELL_FORMED = typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed === 'function';

class Generator {
  temps = 0;
  readonly constants: unknown[] = [];
  readonly helpers = new Set<HelperName>(['badRow']);

  temp(): string {
    return `t${this.temps++}`;
  }

  helper(name: HelperName): string {
    this.helpers.add(name);
    return `h_${name}`;
  }

  /** Code for a constant: an inline literal where JavaScript spells it exactly, else `k[i]`. */
  constant(value: unknown, repr: Repr): Val {
    let code: string;
    if (typeof value === 'string') code = JSON.stringify(value);
    else if (typeof value === 'boolean') code = String(value);
    else if (typeof value === 'number' && Number.isFinite(value) && !Object.is(value, -0)) code = `(${String(value)})`;
    else if (typeof value === 'bigint') code = `(${value}n)`;
    else if (value === null) code = 'null';
    else {
      this.constants.push(value);
      code = `k[${this.constants.length - 1}]`;
    }
    return { code, repr, constant: { value } };
  }

  /** Converts a value to another representation (constants at compile time). */
  as(val: Val, repr: Repr): Val {
    if (val.repr === repr) return val;
    if (val.constant) {
      const v = val.constant.value;
      return this.constant(v === null ? null : convertRepr(v, val.repr, repr), repr);
    }
    return { code: this.nonNull(val, (x) => convertCode(x, val.repr, repr, this)), repr };
  }

  /** `f(x)` for the non-null value x of `val`, null when it is null. */
  nonNull(val: Val, f: (x: string) => string): string {
    if (val.constant) return val.constant.value === null ? 'null' : f(val.code);
    const t = this.temp();
    return `((${t} = ${val.code}) === null ? null : ${f(t)})`;
  }

  /** `f(...xs)` when every value is non-null, else `whenNull`. */
  allNonNull(vals: readonly Val[], f: (xs: string[]) => string, whenNull = 'null'): string {
    if (vals.some((v) => v.constant && v.constant.value === null)) return whenNull;
    const checks: string[] = [];
    const xs = vals.map((v) => {
      if (v.constant) return v.code;
      const t = this.temp();
      checks.push(`(${t} = ${v.code}) === null`);
      return t;
    });
    if (checks.length === 0) return f(xs);
    return `(${checks.join(' || ')} ? ${whenNull} : ${f(xs)})`;
  }

  // -------------------------------------------------------------------------------------------
  // Values: code that yields the node's value or null

  value(node: TypedExpr): Val {
    const repr = reprOf(node);
    const c = constantOf(node);
    if (c) return this.constant(c.value, repr);
    switch (node.kind) {
      case 'member':
        return { code: this.member(node), repr };
      case 'convert':
        return this.as(this.value(node.operand), repr);
      case 'negate': {
        const v = this.as(this.value(node.operand), repr);
        return { code: this.nonNull(v, (x) => (repr === 'dec' ? `${x}.neg()` : `(-${x})`)), repr };
      }
      case 'arithmetic': {
        const l = this.as(this.value(node.left), repr);
        const r = this.as(this.value(node.right), repr);
        return { code: this.allNonNull([l, r], ([a, b]) => arithmeticCode(node.op, a!, b!, repr, this)), repr };
      }
      case 'call': {
        if (node.type === 'Edm.Boolean') return this.booleanValue(node);
        const helper = functionHelper(node.name, repr);
        const args = node.args.map((a, i) => this.as(this.value(a), argumentRepr(node.name, i, a)));
        const call = helper === 'identity' ? (xs: string[]) => xs[0]! : (xs: string[]) => `${this.helper(helper)}(${xs.join(', ')})`;
        return { code: this.allNonNull(args, call), repr };
      }
      default:
        return this.booleanValue(node);
    }
  }

  /** A Boolean node's three-valued value, from its two truth tests. */
  booleanValue(node: TypedExpr): Val {
    return { code: `(${this.truth(node, true)} ? true : ${this.truth(node, false)} ? false : null)`, repr: 'bool' };
  }

  member(node: TypedMember): string {
    const t = this.temp();
    const path = node.path;
    const read = (obj: string, name: string): string =>
      runtime.isPrototypeName(name) ? `${this.helper('readOwn')}(${obj}, ${JSON.stringify(name)})` : `${obj}[${JSON.stringify(name)}]`;
    let code = `(${t} = ${read('row', path[0]!)}) == null ? null : `;
    for (let i = 1; i < path.length; i++) {
      const prefix = JSON.stringify(path.slice(0, i).join('/'));
      code += `typeof ${t} !== 'object' ? ${this.helper('badValue')}(${t}, ${prefix}, 'object') : (${t} = ${read(t, path[i]!)}) == null ? null : `;
    }
    return `(${code}${this.readValue(node, t)})`;
  }

  /** Checks (and converts) a non-null row value of the member's declared type. */
  readValue(node: TypedMember, t: string): string {
    const p = JSON.stringify(node.path.join('/'));
    const type = node.type;
    const bad = `${this.helper('badValue')}(${t}, ${p}, ${JSON.stringify(type)})`;
    const smallTest = SMALL_INTEGER_TEST[type];
    let code: string;
    if (smallTest) code = `typeof ${t} === 'number' && ${smallTest(t)} ? ${t} : ${bad}`;
    else {
      switch (type) {
        case 'Edm.String':
          // isWellFormed is native in Node 20+ and current browsers; older engines call the helper.
          code = HAS_WELL_FORMED
            ? `typeof ${t} === 'string' && ${t}.isWellFormed() ? ${t} : ${bad}`
            : `typeof ${t} === 'string' && ${this.helper('isWellFormed')}(${t}) ? ${t} : ${bad}`;
          break;
        case 'Edm.Boolean':
          code = `typeof ${t} === 'boolean' ? ${t} : ${bad}`;
          break;
        case 'Edm.Double':
        case 'Edm.Single':
          code = `typeof ${t} === 'number' ? ${t} : ${bad}`;
          break;
        case 'Edm.Guid':
          code = `${this.helper('readGuid')}(${t}, ${p})`;
          break;
        case 'Edm.Int64':
          code = `${this.helper('readInt64')}(${t}, ${p})`;
          break;
        case 'Edm.Decimal':
          code = `${this.helper('readDecimal')}(${t}, ${p})`;
          break;
        default:
          code = `${this.helper('readInstant')}(${t}, ${p}, ${JSON.stringify(type)})`;
      }
    }
    // An integer member whose static range is beyond 2^53 is represented as a bigint.
    const repr = reprOf(node);
    return repr === 'big' && type !== 'Edm.Int64' ? `BigInt(${code})` : code;
  }

  // -------------------------------------------------------------------------------------------
  // Truth: code that yields whether a Boolean node's value is `want` (true, or false)

  truth(node: TypedExpr, want: boolean): string {
    switch (node.kind) {
      case 'literal':
        return String(node.value === want);
      case 'null':
        return 'false';
      case 'member':
        return `(${this.member(node)} === ${want})`;
      case 'not':
        return this.truth(node.operand, !want);
      case 'logical': {
        // want true: and → all true, or → any true; want false: and → any false, or → all false.
        const all = (node.op === 'and') === want;
        return `(${node.operands.map((o) => this.truth(o, want)).join(all ? ' && ' : ' || ')})`;
      }
      case 'compare': {
        const code = this.compare(node.op, node.left, node.right);
        return want ? code : `!(${code})`;
      }
      case 'in': {
        const code = this.inList(node.operand, node.list);
        return want ? code : `!(${code})`;
      }
      case 'call': {
        const pred = PREDICATES[node.name];
        if (!pred) throw new Error(`Function '${node.name}' is not a Boolean predicate`);
        const args = node.args.map((a) => this.value(a));
        return `(${this.allNonNull(args, ([a, b]) => (want ? pred(a!, b!) : `!${pred(a!, b!)}`), 'false')})`;
      }
      default:
        return `(${this.value(node).code} === ${want})`;
    }
  }

  /** A comparison; never null (docs/semantics.md, section 2). */
  compare(op: CompareOp, left: TypedExpr, right: TypedExpr): string {
    let l = this.value(left);
    let r = this.value(right);
    const repr: Repr = l.repr === 'big' || r.repr === 'big' ? 'big' : l.repr;
    l = this.as(l, repr);
    r = this.as(r, repr);
    const lNull = l.constant?.value === null;
    const rNull = r.constant?.value === null;
    if (op === 'eq' || op === 'ne') {
      const neg = op === 'ne' ? '!' : '';
      if (lNull && rNull) return String(op === 'eq');
      if (lNull || rNull) return `(${(lNull ? r : l).code} ${op === 'eq' ? '===' : '!=='} null)`;
      const k = l.constant ? l : r.constant ? r : undefined;
      if (k && isPlainEquality(repr, k.constant!.value)) {
        const other = k === l ? r : l;
        return `(${other.code} ${op === 'eq' ? '===' : '!=='} ${k.code})`;
      }
      if (l.constant || r.constant) return `${neg}(${this.allNonNull([l, r], ([a, b]) => equalCode(a!, b!, repr), 'false')})`;
      const a = this.temp();
      const b = this.temp();
      return `${neg}((${a} = ${l.code}) === null ? ${r.code} === null : (${b} = ${r.code}) !== null && ${equalCode(a, b, repr)})`;
    }
    if (lNull || rNull) return 'false';
    const native = repr !== 'str' || [l, r].some((v) => v.constant && runtime.hasNoHighUnits(v.constant.value as string));
    return `(${this.allNonNull([l, r], ([a, b]) => orderCode(op, a!, b!, repr, native, this), 'false')})`;
  }

  inList(operand: TypedExpr, list: readonly TypedExpr[]): string {
    const v = this.value(operand);
    const items = list.map((i) => this.as(this.value(i), v.repr));
    const hasNull = items.some((i) => i.constant?.value === null);
    const values = items.filter((i) => i.constant?.value !== null);
    if (values.length === 0) return hasNull ? `(${v.code} === null)` : 'false';
    const t = this.temp();
    let test: string;
    if (v.repr === 'dec') {
      test = values.map((i) => `${t}.eq(${i.code})`).join(' || ');
    } else {
      // Set membership is SameValueZero: NaN finds NaN and 0 finds -0, as eq says.
      this.constants.push(new Set(values.map((i) => i.constant!.value)));
      test = `k[${this.constants.length - 1}].has(${t})`;
    }
    return `((${t} = ${v.code}) === null ? ${hasNull} : (${test}))`;
  }
}

/** Whether `x === constant` is the whole meaning of eq for this representation and value. */
function isPlainEquality(repr: Repr, value: unknown): boolean {
  if (repr === 'dec') return false;
  return !(typeof value === 'number' && Number.isNaN(value));
}

function equalCode(a: string, b: string, repr: Repr): string {
  switch (repr) {
    case 'dec':
      return `${a}.eq(${b})`;
    case 'dbl':
      return `(${a} === ${b} || (${a} !== ${a} && ${b} !== ${b}))`;
    default:
      return `${a} === ${b}`;
  }
}

const DECIMAL_ORDER = { gt: 'gt', ge: 'gte', lt: 'lt', le: 'lte' } as const;
const JS_ORDER = { gt: '>', ge: '>=', lt: '<', le: '<=' } as const;

function orderCode(op: Exclude<CompareOp, 'eq' | 'ne'>, a: string, b: string, repr: Repr, native: boolean, gen: Generator): string {
  if (repr === 'dec') return `${a}.${DECIMAL_ORDER[op]}(${b})`;
  if (repr === 'str' && !native) return `${gen.helper('compareStrings')}(${a}, ${b}) ${JS_ORDER[op]} 0`;
  const base = `${a} ${JS_ORDER[op]} ${b}`;
  // ge is gt or eq, and NaN eq NaN.
  if (repr === 'dbl' && (op === 'ge' || op === 'le')) return `(${base} || (${a} !== ${a} && ${b} !== ${b}))`;
  return base;
}

function arithmeticCode(op: string, a: string, b: string, repr: Repr, gen: Generator): string {
  switch (repr) {
    case 'dec':
      switch (op) {
        case 'add': return `${a}.plus(${b})`;
        case 'sub': return `${a}.minus(${b})`;
        case 'mul': return `${a}.times(${b})`;
        case 'div': return `${gen.helper('divideDecimals')}(${a}, ${b})`;
        default: return `${gen.helper('modDecimals')}(${a}, ${b})`;
      }
    case 'big': {
      const js = { add: '+', sub: '-', mul: '*', div: '/', mod: '%' }[op];
      return op === 'div' || op === 'mod' ? `(${b} === 0n ? null : ${a} ${js} ${b})` : `(${a} ${js} ${b})`;
    }
    default: {
      if (op === 'div' && repr === 'num') return `${gen.helper('divideIntegers')}(${a}, ${b})`;
      const js = { add: '+', sub: '-', mul: '*', div: '/', mod: '%' }[op];
      return op === 'div' || op === 'mod' ? `(${b} === 0 ? null : ${a} ${js} ${b})` : `(${a} ${js} ${b})`;
    }
  }
}

function convertCode(x: string, from: Repr, to: Repr, gen: Generator): string {
  switch (`${from}>${to}`) {
    case 'num>big':
      return `BigInt(${x})`;
    case 'num>dec':
    case 'big>dec':
      return `${gen.helper('decimal')}(${from === 'big' ? `${x}.toString()` : x})`;
    case 'big>num':
    case 'big>dbl':
      return `Number(${x})`;
    case 'dec>dbl':
      return `${x}.toNumber()`;
    default:
      return x;
  }
}
