// The typed tree that check() produces and the backends consume. Every node carries its Edm type;
// implicit conversions are explicit `convert` nodes, so a backend never guesses or promotes.
//
// Invariants that check() guarantees and backends may rely on:
// - both operands of `compare` and `arithmetic`, and the operand and list items of `in`, have the
//   same type (literals are retyped in place, anything else is wrapped in `convert`);
// - every argument of a `call` has exactly the type of the chosen overload's parameter (a model
//   function's structure parameter takes its slots, src/types/argument-slots.ts; a collection
//   parameter one `collectionArgument`, or a null, of its element type, Edm.Boolean for structures);
// - `not`, `logical` operands and the root are Edm.Boolean;
// - a `null` literal has the type its context expects (the other operand, the parameter, the
//   left of `in` or the first non-null item of its list); with no context at all it is
//   Edm.String in a comparison and in `in` (`null eq null`, `null in ()`), Edm.Int32 in
//   arithmetic and negation (`null add null`, `-null`), and Edm.Boolean elsewhere (`not null`).

import { assertNever } from '../assert-never.js';
import { handlerOf } from '../dispatch.js';
import type { FineTime } from '../semantics/fine-time.js';
import type { ArithmeticOp, CompareOp, LogicalOp, TemporalOp } from '../language/operators.js';
import type { EdmType, NumericType } from '../language/edm.js';
import type { FunctionName } from '../language/functions.js';
import type {
  CollectionProperty,
  DeclaredFunction,
  EnumType,
  PrimitiveProperty,
  Schema,
  StructuredProperty,
  StructureType,
} from './schema.js';

interface TypedBase {
  readonly type: EdmType;
  /** Source span of the node this came from (of the operand, for a `convert`). */
  readonly start: number;
  readonly end: number;
}

/**
 * Literal values by type: Edm.String and Edm.Guid (lower case) are strings, and so is Edm.Binary
 * (its bytes in lower-case hexadecimal, two digits a byte); Edm.Boolean a boolean;
 * Byte, SByte, Int16, Int32, Double and Single are numbers; Edm.Int64 is a bigint; Edm.Decimal is
 * an exact decimal string such as `'-12.50'`; Edm.DateTime and Edm.DateTimeOffset are epoch
 * milliseconds (UTC); Edm.Date is days since 1970-01-01, Edm.TimeOfDay milliseconds since
 * midnight, Edm.Duration signed milliseconds — all integer numbers (docs/semantics.md §5).
 */
/**
 * A literal's value in the typed tree: a string (also a Decimal's text, a Guid, a Binary's
 * hexadecimal), a number, a bigint, a Boolean, or a FineTime (an instant, time of day or duration
 * with digits beyond the millisecond; a whole one is a number).
 */
export type LiteralValue = string | number | bigint | boolean | FineTime;

export interface TypedLiteral extends TypedBase {
  readonly kind: 'literal';
  readonly value: LiteralValue;
  /** For a value of an enumeration type: the type; `type` is its underlying integer type. */
  readonly enum?: EnumType;
}

export interface TypedNull extends TypedBase {
  readonly kind: 'null';
  /** For a null of an enumeration type: the type. */
  readonly enum?: EnumType;
}

/**
 * Where a path starts: the resource being filtered (`$it`, or a path with no variable), or the
 * element a lambda's range variable is bound to. Variable names are unique along a chain of
 * nested lambdas (the checker refuses shadowing), so a name identifies its lambda.
 */
export type TypedSource = { readonly kind: 'row' } | { readonly kind: 'variable'; readonly name: string };

/** A property path resolved against the schema. */
export interface TypedMember extends TypedBase {
  readonly kind: 'member';
  readonly source: TypedSource;
  /**
   * Segment names from the source, e.g. `['PostalAddress', 'City']`; empty for the element of a
   * primitive collection itself (`t` in `Tags/any(t: t eq 'red')`).
   */
  readonly path: readonly string[];
  /** The primitive property at the end of the path (for an element, the collection's element). */
  readonly property: PrimitiveProperty;
  /** True when the value can be null: the property or any complex/navigation step is nullable. */
  readonly nullable: boolean;
}

/** A collection-valued property reached from a source: what a lambda or `$count` ranges over. */
export interface TypedCollection {
  readonly source: TypedSource;
  /** Segment names from the source to the collection, e.g. `['Address', 'Phones']`. */
  readonly path: readonly string[];
  readonly property: CollectionProperty;
}

/**
 * `C/any(v: body)`, `C/all(v: body)`, `C/any()` (no variable, no body); `x in C` is checked as
 * `C/any(v: v eq x)` with a variable no filter can name. Never null: an `any` is true where the
 * body is true for some element, an `all` where it is true for every one (docs/semantics.md).
 */
export interface TypedLambda extends TypedBase {
  readonly kind: 'lambda';
  readonly type: 'Edm.Boolean';
  readonly op: 'any' | 'all';
  readonly collection: TypedCollection;
  readonly variable: string | undefined;
  /** Edm.Boolean; undefined only for `any()`. */
  readonly body: TypedExpr | undefined;
}

/**
 * `C/$count`: the number of elements, null elements included; 0 for a null collection. A count
 * restricted by a row filter (docs/query.md, "Row filters") counts only the elements where `body`,
 * read with `variable` bound to each, is true.
 */
export interface TypedCount extends TypedBase {
  readonly kind: 'count';
  readonly type: 'Edm.Int64';
  readonly collection: TypedCollection;
  /** The range variable `body` reads each element as; only with a body. */
  readonly variable?: string;
  /** Edm.Boolean: which elements are counted; undefined: every one. */
  readonly body?: TypedExpr;
}

/**
 * A value read through a single-valued relation a row filter restricts (docs/query.md, "Row
 * filters"): `value` where `condition` — the relation's row filter, read from its row — is true,
 * else `otherwise` (null; 0 for a count, whose collection a hidden row does not have). check()
 * never makes one; the request layer puts it where a read reaches through such a relation.
 */
export interface TypedGuard extends TypedBase {
  readonly kind: 'guard';
  /** Edm.Boolean: whether the relation's row is visible. */
  readonly condition: TypedExpr;
  /** Of this node's type. */
  readonly value: TypedExpr;
  readonly otherwise: TypedLiteral | TypedNull;
}

/**
 * `Path eq null` or `Path ne null`, either way round, where the path ends at a complex or
 * single-valued navigation property: whether that structure is null (docs/semantics.md, section
 * 1). Never null itself.
 */
export interface TypedStructureNull extends TypedBase {
  readonly kind: 'structureNull';
  readonly type: 'Edm.Boolean';
  /** `eq`: true where the structure is null; `ne`: true where it is not. */
  readonly op: 'eq' | 'ne';
  readonly source: TypedSource;
  /** Segment names of the structure from the source, e.g. `['PostalAddress']`; empty for a lambda's structured element itself. */
  readonly path: readonly string[];
  readonly property: StructuredProperty;
  /** True when the structure can be null: it or any structure on its path is nullable. */
  readonly nullable: boolean;
}

export interface TypedCall extends TypedBase {
  readonly kind: 'call';
  /** Canonical lower-case name from the function table. */
  readonly name: FunctionName;
  readonly args: readonly TypedExpr[];
}

/**
 * The structure a bound function is called on (docs/semantics.md §15): the resource (`property`
 * undefined), a complex value or related entity, or a lambda's element, at `path` from `source`.
 */
export interface TypedStructureBinding {
  readonly kind: 'structure';
  readonly source: TypedSource;
  readonly path: readonly string[];
  /** The structure; undefined for the resource itself, which is never null. */
  readonly property: StructuredProperty | undefined;
  /** The members a function may read: the primitives of the structure, through its complex values. */
  readonly members: ReadonlyMap<string, PrimitiveProperty>;
  /** True when the structure can be null: it or a structure on its path is nullable. */
  readonly nullable: boolean;
}

/**
 * The collection a bound function is called on (docs/semantics.md §15), passed whole: its elements
 * are read as `variable` reads them, those where `body` holds when it is given (an element type
 * cast, a row filter), as a restricted count counts them.
 */
export interface TypedCollectionBinding {
  readonly kind: 'collection';
  readonly collection: TypedCollection;
  /** The range variable each element is read as. */
  readonly variable: string;
  /** The members a function may read of a structured element; empty for a primitive one. */
  readonly members: ReadonlyMap<string, PrimitiveProperty>;
  /** Edm.Boolean: which elements are passed; undefined: every one. */
  readonly body?: TypedExpr;
}

/**
 * `Ns.Fn(P=v)`, `Path/Ns.Fn(P=v)`: a call of a function of the model (docs/semantics.md §15), its
 * overload chosen. Its implementation is the server's, per backend: null arguments are passed to
 * it; a null binding gives null without a call.
 */
export interface TypedFunctionCall extends TypedBase {
  readonly kind: 'functionCall';
  readonly function: DeclaredFunction;
  /** The value the call is bound to: a primitive value, a structure or a collection; undefined for an unbound call. */
  readonly binding: TypedExpr | TypedStructureBinding | TypedCollectionBinding | undefined;
  /**
   * Per parameter of `function` (the binding aside), in its order: a value of the parameter's type,
   * or for a structure parameter its slots (src/types/argument-slots.ts).
   */
  readonly args: readonly TypedExpr[];
}

/**
 * A collection given whole as the argument of a model function's collection parameter
 * (docs/semantics.md §15, "Arguments of a collection type"), of the parameter's element type
 * (`type`, and `enum` for an enumeration's): the values of a JSON array, each of that type (a
 * literal or null), or the elements of the collection a path reaches, each read as the binding's
 * variable reads it (none where the collection is null or missing, as a lambda ranges over none).
 * Never null (a `null` argument is a null of the element type); only a call's argument is one.
 *
 * Of a collection of structures (`structure`, its `type` then Edm.Boolean, the type of an element's
 * first slot), each element is the slots a structure argument has (src/types/argument-slots.ts):
 * a JSON array's `elements` hold them one element after another, and a path's `slots` hold them
 * once, read from the binding's variable, for each element. Slots rather than a node per element:
 * every reader of a call's arguments already reads a structure so, and the walkers that only visit
 * operands see plain values.
 */
export interface TypedCollectionArgument extends TypedBase {
  readonly kind: 'collectionArgument';
  readonly enum?: EnumType;
  readonly structure?: StructureType;
  readonly elements: readonly TypedExpr[] | TypedCollectionBinding;
  /** A path's collection of structures: an element's slots, read from the binding's variable. */
  readonly slots?: readonly TypedExpr[];
}

/** What a call of a model's function is, whatever its result: its overload, binding and arguments. */
export type TypedCallOf = Pick<TypedFunctionCall, 'function' | 'binding' | 'args' | 'start' | 'end'>;

/**
 * `Ns.Fn()/City`, `Ns.Fn()/any(x: …)`, `Ns.Fn()/$count`, `x in Ns.Fn()`, `Ns.Fn()/Ns.G()`
 * (docs/semantics.md §15): `read`, evaluated with `variable` bound to the result of `call` — a
 * structure whose members it reads, or a collection it ranges over — as a lambda's variable is
 * bound to an element. Of `read`'s type; the call is made once, and not where its binding is null
 * (then the result is null: a structure whose members are null, or an empty collection).
 */
export interface TypedResult extends TypedBase {
  readonly kind: 'result';
  readonly call: TypedCallOf;
  readonly variable: string;
  /** What the result is read as, as a range variable's element: its declared type. */
  readonly element: PrimitiveProperty | StructuredProperty | CollectionProperty;
  readonly read: TypedExpr;
  /**
   * Edm.Boolean: where the call is made, elsewhere its result null; the request layer's, for a
   * call bound to a related row a row filter may hide (docs/query.md, "Row filters").
   */
  readonly made?: TypedExpr;
}

/** The binding of a call when it is a value: its operand. */
export function bindingValue(node: TypedCallOf): TypedExpr | undefined {
  const binding = node.binding;
  return binding === undefined || binding.kind === 'structure' || binding.kind === 'collection' ? undefined : binding;
}

/**
 * The collection a node reads element by element: a lambda's, a count's, or a call's bound to one
 * (which a backend reads as a subquery over the elements, as it reads a lambda).
 */
export function collectionReadBy(node: TypedExpr): TypedCollection | undefined {
  if (node.kind === 'lambda' || node.kind === 'count') return node.collection;
  if (node.kind === 'functionCall' && node.binding?.kind === 'collection') return node.binding.collection;
  if (node.kind === 'result' && node.call.binding?.kind === 'collection') return node.call.binding.collection;
  return undefined;
}

/** The condition a collection's elements are passed by, as an operand: none where every element is. */
function elementCondition(binding: TypedCollectionBinding): readonly TypedExpr[] {
  return binding.body === undefined ? [] : [binding.body];
}

/** The operands of a call: its binding's (a value, or a collection's element condition), then its arguments. */
function callOperands(node: TypedCallOf): readonly TypedExpr[] {
  const binding = node.binding;
  if (binding?.kind === 'collection') return binding.body === undefined ? node.args : [binding.body, ...node.args];
  const value = bindingValue(node);
  return value === undefined ? node.args : [value, ...node.args];
}

/** A call with each operand mapped (see callOperands). */
function mapCallOperands<C extends TypedCallOf>(node: C, map: (child: TypedExpr) => TypedExpr): C {
  const binding = node.binding;
  const args = node.args.map(map);
  if (binding?.kind === 'collection')
    return { ...node, binding: binding.body === undefined ? binding : { ...binding, body: map(binding.body) }, args };
  const value = bindingValue(node);
  return { ...node, binding: value === undefined ? binding : map(value), args };
}

/**
 * `cast(x, T)` (docs/semantics.md §11): the operand converted to `type` as
 * src/types/conversions.ts says; null when the operand is null or the conversion fails.
 */
export interface TypedCast extends TypedBase {
  readonly kind: 'cast';
  readonly operand: TypedExpr;
}

/**
 * `x has v` (docs/semantics.md §12): whether every bit of the enumeration literal `value` is set in
 * the enumeration value `operand` (both of one enumeration type). False for a null operand.
 */
export interface TypedHas extends TypedBase {
  readonly kind: 'has';
  readonly type: 'Edm.Boolean';
  readonly operand: TypedExpr;
  readonly value: TypedLiteral;
}

/** The enumeration type of a value, when it is of one: a member of an enumeration property, or an enumeration literal or null. */
export function enumOf(node: TypedExpr): EnumType | undefined {
  if (node.kind === 'member') return node.property.enum;
  if (node.kind === 'literal' || node.kind === 'null') return node.enum;
  if (node.kind === 'functionCall')
    return node.function.returns.kind === 'primitive' ? node.function.returns.enum : undefined;
  if (node.kind === 'result') return enumOf(node.read);
  if (node.kind === 'guard') return enumOf(node.value);
  return undefined;
}

/** `isof(x, T)`: whether the operand is not null and converts to `target`. Never null. */
export interface TypedIsOf extends TypedBase {
  readonly kind: 'isof';
  readonly type: 'Edm.Boolean';
  readonly operand: TypedExpr;
  readonly target: EdmType;
}

export interface TypedNot extends TypedBase {
  readonly kind: 'not';
  readonly operand: TypedExpr;
}

export interface TypedNegate extends TypedBase {
  readonly kind: 'negate';
  readonly type: NumericType | 'Edm.Duration';
  readonly operand: TypedExpr;
}

export interface TypedCompare extends TypedBase {
  readonly kind: 'compare';
  readonly op: CompareOp;
  readonly left: TypedExpr;
  readonly right: TypedExpr;
}

/** Arithmetic in the promoted type of its operands, which is also its own type. */
export interface TypedArithmetic extends TypedBase {
  readonly kind: 'arithmetic';
  readonly type: NumericType;
  readonly op: ArithmeticOp;
  readonly left: TypedExpr;
  readonly right: TypedExpr;
}

/**
 * Date-time arithmetic (docs/semantics.md §5, "Arithmetic"), by the operand types:
 * - `add`/`sub` of a DateTimeOffset or Date (left) and a Duration (right): Edm.DateTimeOffset;
 * - `sub` of two DateTimeOffsets, or of two Dates: Edm.Duration;
 * - `add`/`sub` of two Durations: Edm.Duration;
 * - `mul`/`div` of a Duration (left) and a numeric value (right, of its own numeric type, not
 *   converted): Edm.Duration. `n mul d` is checked as `d mul n`.
 * A DateTime operand is converted to DateTimeOffset. Null where an operand is null, the result
 * leaves its type's range, or a `div` is by zero (or a `mul`/`div` by a NaN or ±INF).
 */
export interface TypedTemporal extends TypedBase {
  readonly kind: 'temporal';
  readonly type: 'Edm.DateTimeOffset' | 'Edm.Duration';
  readonly op: TemporalOp;
  readonly left: TypedExpr;
  readonly right: TypedExpr;
}

export interface TypedLogical extends TypedBase {
  readonly kind: 'logical';
  readonly op: LogicalOp;
  readonly operands: readonly TypedExpr[];
}

export interface TypedIn extends TypedBase {
  readonly kind: 'in';
  readonly operand: TypedExpr;
  readonly list: readonly (TypedLiteral | TypedNull)[];
}

/**
 * An implicit conversion: numeric promotion (Int32 → Int64 → Decimal/Single → Double) or between
 * the two instant types. It never changes a value, only its representation.
 */
export interface TypedConvert extends TypedBase {
  readonly kind: 'convert';
  readonly operand: TypedExpr;
}

export type TypedExpr =
  | TypedLiteral
  | TypedNull
  | TypedMember
  | TypedStructureNull
  | TypedCall
  | TypedFunctionCall
  | TypedCast
  | TypedIsOf
  | TypedHas
  | TypedNot
  | TypedNegate
  | TypedCompare
  | TypedArithmetic
  | TypedTemporal
  | TypedLogical
  | TypedIn
  | TypedConvert
  | TypedLambda
  | TypedCount
  | TypedGuard
  | TypedResult
  | TypedCollectionArgument;

export type TypedKind = TypedExpr['kind'];

/** A handler per typed node kind; adding a kind without handling it is a compile error. */
export type TypedVisitor<R> = { readonly [K in TypedKind]: (node: Extract<TypedExpr, { kind: K }>) => R };

export function visitTyped<R>(node: TypedExpr, visitor: TypedVisitor<R>): R {
  return handlerOf<(node: TypedExpr) => R>(visitor, node)(node);
}

/** The operands of a typed node, in order. */
export function childrenOfTyped(node: TypedExpr): readonly TypedExpr[] {
  switch (node.kind) {
    case 'not':
    case 'negate':
    case 'convert':
    case 'cast':
    case 'isof':
      return [node.operand];
    case 'compare':
    case 'arithmetic':
    case 'temporal':
      return [node.left, node.right];
    case 'has':
      return [node.operand, node.value];
    case 'logical':
      return node.operands;
    case 'in':
      return [node.operand, ...node.list];
    case 'call':
      return node.args;
    case 'functionCall':
      return callOperands(node);
    case 'result':
      return [...(node.made === undefined ? [] : [node.made]), ...callOperands(node.call), node.read];
    case 'lambda':
    case 'count':
      return node.body === undefined ? [] : [node.body];
    case 'guard':
      return [node.condition, node.value];
    case 'collectionArgument':
      return 'kind' in node.elements ? [...elementCondition(node.elements), ...(node.slots ?? [])] : node.elements;
    case 'literal':
    case 'null':
    case 'member':
    case 'structureNull':
      return [];
    default:
      return assertNever(node);
  }
}

/** The node with each operand replaced by what `map` makes of it (the node itself when none changes). */
export function mapChildrenOfTyped(node: TypedExpr, map: (child: TypedExpr) => TypedExpr): TypedExpr {
  switch (node.kind) {
    case 'not':
    case 'negate':
    case 'convert':
    case 'cast':
    case 'isof':
      return { ...node, operand: map(node.operand) } as TypedExpr;
    case 'compare':
    case 'arithmetic':
    case 'temporal':
      return { ...node, left: map(node.left), right: map(node.right) } as TypedExpr;
    case 'has':
      return { ...node, operand: map(node.operand), value: map(node.value) as TypedLiteral };
    case 'logical':
      return { ...node, operands: node.operands.map(map) };
    case 'in':
      return {
        ...node,
        operand: map(node.operand),
        list: node.list.map((item) => map(item) as TypedLiteral | TypedNull),
      };
    case 'call':
      return { ...node, args: node.args.map(map) };
    case 'functionCall':
      return mapCallOperands(node, map);
    case 'result': {
      const made = node.made === undefined ? {} : { made: map(node.made) };
      return { ...node, ...made, call: mapCallOperands(node.call, map), read: map(node.read) };
    }
    case 'lambda':
    case 'count':
      return node.body === undefined ? node : { ...node, body: map(node.body) };
    case 'guard':
      return { ...node, condition: map(node.condition), value: map(node.value) };
    case 'collectionArgument': {
      const elements = node.elements;
      if (!('kind' in elements)) return { ...node, elements: elements.map(map) };
      const slots = node.slots === undefined ? {} : { slots: node.slots.map(map) };
      const body = elements.body === undefined ? {} : { elements: { ...elements, body: map(elements.body) } };
      return { ...node, ...body, ...slots };
    }
    case 'literal':
    case 'null':
    case 'member':
    case 'structureNull':
      return node;
    default:
      return assertNever(node);
  }
}

/**
 * The number of nodes on the longest path from the node to a leaf (walked with a stack), each
 * node counting as many levels as `levels` says (one by default).
 */
export function depthOfTyped(root: TypedExpr, levels: (node: TypedExpr) => number = () => 1): number {
  let max = 0;
  const stack: [TypedExpr, number][] = [[root, levels(root)]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > max) max = depth;
    for (const child of childrenOfTyped(node)) stack.push([child, depth + levels(child)]);
  }
  return max;
}

declare const checked: unique symbol;

/**
 * A filter that check() accepted: a Boolean typed tree over a schema. Only check() makes these,
 * so a backend that takes a TypedFilter cannot be handed an unchecked tree.
 */
export interface TypedFilter {
  readonly root: TypedExpr;
  readonly schema: Schema;
  /** The filter text, when checked from text. */
  readonly text: string | undefined;
  readonly [checked]: true;
}
