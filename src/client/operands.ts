// The typed builder's operands (docs/client.md, "The typed builder"): a schema's properties as
// objects whose methods make the syntax tree (src/syntax/ast.ts), each operand knowing the type
// check() gives it (src/client/operand-types.ts), and each value beside an operand held as a hole
// with the type of its place until build() (src/client/builder.ts) writes it as a literal. What
// TypeScript knows of each operand is in src/client/builder-types.ts; at run time an operand is
// one object, and what its type does not allow is refused when the filter is checked.

import { assertNever } from '../assert-never.js';
import { FilterError } from '../errors.js';
import type { AliasExpr, Expr, Literal, MemberExpr, PathSegment, TypeFunctionName } from '../syntax/ast.js';
import type { ArithmeticOp, CompareOp, LambdaOp, LogicalOp } from '../language/operators.js';
import { childrenOf } from '../syntax/ast.js';
import { ARITHMETIC_OPS, COMPARE_OPS } from '../language/operators.js';
import { EDM_TYPES } from '../language/edm.js';
import type { EdmType } from '../language/edm.js';
import { arityOf, FUNCTIONS } from '../language/functions.js';
import type { FunctionName, FunctionSignature } from '../language/functions.js';
import type { CollectionProperty, Property, Schema, StructureType } from '../types/schema.js';
import { bindValue, shownValue } from '../types/value-literal.js';
import type { Condition, Operand } from './builder-types.js';
import { arithmeticType, callType, negatedType, typeOf, VALUE } from './operand-types.js';
import type { Operand as Side, OperandType } from './operand-types.js';

/** Built nodes come from no text; print() reads no span. */
const NOWHERE = { start: 0, end: 0 } as const;

/** A value's alias node, named only when an error shows the filter (one numbering for the whole tree). */
export interface ValueAlias {
  readonly kind: 'alias';
  name: string;
  readonly start: number;
  readonly end: number;
}

/**
 * A value beside an operand: its alias in the tree until the tree is finished, the value, the type
 * of its place (undefined where the operand has none), and whether it is the list of `in`.
 */
export interface Hole {
  readonly alias: ValueAlias;
  readonly value: unknown;
  readonly place: OperandType;
  readonly list: boolean;
  /**
   * How a place that is no literal's own writes the value's literal (a member of a JSON object
   * writes a guid as a JSON string); undefined from it where the place cannot write it.
   */
  readonly written?: (literal: Literal) => Literal | undefined;
}

/** The holes an operand's tree holds: a tree of lists, so that joining operands copies nothing. */
export type Holes = Hole | readonly Holes[];

const NO_HOLES: Holes = [];

/** The terms of an `and` or `or` chain: a tree of lists, so that `a.and(b)` on a long chain copies nothing. */
type Terms = Expr | readonly Terms[];

interface Chain {
  readonly op: LogicalOp;
  readonly terms: Terms;
}

const BOOLEAN = typeOf('Edm.Boolean');

/** The one run-time form of every operand; builder-types.ts says which of its methods a type has. */
export class BuiltOperand {
  #expr: Expr | undefined;

  constructor(
    expr: Expr | undefined,
    readonly holes: Holes,
    /** The operand's type as check() gives it: the type of a value's place beside it (src/client/operand-types.ts). */
    readonly type: OperandType,
    /** For an `and` or `or` chain, its terms: the flat node is made when it is first needed. */
    readonly chain: Chain | undefined = undefined,
  ) {
    this.#expr = expr;
  }

  /** The operand's tree; a chain's is made once, flat, in one pass over its terms. */
  get expr(): Expr {
    this.#expr ??= { kind: 'logical', op: this.chain!.op, operands: flatTerms(this.chain!.terms), ...NOWHERE };
    return this.#expr;
  }

  /** `x in C` for a collection; else the list is one value, an array, each item a literal of the operand's type. */
  in(values: unknown): BuiltOperand {
    if (values instanceof CollectionOperand)
      return new BuiltOperand(
        { kind: 'inCollection', operand: this.expr, collection: values.path, ...NOWHERE },
        this.holes,
        BOOLEAN,
      );
    const [alias, hole] = valueNode(values, this.type, true);
    return new BuiltOperand({ kind: 'inAlias', operand: this.expr, alias, ...NOWHERE }, [this.holes, hole], BOOLEAN);
  }

  /** `x has Type'M'`: the checker takes only an enumeration literal on the right, which the binder writes from the members given. */
  has(members: unknown): BuiltOperand {
    const type = this.type?.enum;
    if (type === undefined) throw new TypeError('has() applies to a property of an enumeration type');
    const names = Array.isArray(members) ? (members as unknown[]) : [members];
    const member = (m: unknown): boolean =>
      (typeof m === 'string' && type.members.has(m)) ||
      typeof m === 'bigint' ||
      (typeof m === 'number' && Number.isSafeInteger(m));
    const bad = names.findIndex((m) => !member(m));
    if (bad >= 0 || names.length === 0) {
      const given =
        names.length === 0 ? 'an empty list' : names[bad] === undefined ? 'undefined' : shownValue(names[bad]);
      const message = `has() takes members of ${type.name} (${[...type.members.keys()].join(', ')}), not ${given}`;
      throw new FilterError({ kind: 'type', issueCode: 'value_does_not_fit', message, ...NOWHERE });
    }
    // Members' names and values, which hold no quote: a literal the grammar reads.
    const bound = bindValue(names.map(String).join(','), this.type!);
    if (!bound.ok) throw new TypeError(`has() cannot write the members ${names.join(', ')} as a literal`);
    return new BuiltOperand({ kind: 'has', operand: this.expr, value: bound.node, ...NOWHERE }, this.holes, BOOLEAN);
  }

  negate(): BuiltOperand {
    return new BuiltOperand({ kind: 'negate', operand: this.expr, ...NOWHERE }, this.holes, negatedType(this.type));
  }

  and(...others: unknown[]): BuiltOperand {
    return logical('and', [this, ...others]);
  }
  or(...others: unknown[]): BuiltOperand {
    return logical('or', [this, ...others]);
  }
  not(): BuiltOperand {
    return new BuiltOperand({ kind: 'not', operand: this.expr, ...NOWHERE }, this.holes, BOOLEAN);
  }

  /** A call of a function of the table with this operand first (each function's method, below). */
  call(signature: FunctionSignature, args: readonly unknown[]): BuiltOperand {
    const typed = callType(signature, [this.type, ...args.map(sideOf)]);
    const nodes = args.map((arg, i) => operandNode(arg, typed.places[i + 1]));
    return new BuiltOperand(
      {
        kind: 'call',
        name: signature.name,
        nameSpan: NOWHERE,
        args: [this.expr, ...nodes.map(([node]) => node)],
        ...NOWHERE,
      },
      [this.holes, ...nodes.map(([, holes]) => holes)],
      typed.type,
    );
  }

  /** `cast(this, T)`: the operand converted to the type named (docs/semantics.md §11). */
  cast(type: unknown): BuiltOperand {
    return this.typeFunction('cast', type);
  }

  /** `isof(this, T)`: whether the operand is not null and converts to the type named. */
  isof(type: unknown): BuiltOperand {
    return this.typeFunction('isof', type);
  }

  /**
   * The type is written into the tree as a name, not a value: only the language's own names are
   * taken, so no string can write anything else there.
   */
  private typeFunction(name: TypeFunctionName, type: unknown): BuiltOperand {
    if (typeof type !== 'string' || !EDM_TYPES.includes(type as EdmType)) {
      throw new TypeError(`${name}() takes the name of an Edm type (${EDM_TYPES.join(', ')}), not ${shownValue(type)}`);
    }
    const target = { name: type, quoted: false, ...NOWHERE };
    return new BuiltOperand(
      { kind: 'typeFunction', name, nameSpan: NOWHERE, operand: this.expr, target, ...NOWHERE },
      this.holes,
      name === 'cast' ? typeOf(type as EdmType) : BOOLEAN,
    );
  }

  /** `this op other`: each comparison's method (eq, ne, gt, …, below); a value is of this operand's type. */
  compare(op: CompareOp, other: unknown): BuiltOperand {
    const [node, holes] = operandNode(other, this.type);
    return new BuiltOperand(
      { kind: 'compare', op, left: this.expr, right: node, ...NOWHERE },
      [this.holes, holes],
      BOOLEAN,
    );
  }

  /** `this op other`: each arithmetic operator's method (add, sub, …, below). */
  arithmetic(op: ArithmeticOp, other: unknown): BuiltOperand {
    const typed = arithmeticType(op, this.type, sideOf(other));
    const [node, holes] = operandNode(other, typed.place);
    return new BuiltOperand(
      { kind: 'arithmetic', op, left: this.expr, right: node, ...NOWHERE },
      [this.holes, holes],
      typed.type,
    );
  }
}

/**
 * A method of every operand; a name taken twice (a function of the table named like an operator)
 * would hide a method: that is a mistake in the table, found on loading.
 */
function defineMethod(name: string, method: (this: BuiltOperand, ...args: unknown[]) => BuiltOperand): void {
  if (name in BuiltOperand.prototype) throw new TypeError(`${name} is named like another method of every operand`);
  Object.defineProperty(BuiltOperand.prototype, name, { value: method });
}

// The comparison and arithmetic operators are methods as the language spells them (`x.eq(5)`, `x.add(1)`).
for (const op of COMPARE_OPS)
  defineMethod(op, function (other) {
    return this.compare(op, other);
  });
for (const op of ARITHMETIC_OPS)
  defineMethod(op, function (other) {
    return this.arithmetic(op, other);
  });

// Each function of the table that takes an argument is a method of the operand it is called on,
// the other arguments after it: derived from the table, as the method types are.
for (const signature of FUNCTIONS) {
  const { min, max } = arityOf(signature);
  if (max === 0) continue;
  defineMethod(signature.name, function (...args) {
    if (args.length + 1 < min || args.length + 1 > max) {
      const takes = min === max ? `${min - 1}` : `${min - 1} to ${max - 1}`;
      throw new TypeError(
        `${signature.name}() takes ${takes} argument${max === 2 ? '' : 's'} besides the operand it is called on, not ${args.length}`,
      );
    }
    return this.call(signature, args);
  });
}

/** An argument as operand-types.ts reads it: an operand's type, or a value. */
function sideOf(other: unknown): Side {
  return other instanceof BuiltOperand ? other.type : VALUE;
}

/** An operand's node, or a value's alias, its place of the type given. */
function operandNode(other: unknown, place: OperandType): [Expr, Holes] {
  return other instanceof BuiltOperand ? [other.expr, other.holes] : valueNode(other, place, false);
}

export function valueNode(value: unknown, place: OperandType, list: boolean): [AliasExpr, Hole] {
  const alias: ValueAlias = { kind: 'alias', name: '', ...NOWHERE };
  return [alias, { alias, value, place, list }];
}

export function condition(value: unknown, where: string): BuiltOperand {
  if (value instanceof BuiltOperand) return value;
  throw new TypeError(`${where} takes conditions built from a schema's properties, not ${shownValue(value)}`);
}

/** `and`/`or` as one flat chain: a chain of the same operator among the operands is spread into it. */
function logical(op: LogicalOp, conditions: readonly unknown[]): BuiltOperand {
  if (conditions.length === 0) throw new TypeError(`${op}() takes at least one condition`);
  const operands = conditions.map((c) => condition(c, `${op}()`));
  if (operands.length === 1) return operands[0]!;
  const terms = operands.map((o) => (o.chain?.op === op ? o.chain.terms : o.expr));
  return new BuiltOperand(
    undefined,
    operands.map((o) => o.holes),
    BOOLEAN,
    { op, terms },
  );
}

/** The terms of a chain in order, from an explicit stack (a chain built by `reduce` nests as deep as it is long). */
function flatTerms(terms: Terms): Expr[] {
  const out: Expr[] = [];
  const stack: Terms[] = [terms];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (Array.isArray(next)) for (let i = next.length - 1; i >= 0; i--) stack.push((next as readonly Terms[])[i]!);
    else out.push(next as Expr);
  }
  return out;
}

/** `c1 and c2 and …`: one flat chain. */
export function and(...conditions: readonly Condition[]): Condition {
  return logical('and', conditions) as unknown as Condition;
}

/** `c1 or c2 or …`: one flat chain. */
export function or(...conditions: readonly Condition[]): Condition {
  return logical('or', conditions) as unknown as Condition;
}

/** `not c`. */
export function not(c: Condition): Condition {
  return condition(c, 'not()').not() as unknown as Condition;
}

type FunctionOf<N extends FunctionName> = Extract<(typeof FUNCTIONS)[number], { readonly name: N }>;
/** The functions of no argument, and their types: the instants that depend on no row. */
type ConstantName = {
  [N in FunctionName]: FunctionOf<N>['overloads'][number] extends { readonly params: readonly [] } ? N : never;
}[FunctionName];
type ConstantType<N extends ConstantName> = FunctionOf<N>['overloads'][number]['returns'];

function constant<N extends ConstantName>(name: N): () => Operand<ConstantType<N>> {
  const signature = FUNCTIONS.find((f) => f.name === name)!;
  return () =>
    new BuiltOperand(
      { kind: 'call', name, nameSpan: NOWHERE, args: [], ...NOWHERE },
      NO_HOLES,
      callType(signature, []).type,
    ) as unknown as Operand<ConstantType<N>>;
}

/** `now()`: the instant the filter is compiled. */
export const now = constant('now');
/** `mindatetime()`: the earliest instant. */
export const mindatetime = constant('mindatetime');
/** `maxdatetime()`: the latest instant. */
export const maxdatetime = constant('maxdatetime');

/** The resource's properties as operands: the row a predicate is given. */
export function rowOf(schema: Schema): object {
  return structureOf(schema.properties, [], { rootNames: new Set(schema.properties.keys()) }, false, schema.type);
}

/** What naming a lambda's variable must avoid: the names of the resource's properties, which a path inside the lambda may start with. */
interface Scope {
  readonly rootNames: ReadonlySet<string>;
}

function memberOf(segments: readonly PathSegment[]): MemberExpr {
  return { kind: 'member', segments, ...NOWHERE };
}

/** Where a structure's view is read from, for a function bound to it (src/client/model-functions.ts). */
const PATH = Symbol('path');
/** The model's type of a structure's view, where the schema has one: which overloads a call on it fits. */
const TYPE = Symbol('type');

/** The model's type of a structure's view; undefined for anything else, or in a short-form schema. */
export function structureTypeOf(view: unknown): StructureType | undefined {
  return typeof view === 'object' && view !== null && TYPE in view
    ? (view as { [TYPE]: StructureType | undefined })[TYPE]
    : undefined;
}

/** The path of a structure's view (empty for the row itself); undefined for anything else. */
export function pathOf(view: unknown): readonly PathSegment[] | undefined {
  return typeof view === 'object' && view !== null && PATH in view
    ? ((view as { [PATH]: readonly PathSegment[] })[PATH] as readonly PathSegment[])
    : undefined;
}

/**
 * The properties under `prefix` as an object of getters (made when read, so a deep schema costs
 * nothing until used): primitives as operands, structures as nested objects, collections with
 * their lambdas. `nullable` structures (all but the resource itself) have `$isNull`/`$isNotNull`.
 */
function structureOf(
  properties: ReadonlyMap<string, Property>,
  prefix: readonly PathSegment[],
  scope: Scope,
  structure: boolean,
  type: StructureType | undefined,
): object {
  const view: Record<string, unknown> = {};
  Object.defineProperty(view, PATH, { value: prefix });
  Object.defineProperty(view, TYPE, { value: type });
  for (const property of properties.values()) {
    const segments = [...prefix, { name: property.name, ...NOWHERE }];
    Object.defineProperty(view, property.name, { enumerable: true, get: () => nodeOf(property, segments, scope) });
  }
  if (structure) {
    const isNull = (op: 'eq' | 'ne') => (): BuiltOperand =>
      new BuiltOperand(
        { kind: 'compare', op, left: memberOf(prefix), right: { kind: 'null', ...NOWHERE }, ...NOWHERE },
        NO_HOLES,
        BOOLEAN,
      );
    Object.defineProperty(view, '$isNull', { value: isNull('eq') });
    Object.defineProperty(view, '$isNotNull', { value: isNull('ne') });
  }
  return Object.freeze(view);
}

function nodeOf(property: Property, segments: readonly PathSegment[], scope: Scope): unknown {
  switch (property.kind) {
    case 'primitive':
      return new BuiltOperand(memberOf(segments), NO_HOLES, { type: property.type, enum: property.enum });
    case 'structured':
      return structureOf(property.properties, segments, scope, true, property.type);
    case 'collection':
      return new CollectionOperand(memberOf(segments), property, scope);
    default:
      return assertNever(property, 'property kind');
  }
}

/** A collection: its lambdas, each with a variable named for it, and `$count`. */
export class CollectionOperand {
  constructor(
    readonly path: MemberExpr,
    readonly property: CollectionProperty,
    private readonly scope: Scope,
  ) {}

  any(predicate?: unknown): BuiltOperand {
    if (predicate === undefined)
      return new BuiltOperand(
        {
          kind: 'lambda',
          op: 'any',
          collection: this.path,
          opSpan: NOWHERE,
          variable: undefined,
          body: undefined,
          ...NOWHERE,
        },
        NO_HOLES,
        BOOLEAN,
      );
    return this.lambda('any', predicate);
  }

  all(predicate: unknown): BuiltOperand {
    return this.lambda('all', predicate);
  }

  get $count(): BuiltOperand {
    return new BuiltOperand({ kind: 'count', collection: this.path, ...NOWHERE }, NO_HOLES, typeOf('Edm.Int64'));
  }

  /**
   * The body is built first, with the variable's segment unnamed; the variable is then named after
   * the collection (`Sessions` → `s`), avoiding the resource's property names and the variables of
   * the lambdas inside the body — which are named by then — so no variable shadows another.
   */
  private lambda(op: LambdaOp, predicate: unknown): BuiltOperand {
    if (typeof predicate !== 'function') throw new TypeError(`${op}() takes a function of the collection's element`);
    const variable: { name: string; readonly start: number; readonly end: number } = { name: '', ...NOWHERE };
    const element = this.property.element;
    const argument =
      element.kind === 'structured'
        ? structureOf(element.properties, [variable], this.scope, true, element.type)
        : new BuiltOperand(memberOf([variable]), NO_HOLES, { type: element.type, enum: element.enum });
    const body = condition((predicate as (element: unknown) => unknown)(argument), `${op}()`);
    variable.name = freshName(this.property.name, variablesIn(body.expr), this.scope.rootNames);
    return new BuiltOperand(
      { kind: 'lambda', op, collection: this.path, opSpan: NOWHERE, variable, body: body.expr, ...NOWHERE },
      body.holes,
      BOOLEAN,
    );
  }
}

/** The names of the lambda variables in a tree. */
function variablesIn(root: Expr): Set<string> {
  const names = new Set<string>();
  const stack: Expr[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind === 'lambda' && node.variable !== undefined) names.add(node.variable.name);
    stack.push(...childrenOf(node));
  }
  return names;
}

/** The collection's initial in lower case, with a number when that is taken (`s`, `s1`, …); never a word the grammar reserves. */
function freshName(collection: string, inner: ReadonlySet<string>, rootNames: ReadonlySet<string>): string {
  const base = collection[0]!.toLowerCase();
  for (let n = 0; ; n++) {
    const name = n === 0 ? base : `${base}${n}`;
    if (!inner.has(name) && !rootNames.has(name)) return name;
  }
}
