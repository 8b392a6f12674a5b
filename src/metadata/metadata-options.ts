// What a caller's `$metadata` document is written with (docs/csdl-writer.md): the OData version
// it speaks, the rules of each entity set or singleton the caller reads under, and keys for
// entity types a model leaves without one (the types modelOf() makes for a defineSchema schema).

import type { PropertyRules } from '../query/rules.js';

/** The CSDL versions the writer speaks. */
export type CsdlVersion = '4.0' | '4.01';

export interface MetadataOptions {
  /** `4.01` unless given. 4.0 has no floating scale and no nullable singleton, and needs every entity type keyed. */
  readonly version?: CsdlVersion;
  /**
   * The rules of each entity set or singleton, by name, as the query layer takes them: the
   * document states what they forbid as Capabilities annotations, and names no property they hide.
   */
  readonly rules?: { readonly [entitySetOrSingleton: string]: PropertyRules };
  /** Keys for entity types the model leaves without one, by qualified type name: `{ 'Default.Event': ['EventID'] }`. */
  readonly keys?: { readonly [qualifiedTypeName: string]: readonly string[] };
}
