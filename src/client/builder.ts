// where(schema, (row) => …): a filter built by methods on a schema's properties instead of written
// as text (docs/client.md, "The typed builder"). The methods make the untyped tree
// (src/syntax/ast.ts) with each value a parameter alias; print() writes it, and the filter template
// (src/client/template.ts) writes each value as a literal of the type its place gives it and checks
// the whole: so the builder and the template agree on every literal, precedence is the printer's,
// and the typed tree is the checker's. What TypeScript knows of each operand is in
// src/client/builder-types.ts; at run time an operand is one object, and what its type does not
// allow is refused when the filter is checked.

import { assertNever } from '../assert-never.js';
import { FilterError } from '../errors.js';
import type {
  AliasExpr,
  ArithmeticOp,
  CompareOp,
  EnumLiteral,
  Expr,
  LambdaOp,
  LogicalOp,
  MemberExpr,
  PathSegment,
  TypeFunctionName,
} from '../syntax/ast.js';
import { ARITHMETIC_OPS, childrenOf, COMPARE_OPS } from '../syntax/ast.js';
import { printWithAliases } from '../syntax/print.js';
import type { CheckOptions } from '../types/check.js';
import { EDM_TYPES } from '../types/edm.js';
import type { EdmType } from '../types/edm.js';
import { arityOf, FUNCTIONS } from '../types/functions.js';
import type { FunctionName } from '../types/functions.js';
import type { CollectionProperty, EnumType, Property, Schema, SchemaDefinition } from '../types/schema.js';
import { bindValue, shownValue } from '../types/value-literal.js';
import type { BoundValue } from '../types/value-literal.js';
import type { Condition, Operand, Row } from './builder-types.js';
import { filledTemplate } from './template.js';
import type { BuiltFilter } from './template.js';

/** Built nodes come from no text; print() reads no span. */
const NOWHERE = { start: 0, end: 0 } as const;

/**
 * A value's alias node, named only when the filter is finished (one numbering for the whole
 * tree), so that operands are built without any state shared between them.
 */
interface ValueAlias {
  readonly kind: 'alias';
  name: string;
  readonly start: number;
  readonly end: number;
}

/** The values an operand's tree holds, at their aliases: a tree of lists, so that joining operands copies nothing. */
type Values = { readonly alias: ValueAlias; readonly value: unknown } | readonly Values[];

const NO_VALUES: Values = [];

/** The terms of an `and` or `or` chain: a tree of lists, so that `a.and(b)` on a long chain copies nothing. */
type Terms = Expr | readonly Terms[];

interface Chain {
  readonly op: LogicalOp;
  readonly terms: Terms;
}

/** The one run-time form of every operand; builder-types.ts says which of its methods a type has. */
class BuiltOperand {
  #expr: Expr | undefined;

  constructor(
    expr: Expr | undefined,
    readonly values: Values,
    /** The enumeration type of a property or element of one, which `has` writes its literal as. */
    readonly enumType: EnumType | undefined = undefined,
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

  /**
   * `x in C` for a collection; else the list is one value, an array, which the template writes as
   * the list of `in` (and refuses anything else).
   */
  in(values: unknown): BuiltOperand {
    if (values instanceof CollectionOperand)
      return new BuiltOperand(
        { kind: 'inCollection', operand: this.expr, collection: values.path, ...NOWHERE },
        this.values,
      );
    const [alias, held] = valueNode(values);
    return new BuiltOperand({ kind: 'inAlias', operand: this.expr, alias, ...NOWHERE }, [this.values, held]);
  }

  /**
   * `x has Type'M'`: the checker takes only an enumeration literal on the right, so the builder
   * writes it (valueLiteral, as the template would) from the member names given.
   */
  has(members: unknown): BuiltOperand {
    const type = this.enumType;
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
    const value = (bindValue(names.map(String).join(','), { type: type.underlyingType, enum: type }) as BoundValue)
      .node as EnumLiteral;
    return new BuiltOperand({ kind: 'has', operand: this.expr, value, ...NOWHERE }, this.values);
  }

  negate(): BuiltOperand {
    return new BuiltOperand({ kind: 'negate', operand: this.expr, ...NOWHERE }, this.values);
  }

  and(...others: unknown[]): BuiltOperand {
    return logical('and', [this, ...others]);
  }
  or(...others: unknown[]): BuiltOperand {
    return logical('or', [this, ...others]);
  }
  not(): BuiltOperand {
    return new BuiltOperand({ kind: 'not', operand: this.expr, ...NOWHERE }, this.values);
  }

  /** A call of the function table's `name` with this operand first (each function's method, below). */
  call(name: FunctionName, args: readonly unknown[]): BuiltOperand {
    const nodes = args.map(operandNode);
    return new BuiltOperand(
      { kind: 'call', name, nameSpan: NOWHERE, args: [this.expr, ...nodes.map(([node]) => node)], ...NOWHERE },
      [this.values, ...nodes.map(([, v]) => v)],
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
   * The type is written into the text as a name, not a value: only the language's own names are
   * taken, so no string can write anything else there.
   */
  private typeFunction(name: TypeFunctionName, type: unknown): BuiltOperand {
    if (typeof type !== 'string' || !EDM_TYPES.includes(type as EdmType)) {
      throw new TypeError(`${name}() takes the name of an Edm type (${EDM_TYPES.join(', ')}), not ${shownValue(type)}`);
    }
    const target = { name: type, quoted: false, ...NOWHERE };
    return new BuiltOperand(
      { kind: 'typeFunction', name, nameSpan: NOWHERE, operand: this.expr, target, ...NOWHERE },
      this.values,
    );
  }

  /** `this op other`: each comparison's method (eq, ne, gt, …, below). */
  compare(op: CompareOp, other: unknown): BuiltOperand {
    const [node, values] = operandNode(other);
    return new BuiltOperand({ kind: 'compare', op, left: this.expr, right: node, ...NOWHERE }, [this.values, values]);
  }

  /** `this op other`: each arithmetic operator's method (add, sub, …, below). */
  arithmetic(op: ArithmeticOp, other: unknown): BuiltOperand {
    const [node, values] = operandNode(other);
    return new BuiltOperand({ kind: 'arithmetic', op, left: this.expr, right: node, ...NOWHERE }, [
      this.values,
      values,
    ]);
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
    return this.call(signature.name, args);
  });
}

/** An operand's node, or a value's alias. */
function operandNode(other: unknown): [Expr, Values] {
  return other instanceof BuiltOperand ? [other.expr, other.values] : valueNode(other);
}

function valueNode(value: unknown): [AliasExpr, Values] {
  const alias: ValueAlias = { kind: 'alias', name: '', ...NOWHERE };
  return [alias, { alias, value }];
}

function condition(value: unknown, where: string): BuiltOperand {
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
    operands.map((o) => o.values),
    undefined,
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
  return () =>
    new BuiltOperand({ kind: 'call', name, nameSpan: NOWHERE, args: [], ...NOWHERE }, NO_VALUES) as unknown as Operand<
      ConstantType<N>
    >;
}

/** `now()`: the instant the filter is compiled. */
export const now = constant('now');
/** `mindatetime()`: the earliest instant. */
export const mindatetime = constant('mindatetime');
/** `maxdatetime()`: the latest instant. */
export const maxdatetime = constant('maxdatetime');

/** What naming a lambda's variable must avoid: the names of the resource's properties, which a path inside the lambda may start with. */
interface Scope {
  readonly rootNames: ReadonlySet<string>;
}

function memberOf(segments: readonly PathSegment[]): MemberExpr {
  return { kind: 'member', segments, ...NOWHERE };
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
): object {
  const view: Record<string, unknown> = {};
  for (const property of properties.values()) {
    const segments = [...prefix, { name: property.name, ...NOWHERE }];
    Object.defineProperty(view, property.name, { enumerable: true, get: () => nodeOf(property, segments, scope) });
  }
  if (structure) {
    const isNull = (op: 'eq' | 'ne') => (): BuiltOperand =>
      new BuiltOperand(
        { kind: 'compare', op, left: memberOf(prefix), right: { kind: 'null', ...NOWHERE }, ...NOWHERE },
        NO_VALUES,
      );
    Object.defineProperty(view, '$isNull', { value: isNull('eq') });
    Object.defineProperty(view, '$isNotNull', { value: isNull('ne') });
  }
  return Object.freeze(view);
}

function nodeOf(property: Property, segments: readonly PathSegment[], scope: Scope): unknown {
  switch (property.kind) {
    case 'primitive':
      return new BuiltOperand(memberOf(segments), NO_VALUES, property.enum);
    case 'structured':
      return structureOf(property.properties, segments, scope, true);
    case 'collection':
      return new CollectionOperand(memberOf(segments), property, scope);
    default:
      return assertNever(property, 'property kind');
  }
}

/** A collection: its lambdas, each with a variable named for it, and `$count`. */
class CollectionOperand {
  constructor(
    readonly path: MemberExpr,
    private readonly property: CollectionProperty,
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
        NO_VALUES,
      );
    return this.lambda('any', predicate);
  }

  all(predicate: unknown): BuiltOperand {
    return this.lambda('all', predicate);
  }

  get $count(): BuiltOperand {
    return new BuiltOperand({ kind: 'count', collection: this.path, ...NOWHERE }, NO_VALUES);
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
        ? structureOf(element.properties, [variable], this.scope, true)
        : new BuiltOperand(memberOf([variable]), NO_VALUES, element.enum);
    const body = condition((predicate as (element: unknown) => unknown)(argument), `${op}()`);
    variable.name = freshName(this.property.name, variablesIn(body.expr), this.scope.rootNames);
    return new BuiltOperand(
      { kind: 'lambda', op, collection: this.path, opSpan: NOWHERE, variable, body: body.expr, ...NOWHERE },
      body.values,
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

/** Each value's alias named `@__<k>`, in one numbering for the tree; the values by k. */
function namedValues(values: Values): unknown[] {
  const byAlias = new Map<ValueAlias, unknown>();
  const stack: Values[] = [values];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (Array.isArray(next)) for (const inner of next as readonly Values[]) stack.push(inner);
    else byAlias.set((next as { alias: ValueAlias }).alias, (next as { value: unknown }).value);
  }
  return [...byAlias].map(([alias, value], k) => {
    alias.name = `__${k}`;
    return value;
  });
}

/**
 * `x in list` as the chain of `eq` it is (docs/semantics.md §2), each item a value of its own, for
 * a version before 4.01, which has no `in`; an empty list is `false`. `values` gains the items.
 */
function inListsAsEqualities(expr: Expr, values: unknown[]): Expr {
  const rewrite = (node: Expr): Expr => {
    if (node.kind === 'inAlias') {
      const list = values[Number(node.alias.name.slice(2))];
      if (Array.isArray(list)) {
        const operand = rewrite(node.operand);
        const equalities: Expr[] = list.map((item) => {
          const alias: AliasExpr = { kind: 'alias', name: `__${values.push(item) - 1}`, ...NOWHERE };
          return { kind: 'compare', op: 'eq', left: operand, right: alias, ...NOWHERE };
        });
        if (equalities.length === 0) return { kind: 'boolean', value: false, ...NOWHERE };
        return equalities.length === 1
          ? equalities[0]!
          : { kind: 'logical', op: 'or', operands: equalities, ...NOWHERE };
      }
    }
    // Every other node as it is, its operands rewritten: the fields that hold nodes or lists of them.
    const copy: Record<string, unknown> = { ...node };
    for (const [key, value] of Object.entries(node)) {
      if (Array.isArray(value)) copy[key] = value.map((item: unknown) => (isNode(item) ? rewrite(item) : item));
      else if (isNode(value)) copy[key] = rewrite(value);
    }
    return copy as unknown as Expr;
  };
  return rewrite(expr);
}

function isNode(value: unknown): value is Expr {
  return typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string';
}

/**
 * The filter a schema's properties make: `where(Contact, (c) => c.Status.eq('Active'))`. The result
 * is the filter template's: `{ text, typed, toString() }`; a value that does not fit its place is a
 * FilterError (`value_does_not_fit`) whose text shows each value as `${n}`; `options` are check()'s,
 * but for `aliases`: with a `version`, the text is written for it (docs/semantics.md, "Versions").
 */
export function where<D extends SchemaDefinition>(
  schema: Schema<D>,
  predicate: (row: Row<D>) => Condition,
  options: Omit<CheckOptions, 'aliases'> = {},
): BuiltFilter {
  if (typeof predicate !== 'function') throw new TypeError('where() takes a schema and a function of its properties');
  const row = structureOf(schema.properties, [], { rootNames: new Set(schema.properties.keys()) }, false);
  const built = condition((predicate as (row: unknown) => unknown)(row), 'where()');
  const values = namedValues(built.values);
  // The printed text, cut at each value's alias: the pieces and holes of a filter template.
  // Written for the version (`substringof` for `contains` before 4.0), each value's literal then
  // written for it by the template, from the type of its place.
  const expr =
    options.version === undefined || options.version === '4.01' ? built.expr : inListsAsEqualities(built.expr, values);
  const pieces = printWithAliases(expr, options).split(/@__(\d+)/);
  const strings = pieces.filter((_, i) => i % 2 === 0);
  const holes = pieces.filter((_, i) => i % 2 === 1).map((k) => values[Number(k)]);
  return filledTemplate(schema, options, strings, holes);
}
