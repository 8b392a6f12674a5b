// The types of the typed builder (docs/client.md, "The typed builder"): what each operand offers,
// derived from the Edm type TypeScript infers for its path (src/types/schema-paths.ts) and from
// the function table (src/language/functions.ts), so that a wrong path, a method its type does not
// have, or a value of the wrong type is a compile error. Types only: at run time every operand is
// one object whose misuse the checker refuses (src/client/operands.ts).

import type { EdmType, InstantType, IntegerType, NumericType } from '../language/edm.js';
import type { FUNCTIONS } from '../language/functions.js';
import type { EnumDefinition, SchemaDefinition } from '../types/schema.js';
import type {
  CollectionDescription,
  Described,
  IsLiteral,
  PrimitiveDescription,
  StructureDescription,
  UnderlyingTypeOf,
} from '../types/schema-paths.js';

/** Type only, never present at run time: the key under which an operand's type is known to TypeScript. */
declare const operandType: unique symbol;

/** An operand of Edm type `T`, of the enumeration named `N` (undefined for none), as TypeScript knows it. */
export interface Typed<T extends EdmType = EdmType, N extends string | undefined = string | undefined> {
  readonly [operandType]: { readonly type: T; readonly enum: N };
}

/**
 * The JavaScript value written as a literal of type `T` (docs/client.md, the table of
 * filter(schema)`…`): the builder writes its values as the filter template does.
 */
export type ValueOf<T extends EdmType> = T extends
  | 'Edm.String'
  | 'Edm.Guid'
  | 'Edm.Date'
  | 'Edm.TimeOfDay'
  | 'Edm.Duration'
  ? string
  : T extends 'Edm.Boolean'
    ? boolean
    : T extends NumericType
      ? number | bigint
      : T extends InstantType
        ? Date | string
        : T extends 'Edm.Binary'
          ? Uint8Array
          : never;

/** The types an operand of type `T` compares with: numbers with numbers, instants with instants, others with their own type. */
type ComparableWith<T extends EdmType> = [T] extends [NumericType]
  ? NumericType
  : [T] extends [InstantType]
    ? InstantType
    : T;

/**
 * The types whose values take the type `P` unchanged where a function expects `P`: numeric
 * widening (OData's promotion yields `P`, src/language/edm.ts promoteNumeric) and a DateTime as a
 * DateTimeOffset — what the checker's fits() accepts of an operand that is not a literal.
 */
export type WidensTo<P extends EdmType> = P extends 'Edm.Decimal'
  ? IntegerType | 'Edm.Decimal'
  : P extends 'Edm.Double'
    ? NumericType
    : P extends 'Edm.Single'
      ? IntegerType | 'Edm.Single'
      : P extends 'Edm.Int64'
        ? IntegerType
        : P extends 'Edm.Int32'
          ? 'Edm.Byte' | 'Edm.SByte' | 'Edm.Int16' | 'Edm.Int32'
          : P extends 'Edm.DateTimeOffset'
            ? InstantType
            : P;

/** A filter, or any Edm.Boolean operand: what `and`, `or`, `not` and the lambdas take. */
export type Condition = Operand<'Edm.Boolean'>;

/** A value where a `T` goes, or an operand of a type that compares with `T`. */
type Comparand<T extends EdmType> = ValueOf<T> | Typed<ComparableWith<T>, undefined>;

/** `eq`, `ne` and `in`: every primitive operand's. */
export interface Equality<T extends EdmType> {
  eq(other: Comparand<T> | null): Condition;
  ne(other: Comparand<T> | null): Condition;
  /** `x in (v1, v2, …)`: one list of literals of the operand's type, never an or-chain. */
  in(values: readonly (ValueOf<T> | null)[]): Condition;
  /** `x in C`: whether some element of a collection of primitives equals the operand. */
  in(collection: Collection<PrimitiveDescription<ComparableWith<T>, undefined>>): Condition;
}

/** `gt`, `ge`, `lt`, `le`: every primitive operand's but a Boolean's and a Binary's (docs/semantics.md §6). */
export interface Ordering<T extends EdmType> {
  gt(other: Comparand<T>): Condition;
  ge(other: Comparand<T>): Condition;
  lt(other: Comparand<T>): Condition;
  le(other: Comparand<T>): Condition;
}

/** Byte, SByte and Int16 compute as Int32 (src/language/edm.ts promoteNumeric). */
type Computed<T extends NumericType> = [T] extends ['Edm.Byte' | 'Edm.SByte' | 'Edm.Int16'] ? 'Edm.Int32' : T;
/** The type of `T op U`: the operand's own when the other side is of its type or a value, else some number. */
type ArithmeticResult<T extends NumericType, U extends NumericType> = [U] extends [T] ? Computed<T> : NumericType;
/** The type of `T divby U`: integers divide as Decimals (docs/semantics.md §4). */
type QuotientResult<T extends NumericType, U extends NumericType> = [U] extends [T]
  ? [T] extends [IntegerType]
    ? 'Edm.Decimal'
    : Computed<T>
  : NumericType;

/** Arithmetic of a number; a value on the right is written as a literal of the operand's type. */
export interface NumberMethods<T extends NumericType> {
  add<U extends NumericType = T>(other: ValueOf<T> | Typed<U, undefined>): Operand<ArithmeticResult<T, U>>;
  sub<U extends NumericType = T>(other: ValueOf<T> | Typed<U, undefined>): Operand<ArithmeticResult<T, U>>;
  mul<U extends NumericType = T>(other: ValueOf<T> | Typed<U, undefined>): Operand<ArithmeticResult<T, U>>;
  div<U extends NumericType = T>(other: ValueOf<T> | Typed<U, undefined>): Operand<ArithmeticResult<T, U>>;
  /** `x divby y` (OData 4.01): division without truncation, integers as Decimals. */
  divby<U extends NumericType = T>(other: ValueOf<T> | Typed<U, undefined>): Operand<QuotientResult<T, U>>;
  mod<U extends NumericType = T>(other: ValueOf<T> | Typed<U, undefined>): Operand<ArithmeticResult<T, U>>;
  /** `-x`. */
  negate(): Operand<Computed<T>>;
}

/** Date-time arithmetic of an instant (docs/semantics.md §5): a Duration added or taken away, or the Duration between two instants. */
export interface InstantMethods {
  add(duration: string | Typed<'Edm.Duration', undefined>): Operand<'Edm.DateTimeOffset'>;
  sub(duration: string | Typed<'Edm.Duration', undefined>): Operand<'Edm.DateTimeOffset'>;
  sub(instant: Typed<InstantType, undefined>): Operand<'Edm.Duration'>;
}

/** Date-time arithmetic of a Date: a Duration added or taken away (an instant), or the Duration between two dates. */
export interface DateMethods {
  add(duration: string | Typed<'Edm.Duration', undefined>): Operand<'Edm.DateTimeOffset'>;
  sub(duration: string | Typed<'Edm.Duration', undefined>): Operand<'Edm.DateTimeOffset'>;
  sub(date: Typed<'Edm.Date', undefined>): Operand<'Edm.Duration'>;
}

/** Arithmetic of a Duration: Durations added or taken away; a Duration times or divided by an integer value or a number operand. */
export interface DurationMethods {
  add(duration: string | Typed<'Edm.Duration', undefined>): Operand<'Edm.Duration'>;
  sub(duration: string | Typed<'Edm.Duration', undefined>): Operand<'Edm.Duration'>;
  mul(factor: number | bigint | Typed<NumericType, undefined>): Operand<'Edm.Duration'>;
  div(divisor: number | bigint | Typed<NumericType, undefined>): Operand<'Edm.Duration'>;
}

/** The connectives of a condition. */
export interface BooleanMethods {
  /** `this and c1 and …`, one flat chain. */
  and(...others: readonly Condition[]): Condition;
  /** `this or c1 or …`, one flat chain. */
  or(...others: readonly Condition[]): Condition;
  not(): Condition;
}

type FunctionSignatureOf = (typeof FUNCTIONS)[number];
type OverloadOf<F> = F extends { readonly overloads: readonly (infer O)[] } ? O : never;
/** The overloads whose first parameter is exactly `T`. */
type ExactFor<T extends EdmType, O> = O extends { readonly params: readonly [infer P0, ...unknown[]] }
  ? [T] extends [P0]
    ? [P0] extends [T]
      ? O
      : never
    : never
  : never;
/** The overloads whose first parameter an operand of type `T` widens to. */
type WideFor<T extends EdmType, O> = O extends { readonly params: readonly [infer P0 extends EdmType, ...unknown[]] }
  ? [T] extends [WidensTo<P0>]
    ? O
    : never
  : never;
/** As the checker chooses: an exact overload first, else one the operand widens to. */
type ChosenFor<T extends EdmType, O> = [ExactFor<T, O>] extends [never] ? WideFor<T, O> : ExactFor<T, O>;
/** An argument where a `P` goes: a value written as a `P`, or an operand that widens to it. */
type ArgumentsOf<Ps extends readonly EdmType[]> = {
  [I in keyof Ps]: ValueOf<Ps[I]> | Typed<WidensTo<Ps[I]>, undefined>;
};
type MethodOf<O> = O extends {
  readonly params: readonly [unknown, ...infer Rest extends readonly EdmType[]];
  readonly returns: infer R extends EdmType;
}
  ? (...args: ArgumentsOf<Rest>) => Operand<R>
  : never;
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (u: infer I) => void ? I : never;

/**
 * The functions of the table (src/language/functions.ts) an operand of type `T` can be the first
 * argument of, as methods taking the other arguments: `Code.substring(0, 2)`, `Start.year()`.
 * A function of several overloads has them all.
 */
export type FunctionMethods<T extends EdmType> = {
  readonly [F in FunctionSignatureOf as [ChosenFor<T, OverloadOf<F>>] extends [never]
    ? never
    : F['name']]: Intersection<MethodOf<ChosenFor<T, OverloadOf<F>>>>;
};

/**
 * The types `cast` converts an operand of type `T` to (docs/semantics.md §11, src/types/conversions.ts):
 * its own, String, a number to any number, an instant to either instant, a String to every type
 * (read as the type's literal).
 */
export type CastTarget<T extends EdmType> =
  | T
  | 'Edm.String'
  | ([T] extends [NumericType] ? NumericType : never)
  | ([T] extends [InstantType] ? InstantType : never)
  | ([T] extends ['Edm.String'] ? EdmType : never);

/** `cast` and `isof`, of a type the operand converts to: a test of a type it never converts to is always false. */
export interface TypeMethods<T extends EdmType> {
  /** `cast(x, T)`: the operand converted to the type named, null where it does not convert. */
  cast<U extends CastTarget<T>>(type: U): Operand<U>;
  /** `isof(x, T)`: whether the operand is not null and converts to the type named. */
  isof(type: CastTarget<T>): Condition;
}

/** What an operand of type `T` offers beyond comparisons and functions. */
type KindMethods<T extends EdmType> = [T] extends ['Edm.Boolean']
  ? BooleanMethods
  : [T] extends [NumericType]
    ? NumberMethods<T> & Ordering<T>
    : [T] extends [InstantType]
      ? InstantMethods & Ordering<T>
      : [T] extends ['Edm.Date']
        ? DateMethods & Ordering<T>
        : [T] extends ['Edm.Duration']
          ? DurationMethods & Ordering<T>
          : [T] extends ['Edm.Binary']
            ? unknown
            : Ordering<T>;

/** An operand of Edm type `T`: a property, a lambda's variable, or what a method made of them. */
export type Operand<T extends EdmType> = Typed<T, undefined> &
  Equality<T> &
  KindMethods<T> &
  FunctionMethods<T> &
  TypeMethods<T>;

/** A member's name of an enumeration. */
export type MemberOf<E extends EnumDefinition> = keyof E['members'] & string;
type EnumComparand<E extends EnumDefinition> = MemberOf<E> | Typed<EdmType, E['name']>;

/** An operand of an enumeration type: compared by member name, `has` a member or members (a flags combination). */
export interface EnumOperand<E extends EnumDefinition> extends Typed<UnderlyingTypeOf<E>, E['name']> {
  eq(other: EnumComparand<E> | null): Condition;
  ne(other: EnumComparand<E> | null): Condition;
  gt(other: EnumComparand<E>): Condition;
  ge(other: EnumComparand<E>): Condition;
  lt(other: EnumComparand<E>): Condition;
  le(other: EnumComparand<E>): Condition;
  in(members: readonly (MemberOf<E> | null)[]): Condition;
  /** `x in C`, C a collection of the same enumeration. */
  in(collection: Collection<PrimitiveDescription<EdmType, E>>): Condition;
  /** `x has Type'M'`, or `x has Type'M1,M2'` for several members. */
  has(members: MemberOf<E> | readonly MemberOf<E>[]): Condition;
}

/** Whether a structure (a complex property or a single relation) is null. Named with `$`, which no property name has. */
export interface StructureMethods {
  $isNull(): Condition;
  $isNotNull(): Condition;
}

/** The properties of a structure as operands, nested structures and relations as structures. */
export type Properties<Ps> = { readonly [K in keyof Ps & string]: NodeOf<Described<Ps[K]>> };

/** A structure below the resource: its properties, and whether it is null. */
export type Structure<Ps> = Properties<Ps> & StructureMethods;

/** A collection: `any`/`all` with its element typed, and `$count`. */
export interface Collection<E> {
  /** `C/any()`: whether the collection has an element. */
  any(): Condition;
  /** `C/any(x: …)`: whether some element satisfies the predicate. */
  any(predicate: (element: NodeOf<E>) => Condition): Condition;
  /** `C/all(x: …)`: whether every element satisfies the predicate. */
  all(predicate: (element: NodeOf<E>) => Condition): Condition;
  /** `C/$count`: the number of elements. */
  readonly $count: Operand<'Edm.Int64'>;
}

/** What the builder offers at a described property or element. */
export type NodeOf<D> =
  D extends PrimitiveDescription<infer T, infer E>
    ? E extends EnumDefinition
      ? EnumOperand<E>
      : Operand<T>
    : D extends StructureDescription<infer Ps>
      ? Structure<Ps>
      : D extends CollectionDescription<infer E>
        ? Collection<E>
        : never;

/**
 * The resource a filter is built on: its properties. A schema whose definition type is not literal
 * has no known paths; its properties are unchecked until the filter is checked at run time.
 */
export type Row<D extends SchemaDefinition> =
  // biome-ignore lint/suspicious/noExplicitAny: a schema whose properties TypeScript cannot see types nothing
  IsLiteral<D['properties']> extends true ? Properties<D['properties']> : { readonly [name: string]: any };
