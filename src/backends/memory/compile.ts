// Compiles a lowered filter to the source of one straight-line JavaScript function, specialised by
// the checked types: no per-row dispatch on node kinds, literal conversions done at compile time.
// Every value from the filter is a JSON-escaped literal or an entry of the constants array `k`.
// What is null and what each predicate wants was decided by lower(); this file writes JavaScript
// for it, and shares member reads between the operands of an `and`/`or`.

import { madeFilter } from '../../types/filter-validation.js';
import type { TypedFilter } from '../../types/typed.js';
import type { FunctionName } from '../../language/functions.js';
import type { EdmType } from '../../language/edm.js';
import type {
  ComparePredicate,
  ExistsPredicate,
  ForallPredicate,
  LoweredArithmeticOp,
  LoweredCall,
  LoweredCollection,
  LoweredConstant,
  LoweredFilter,
  LoweredCount,
  LoweredMember,
  LoweredPredicate,
  LoweredValue,
  Source,
} from '../../lower/lowered.js';
import { lower } from '../../lower/lower.js';
import type { ClockOption } from '../../lower/now.js';
import { assertNever } from '../../assert-never.js';
import {
  constantOf,
  convertRepr,
  literalValue,
  refuseDecimalsBeyondModel,
  reprOf,
  workingRepr,
  type Repr,
} from './plan.js';
import { isPredicateFunction, type PredicateFunction } from '../../language/functions.js';
import * as runtime from './runtime.js';
import { TOO_DEEP } from './interpret.js';
import { limitOnExhaustion } from '../../errors.js';

type Runtime = typeof runtime;
type HelperName = keyof Runtime;

/** An expression's code; `constant` when it reads no row (then the code is pure and non-null). */
interface Val {
  readonly code: string;
  readonly repr: Repr;
  readonly constant?: { readonly value: unknown };
  /**
   * Set when the value is `map(member)`, null when the member is null: lets a consumer branch on
   * the member's read directly instead of materialising a null first.
   */
  readonly lift?: Lift;
}

interface Lift {
  readonly member: LoweredMember;
  /** Code for the value from the member's read value `x` (a String not yet checked for lone surrogates). */
  readonly map: (x: string) => string;
}

/** The predicate factory's source and the constants it closes over. */
export interface GeneratedSource {
  readonly body: string;
  readonly constants: readonly unknown[];
  /** Lambdas nest as calls of their functions: a filter nested far beyond the default limits can exhaust the stack as it runs. */
  readonly calls: boolean;
}

/** The source of a filter's predicate; `clock` says what `now()` is (read once, if the filter calls it). */
export function generateSource(given: TypedFilter, options: ClockOption = {}): GeneratedSource {
  const filter = madeFilter(given);
  return sourceOf(filter, lower(filter, options));
}

function sourceOf(filter: TypedFilter, lowered: LoweredFilter): GeneratedSource {
  refuseDecimalsBeyondModel(filter);
  const gen = new Generator();
  const test = gen.truth(lowered.root);
  const helpers = [...gen.helpers].map((h) => `const h_${h} = $.${h};`).join('\n');
  const temps = declare(gen.fn.locals);
  const body =
    `'use strict';\n${helpers}\n${gen.functions.join('')}` +
    `return function predicate(row) {\n` +
    `if (row === null || typeof row !== 'object') h_badRow(row);\n${temps}` +
    `return ${test};\n};`;
  return { body, constants: gen.constants, calls: gen.lambdas > 0 };
}

/** Builds the predicate from generated source; throws where `new Function` is forbidden. */
export function compileGenerated(filter: TypedFilter, lowered: LoweredFilter): (row: unknown) => boolean {
  const { body, constants, calls } = sourceOf(filter, lowered);
  const factory = new Function('$', 'k', body) as (rt: Runtime, k: readonly unknown[]) => (row: unknown) => boolean;
  const predicate = factory(runtime, constants);
  if (!calls) return predicate;
  return (row) => {
    try {
      return predicate(row);
    } catch (error) {
      throw limitOnExhaustion(error, TOO_DEEP, filter.root, filter.text);
    }
  };
}

type ValueFunction = Exclude<FunctionName, PredicateFunction>;

/** The code of each Boolean function on its non-null arguments. */
const PREDICATES: { readonly [N in PredicateFunction]: (a: string, b: string) => string } = {
  substringof: (a, b) => `${b}.includes(${a})`,
  contains: (a, b) => `${a}.includes(${b})`,
  startswith: (a, b) => `${a}.startsWith(${b})`,
  endswith: (a, b) => `${a}.endsWith(${b})`,
};

/** now(), mindatetime(), maxdatetime(): lower() makes them constants, so none reaches a backend. */
const decidedByLowering = (): never => {
  throw new Error('now(), mindatetime() and maxdatetime() are decided by lower()');
};

/**
 * The runtime helper of each value-returning function, by the representation of its result and
 * the type of its first argument.
 */
const FUNCTION_HELPERS: {
  readonly [N in ValueFunction]: (repr: Repr, argType: EdmType | undefined) => HelperName | 'identity';
} = {
  length: () => 'lengthOf',
  indexof: () => 'indexOf',
  replace: () => 'replaceAll',
  substring: () => 'substring',
  tolower: () => 'toLower',
  toupper: () => 'toUpper',
  trim: () => 'trimSpaces',
  concat: () => 'concat',
  year: (_, t) => (t === 'Edm.Date' ? 'yearOfDate' : 'yearOf'),
  month: (_, t) => (t === 'Edm.Date' ? 'monthOfDate' : 'monthOf'),
  day: (_, t) => (t === 'Edm.Date' ? 'dayOfDate' : 'dayOf'),
  // Of a time of day too: its milliseconds are those of an instant on 1970-01-01.
  hour: () => 'hourOf',
  minute: () => 'minuteOf',
  second: () => 'secondOf',
  fractionalseconds: () => 'fractionalSecondsOf',
  date: () => 'dateOf',
  time: () => 'timeOf',
  totaloffsetminutes: () => 'totalOffsetMinutes',
  totalseconds: () => 'totalSecondsOf',
  now: decidedByLowering,
  mindatetime: decidedByLowering,
  maxdatetime: decidedByLowering,
  round: (repr) => (repr === 'dec' ? 'roundDecimal' : 'roundDouble'),
  floor: (repr) => (repr === 'dec' ? 'floorDecimal' : 'floorDouble'),
  ceiling: (repr) => (repr === 'dec' ? 'ceilingDecimal' : 'ceilingDouble'),
  datetime: () => 'identity',
  datetimeoffset: () => 'identity',
};

/** The representation each argument of a function is passed in. */
function argumentRepr(name: FunctionName, index: number, node: LoweredValue): Repr {
  if (name === 'substring' && index > 0) return 'num';
  return reprOf(node);
}

const SMALL_INTEGER_TEST: Readonly<Record<string, (t: string) => string>> = {
  'Edm.Int32': (t) => `(${t} | 0) === ${t}`,
  'Edm.Int16': (t) => `(${t} << 16 >> 16) === ${t}`,
  'Edm.SByte': (t) => `(${t} << 24 >> 24) === ${t}`,
  'Edm.Byte': (t) => `(${t} & 255) === ${t}`,
};

/**
 * A function being generated (the predicate, or a lambda's loop): its local variables, and the
 * one variable per property path (`v:` + path) and per complex step (`o:` + path) that shares a read.
 */
interface FunctionScope {
  readonly locals: string[];
  readonly memberTemps: Map<string, string>;
}

const newFunctionScope = (): FunctionScope => ({ locals: [], memberTemps: new Map() });

function declare(locals: readonly string[]): string {
  return locals.length > 0 ? `let ${locals.join(', ')};\n` : '';
}

class Generator {
  /** Counters that keep every generated name unique in the source. */
  temps = 0;
  memberCount = 0;
  lambdas = 0;
  readonly constants: unknown[] = [];
  readonly helpers = new Set<HelperName>(['badRow']);
  /** The function being generated. */
  fn = newFunctionScope();
  /** The source of each lambda's function, declared beside the predicate. */
  readonly functions: string[] = [];
  /** The JavaScript name of the element each range variable in scope is bound to. */
  readonly elements = new Map<string, string>();
  /** Those names, outermost first: what a lambda's function is passed besides the row. */
  elementChain: readonly string[] = [];
  /** Paths certainly read (into their variables) before the code being generated runs. */
  read = new Set<string>();

  temp(): string {
    const t = `t${this.temps++}`;
    this.fn.locals.push(t);
    return t;
  }

  helper(name: HelperName): string {
    this.helpers.add(name);
    return `h_${name}`;
  }

  memberTemp(key: string): string {
    let t = this.fn.memberTemps.get(key);
    if (!t) {
      t = `m${this.memberCount++}`;
      this.fn.memberTemps.set(key, t);
      this.fn.locals.push(t);
    }
    return t;
  }

  /** The JavaScript name of a source's value: `row`, or the element a range variable is bound to. */
  base(source: Source): string {
    if (source.kind === 'row') return 'row';
    const element = this.elements.get(source.name);
    if (element === undefined) throw new Error(`range variable ${source.name} is not bound by an enclosing lambda`);
    return element;
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
    const from = val.repr;
    const lift = val.lift && {
      member: val.lift.member,
      map: (x: string) => convertCode(val.lift!.map(x), from, repr, this),
    };
    return { code: this.nonNull(val, (x) => convertCode(x, from, repr, this)), repr, ...(lift ? { lift } : {}) };
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
    const variable = vals.filter((v) => !v.constant);
    if (variable.length === 1 && variable[0]!.lift) {
      // One row value: branch on its read, with no intermediate null.
      const { member, map } = variable[0]!.lift;
      return this.memberTest(member, whenNull, (x) =>
        this.bind(map(this.wellFormed(member, x)), x, (y) => f(vals.map((v) => (v.constant ? v.code : y)))),
      );
    }
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

  /** `f(y)` with y the value of `code`: `x` itself when code is just x, else a temporary, so code runs once. */
  bind(code: string, x: string, f: (y: string) => string): string {
    if (code === x) return f(x);
    const t = this.temp();
    return `((${t} = ${code}), ${f(t)})`;
  }

  // -------------------------------------------------------------------------------------------
  // Values: code that yields the node's value or null

  value(node: LoweredValue): Val {
    const repr = reprOf(node);
    switch (node.kind) {
      case 'constant':
        return this.constant(literalValue(node, repr), repr);
      case 'member': {
        const map = (x: string): string => x;
        return {
          code: this.memberTest(node, 'null', (x) => this.wellFormed(node, x)),
          repr,
          lift: { member: node, map },
        };
      }
      // A constant converted at compile time, by as().
      case 'convert':
        return this.as(this.value(node.operand), repr);
      case 'negate': {
        const v = this.as(this.value(node.operand), repr);
        return { code: this.nonNull(v, (x) => (repr === 'dec' ? `${x}.neg()` : `(-${x})`)), repr };
      }
      case 'cast': {
        const v = this.value(node.operand);
        const args = `${JSON.stringify(node.conversion)}, ${JSON.stringify(node.operand.type)}, ${JSON.stringify(node.type)}, ${JSON.stringify(repr)}`;
        return { code: this.nonNull(v, (x) => `${this.helper('castValue')}(${args}, ${x})`), repr };
      }
      case 'temporal': {
        const l = this.value(node.left);
        const r = this.value(node.right);
        const types = `${JSON.stringify(node.op)}, ${JSON.stringify(node.left.type)}, ${JSON.stringify(node.right.type)}`;
        const compute = ([a, b]: string[]): string => `${this.helper('temporal')}(${types}, ${a}, ${b})`;
        return { code: this.allNonNull([l, r], compute), repr, ...this.liftThrough(node, [l, r], compute) };
      }
      case 'arithmetic': {
        const work = workingRepr(node.left, node.right, repr);
        const l = this.as(this.value(node.left), work);
        const r = this.as(this.value(node.right), work);
        const compute = ([a, b]: string[]): string => arithmeticCode(node.op, a!, b!, work, this);
        const code = this.allNonNull([l, r], compute);
        return this.as({ code, repr: work, ...this.liftThrough(node, [l, r], compute) }, repr);
      }
      case 'call': {
        const name = node.name;
        if (isPredicateFunction(name)) {
          const pred = PREDICATES[name];
          const args = node.args.map((a) => this.value(a));
          return { code: this.allNonNull(args, ([a, b]) => pred(a!, b!)), repr: 'bool' };
        }
        const helper = FUNCTION_HELPERS[name](repr, node.args[0]?.type);
        const args = node.args.map((a, i) => this.as(this.value(a), argumentRepr(name, i, a)));
        const call =
          helper === 'identity'
            ? (xs: string[]) => xs[0]!
            : (xs: string[]) => `${this.helper(helper)}(${xs.join(', ')})`;
        return { code: this.allNonNull(args, call), repr, ...this.liftThrough(node, args, call) };
      }
      // A predicate's value is its truth: never null.
      case 'truth':
        return { code: `(${this.truth(node.predicate)})`, repr: 'bool' };
      case 'not':
        return { code: this.nonNull(this.value(node.operand), (x) => `!${x}`), repr: 'bool' };
      case 'count':
        return this.count(node);
      case 'logical': {
        // Generating each operand once keeps code size linear in the filter. `and` stops at the
        // first false, `or` at the first true; a null operand makes an undecided result null.
        const stop = node.op === 'and' ? 'false' : 'true';
        const t = this.temp();
        const sawNull = this.temp();
        const parts = this.sharingReads(
          node.operands,
          (o) => this.value(o).code,
          (o) => this.readsOfValue(o),
        );
        let code = `(${sawNull} ? null : ${node.op === 'and' ? 'true' : 'false'})`;
        for (let i = parts.length - 1; i >= 0; i--) {
          code = `((${t} = ${parts[i]}) === ${stop} ? ${stop} : ((${t} === null && (${sawNull} = true)), ${code}))`;
        }
        return { code: `((${sawNull} = false), ${code})`, repr: 'bool' };
      }
      case 'guard': {
        const v = this.as(this.value(node.value), repr);
        const k = this.as(this.value(node.otherwise), repr);
        return { code: `(${this.truth(node.condition)} ? ${v.code} : ${k.code})`, repr };
      }
      default:
        return assertNever(node, 'lowered value kind');
    }
  }

  /**
   * The lift of `f(operands)` when it is null exactly when one member is (lower() says which
   * decide it), the member is the one operand read from the row, and the rest are constants: a
   * consumer then branches on the member's read, with no intermediate null. A String member's
   * value is left out: functions of it must check it for lone surrogates first.
   */
  liftThrough(node: LoweredValue, operands: readonly Val[], f: (xs: string[]) => string): { lift: Lift } | undefined {
    const variable = operands.filter((v) => !v.constant);
    const lift = variable.length === 1 ? variable[0]!.lift : undefined;
    if (!lift || lift.member.type === 'Edm.String' || node.nullDecidedBy?.length !== 1) return undefined;
    return { lift: { member: lift.member, map: (x) => f(operands.map((v) => (v.constant ? v.code : lift.map(x)))) } };
  }

  /**
   * The code of each operand, in order; each runs only after the ones before it, so it reuses
   * the member variables they certainly read.
   */
  sharingReads<T>(operands: readonly T[], code: (o: T) => string, reads: (o: T) => readonly string[]): string[] {
    const before = this.read;
    this.read = new Set(before);
    const parts: string[] = [];
    for (const o of operands) {
      parts.push(code(o));
      for (const key of reads(o)) this.read.add(key);
    }
    this.read = before;
    return parts;
  }

  /**
   * Reads a member once into its variable and checks its type: `ifNull` when it is null (or
   * missing along the path), else `ifValue(x)` with x its value in the member's representation —
   * a String checked to be a string but not yet for lone surrogates (see `wellFormed`).
   */
  memberTest(node: LoweredMember, ifNull: string, ifValue: (x: string) => string): string {
    const path = node.path;
    const leafKey = `v:${sourceKey(node.source)}${path.join('/')}`;
    const leaf = this.memberTemp(leafKey);
    if (this.read.has(leafKey)) return `(${leaf} == null ? ${ifNull} : ${ifValue(leaf)})`;
    // A primitive element itself: copied, so that converting it in place leaves the element as it is.
    if (path.length === 0)
      return `((${leaf} = ${this.base(node.source)}) == null ? ${ifNull} : ${this.readValue(node, leaf, ifValue)})`;
    const { code, obj } = this.structureSteps(node.source, path.slice(0, -1), ifNull);
    return `(${code}(${leaf} = ${this.readProperty(obj, path[path.length - 1]!)}) == null ? ${ifNull} : ${this.readValue(node, leaf, ifValue)})`;
  }

  /**
   * Whether the structure at `path` is null or missing (`ifNull`) or an object (`ifObject`): each
   * step read once into its variable, as memberTest reads them, and checked to be an object.
   */
  structureTest(source: Source, path: readonly string[], ifNull: string, ifObject: string): string {
    return `(${this.structureSteps(source, path, ifNull).code}${ifObject})`;
  }

  /**
   * The code that reads each step of a path of structures from a source, `ifNull` as soon as one
   * is null, each checked to be an object (a range variable's element too, as the first step); it
   * ends in `: `, for the code that runs when every step is an object, which finds the last one in `obj`.
   */
  structureSteps(source: Source, path: readonly string[], ifNull: string): { code: string; obj: string } {
    let code = '';
    let obj = this.base(source);
    const from = sourceKey(source);
    const variable = variableArgument(source);
    if (source.kind === 'variable') {
      const key = `o:${from}`;
      code += this.read.has(key)
        ? `${obj} == null ? ${ifNull} : `
        : `${obj} == null ? ${ifNull} : typeof ${obj} !== 'object' ? ${this.helper('badValue')}(${obj}, "", 'object'${variable}) : `;
    }
    for (let i = 0; i < path.length; i++) {
      const prefix = path.slice(0, i + 1).join('/');
      const key = `o:${from}${prefix}`;
      const t = this.memberTemp(key);
      // A complex step read before was checked to be an object (or null) then.
      if (this.read.has(key)) code += `${t} == null ? ${ifNull} : `;
      else
        code +=
          `(${t} = ${this.readProperty(obj, path[i]!)}) == null ? ${ifNull} : ` +
          `typeof ${t} !== 'object' ? ${this.helper('badValue')}(${t}, ${JSON.stringify(prefix)}, 'object'${variable}) : `;
      obj = t;
    }
    return { code, obj };
  }

  /** Code for a collection's elements: an array, or null for a null or missing one. */
  collection(c: LoweredCollection): string {
    const { code, obj } = this.structureSteps(c.source, c.path.slice(0, -1), 'null');
    const read = `${this.helper('readArray')}(${this.readProperty(obj, c.path[c.path.length - 1]!)}, ${JSON.stringify(c.path.join('/'))}${variableArgument(c.source)})`;
    return `(${code}${read})`;
  }

  /** The number of elements (those its predicate holds for, when it has one), in the count's representation. */
  count(node: LoweredCount): Val {
    const repr = reprOf(node);
    if (node.predicate !== undefined) {
      const n = this.elementLoop(node.collection, node.variable, node.predicate, 'count');
      return { code: repr === 'big' ? `BigInt(${n})` : n, repr };
    }
    const t = this.temp();
    const length = repr === 'big' ? `BigInt(${t}.length)` : `${t}.length`;
    return {
      code: `((${t} = ${this.collection(node.collection)}) === null ? ${repr === 'big' ? '0n' : '0'} : ${length})`,
      repr,
    };
  }

  /**
   * A lambda as a call of a function of its own, declared beside the predicate: a plain loop over
   * the elements that returns at the deciding one (`exists` at the first satisfying the predicate,
   * `forall` at the first not). The function takes the row and the elements of the lambdas around
   * it; its element's bad values leave the loop re-rooted at the element (runtime.elementError).
   */
  quantifier(p: ExistsPredicate | ForallPredicate): string {
    return this.elementLoop(p.collection, p.variable, p.predicate, p.kind);
  }

  /**
   * The function of a lambda, or of a restricted count: a loop over the elements that returns at
   * the deciding one (`exists`, `forall`) or counts those the predicate holds for (`count`).
   */
  private elementLoop(
    collection: LoweredCollection,
    variable: string | undefined,
    predicate: LoweredPredicate,
    kind: 'exists' | 'forall' | 'count',
  ): string {
    const p = { collection, variable, predicate };
    const some = kind === 'exists';
    const id = this.lambdas++;
    const name = `q${id}`;
    const params = ['row', ...this.elementChain];
    const outer = { fn: this.fn, read: this.read, chain: this.elementChain };
    this.fn = newFunctionScope();
    this.read = new Set();
    const elements = this.collection(p.collection);
    let loop: string;
    if (kind !== 'count' && p.variable === undefined) {
      // `any()` and its negation: the predicate reads no element, so any one element decides.
      loop = `return c === null || c.length === 0 ? ${!some} : ${this.truth(p.predicate)};\n`;
    } else {
      const element = `e${id}`;
      if (p.variable !== undefined) this.elements.set(p.variable, element);
      this.elementChain = [...this.elementChain, element];
      // The body's variables are declared in the loop, fresh for each element: a read shared
      // between its operands must never find the previous element's value.
      const collectionScope = this.fn;
      this.fn = newFunctionScope();
      const body = this.truth(p.predicate);
      const bodyLocals = declare(this.fn.locals);
      this.fn = collectionScope;
      if (p.variable !== undefined) this.elements.delete(p.variable);
      const where = JSON.stringify(p.collection.path.join('/'));
      const from = p.collection.source.kind === 'variable' ? JSON.stringify(p.collection.source.name) : 'undefined';
      const counts = kind === 'count';
      const [none, onElement, after] = counts
        ? ['0', `if (${body}) n++;\n`, 'n']
        : [`${!some}`, `if (${some ? body : `!${body}`}) return ${some};\n`, `${!some}`];
      loop =
        `if (c === null) return ${none};\n` +
        (counts ? `let n = 0;\n` : '') +
        `let i = 0;\n` +
        `try {\n` +
        `for (; i < c.length; i++) {\n` +
        `const ${element} = c[i];\n${bodyLocals}` +
        onElement +
        `}\n` +
        `} catch (error) {\n` +
        `throw ${this.helper('elementError')}(error, ${JSON.stringify(p.variable ?? '')}, ${where}, i, ${from});\n` +
        `}\n` +
        `return ${after};\n`;
    }
    this.functions.push(
      `function ${name}(${params.join(', ')}) {\n${declare(this.fn.locals)}const c = ${elements};\n${loop}}\n`,
    );
    this.fn = outer.fn;
    this.read = outer.read;
    this.elementChain = outer.chain;
    return `${name}(${params.join(', ')})`;
  }

  /** Code reading a property of an object; an Object.prototype name only as an own property. */
  readProperty(obj: string, name: string): string {
    return runtime.isPrototypeName(name)
      ? `${this.helper('readOwn')}(${obj}, ${JSON.stringify(name)})`
      : `${obj}[${JSON.stringify(name)}]`;
  }

  /** Checks (and converts, in place) a non-null row value of the member's declared type, then `ifValue`. */
  readValue(node: LoweredMember, t: string, ifValue: (x: string) => string): string {
    const variable = variableArgument(node.source);
    const p = JSON.stringify(node.path.join('/'));
    const type = node.type;
    const bad = `${this.helper('badValue')}(${t}, ${p}, ${JSON.stringify(type)}${variable})`;
    // Only Int64 members are bigints (readInt64 makes them so); every other integer member is a number.
    const then = ifValue(t);
    const enumType = node.property.enum;
    if (enumType !== undefined) {
      const typeRef = this.constant(enumType, 'str').code;
      return `((${t} = ${this.helper('readEnum')}(${t}, ${p}, ${typeRef}${variable})), ${then})`;
    }
    const smallTest = SMALL_INTEGER_TEST[type];
    if (smallTest) return `typeof ${t} === 'number' && ${smallTest(t)} ? ${then} : ${bad}`;
    switch (type) {
      case 'Edm.String':
        return `typeof ${t} === 'string' ? ${then} : ${bad}`;
      case 'Edm.Boolean':
        return `typeof ${t} === 'boolean' ? ${then} : ${bad}`;
      case 'Edm.Double':
      case 'Edm.Single':
        return `typeof ${t} === 'number' ? ${then} : ${bad}`;
      case 'Edm.Guid':
        return `((${t} = ${this.helper('readGuid')}(${t}, ${p}${variable})), ${then})`;
      case 'Edm.Int64':
        return `((${t} = ${this.helper('readInt64')}(${t}, ${p}${variable})), ${then})`;
      case 'Edm.Decimal':
        return `((${t} = ${this.helper('readDecimal')}(${t}, ${p}${variable})), ${then})`;
      case 'Edm.Date':
        return `((${t} = ${this.helper('readDate')}(${t}, ${p}${variable})), ${then})`;
      case 'Edm.TimeOfDay':
        return `((${t} = ${this.helper('readTimeOfDay')}(${t}, ${p}${variable})), ${then})`;
      case 'Edm.Duration':
        return `((${t} = ${this.helper('readDuration')}(${t}, ${p}${variable})), ${then})`;
      default:
        return `((${t} = ${this.helper('readInstant')}(${t}, ${p}, ${JSON.stringify(type)}${variable})), ${then})`;
    }
  }

  /** `x` once checked for lone surrogates, for a String member's value; other values as they are. */
  wellFormed(node: LoweredMember, x: string): string {
    if (node.type !== 'Edm.String') return x;
    const bad = `${this.helper('badValue')}(${x}, ${JSON.stringify(node.path.join('/'))}, "Edm.String"${variableArgument(node.source)})`;
    // isWellFormed is native in Node 20+ and current browsers; older engines call the helper.
    return runtime.HAS_WELL_FORMED
      ? `(${x}.isWellFormed() ? ${x} : ${bad})`
      : `(${this.helper('isWellFormed')}(${x}) ? ${x} : ${bad})`;
  }

  /**
   * `hit || x is well-formed-or-throw`, false when x is well-formed: for a test that only a
   * well-formed string can pass (it equals, or is in a set of, well-formed constants).
   */
  wellFormedUnless(node: LoweredMember, x: string, hit: string): string {
    if (node.type !== 'Edm.String') return hit;
    return `(${hit} || (${this.wellFormed(node, x)}, false))`;
  }

  // -------------------------------------------------------------------------------------------
  // Truth: code that yields whether a predicate holds (true or false, never null)

  truth(p: LoweredPredicate): string {
    switch (p.kind) {
      case 'constant':
        return String(p.value);
      case 'booleanTest':
        return this.booleanTest(p.value, p.is, p.negated);
      case 'nullTest': {
        const v = this.value(p.value);
        // Only whether the value is null matters here.
        if (v.lift) return this.memberTest(v.lift.member, String(!p.negated), () => String(p.negated));
        return `(${v.code} ${p.negated ? '!==' : '==='} null)`;
      }
      case 'structureNull': {
        const isNull = !p.negated;
        return this.structureTest(p.source, p.path, String(isNull), String(!isNull));
      }
      case 'and':
      case 'or': {
        const parts = this.sharingReads(
          p.operands,
          (o) => this.truth(o),
          (o) => this.readsOfTruth(o),
        );
        return `(${parts.join(p.kind === 'and' ? ' && ' : ' || ')})`;
      }
      case 'compare': {
        const code = this.compare(p);
        return p.negated ? `!(${code})` : code;
      }
      case 'in': {
        const code = this.inList(p.operand, p.values, p.orNull);
        return p.negated ? `!(${code})` : code;
      }
      case 'exists':
      case 'forall':
        return this.quantifier(p);
      default:
        return assertNever(p, 'lowered predicate kind');
    }
  }

  /** Whether a Boolean value is `is` (`negated`: is not). */
  booleanTest(value: LoweredValue, is: boolean, negated: boolean): string {
    if (value.kind === 'member')
      return this.memberTest(value, String(negated), (x) => `${x} ${negated ? '!==' : '==='} ${is}`);
    if (value.kind === 'call' && isPredicateFunction(value.name)) {
      const code = this.matches(value, value.name, is);
      return negated ? `!${code}` : code;
    }
    return `(${this.value(value).code} ${negated ? '!==' : '==='} ${is})`;
  }

  /** Whether a string function is `want`: false when an argument is null. */
  matches(node: LoweredCall, name: PredicateFunction, want: boolean): string {
    const pred = PREDICATES[name];
    const args = node.args.map((a) => this.value(a));
    const test = (a: string, b: string): string => (want ? pred(a, b) : `!${pred(a, b)}`);
    // Matching a row string against a well-formed constant needle compares UTF-16 units, which
    // is exact, and a lone surrogate of the row string can never be part of a match.
    const subject = name === 'substringof' ? 1 : 0;
    const s = args[subject]!;
    const needle = args[1 - subject]!;
    if (s.lift && s.lift.member.type === 'Edm.String' && isWellFormedConstant(needle)) {
      return this.memberTest(s.lift.member, 'false', (x) =>
        subject === 0 ? test(x, needle.code) : test(needle.code, x),
      );
    }
    return `(${this.allNonNull(args, ([a, b]) => test(a!, b!), 'false')})`;
  }

  /** A comparison, before its negation; never null (docs/semantics.md, section 2). */
  compare(p: ComparePredicate): string {
    let l = this.value(p.left);
    let r = this.value(p.right);
    const repr: Repr = l.repr === 'big' || r.repr === 'big' ? 'big' : l.repr;
    l = this.as(l, repr);
    r = this.as(r, repr);
    if (p.op === 'eq') {
      const k = l.constant ? l : r.constant ? r : undefined;
      const other = k === l ? r : l;
      if (k && other.lift) {
        const { member, map } = other.lift;
        const kv = k.constant!.value;
        // A string equal to a well-formed constant is well-formed; others are checked.
        const test = (x: string): string =>
          repr === 'str' && isWellFormedConstant(k)
            ? this.wellFormedUnless(member, x, `${map(x)} === ${k.code}`)
            : this.bind(map(this.wellFormed(member, x)), x, (y) =>
                isPlainEquality(repr, kv) ? `(${y} === ${k.code})` : `(${equalCode(y, k.code, repr)})`,
              );
        return this.memberTest(member, 'false', (x) => `(${test(x)})`);
      }
      if (k && isPlainEquality(repr, k.constant!.value)) return `(${other.code} === ${k.code})`;
      if (l.constant || r.constant) return `(${this.allNonNull([l, r], ([a, b]) => equalCode(a!, b!, repr), 'false')})`;
      const a = this.temp();
      const b = this.temp();
      // Each operand's code appears once, so nesting keeps the source linear (both are read anyway).
      return `((${a} = ${l.code}), (${b} = ${r.code}), ${a} === null ? ${b} === null : ${b} !== null && ${equalCode(a, b, repr)})`;
    }
    const op = p.op;
    const native =
      repr !== 'str' || [l, r].some((v) => v.constant && runtime.hasNoHighUnits(v.constant.value as string));
    return `(${this.allNonNull([l, r], ([a, b]) => orderCode(op, a!, b!, repr, native, this), 'false')})`;
  }

  inList(operand: LoweredValue, list: readonly LoweredConstant[], orNull: boolean): string {
    const v = this.value(operand);
    const values = list.map((i) => this.as(this.value(i), v.repr));
    const testOf = (t: string): string => {
      if (v.repr === 'dec') return values.map((i) => `${t}.eq(${i.code})`).join(' || ');
      // A few values: `===` each, cheaper than hashing into a set (and exact but for NaN, a Double's).
      if (values.length <= SHORT_LIST && v.repr !== 'dbl') return values.map((i) => `${t} === ${i.code}`).join(' || ');
      // Set membership is SameValueZero: NaN finds NaN and 0 finds -0, as eq says.
      this.constants.push(new Set(values.map((i) => i.constant!.value)));
      return `k[${this.constants.length - 1}].has(${t})`;
    };
    if (v.lift) {
      const { member, map } = v.lift;
      if (v.repr === 'str' && values.every(isWellFormedConstant)) {
        return this.memberTest(member, String(orNull), (x) =>
          this.wellFormedUnless(
            member,
            x,
            this.bind(map(x), x, (y) => `(${testOf(y)})`),
          ),
        );
      }
      return this.memberTest(member, String(orNull), (x) =>
        this.bind(map(this.wellFormed(member, x)), x, (y) => `(${testOf(y)})`),
      );
    }
    const t = this.temp();
    return `((${t} = ${v.code}) === null ? ${orNull} : (${testOf(t)}))`;
  }

  // -------------------------------------------------------------------------------------------
  // What a node's code certainly reads first, whenever it runs: the member variables that code
  // after it (a later operand of the same and/or) may use without reading again. Each case
  // mirrors the code emitted above: the first row value it evaluates. Memoised per node: the
  // first read of a nested operand lies down its leftmost spine, which a deep filter would
  // otherwise walk again at every level.

  readonly #valueReads = new WeakMap<LoweredValue, readonly string[]>();
  readonly #truthReads = new WeakMap<LoweredPredicate, readonly string[]>();

  readsOfValue(node: LoweredValue): readonly string[] {
    let reads = this.#valueReads.get(node);
    if (!reads) {
      reads = this.computeReadsOfValue(node);
      this.#valueReads.set(node, reads);
    }
    return reads;
  }

  readsOfTruth(p: LoweredPredicate): readonly string[] {
    let reads = this.#truthReads.get(p);
    if (!reads) {
      reads = this.computeReadsOfTruth(p);
      this.#truthReads.set(p, reads);
    }
    return reads;
  }

  /** The reads of the first operand that is not a constant. */
  readsOfFirst(operands: readonly LoweredValue[]): readonly string[] {
    const first = operands.find((o) => !constantOf(o));
    return first ? this.readsOfValue(first) : [];
  }

  computeReadsOfValue(node: LoweredValue): readonly string[] {
    if (constantOf(node)) return [];
    switch (node.kind) {
      case 'constant':
        return [];
      case 'member':
        return memberKeys(node);
      case 'convert':
      case 'negate':
      case 'not':
      case 'cast':
        return this.readsOfValue(node.operand);
      case 'arithmetic':
      case 'temporal':
        return this.readsOfFirst([node.left, node.right]);
      case 'call':
        return this.readsOfFirst(node.args);
      case 'truth':
        return this.readsOfTruth(node.predicate);
      case 'logical':
        return node.operands.length > 0 ? this.readsOfValue(node.operands[0]!) : [];
      // The collection's steps are read into no member variable.
      case 'count':
        return [];
      // The condition is read first; the value only where it holds.
      case 'guard':
        return this.readsOfTruth(node.condition);
      default:
        return assertNever(node, 'lowered value kind');
    }
  }

  computeReadsOfTruth(p: LoweredPredicate): readonly string[] {
    switch (p.kind) {
      case 'constant':
        return [];
      case 'booleanTest':
      case 'nullTest':
        return this.readsOfValue(p.value);
      case 'structureNull':
        return structureKeys(p.source, p.path);
      case 'and':
      case 'or':
        return p.operands.length > 0 ? this.readsOfTruth(p.operands[0]!) : [];
      case 'compare':
        return this.readsOfFirst([p.left, p.right]);
      case 'in':
        return this.readsOfValue(p.operand);
      // Read in a function of their own, and for no element of an empty collection.
      case 'exists':
      case 'forall':
        return [];
      default:
        return assertNever(p, 'lowered predicate kind');
    }
  }
}

/** The longest `in` list tested by `===` per item rather than by a set. */
const SHORT_LIST = 4;

function isWellFormedConstant(v: Val): boolean {
  return v.constant !== undefined && typeof v.constant.value === 'string' && runtime.isWellFormed(v.constant.value);
}

function memberKeys(node: LoweredMember): string[] {
  const leaf = `v:${sourceKey(node.source)}${node.path.join('/')}`;
  return node.path.length === 0 ? [leaf] : [...structureKeys(node.source, node.path.slice(0, -1)), leaf];
}

/** The keys of a structure path's steps; a range variable's element, checked as the first step, too. */
function structureKeys(source: Source, path: readonly string[]): string[] {
  const from = sourceKey(source);
  const steps = path.map((_, i) => `o:${from}${path.slice(0, i + 1).join('/')}`);
  return source.kind === 'variable' ? [`o:${from}`, ...steps] : steps;
}

/** What a member key starts with: nothing for the row, the variable's name and a space (no name holds one) for an element. */
function sourceKey(source: Source): string {
  return source.kind === 'row' ? '' : `${source.name} `;
}

/** The trailing argument of a runtime reader for a value read from a range variable's element. */
function variableArgument(source: Source): string {
  return source.kind === 'row' ? '' : `, ${JSON.stringify(source.name)}`;
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

function orderCode(
  op: Exclude<ComparePredicate['op'], 'eq'>,
  a: string,
  b: string,
  repr: Repr,
  native: boolean,
  gen: Generator,
): string {
  if (repr === 'dec') return `${a}.${DECIMAL_ORDER[op]}(${b})`;
  if (repr === 'str' && !native) return `${gen.helper('compareStrings')}(${a}, ${b}) ${JS_ORDER[op]} 0`;
  const base = `${a} ${JS_ORDER[op]} ${b}`;
  // ge is gt or eq, and NaN eq NaN.
  if (repr === 'dbl' && (op === 'ge' || op === 'le')) return `(${base} || (${a} !== ${a} && ${b} !== ${b}))`;
  return base;
}

function arithmeticCode(op: LoweredArithmeticOp, a: string, b: string, repr: Repr, gen: Generator): string {
  switch (repr) {
    case 'dec':
      switch (op) {
        case 'add':
          return `${a}.plus(${b})`;
        case 'sub':
          return `${a}.minus(${b})`;
        case 'mul':
          return `${a}.times(${b})`;
        case 'div':
          return `${gen.helper('divideDecimals')}(${a}, ${b})`;
        default:
          return `${gen.helper('modDecimals')}(${a}, ${b})`;
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
