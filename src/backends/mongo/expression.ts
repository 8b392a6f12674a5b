// Aggregation expressions (for `$expr`): what plain query operators cannot say, rendered from the
// lowered form (docs/lowering.md). Every value expression evaluates to the reference value or to
// null/missing; every predicate to exactly true or false. Every sub-expression is rendered once
// (an operand needed twice is a `$let` variable), so the document is linear in the filter; a
// Boolean used as a value is computed once as true, false or null, never rebuilt from its "is
// true" and "is false" tests. Numbers (conversions, negation, arithmetic) are in numbers.ts,
// functions in functions.ts, casts in cast.ts, date-time arithmetic in temporal.ts.

import type { CompareOp } from '../../language/operators.js';
import { isFloatingPoint } from '../../language/edm.js';
import {
  type BooleanTest,
  type ComparePredicate,
  type ExistsPredicate,
  type ForallPredicate,
  type InPredicate,
  type LoweredCall,
  type LoweredCollection,
  type LoweredCount,
  type LoweredElements,
  type LoweredCallOf,
  type LoweredResult,
  passesCollection,
  type LoweredPredicate,
  type LoweredValue,
  type NullTest,
} from '../../lower/lowered.js';
import { negatePredicate } from '../../lower/predicates.js';
import { assertNever } from '../../assert-never.js';
import { malformedTree } from '../../errors.js';
import { cannotCompile } from './cannot-compile.js';
import { castValue } from './cast.js';
import type { Context, PathRead } from './options.js';
import type { Span } from './cannot-compile.js';
import { anyOf, isNull, isSimple, NOT_NAN, order, ORDER_OPERATORS, orNull, polarity } from './aggregation.js';
import type { Agg } from './aggregation.js';
import { isLiteral, plainValue, type Literal } from './bson-value.js';
import { decimalText } from './decimal128.js';
import { arithmetic, convert, negate, type NumberCompiler } from './numbers.js';
import { rendererOf } from './functions.js';
import { temporalArithmetic } from './temporal.js';
import { MIRRORED } from '../../language/operators.js';
import { implementationOf, type MongoElements } from '../../lower/function-registry.js';
import { type ArgumentOf, argumentsOf, structuresOf } from '../../types/argument-slots.js';

/** A lambda's range variable while its body is compiled: the `$map` variable bound to the element. */
interface Element {
  /** `$$e0`: the name is generated, never the filter's. */
  readonly ref: string;
  /** The collection's property path from the row (for the field mapping). */
  readonly path: readonly string[];
  /**
   * A call's result, or an element of a collection in one (docs/semantics.md §15): its members are
   * the fields the implementation's expression names, by the model's names, never mapped.
   */
  readonly result?: true;
}

export class ExpressionCompiler implements NumberCompiler {
  #next = 0;
  /** Field references (`$Name`, `$$e0.City`) known to be non-null where the expression being compiled is evaluated. */
  #known: ReadonlySet<string> = new Set();
  /** The range variables of the lambdas being compiled, by the filter's name. */
  #elements: ReadonlyMap<string, Element> = new Map();
  /** Null guards emitted so far (a `$cond` on a null test inside a value). */
  #guards = 0;
  constructor(private readonly ctx: Context) {}

  /**
   * The fields whose nullness decides the value's (lower()'s `nullDecidedBy`), as field references.
   * A Boolean computed from conditions (a string test, `not`, `and`, `or`, a predicate's truth) is
   * tested through its own value instead: its null test then needs no second rendering of its fields.
   */
  strictFields(node: LoweredValue): ReadonlySet<string> | undefined {
    if (node.type === 'Edm.Boolean' && node.kind !== 'member' && node.kind !== 'constant') return undefined;
    if (node.nullDecidedBy === undefined) return undefined;
    const refs = node.nullDecidedBy.map((m) => this.ref(m));
    // A member read by `$getField` is no field path to name in a set: its value is guarded where used.
    return refs.every((r) => typeof r === 'string') ? new Set(refs) : undefined;
  }

  /** Whether the value may be null where it is being compiled. */
  mayBeNull(node: LoweredValue): boolean {
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
   * A test on the values' fields made once, up front, instead of null guards inside their values:
   * `{ $cond: [<a field is null>, whenNull, build(values computed directly on the fields)] }`.
   * Used only when it removes at least one guard; $cond (not $and, which MongoDB does not
   * promise to short-circuit) keeps the direct computation from ever seeing a null.
   */
  private hoisted(nodes: readonly LoweredValue[], whenNull: Agg, build: (values: Agg[]) => Agg): Agg | undefined {
    const fields = union(nodes.map((n) => this.strictFields(n)));
    if (fields === undefined) return undefined;
    const open = new Set([...fields].filter((f) => !this.#known.has(f)));
    if (open.size === 0) return undefined;
    const before = this.#guards;
    build(nodes.map((n) => this.value(n)));
    const guarded = this.#guards - before;
    if (guarded === 0) return undefined;
    this.#guards = before;
    const direct = this.assuming(open, () => build(nodes.map((n) => this.value(n))));
    return { $cond: [anyOf([...open].map((f) => isNull(f))), whenNull, direct] };
  }

  /** An expression that is true exactly where the predicate holds; never null. */
  truth(node: LoweredPredicate): Agg {
    switch (node.kind) {
      case 'constant':
        return node.value;
      case 'booleanTest':
        return this.booleanTest(node);
      case 'nullTest':
        return this.nullTest(node);
      case 'structureNull':
        return polarity(isNull(this.ref(node)), !node.negated);
      case 'exists':
      case 'forall':
        return this.quantified(node);
      case 'and':
      case 'or':
        return { [`$${node.kind}`]: node.operands.map((o) => this.truth(o)) };
      case 'compare':
        return this.compare(node.asWritten ?? node);
      case 'in':
        return polarity(this.in(node), !node.negated);
      default:
        return assertNever(node, 'lowered predicate kind');
    }
  }

  /**
   * A Boolean value tested against true or false, compiled once: "x is not true" (false or null)
   * is the negation of "x is true". A field is compared with the constant itself.
   */
  private booleanTest(node: BooleanTest): Agg {
    const x = node.value;
    if (x.kind === 'member') return { [node.negated ? '$ne' : '$eq']: [this.value(x), node.is] };
    return polarity(this.valueIs(x, node.is), !node.negated);
  }

  /** True exactly where the Boolean value is `is`; never null. */
  valueIs(node: LoweredValue, is: boolean): Agg {
    switch (node.kind) {
      case 'constant':
        return node.value === is;
      case 'member':
      // A String read as a Boolean (docs/semantics.md §11): true, false or null.
      case 'cast':
        return { $eq: [this.value(node), is] };
      case 'truth':
        return this.truth(is ? node.predicate : negatePredicate(node.predicate));
      case 'not':
        return this.valueIs(node.operand, !is);
      case 'logical': {
        const all = (node.op === 'and') === is;
        const parts = node.operands.map((o) => this.valueIs(o, is));
        return { [all ? '$and' : '$or']: parts };
      }
      case 'call':
        return this.stringTest(node, is);
      case 'functionCall':
        return { $eq: [this.value(node), is] };
      case 'result':
        return this.result(node, () => this.valueIs(node.value, is));
      case 'guard':
        return {
          $cond: [this.truth(node.condition), this.valueIs(node.value, is), node.otherwise.value === is],
        };
      case 'count':
      case 'convert':
      case 'negate':
      case 'arithmetic':
      case 'temporal':
      case 'collectionArgument':
        throw this.notBoolean(node);
      default:
        return assertNever(node, 'lowered value kind');
    }
  }

  /** Whether the value is null: a test on the fields that decide it when they do, no value needed. */
  private nullTest(node: NullTest): Agg {
    const x = node.value;
    const fields = this.strictFields(x);
    if (x.type === 'Edm.Boolean' && x.kind !== 'member') return polarity(isNull(this.value(x)), !node.negated);
    if (fields !== undefined) {
      const test = anyOf([...fields].filter((f) => !this.#known.has(f)).map((f) => isNull(f)));
      return polarity(test, !node.negated);
    }
    return { [node.negated ? '$ne' : '$eq']: [orNull(this.value(x)), null] };
  }

  /** The value, or null/missing when it is null. */
  value(node: LoweredValue): Agg {
    switch (node.kind) {
      case 'constant':
        return isLiteral(node) ? this.literal(node) : null;
      case 'member':
        return this.ref(node);
      case 'count':
        return { $size: this.countedOf(node) };
      case 'convert':
        return convert(this, node);
      case 'negate':
        return negate(this, node);
      case 'arithmetic':
        return arithmetic(this, node);
      case 'temporal':
        return temporalArithmetic(this, node.op, node.left, node.right, this.value(node.left), this.value(node.right));
      case 'cast':
        return castValue(this, node, this.value(node.operand));
      case 'call':
        return node.type === 'Edm.Boolean' ? this.booleanValue(node) : this.call(node);
      case 'functionCall':
        return this.functionCall(node);
      case 'result':
        return this.result(node, () => this.value(node.value));
      case 'truth':
      case 'not':
      case 'logical':
        return this.booleanValue(node);
      case 'guard':
        // A branch that is a missing field would make the $cond missing too, which `$eq` with
        // null tells from null: the value's branch is null where its field is missing.
        return { $cond: [this.truth(node.condition), orNull(this.value(node.value)), this.value(node.otherwise)] };
      // Read by the call it is an argument of (functionCall, below), never alone.
      case 'collectionArgument':
        throw malformedTree(node, 'a collection stands outside the arguments of a call');
      default:
        return assertNever(node, 'lowered value kind');
    }
  }

  /**
   * A call of a model's function: the expression the server's implementation makes of the
   * arguments' expressions (docs/semantics.md §15), a bound structure's members read as fields.
   * Each compound argument is a `$let` variable, so an implementation that uses an argument many
   * times repeats a name, not the expression: calls nested in arguments stay linear in size.
   */
  private functionCall(node: LoweredCallOf): Agg {
    const fn = node.function;
    const implementation = implementationOf<unknown, MongoElements>(this.ctx.functions, fn.name, 'mongo', node);
    const binding = node.binding;
    const named: [string, Agg][] = [];
    if (binding !== undefined && binding.kind !== 'structure' && binding.kind !== 'collection')
      named.push([fn.binding!.name, this.value(binding)]);
    argumentsOf(fn, node.args).forEach((arg, i) => {
      named.push([fn.parameters[i]!.name, this.argument(fn.name, arg, node)]);
    });
    const structure =
      binding?.kind === 'structure'
        ? (path: string): Agg => {
            bindingMember(fn.name, binding.members, path);
            const at = [...binding.path, ...path.split('/')];
            return this.ref({ source: binding.source, path: at, start: node.start, end: node.end });
          }
        : undefined;
    const collection = binding?.kind === 'collection' ? this.elementsBound(fn.name, binding, node) : undefined;
    return this.bind(
      named.map(([, value]) => value),
      (refs) =>
        implementation(Object.fromEntries(named.map(([name], i) => [name, refs[i]])), structure, collection) as Agg,
    );
  }

  /**
   * An argument's expression: a value's; a structure's object of its members (a missing field
   * read as null, as memory reads it), null where the structure is absent; a collection's array
   * of its elements' expressions, or a path's array of elements, as a call bound to it is given
   * them (docs/semantics.md §15).
   */
  private argument(name: string, arg: ArgumentOf<LoweredValue>, at: Span): Agg {
    if ('value' in arg) {
      const given = arg.value;
      if (given.kind === 'result' && passesCollection(given))
        return this.result(given, () => this.argument(name, { value: given.value }, at));
      if (given.kind !== 'collectionArgument') return this.value(given);
      const { structure, elements } = given;
      if (!('kind' in elements)) {
        // A missing element reads as null, as a null literal is written: an array holds no missing value.
        if (structure === undefined) return elements.map((element) => orNull(this.value(element)));
        return structuresOf(structure, elements).map((s) => this.argument(name, s, at));
      }
      const bound = this.elementsBound(name, elements, at);
      if (given.slots === undefined) return bound.elements;
      // Each element's object read with the variable bound to it, null for a null one.
      const [object] = structuresOf(structure!, given.slots);
      return bound.map(() => this.argument(name, object!, at));
    }
    const members = Object.fromEntries(
      arg.members.map(([member, m]) => [
        member,
        'value' in m ? orNull(this.argument(name, m, at)) : this.argument(name, m, at),
      ]),
    );
    const present = arg.present;
    if (present.kind === 'constant') return present.value === true ? members : null;
    return { $cond: [this.value(present), members, null] };
  }

  /**
   * What reads a call's result (docs/semantics.md §15): `$let` binds the implementation's
   * expression (null where the call is not made) to a variable, which the read's paths start from.
   */
  private result(node: LoweredResult, render: () => Agg): Agg {
    const call = this.functionCall(node.call);
    const made = node.present === undefined ? call : { $cond: [this.truth(node.present), call, null] };
    const ref = `e${this.#next++}`;
    const outer = this.#elements;
    this.#elements = new Map([...outer, [node.variable, { ref: `$$${ref}`, path: [], result: true }]]);
    try {
      return { $let: { vars: { [ref]: made }, in: render() } };
    } finally {
      this.#elements = outer;
    }
  }

  /** The range variable of a collection's elements, bound to `$$ref`. */
  private elementOf(collection: LoweredCollection, ref: string, at: Span): Element {
    const path = this.fullPath(collection, at);
    const fromResult = collection.source.kind === 'variable' && this.element(collection.source.name, at).result;
    return fromResult ? { ref: `$$${ref}`, path, result: true } : { ref: `$$${ref}`, path };
  }

  /**
   * A collection passed whole (docs/semantics.md §15): its elements (those the binding's predicate
   * holds for), and `$map` over them with a reader of each element, bound as a lambda binds it.
   */
  private elementsBound(name: string, binding: LoweredElements, at: Span): MongoElements {
    const { collection, variable, predicate } = binding;
    const bound = <T>(ref: string, render: () => T): T => {
      const outer = this.#elements;
      this.#elements = new Map([...outer, [variable, this.elementOf(collection, ref, at)]]);
      try {
        return render();
      } finally {
        this.#elements = outer;
      }
    };
    let elements = this.elementsOf(collection, at);
    if (predicate !== undefined) {
      const ref = `e${this.#next++}`;
      elements = { $filter: { input: elements, as: ref, cond: bound(ref, () => this.truth(predicate)) } };
    }
    const element = collection.property.element;
    const read = (member?: string): Agg => {
      if (!(element.kind === 'primitive' && member === undefined)) bindingMember(name, binding.members, member);
      const at_ = member === undefined ? [] : member.split('/');
      return this.ref({ source: { kind: 'variable', name: variable }, path: at_, start: at.start, end: at.end });
    };
    return {
      elements,
      map: (expression) => {
        const ref = `e${this.#next++}`;
        return { $map: { input: elements, as: ref, in: bound(ref, () => expression(read)) } };
      },
    };
  }

  /**
   * The reference to a path read from its source: a document field (`$Address.City`, the same
   * document inside `$map` as outside it), or a field of a range variable's element
   * (`$$e0.City`, `$$e0` for the element itself).
   */
  private ref(node: PathRead): Agg {
    if (node.source.kind === 'row') return `$${this.ctx.field(node)}`;
    const element = this.element(node.source.name, node);
    if (element.result) return resultMember(element.ref, node.path);
    const field = this.ctx.elementField(
      { ...node, path: element.path },
      { ...node, path: [...element.path, ...node.path] },
    );
    return field === '' ? element.ref : `${element.ref}.${field}`;
  }

  /** A collection's elements: its array, or an empty one for a null or missing collection. */
  private elementsOf(collection: LoweredCollection, at: Span): Agg {
    return {
      $ifNull: [this.ref({ source: collection.source, path: collection.path, start: at.start, end: at.end }), []],
    };
  }

  /**
   * `exists` as `$anyElementTrue`, `forall` as `$allElementsTrue`, of the predicate `$map`ped over
   * the elements with the range variable bound to each (a name of the form `e<n>`): the predicate
   * is never null, so each element gives exactly true or false. Without a variable (`any()`, and
   * "empty") the predicate is a constant and only the size matters.
   */
  private quantified(node: ExistsPredicate | ForallPredicate): Agg {
    const elements = this.elementsOf(node.collection, node);
    const some = node.kind === 'exists';
    if (node.variable === undefined || node.predicate.kind === 'constant') {
      if (node.predicate.kind !== 'constant')
        throw malformedTree(node, `a ${node.kind} without a variable over a predicate that reads one`);
      if (node.predicate.value !== some) return node.predicate.value;
      return { [some ? '$gt' : '$eq']: [{ $size: elements }, 0] };
    }
    const ref = `e${this.#next++}`;
    const outer = this.#elements;
    this.#elements = new Map([...outer, [node.variable, this.elementOf(node.collection, ref, node)]]);
    try {
      const test = this.truth(node.predicate);
      return { [some ? '$anyElementTrue' : '$allElementsTrue']: [{ $map: { input: elements, as: ref, in: test } }] };
    } finally {
      this.#elements = outer;
    }
  }

  /** The elements a count counts: all of them, or those its predicate holds for, bound as a lambda binds them. */
  private countedOf(node: LoweredCount): Agg {
    const elements = this.elementsOf(node.collection, node);
    if (node.predicate === undefined) return elements;
    const ref = `e${this.#next++}`;
    const outer = this.#elements;
    if (node.variable !== undefined)
      this.#elements = new Map([...outer, [node.variable, this.elementOf(node.collection, ref, node)]]);
    try {
      return { $filter: { input: elements, as: ref, cond: this.truth(node.predicate) } };
    } finally {
      this.#elements = outer;
    }
  }

  /** A collection's property path from the row, through the lambdas it is read in. */
  private fullPath(collection: LoweredCollection, at: Span): readonly string[] {
    if (collection.source.kind === 'row') return collection.path;
    return [...this.element(collection.source.name, at).path, ...collection.path];
  }

  private element(variable: string, at: Span): Element {
    const element = this.#elements.get(variable);
    // lower() reads a variable only inside its lambda; a hand-built form can do otherwise.
    if (element === undefined) throw malformedTree(at, `the range variable ${variable} outside its lambda`);
    return element;
  }

  literal(node: Literal): Agg {
    const plain = plainValue(node, this.ctx);
    if (!plain) return { $toDecimal: decimalText(node) };
    // A string starting with '$' would be read as a field path: strings are always $literal.
    return typeof plain.value === 'string' ? { $literal: plain.value } : plain.value;
  }

  /**
   * A Boolean value (true, false, or null/missing), each operand computed once: a predicate is
   * never null, so its value is its truth; `not`, `and` and `or` combine their operands' values
   * (bound to variables when used twice); a string test is null when an argument is null.
   */
  private booleanValue(node: LoweredValue): Agg {
    switch (node.kind) {
      case 'truth':
        return this.truth(node.predicate);
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
          $cond: [
            anyOf(refs.map((r) => (r === !decisive ? false : r === decisive ? true : { $eq: [r, decisive] }))),
            decisive,
            { $cond: [anyOf(refs.map((r, i) => (nullable[i] ? isNull(r) : false))), null, !decisive] },
          ],
        }));
      }
      case 'call':
        return this.stringTest(node, undefined);
      case 'constant':
      case 'member':
      case 'guard':
      case 'cast':
      case 'functionCall':
      case 'result':
        return this.value(node);
      case 'count':
      case 'convert':
      case 'negate':
      case 'arithmetic':
      case 'temporal':
      case 'collectionArgument':
        throw this.notBoolean(node);
      default:
        return assertNever(node, 'lowered value kind');
    }
  }

  /** Whether a Boolean value may be null where it is compiled (false only when it never is). */
  private booleanMayBeNull(node: LoweredValue): boolean {
    switch (node.kind) {
      case 'constant':
        return node.value === null;
      case 'truth':
        return false;
      case 'not':
        return this.booleanMayBeNull(node.operand);
      case 'logical':
        return node.operands.some((o) => this.booleanMayBeNull(o));
      case 'call':
        return node.args.some((a) => this.mayBeNull(a));
      case 'member':
      case 'count':
      case 'convert':
      case 'negate':
      case 'arithmetic':
      case 'temporal':
      case 'cast':
      case 'guard':
      case 'functionCall':
      case 'collectionArgument':
        return this.mayBeNull(node);
      // What reads the result is compiled inside its scope, and says itself whether it may be null.
      case 'result':
        return node.nullable;
      default:
        return assertNever(node, 'lowered value kind');
    }
  }

  /** A comparison, true exactly where it holds: `eq` negated is `$ne`, an order comparison negated is `$not` of it. */
  private compare(node: ComparePredicate): Agg {
    const op: CompareOp = node.op === 'eq' && node.negated ? 'ne' : node.op;
    const test = this.comparison(op, node.left, node.right);
    return op === 'ne' ? test : polarity(test, !node.negated);
  }

  private comparison(written: CompareOp, writtenLeft: LoweredValue, writtenRight: LoweredValue): Agg {
    // Only the rows after a keyset token order binaries, and MongoDB orders BinData by length first.
    if (writtenLeft.type === 'Edm.Binary' && written !== 'eq' && written !== 'ne')
      throw cannotCompile(
        writtenLeft,
        'binary_order',
        'an order comparison of Edm.Binary values: MongoDB orders BinData by length before its bytes',
      );
    let [op, left, right] = [written, writtenLeft, writtenRight];
    if (isNonNullConstant(left) && !isNonNullConstant(right)) [left, right, op] = [right, left, MIRRORED[op]];
    const double = isFloatingPoint(writtenLeft.type);
    if (isNonNullConstant(right) && !(double && isNaNConstant(right))) {
      // Against a constant, a null or missing value is unequal, and below it in MongoDB's order
      // (so is NaN): eq, ne, gt and ge need no null test; lt and le test the fields up front.
      const c = this.value(right);
      const name = op === 'eq' || op === 'ne' ? `$${op}` : ORDER_OPERATORS[op];
      const low = op === 'lt' || op === 'le';
      const direct = ([v]: Agg[]) =>
        low && double ? this.bind([v], ([v]) => ({ $and: [NOT_NAN(v), { [name]: [v, c] }] })) : { [name]: [v, c] };
      const hoisted = this.hoisted([left], op === 'ne', direct);
      if (hoisted !== undefined) return hoisted;
      if (!low) return { [name]: [this.value(left), c] };
    }
    if (op === 'eq' || op === 'ne')
      return { [`$${op}`]: [orNull(this.value(writtenLeft)), orNull(this.value(writtenRight))] };
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
      return { $cond: [anyOf(open.map((f) => isNull(f))), false, direct] };
    }
    return this.bind([this.value(left), this.value(right)], ([l, r]) =>
      order(op, l, r, double, this.mayBeNull(left) || this.mayBeNull(right)),
    );
  }

  private in(node: InPredicate): Agg {
    const values = node.values.map((item) => this.value(item));
    const hoisted = this.hoisted([node.operand], node.orNull, ([v]) => ({ $in: [v, values] }));
    if (hoisted !== undefined) return hoisted;
    return { $in: [orNull(this.value(node.operand)), node.orNull ? [...values, null] : values] };
  }

  /**
   * contains, substringof, startswith, endswith: null when an argument is null, so false both ways
   * as a condition; with `is` undefined, the value (true, false or null).
   */
  private stringTest(node: LoweredCall, is: boolean | undefined): Agg {
    const renderer = rendererOf(node.name);
    if (renderer.kind === 'unsupported') throw refused(node);
    if (renderer.kind !== 'test') throw this.notBoolean(node);
    const [a, b] = node.args.map((arg) => this.value(arg));
    const [s, t] = renderer.subjectSecond ? [b, a] : [a, b];
    const nodes = renderer.subjectSecond ? [node.args[1]!, node.args[0]!] : [node.args[0]!, node.args[1]!];
    const test = (s: Agg, t: Agg) => renderer.test(this, s, t);
    const whenNull = is === undefined ? null : false;
    const result = (s: Agg, t: Agg) => (is === undefined ? test(s, t) : polarity(test(s, t), is));
    const hoisted = this.hoisted(nodes, whenNull, ([s, t]) => this.bind([s, t], ([s, t]) => result(s, t)));
    if (hoisted !== undefined) return hoisted;
    return this.bind([s, t], ([s, t]) => {
      const guard = anyOf(nodes.map((n, i) => (this.mayBeNull(n) ? isNull([s, t][i]) : false)));
      return guard === false ? result(s, t) : { $cond: [guard, whenNull, result(s, t)] };
    });
  }

  /** lower() never makes a non-Boolean value where a Boolean is wanted; a hand-built form can. */
  private notBoolean(node: LoweredValue): never {
    throw malformedTree(node, `a ${node.kind} value of type ${node.type} where a Boolean is expected`);
  }

  private call(node: LoweredCall): Agg {
    const renderer = rendererOf(node.name);
    if (renderer.kind === 'unsupported') throw refused(node);
    if (renderer.kind === 'test') throw this.notBoolean(node);
    const args = node.args.map((arg) => this.value(arg));
    if (renderer.kind === 'as-is') return args[0];
    const types = node.args.map((a) => a.type);
    return this.nullSafe(node, args, renderer.propagatesNull, renderer.singleUse, (refs) =>
      renderer.build(this, refs, types),
    );
  }

  /**
   * `build(args)`, or null when an argument that may be null is null or missing. Arguments known
   * not to be null are neither tested nor, when the builder uses them once, bound to a variable;
   * nor are those (`propagates`, by position) for which the MongoDB operator itself returns null.
   */
  private nullSafe(
    node: LoweredCall,
    args: Agg[],
    propagates: readonly number[],
    once: boolean,
    build: (refs: Agg[]) => Agg,
  ): Agg {
    const nullable = node.args.map((arg, i) => !propagates.includes(i) && this.mayBeNull(arg));
    const bound = args.map((a, i) => (nullable[i] || !once ? a : undefined));
    return this.bind(bound, (refs) => {
      const values = refs.map((r, i) => (bound[i] === undefined ? args[i] : r));
      const guard = anyOf(values.map((v, i) => (nullable[i] ? isNull(v) : false)));
      if (guard === false) return build(values);
      return this.nullGuard(guard, build(values));
    });
  }

  nullGuard(guard: Agg, result: Agg): Agg {
    this.#guards++;
    return { $cond: [guard, null, result] };
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

/**
 * A member of a call's result (docs/semantics.md §15) bound to `ref`: a field path up to the first
 * name a field path would misread (a '.' in it, as in the default type marker `@odata.type`, or a
 * leading '$'), each name from there read exactly by `$getField` (MongoDB 5.0 and later). A stored
 * document's such names are refused instead (docs/mongo.md, "Derived types"): a result is no
 * stored document, so no `fields` mapping can rename them.
 */
function resultMember(ref: string, path: readonly string[]): Agg {
  const misread = path.findIndex((name) => name.includes('.') || name.startsWith('$'));
  const plain = misread === -1 ? path : path.slice(0, misread);
  let read: Agg = plain.length === 0 ? ref : `${ref}.${plain.join('.')}`;
  if (misread === -1) return read;
  for (const name of path.slice(misread)) read = { $getField: { field: { $literal: name }, input: read } };
  return read;
}

/** A function the signature table has and MongoDB cannot compute exactly. */
function refused(node: LoweredCall) {
  return cannotCompile(node, node.name, `the function ${node.name}()`);
}

const isNonNullConstant = (node: LoweredValue): boolean => node.kind === 'constant' && node.value !== null;
const isNaNConstant = (node: LoweredValue): boolean =>
  node.kind === 'constant' && typeof node.value === 'number' && Number.isNaN(node.value);

/** The union of field sets, undefined when any is. */
function union(sets: readonly (ReadonlySet<string> | undefined)[]): ReadonlySet<string> | undefined {
  const out = new Set<string>();
  for (const set of sets) {
    if (set === undefined) return undefined;
    for (const f of set) out.add(f);
  }
  return out;
}

/** Checks that an implementation reads a primitive member of its binding: a TypeError naming the function where it does not. */
function bindingMember(name: string, members: ReadonlyMap<string, unknown>, path: unknown): void {
  if (typeof path !== 'string' || !members.has(path))
    throw new TypeError(
      `Function '${name}' reads '${String(path)}', which is no primitive member of its binding: ${[...members.keys()].join(', ') || 'a primitive element has none'}`,
    );
}
