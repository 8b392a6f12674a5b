// Compiles a lowered filter to the source of one straight-line JavaScript function, specialised by
// the checked types: no per-row dispatch on node kinds, literal conversions done at compile time.
// Every value from the filter is a JSON-escaped literal or an entry of the constants array `k`.
// What is null and what each predicate wants was decided by lower(); this file writes JavaScript
// for it, and shares member reads between the operands of an `and`/`or`. The reads of row values
// are in generated-reads.ts (what each operand reads first in first-reads.ts), the JavaScript of
// each operation in value-code.ts.

import { madeFilter } from '../../types/filter-validation.js';
import type { TypedFilter } from '../../types/typed.js';
import type {
  ComparePredicate,
  ExistsPredicate,
  ForallPredicate,
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
import { convertRepr, literalValue, refuseDecimalsBeyondModel, reprOf, workingRepr, type Repr } from './plan.js';
import { isPredicateFunction, type PredicateFunction } from '../../language/functions.js';
import * as runtime from './runtime.js';
import { TOO_DEEP } from './interpret.js';
import { limitOnExhaustion, malformedTree, unsupported } from '../../errors.js';
import { FirstReads } from './first-reads.js';
import { RowReads } from './generated-reads.js';
import {
  argumentRepr,
  arithmeticCode,
  convertCode,
  equalCode,
  FUNCTION_HELPERS,
  type HelperName,
  isPlainEquality,
  orderCode,
  PREDICATES,
} from './value-code.js';

type Runtime = typeof runtime;

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

/**
 * A value whose code is written where it is first read, with its lift where it has one. A consumer
 * of a lifted value mostly composes its `lift` and never reads its code: written at once, each
 * level of a chain on one member (`Q add 1 add 1 …`) wrote all the levels below it again, so
 * generating the chain took time and memory growing with its square.
 */
function lifted(write: () => string, repr: Repr, lift: { lift: Lift } | undefined): Val {
  if (lift === undefined) return { code: write(), repr };
  let code: string | undefined;
  return {
    get code(): string {
      code ??= write();
      return code;
    },
    repr,
    lift: lift.lift,
  };
}

/** The predicate factory's source and the constants it closes over. */
export interface GeneratedSource {
  readonly body: string;
  readonly constants: readonly unknown[];
}

/** What rows a predicate reads: checked against the schema (the default), or trusted to fit it. */
export interface RowsOption {
  /**
   * `'validated'` (the default): every row value a filter reads is checked against its declared
   * type, and one that does not fit throws RowValueError. `'trusted'`: the rows are promised to
   * hold what the schema declares (the caller's own typed objects), and are not checked: on such
   * rows the answers are the same, faster; a row that breaks the promise gets a boolean that is
   * not specified, or a RowValueError (docs/memory.md, "Trusted rows").
   */
  readonly rows?: 'validated' | 'trusted';
}

/** The source of a filter's predicate; `clock` says what `now()` is (read once, if the filter calls it). */
export function generateSource(given: TypedFilter, options: ClockOption & RowsOption = {}): GeneratedSource {
  const filter = madeFilter(given);
  return sourceOf(filter, lower(filter, options), options.rows === 'trusted');
}

function sourceOf(filter: TypedFilter, lowered: LoweredFilter, trusted: boolean): GeneratedSource {
  refuseDecimalsBeyondModel(filter);
  const gen = new Generator(trusted);
  const test = gen.truth(lowered.root);
  const calls = gen.lambdas > 0;
  // Over trusted rows nothing is checked before it is used: whatever a row that broke the promise
  // makes fail is its RowValueError (runtime.brokenRowPromise), never another error.
  if (trusted) gen.helpers.delete('badRow');
  const temps = declare(gen.fn.locals);
  const predicate = trusted
    ? `try {\n${temps}return ${test};\n} catch (error) {\nthrow ${gen.helper('brokenRowPromise')}(error, row, ${calls});\n}\n`
    : `if (row === null || typeof row !== 'object') h_badRow(row);\n${temps}return ${test};\n`;
  const helpers = [...gen.helpers].map((h) => `const h_${h} = $.${h};`).join('\n');
  const body =
    `'use strict';\n${helpers}\n${gen.functions.join('')}` + `return function predicate(row) {\n${predicate}};`;
  return { body, constants: gen.constants };
}

/** Builds the predicate from generated source; throws where `new Function` is forbidden. */
export function compileGenerated(
  filter: TypedFilter,
  lowered: LoweredFilter,
  trusted: boolean,
): (row: unknown) => boolean {
  const { body, constants } = sourceOf(filter, lowered, trusted);
  const factory = new Function('$', 'k', body) as (rt: Runtime, k: readonly unknown[]) => (row: unknown) => boolean;
  const predicate = factory(runtime, constants);
  // Lambdas nest as calls of their functions, and V8 compiles the predicate's body at its first
  // call: a filter nested far beyond the default limits can exhaust the stack as it runs, even on a
  // thread whose stack let its source be generated (a worker's).
  return (row) => {
    try {
      return predicate(row);
    } catch (error) {
      throw limitOnExhaustion(error, TOO_DEEP, filter.root, filter.text);
    }
  };
}

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

class Generator extends RowReads {
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
  /** What each operand certainly reads first, for the operands after it. */
  readonly firstReads = new FirstReads();

  constructor(readonly trusted: boolean) {
    super();
  }

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
      lift: { member: val.lift.member, map: (x: string) => convertCode(val.lift!.map(x), from, repr, this) },
    };
    return lifted(() => this.nonNull(val, (x) => convertCode(x, from, repr, this)), repr, lift);
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
        const negated = (x: string): string =>
          repr === 'dec' ? `${x}.neg()` : repr === 'ms' ? `${this.helper('negateTime')}(${x})` : `(-${x})`;
        return { code: this.nonNull(v, negated), repr };
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
        return lifted(() => this.allNonNull([l, r], compute), repr, this.liftThrough(node, [l, r], compute));
      }
      case 'arithmetic': {
        const work = workingRepr(node.left, node.right, repr);
        const l = this.as(this.value(node.left), work);
        const r = this.as(this.value(node.right), work);
        const compute = ([a, b]: string[]): string => arithmeticCode(node.op, a!, b!, work, this);
        return this.as(
          lifted(() => this.allNonNull([l, r], compute), work, this.liftThrough(node, [l, r], compute)),
          repr,
        );
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
        return lifted(() => this.allNonNull(args, call), repr, this.liftThrough(node, args, call));
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
          (o) => this.firstReads.ofValue(o),
        );
        let code = `(${sawNull} ? null : ${node.op === 'and' ? 'true' : 'false'})`;
        for (let i = parts.length - 1; i >= 0; i--) {
          code = `((${t} = ${parts[i]}) === ${stop} ? ${stop} : ((${t} === null && (${sawNull} = true)), ${code}))`;
        }
        return { code: `((${sawNull} = false), ${code})`, repr: 'bool' };
      }
      // A filter that calls one is compiled to closures (compilePredicate); generated code has none.
      case 'functionCall':
      case 'result': {
        const { name } = node.kind === 'result' ? node.call.function : node.function;
        throw unsupported({
          construct: name,
          target: 'generated code',
          message: `Function '${name}' is called by closures, not by generated code (compilePredicate chooses them)`,
          start: node.start,
          end: node.end,
        });
      }
      // Only a call's argument, which generated code never reaches (above).
      case 'collectionArgument':
        throw malformedTree(node, 'a collection stands outside the arguments of a call');
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

  // -------------------------------------------------------------------------------------------
  // Truth: code that yields whether a predicate holds (true or false, never null)

  truth(p: LoweredPredicate): string {
    switch (p.kind) {
      case 'constant':
        return String(p.value);
      case 'booleanTest':
        return this.booleanTest(p.value, p.is, p.negated);
      case 'nullTest': {
        // Only whether the value is null matters here: a member's value is not even checked.
        if (p.value.kind === 'member') return this.presenceTest(p.value, String(!p.negated), String(p.negated));
        const v = this.value(p.value);
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
          (o) => this.firstReads.ofTruth(o),
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
    const length = lengthAgainstInteger(p);
    if (length) return this.boundedLength(length);
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
        // Against a well-formed constant a lone surrogate cannot change the answer: a string equal
        // to the constant is well-formed, and any other is unequal (docs/semantics.md, section 1).
        const test = (x: string): string =>
          repr === 'str' && isWellFormedConstant(k)
            ? `${map(x)} === ${k.code}`
            : this.bind(map(this.wellFormed(member, x)), x, (y) =>
                isPlainEquality(repr, kv) ? `(${y} === ${k.code})` : `(${equalCode(y, k.code, repr, this)})`,
              );
        return this.memberTest(member, 'false', (x) => `(${test(x)})`);
      }
      if (k && isPlainEquality(repr, k.constant!.value)) return `(${other.code} === ${k.code})`;
      if (l.constant || r.constant)
        return `(${this.allNonNull([l, r], ([a, b]) => equalCode(a!, b!, repr, this), 'false')})`;
      const a = this.temp();
      const b = this.temp();
      // Each operand's code appears once, so nesting keeps the source linear (both are read anyway).
      return `((${a} = ${l.code}), (${b} = ${r.code}), ${a} === null ? ${b} === null : ${b} !== null && ${equalCode(a, b, repr, this)})`;
    }
    const op = p.op;
    const native =
      repr !== 'str' || [l, r].some((v) => v.constant && runtime.hasNoHighUnits(v.constant.value as string));
    return `(${this.allNonNull([l, r], ([a, b]) => orderCode(op, a!, b!, repr, native, this), 'false')})`;
  }

  /**
   * `length(s) op n` for a String member s: a string of u UTF-16 units holds from ⌈u/2⌉ to u code
   * points, so u alone answers every row but those whose u lies within those bounds of n, and only
   * they count code points (`length(Name) gt 0` never does). A lone surrogate is still reported
   * before the length is read.
   */
  boundedLength({ member, op, n, not }: LengthComparison): string {
    return this.memberTest(member, 'false', (x) => {
      const u = this.temp();
      const units = `(${u} = ${this.wellFormed(member, x)}.length)`;
      const count = `${this.helper('lengthOf')}(${x})`;
      const test =
        op === 'eq'
          ? `(${units} < ${n} || ${u} > ${2 * n} ? false : ${count} === ${n})`
          : `(${units} <= ${n} ? false : ${u} > ${2 * n} ? true : ${count} > ${n})`;
      return not ? `!${test}` : test;
    });
  }

  inList(operand: LoweredValue, list: readonly LoweredConstant[], orNull: boolean): string {
    const v = this.value(operand);
    const values = list.map((i) => this.as(this.value(i), v.repr));
    const testOf = (t: string): string => {
      if (v.repr === 'dec') return values.map((i) => `${t}.eq(${i.code})`).join(' || ');
      // A FineTime is equal to another by value, not identity.
      if (v.repr === 'ms' && values.some((i) => !isPlainEquality('ms', i.constant!.value)))
        return values.map((i) => equalCode(t, i.code, 'ms', this)).join(' || ');
      // A few values: `===` each, cheaper than hashing into a set (and exact but for NaN, a Double's).
      if (values.length <= SHORT_LIST && v.repr !== 'dbl') return values.map((i) => `${t} === ${i.code}`).join(' || ');
      // Set membership is SameValueZero: NaN finds NaN and 0 finds -0, as eq says.
      this.constants.push(new Set(values.map((i) => i.constant!.value)));
      return `k[${this.constants.length - 1}].has(${t})`;
    };
    if (v.lift) {
      const { member, map } = v.lift;
      // As for `eq`: in a list of well-formed constants only a well-formed string is found.
      if (v.repr === 'str' && values.every(isWellFormedConstant)) {
        return this.memberTest(member, String(orNull), (x) => this.bind(map(x), x, (y) => `(${testOf(y)})`));
      }
      return this.memberTest(member, String(orNull), (x) =>
        this.bind(map(this.wellFormed(member, x)), x, (y) => `(${testOf(y)})`),
      );
    }
    const t = this.temp();
    return `((${t} = ${v.code}) === null ? ${orNull} : (${testOf(t)}))`;
  }
}

/**
 * `length(member) eq n` or `length(member) gt n`, or its negation where `not`: what each comparison
 * of a String member's length with an integer comes to, for a member that is not null.
 */
interface LengthComparison {
  readonly member: LoweredMember;
  readonly op: 'eq' | 'gt';
  readonly n: number;
  readonly not: boolean;
}

/** The comparison as a LengthComparison, where it compares `length` of a String member with an integer constant. */
function lengthAgainstInteger(p: ComparePredicate): LengthComparison | undefined {
  const lengthOfMember = (v: LoweredValue): LoweredMember | undefined =>
    v.kind === 'call' && v.name === 'length' && v.args[0]?.kind === 'member' && v.args[0].type === 'Edm.String'
      ? v.args[0]
      : undefined;
  const integer = (v: LoweredValue): number | undefined =>
    v.kind === 'constant' && typeof v.value === 'number' && Number.isSafeInteger(v.value) ? v.value : undefined;
  let member = lengthOfMember(p.left);
  let n = integer(p.right);
  let op = p.op;
  if (member === undefined || n === undefined) {
    member = lengthOfMember(p.right);
    n = integer(p.left);
    op = FLIPPED[p.op];
  }
  if (member === undefined || n === undefined) return undefined;
  // c ≥ n is c > n − 1; c < n is not c > n − 1; c ≤ n is not c > n.
  switch (op) {
    case 'eq':
    case 'gt':
      return { member, op, n, not: false };
    case 'ge':
      return { member, op: 'gt', n: n - 1, not: false };
    case 'lt':
      return { member, op: 'gt', n: n - 1, not: true };
    case 'le':
      return { member, op: 'gt', n, not: true };
  }
}

const FLIPPED = { eq: 'eq', gt: 'lt', ge: 'le', lt: 'gt', le: 'ge' } as const;

/** The longest `in` list tested by `===` per item rather than by a set. */
const SHORT_LIST = 4;

function isWellFormedConstant(v: Val): boolean {
  return v.constant !== undefined && typeof v.constant.value === 'string' && runtime.isWellFormed(v.constant.value);
}
