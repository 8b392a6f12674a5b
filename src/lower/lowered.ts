// The lowered form: what lower() makes of a checked filter, and the one thing every backend renders.
// Null handling, three-valued logic, polarity, nullability and static facts are decided here once,
// so a backend never asks "can this be null?" or "what does `not` mean here?" on its own.
// docs/lowering.md describes each node kind, its invariants and how a backend renders it.

import type { ArithmeticOp, TemporalOp } from '../language/operators.js';
import type { EdmType } from '../language/edm.js';
import type { FunctionName } from '../language/functions.js';
import type {
  CollectionProperty,
  DeclaredFunction,
  PrimitiveProperty,
  Schema,
  StructuredProperty,
  StructureType,
} from '../types/schema.js';
import type { LiteralValue } from '../types/typed.js';
import type { IntegerRange } from './integer-range.js';

/** Source span of the typed node a lowered node came from. */
interface Span {
  readonly start: number;
  readonly end: number;
}

// ---------------------------------------------------------------------------------------------
// Sources: where a member is read from

/** The row being filtered (`$it`). */
export interface RowSource {
  readonly kind: 'row';
}

/**
 * The element a lambda's range variable is bound to (`t` in `Tags/any(t: …)`). The name is that
 * of the `exists`/`forall` that binds it; names are unique along a chain of nested lambdas, so a
 * backend finds the binding by name among the lambdas it is inside.
 */
export interface VariableSource {
  readonly kind: 'variable';
  readonly name: string;
}

/** Where a member read starts: the row, or a lambda's element. */
export type Source = RowSource | VariableSource;

/** A collection-valued property read from a source: what `exists`, `forall` and `count` range over. */
export interface LoweredCollection {
  readonly source: Source;
  /** Segment names from the source, e.g. `['Address', 'Phones']`. */
  readonly path: readonly string[];
  readonly property: CollectionProperty;
}

// ---------------------------------------------------------------------------------------------
// Values: expressions that evaluate to a value of their type, or to null

interface ValueBase extends Span {
  readonly type: EdmType;
  /** False when the value is never null, whatever the row. */
  readonly nullable: boolean;
  /**
   * The members whose nullness decides this value's: it is null exactly when one of them is null
   * (empty: never null). Undefined when nullness depends on more than members (a null constant,
   * division by a value that may be zero, a string that may pass the length bound, logic).
   */
  readonly nullDecidedBy: readonly LoweredMember[] | undefined;
  /** Inclusive bounds of the exact value, for integer types (a null value has none to break). */
  readonly range: IntegerRange | undefined;
}

/** A literal of the filter, or null. Never a row value. */
export interface LoweredConstant extends ValueBase {
  readonly kind: 'constant';
  readonly value: LiteralValue | null;
}

/** A primitive property read from a source along a path. */
export interface LoweredMember extends ValueBase {
  readonly kind: 'member';
  readonly source: Source;
  /** Segment names from the source, e.g. `['Address', 'City']`; empty for a primitive element itself. */
  readonly path: readonly string[];
  readonly property: PrimitiveProperty;
}

/** A promotion that keeps the value (docs/semantics.md, section 4), into `type`. */
export interface LoweredConvert extends ValueBase {
  readonly kind: 'convert';
  readonly operand: LoweredValue;
}

export interface LoweredNegate extends ValueBase {
  readonly kind: 'negate';
  readonly operand: LoweredValue;
}

/**
 * The arithmetic operators a backend renders: `a divby b` is lowered to `a div b`, its operands
 * already of the quotient's type (docs/semantics.md §4), so no backend has an operator of its own for it.
 */
export type LoweredArithmeticOp = Exclude<ArithmeticOp, 'divby'>;

/** Arithmetic in `type`, the promoted type of both operands. Null with either operand, or on division by zero. */
export interface LoweredArithmetic extends ValueBase {
  readonly kind: 'arithmetic';
  readonly op: LoweredArithmeticOp;
  readonly left: LoweredValue;
  readonly right: LoweredValue;
}

/**
 * Date-time arithmetic in `type` (docs/semantics.md §5): the operand types say which, as for
 * TypedTemporal in src/types/typed.ts (a Duration is always the right operand of `add`/`sub` with
 * an instant or a Date, and the left of `mul`/`div`). Null when an operand is null, when the
 * result leaves its type's range, and for `mul`/`div` by zero or a non-finite number.
 */
export interface LoweredTemporal extends ValueBase {
  readonly kind: 'temporal';
  readonly type: 'Edm.DateTimeOffset' | 'Edm.Duration';
  readonly op: TemporalOp;
  readonly left: LoweredValue;
  readonly right: LoweredValue;
}

/** A function call; null when an argument is null (and `concat`/`replace` beyond the string bound). */
export interface LoweredCall extends ValueBase {
  readonly kind: 'call';
  readonly name: FunctionName;
  readonly args: readonly LoweredValue[];
}

/**
 * A structure a function is bound to (docs/semantics.md §15), at `path` from `source` (the row
 * itself where the path is empty and the source is the row); its implementation reads `members`.
 */
export interface LoweredStructure {
  readonly kind: 'structure';
  readonly source: Source;
  readonly path: readonly string[];
  /** The primitive members an implementation may read, by path from the structure (`Address/City`). */
  readonly members: ReadonlyMap<string, PrimitiveProperty>;
}

/**
 * A collection a function is bound to (docs/semantics.md §15), passed whole: its elements (none
 * for a null or missing collection), each read as `variable` reads it, those where `predicate`
 * holds when it is given; an implementation reads a structured element's `members`.
 */
export interface LoweredElements {
  readonly kind: 'collection';
  readonly collection: LoweredCollection;
  readonly variable: string;
  /** The primitive members of a structured element an implementation may read; empty for a primitive one. */
  readonly members: ReadonlyMap<string, PrimitiveProperty>;
  /** Undefined: every element is passed. */
  readonly predicate: LoweredPredicate | undefined;
}

/**
 * A call of a model's function (docs/semantics.md §15), rendered by the implementation the server
 * gives the backend, its arguments by parameter name (the binding's too). Never of a null binding:
 * lower() guards a binding that may be null. May be null.
 */
export interface LoweredFunctionCall extends ValueBase {
  readonly kind: 'functionCall';
  readonly function: DeclaredFunction;
  readonly binding: LoweredValue | LoweredStructure | LoweredElements | undefined;
  /** Per parameter of `function`, the binding aside, in its order: a value, or a structure's slots (src/types/argument-slots.ts). */
  readonly args: readonly LoweredValue[];
}

/**
 * A collection given whole as a model function's argument (docs/semantics.md §15, "Arguments of a
 * collection type"), of its element type: a JSON array's values, or the elements of a collection
 * read from a source (none for a null or missing one). Never null (a `null` argument is the null
 * constant); only an argument of a `functionCall` is one, which a backend passes as an array.
 */
export interface LoweredCollectionArgument extends ValueBase {
  readonly kind: 'collectionArgument';
  /** Of a collection of structures: each element the slots of a structure argument of this type (src/types/argument-slots.ts). */
  readonly structure?: StructureType;
  readonly elements: readonly LoweredValue[] | LoweredElements;
  /** A path's collection of structures: an element's slots, read from the elements' variable. */
  readonly slots?: readonly LoweredValue[];
}

/**
 * Whether an argument is a collection passed whole: a collectionArgument, or one read from a call's
 * result (`Ns.Fn(Of=Ns.Ids())`), which a backend passes as it passes the collection, the call made
 * once and its result bound to the result's variable.
 */
export function passesCollection(node: LoweredValue): boolean {
  let read = node;
  while (read.kind === 'result') read = read.value;
  return read.kind === 'collectionArgument';
}

/** What a call of a model's function is, whatever its result: its overload, binding and arguments. */
export type LoweredCallOf = Pick<LoweredFunctionCall, 'function' | 'binding' | 'args' | 'start' | 'end'>;

/**
 * `Ns.Fn()/City`, `Ns.Fn()/any(x: …)` (docs/semantics.md §15): `value`, evaluated with `variable`
 * bound to the result of `call`, as a lambda's variable is bound to an element: a structure whose
 * members it reads, a collection it ranges over. The call is made only where `present` holds
 * (when given: its binding is not null); elsewhere the result is null. Of `value`'s type.
 */
export interface LoweredResult extends ValueBase {
  readonly kind: 'result';
  readonly call: LoweredCallOf;
  readonly present: LoweredPredicate | undefined;
  readonly variable: string;
  /** What the result is read as: its declared type, as a range variable's element. */
  readonly element: PrimitiveProperty | StructuredProperty | CollectionProperty;
  readonly value: LoweredValue;
}

/**
 * `cast(x, T)` where the conversion may change the value (docs/semantics.md §11; a cast that keeps
 * it is the operand itself, or a `convert`): `conversion` says which, from the operand's type to
 * `type`. Null when the operand is null, and, but for `toString`, when the conversion fails.
 */
export interface LoweredCast extends ValueBase {
  readonly kind: 'cast';
  readonly conversion: CastConversion;
  readonly operand: LoweredValue;
}

/** The conversions of src/types/conversions.ts that change a value. */
export type CastConversion = 'toString' | 'toInteger' | 'toDecimal' | 'toDouble' | 'fromString';

/** A predicate used as a Boolean value: never null. */
export interface LoweredTruth extends ValueBase {
  readonly kind: 'truth';
  readonly type: 'Edm.Boolean';
  readonly nullable: false;
  readonly predicate: LoweredPredicate;
}

/** Three-valued `not` of a Boolean value that may be null (null stays null). */
export interface LoweredNotValue extends ValueBase {
  readonly kind: 'not';
  readonly type: 'Edm.Boolean';
  readonly operand: LoweredValue;
}

/** Three-valued `and`/`or` of Boolean values, at least one of which may be null. */
export interface LoweredLogicalValue extends ValueBase {
  readonly kind: 'logical';
  readonly type: 'Edm.Boolean';
  readonly op: 'and' | 'or';
  readonly operands: readonly LoweredValue[];
}

/**
 * The number of elements of a collection, null elements included; 0 for a null or missing one.
 * Never null. With a predicate (a count a row filter restricts), only the elements that satisfy
 * it, read with `variable` bound to each, as `exists` reads them.
 */
export interface LoweredCount extends ValueBase {
  readonly kind: 'count';
  readonly type: 'Edm.Int64';
  readonly nullable: false;
  readonly collection: LoweredCollection;
  readonly variable: string | undefined;
  /** Undefined: every element counts. Never a constant (`true` is no predicate, `false` the constant 0). */
  readonly predicate: LoweredPredicate | undefined;
}

/**
 * A value read through a single-valued relation a row filter restricts: `value` where the
 * condition holds, else the constant `otherwise` (null, or 0 for a count). Never of a constant condition.
 */
export interface LoweredGuard extends ValueBase {
  readonly kind: 'guard';
  readonly condition: LoweredPredicate;
  readonly value: LoweredValue;
  readonly otherwise: LoweredConstant;
}

export type LoweredValue =
  | LoweredGuard
  | LoweredCount
  | LoweredConstant
  | LoweredMember
  | LoweredConvert
  | LoweredNegate
  | LoweredArithmetic
  | LoweredTemporal
  | LoweredCall
  | LoweredFunctionCall
  | LoweredResult
  | LoweredCast
  | LoweredTruth
  | LoweredNotValue
  | LoweredLogicalValue
  | LoweredCollectionArgument;

// ---------------------------------------------------------------------------------------------
// Predicates: conditions that are true or false, never null. `negated` is the wanted truth pushed
// down from every `not` and `ne` above: a negated predicate holds exactly where the plain one fails.

/** Always true or always false. */
export interface ConstantPredicate extends Span {
  readonly kind: 'constant';
  readonly value: boolean;
}

/** Whether a Boolean value that may be null is `is` (true-test, false-test); negated: is not. */
export interface BooleanTest extends Span {
  readonly kind: 'booleanTest';
  readonly value: LoweredValue;
  readonly is: boolean;
  readonly negated: boolean;
}

/** Whether a value that may be null is null (null-test); negated: is not null. */
export interface NullTest extends Span {
  readonly kind: 'nullTest';
  readonly value: LoweredValue;
  readonly negated: boolean;
}

/**
 * `left op right` on two values of one type, neither a null constant. `eq` is OData's: null equals
 * null, a null and a value are unequal; an order comparison with a null operand is false. `ne` is
 * a negated `eq`.
 */
export interface ComparePredicate extends Span {
  readonly kind: 'compare';
  readonly op: 'eq' | 'gt' | 'ge' | 'lt' | 'le';
  readonly left: LoweredValue;
  readonly right: LoweredValue;
  readonly negated: boolean;
  /**
   * Where the integer rewrite (`src/lower/integer-comparison.ts`) made this comparison: the
   * comparison as the filter wrote it (`Qty gt 1.5`, with its promotion), for a backend whose own
   * comparison of the written operands is as exact and serves an index as well (MongoDB).
   */
  readonly asWritten?: ComparePredicate;
}

/** `operand` equals one of `values` (non-null constants of its type, at least one), or is null when `orNull`. */
export interface InPredicate extends Span {
  readonly kind: 'in';
  readonly operand: LoweredValue;
  readonly values: readonly LoweredConstant[];
  /** True when the list held null and the operand may be null. */
  readonly orNull: boolean;
  readonly negated: boolean;
}

/** Whether the structure (complex or navigation property) at `path` is null or missing. */
export interface StructureNullTest extends Span {
  readonly kind: 'structureNull';
  readonly source: Source;
  readonly path: readonly string[];
  readonly property: StructuredProperty;
  /** False when neither the structure nor one on its path is nullable. */
  readonly nullable: boolean;
  /**
   * The operator as written (`Address eq null`, `Address ne null`), before any `not` above it;
   * `negated` already accounts for it. SQL spells a written `ne` as IS NOT NULL, a `not` as NOT.
   */
  readonly op: 'eq' | 'ne';
  readonly negated: boolean;
}

/**
 * Some element of the collection satisfies `predicate`, read with `variable` bound to it
 * (`Tags/any(t: …)`); `any()` is `exists` with the predicate `true` and no variable. False for an
 * empty, null or missing collection. Never of the predicate `false` (that is decided: `false`).
 */
export interface ExistsPredicate extends Span {
  readonly kind: 'exists';
  readonly collection: LoweredCollection;
  readonly variable: string | undefined;
  readonly predicate: LoweredPredicate;
}

/**
 * Every element of the collection satisfies `predicate` (`Tags/all(t: …)`): true for an empty,
 * null or missing collection. A predicate is never null, so an element where the filter's body is
 * null fails it, whatever a backend's NOT does with NULL. Never of the predicate `true` (decided: `true`).
 */
export interface ForallPredicate extends Span {
  readonly kind: 'forall';
  readonly collection: LoweredCollection;
  readonly variable: string | undefined;
  readonly predicate: LoweredPredicate;
}

/** Every operand holds (at least two; none a constant or an `and`). */
export interface AndPredicate extends Span {
  readonly kind: 'and';
  readonly operands: readonly LoweredPredicate[];
}

/** Some operand holds (at least two; none a constant or an `or`). */
export interface OrPredicate extends Span {
  readonly kind: 'or';
  readonly operands: readonly LoweredPredicate[];
}

export type LoweredPredicate =
  | ConstantPredicate
  | BooleanTest
  | NullTest
  | ComparePredicate
  | InPredicate
  | StructureNullTest
  | ExistsPredicate
  | ForallPredicate
  | AndPredicate
  | OrPredicate;

/** A lowered filter: the predicate a row must satisfy. */
export interface LoweredFilter {
  readonly root: LoweredPredicate;
  readonly schema: Schema;
  /** The filter text, when checked from text. */
  readonly text: string | undefined;
}
