// How a model is written for defineModel() (docs/schemas.md): plain objects, close to CSDL JSON.
// Types are named once in their group and referred to by name — unqualified in the model's
// namespace (`Person`), qualified for another (`Sales.Color`), `Edm.` for a primitive — so a type
// can refer to itself through navigation (a Person's Friends are Persons).

import type { EdmType, IntegerType } from '../language/edm.js';

export interface ModelDefinition {
  /** The namespace of the types named here (`Events`). */
  readonly namespace: string;
  /** The entity container's name; `Container` unless given. */
  readonly containerName?: string;
  readonly entityTypes?: { readonly [name: string]: EntityTypeDefinition };
  readonly complexTypes?: { readonly [name: string]: ComplexTypeDefinition };
  readonly enumTypes?: { readonly [name: string]: EnumTypeDefinition };
  readonly typeDefinitions?: { readonly [name: string]: TypeDefinitionDefinition };
  readonly entitySets?: { readonly [name: string]: EntitySetDefinition };
  readonly singletons?: { readonly [name: string]: SingletonDefinition };
  /**
   * The member by which a stored structure states its type (docs/semantics.md §14): by default
   * `@odata.type`, holding `#` and the qualified name (`'#Ns.Manager'`). `values` give each type
   * (by name) the value it is stored with; without them the value is the qualified name.
   */
  readonly discriminator?: { readonly property: string; readonly values?: { readonly [typeName: string]: string } };
  /**
   * The functions a filter may call (docs/semantics.md §15), by name (unqualified in the model's
   * namespace): one declaration, or its overloads.
   */
  readonly functions?: { readonly [name: string]: FunctionDefinition | readonly FunctionDefinition[] };
  /**
   * Aliases of the model's namespaces (CSDL's `Alias`), by alias: `{ Self: 'Org.Events' }` lets a
   * filter write `Self.Color'Red'` for `Org.Events.Color'Red'`.
   */
  readonly aliases?: { readonly [alias: string]: string };
}

/**
 * A function: its parameters in order (the first is the binding parameter of a bound function:
 * an entity, complex or primitive type) and what it returns. Parameter and return types are
 * written as a property's are.
 */
export interface FunctionDefinition {
  readonly bound?: boolean;
  readonly composable?: boolean;
  readonly parameters?: { readonly [name: string]: FunctionValueDefinition };
  readonly returnType: FunctionValueDefinition;
}

/** A function's parameter or result: a type name (an entity type too), or the type with options. */
export type FunctionValueDefinition = string | ValueDefinition;

/** A value of a type: one or a collection, whether it may be null, and a primitive's facets. */
export interface ValueDefinition {
  /** An Edm type, or the name of an enumeration, type definition or complex type (of an entity type too, for a function). */
  readonly type: string;
  /** A collection of values of the type. */
  readonly collection?: boolean;
  /** Whether the value (for a collection, each element) may be null; true unless false. */
  readonly nullable?: boolean;
  readonly maxLength?: number | 'max';
  readonly precision?: number;
  readonly scale?: number | 'variable' | 'floating';
}

interface StructuredTypeDefinition {
  /** The values held in an instance, by name. */
  readonly properties?: { readonly [name: string]: StructuralPropertyDefinition };
  /** The ways to related entities, by name. */
  readonly navigation?: { readonly [name: string]: NavigationPropertyDefinition };
  /** The type this one derives from (its properties come first). */
  readonly baseType?: string;
  readonly abstract?: boolean;
  readonly openType?: boolean;
}

export interface EntityTypeDefinition extends StructuredTypeDefinition {
  /**
   * The key: names of primitive, non-nullable properties (`['Id']`), or paths through complex
   * properties (`['Address/Code']`). Required unless the type is abstract or derives its key.
   */
  readonly key?: readonly string[];
}

export type ComplexTypeDefinition = StructuredTypeDefinition;

/** A value held in the row: a type name, or the type with options. */
export type StructuralPropertyDefinition =
  | EdmType
  | string
  | (ValueDefinition & {
      /** False keeps the property out of filters. */
      readonly filterable?: boolean;
    });

export interface NavigationPropertyDefinition {
  /** The entity type of the related entities. */
  readonly type: string;
  /** Many related entities rather than at most one. */
  readonly collection?: boolean;
  /** For a single related entity, whether there may be none; true unless false. */
  readonly nullable?: boolean;
  /** The navigation property of the target type that leads back. */
  readonly partner?: string;
  /** The related entities exist only inside this one. */
  readonly containsTarget?: boolean;
  readonly filterable?: boolean;
}

/** An enumeration: its members and their values (`flags` combines them bit by bit). */
export interface EnumTypeDefinition {
  readonly members: { readonly [member: string]: number | bigint };
  readonly flags?: boolean;
  readonly underlyingType?: IntegerType;
}

/** A named primitive type with facets, read everywhere as its underlying type. */
export interface TypeDefinitionDefinition {
  readonly underlyingType: EdmType;
  readonly maxLength?: number | 'max';
  readonly precision?: number;
  readonly scale?: number | 'variable' | 'floating';
}

/** Navigation property paths (`Friends`, `Address/Country`) to the entity set or singleton of their targets. */
export type BindingsDefinition = { readonly [path: string]: string };

export interface EntitySetDefinition {
  readonly type: string;
  readonly bindings?: BindingsDefinition;
}

export interface SingletonDefinition {
  readonly type: string;
  readonly nullable?: boolean;
  readonly bindings?: BindingsDefinition;
}
