// What TypeScript knows of a schema from the literal type of its definition (defineSchema keeps it):
// each property described by kind, the paths of its primitive properties with their types, and
// the paths of its collections. Types only; the typed builder (src/client/builder-types.ts) reads
// the same descriptions. A schema whose definition type is not literal (a `SchemaDefinition`
// variable, a definition read from JSON) has no paths known here.

import type { EdmType, IntegerType } from '../language/edm.js';
import type { EnumDefinition, PropertyDefinition, Schema, SchemaDefinition } from './schema.js';

/** The definition type a schema was made from. */
export type DefinitionOf<S> = S extends Schema<infer D> ? D : never;

/** The underlying integer type of an enumeration definition (Int32 unless it says otherwise). */
export type UnderlyingTypeOf<E extends EnumDefinition> = E extends {
  readonly underlyingType: infer T extends IntegerType;
}
  ? T
  : 'Edm.Int32';

/** A primitive property or element: its Edm type and, for an enumeration, the enumeration's definition. */
export interface PrimitiveDescription<
  T extends EdmType = EdmType,
  E extends EnumDefinition | undefined = EnumDefinition | undefined,
> {
  readonly kind: 'primitive';
  readonly type: T;
  readonly enum: E;
}

/** A structure (complex or a single relation): its properties' definitions. */
export interface StructureDescription<P = { readonly [name: string]: PropertyDefinition }> {
  readonly kind: 'structure';
  readonly properties: P;
}

/** A collection: the description of its element. */
export interface CollectionDescription<E = PrimitiveDescription | StructureDescription> {
  readonly kind: 'collection';
  readonly element: E;
}

/** A property's or a collection element's definition, described by kind (never for a shape defineSchema refuses). */
export type Described<P> = P extends EdmType
  ? PrimitiveDescription<P, undefined>
  : P extends { readonly enum: infer E extends EnumDefinition }
    ? PrimitiveDescription<UnderlyingTypeOf<E>, E>
    : P extends { readonly type: infer T extends EdmType }
      ? PrimitiveDescription<T, undefined>
      : P extends { readonly collection: infer E }
        ? CollectionDescription<Described<E>>
        : P extends { readonly properties: infer Ps }
          ? StructureDescription<Ps>
          : never;

/** Whether a properties type is literal (names known), rather than an index signature. */
export type IsLiteral<Ps> = string extends keyof Ps ? false : true;

/** A path's type as OData names it: the Edm type, or the enumeration's qualified name. */
type TypeName<P> =
  P extends PrimitiveDescription<infer T, infer E> ? (E extends EnumDefinition ? E['name'] : T) : never;

/** Path → type of every primitive property under `Ps`, nested structures joined by `/`, not into collections. */
type PrimitivePaths<Ps, Prefix extends string> = {
  [K in keyof Ps & string]: Described<Ps[K]> extends infer P
    ? P extends PrimitiveDescription
      ? { readonly [Q in `${Prefix}${K}`]: TypeName<P> }
      : P extends StructureDescription<infer Inner>
        ? PrimitivePaths<Inner, `${Prefix}${K}/`>
        : Record<never, never>
    : never;
}[keyof Ps & string];

/** The paths of the collections under `Ps`, through nested structures, not into collections. */
type CollectionPathsUnder<Ps, Prefix extends string> = {
  [K in keyof Ps & string]: Described<Ps[K]> extends infer P
    ? P extends CollectionDescription
      ? `${Prefix}${K}`
      : P extends StructureDescription<infer Inner>
        ? CollectionPathsUnder<Inner, `${Prefix}${K}/`>
        : never
    : never;
}[keyof Ps & string];

/** Merges a union of one-key objects into one object type. */
type Merged<U> = (U extends unknown ? (u: U) => void : never) extends (u: infer I) => void
  ? { readonly [K in keyof I]: I[K] }
  : never;

/**
 * Every primitive path of a schema that a filter names without a lambda, with its type:
 * `PropertyTypes<typeof Contact>` is `{ ContactID: 'Edm.Int32'; 'PostalAddress/City': 'Edm.String'; … }`,
 * an enumeration's path typed by the enumeration's name (`'Sales.Color'`).
 */
export type PropertyTypes<S extends Schema<SchemaDefinition>> =
  IsLiteral<DefinitionOf<S>['properties']> extends true
    ? Merged<PrimitivePaths<DefinitionOf<S>['properties'], ''>>
    : { readonly [path: string]: string };

/** The primitive paths of a schema (`'Status' | 'PostalAddress/City' | …`). */
export type PropertyPath<S extends Schema<SchemaDefinition>> = keyof PropertyTypes<S> & string;

/** The paths of a schema's collections, reached through structures (`'Sessions' | 'Registrations'`). */
export type CollectionPath<S extends Schema<SchemaDefinition>> =
  IsLiteral<DefinitionOf<S>['properties']> extends true
    ? CollectionPathsUnder<DefinitionOf<S>['properties'], ''>
    : string;
