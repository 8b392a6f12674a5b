// A model of a service, as OData's CSDL describes one (docs/schemas.md): named types, each defined
// once and referred to by name, so that types can refer to each other and to themselves; entity
// sets and singletons; and the navigation between them. defineModel() makes one from a
// definition; a schema for one entity set (what check() and the backends take) is a view of it.

import type { EdmType } from '../language/edm.js';
import type { EnumType } from '../types/enum-type.js';
import type { TypeDiscriminator } from '../types/schema.js';

/** A resolved model: its types by qualified name, its entity sets and singletons by name. */
export interface Model {
  /** The namespace of the definition: unqualified type names are in it. */
  readonly namespace: string;
  /** The name of the entity container that holds the entity sets and singletons. */
  readonly containerName: string;
  /** Every named type by qualified name (`Events.Person`), in definition order. */
  readonly types: ReadonlyMap<string, NamedType>;
  readonly entitySets: ReadonlyMap<string, EntitySet>;
  readonly singletons: ReadonlyMap<string, Singleton>;
  /** How a stored structure states its type, where types derive from others (docs/semantics.md §14). */
  readonly discriminator: TypeDiscriminator;
  /** The functions a filter may call (docs/semantics.md §15), by qualified name: each name's overloads, in definition order. */
  readonly functions: ReadonlyMap<string, readonly ModelFunction[]>;
  /** The namespace each alias stands for (CSDL's `Alias`), which a filter may write a qualified name with. */
  readonly aliases: ReadonlyMap<string, string>;
}

/** One overload of a function the model declares (docs/semantics.md §15). */
export interface ModelFunction {
  readonly kind: 'function';
  /** The qualified name (`Geo.Distance`). */
  readonly name: string;
  /** Whether the first parameter is the binding parameter: the value the function is called on. */
  readonly bound: boolean;
  /** Whether a path may continue after a call (recorded for $metadata; a filter reads none). */
  readonly composable: boolean;
  readonly parameters: readonly FunctionParameter[];
  readonly returnType: FunctionValue;
}

/** A value a function takes or returns: its type, one or a collection, whether it may be null. */
export interface FunctionValue {
  readonly type: EdmType | EnumType | TypeDefinition | StructuredType;
  readonly collection: boolean;
  /** For a collection, whether its elements may be null. */
  readonly nullable: boolean;
  readonly facets: Facets;
}

export interface FunctionParameter extends FunctionValue {
  readonly name: string;
}

export type NamedType = EntityType | ComplexType | EnumType | TypeDefinition;

export type StructuredType = EntityType | ComplexType;

/** What entity and complex types share: properties, navigation, and inheritance. */
interface StructuredTypeBase {
  /** The qualified name. */
  readonly name: string;
  /** The type this one derives from, whose properties it has first. */
  readonly baseType: StructuredType | undefined;
  /** An abstract type has no instances of its own, only of types derived from it. */
  readonly abstract: boolean;
  /** An open type's instances may hold properties it does not declare (recorded, not read). */
  readonly openType: boolean;
  /** The properties declared on this type, without those of its base types. */
  readonly declaredProperties: ReadonlyMap<string, ModelProperty>;
  /** Every property: the base types' first, then this type's own. */
  readonly properties: ReadonlyMap<string, ModelProperty>;
}

/** A type whose instances have identity: rows of an entity set, targets of navigation. */
export interface EntityType extends StructuredTypeBase {
  readonly kind: 'entity';
  /** The key, declared here or inherited; undefined only for an abstract type (or a schema's short form). */
  readonly key: readonly KeyProperty[] | undefined;
}

/** A structured value held in a row: an address, a price with its currency. */
export interface ComplexType extends StructuredTypeBase {
  readonly kind: 'complex';
}

/** A named primitive type with facets (`Money`: a Decimal with precision 18, scale 2); read as its underlying type. */
export interface TypeDefinition {
  readonly kind: 'definition';
  readonly name: string;
  readonly underlyingType: EdmType;
  readonly facets: Facets;
}

/** A part of a key: the path of a primitive property, through complex properties. */
export interface KeyProperty {
  readonly path: readonly string[];
  /** The name the key part goes by: the last segment, unless an alias was given. */
  readonly alias: string;
}

/** Facets of a primitive value, as CSDL states them; recorded for the service's metadata, not enforced on rows. */
export interface Facets {
  readonly maxLength?: number | 'max';
  readonly precision?: number;
  readonly scale?: number | 'variable' | 'floating';
}

export type ModelProperty = StructuralProperty | NavigationProperty;

/** A value held in the row: a primitive, an enumeration, a type definition, a complex value, or a collection of one. */
export interface StructuralProperty {
  readonly kind: 'property';
  readonly name: string;
  readonly type: EdmType | EnumType | TypeDefinition | ComplexType;
  readonly collection: boolean;
  /** For a collection, whether its elements may be null. */
  readonly nullable: boolean;
  readonly facets: Facets;
  /** False keeps the property (and what is under it) out of filters. */
  readonly filterable: boolean;
}

/** A way to related entities: their type, one or many, the way back, and whether they are contained. */
export interface NavigationProperty {
  readonly kind: 'navigation';
  readonly name: string;
  readonly target: EntityType;
  readonly collection: boolean;
  /** For a single-valued navigation, whether there may be no related entity. */
  readonly nullable: boolean;
  /** The navigation property of the target type that leads back. */
  readonly partner: string | undefined;
  /** Whether the related entities exist only inside this one (no entity set of their own). */
  readonly containsTarget: boolean;
  readonly filterable: boolean;
}

/** A collection of entities the service exposes, and where each navigation from them leads. */
export interface EntitySet {
  readonly kind: 'entitySet';
  readonly name: string;
  readonly entityType: EntityType;
  /** Navigation property paths (`Friends`, `Address/Country`) to the entity set or singleton holding their targets. */
  readonly bindings: ReadonlyMap<string, EntitySet | Singleton>;
}

/** A single entity the service exposes by name (`Me`). */
export interface Singleton {
  readonly kind: 'singleton';
  readonly name: string;
  readonly entityType: EntityType;
  readonly nullable: boolean;
  readonly bindings: ReadonlyMap<string, EntitySet | Singleton>;
}

/** The name of a type inside its namespace: `Person` of `Social.Person`. */
export function simpleName(qualified: string): string {
  return qualified.slice(qualified.lastIndexOf('.') + 1);
}

/** Whether a type is an entity or complex type. */
export const isStructuredType = (type: NamedType | EdmType): type is StructuredType =>
  typeof type === 'object' && (type.kind === 'entity' || type.kind === 'complex');

/** Whether `type` is `base` or derives from it. */
export function derivesFrom(type: StructuredType, base: StructuredType): boolean {
  for (let at: StructuredType | undefined = type; at !== undefined; at = at.baseType) if (at === base) return true;
  return false;
}
