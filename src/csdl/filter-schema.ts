// The schema a service's filters on one resource are read against: the entity set's (or
// singleton's) view of the imported model, with each property the service's Capabilities
// annotations keep from filters marked not filterable — so that check() and the editor kit
// refuse, and do not offer, what the service would refuse.

import { schemaOf } from '../model/model-view.js';
import { filterSchemaOf, rulesOf } from '../query/rules.js';
import type { Schema } from '../types/schema.js';
import { ownMember } from './csdl-json.js';
import type { ImportedMetadata } from './from-metadata.js';

/** The schema of `resource`'s filters, under the rules its annotations state; a name the model lacks is a SchemaDefinitionError. */
export function filterSchemaFor(imported: ImportedMetadata, resource: string): Schema {
  const view = schemaOf(imported.model, resource);
  return filterSchemaOf(view, rulesOf(view, ownMember(imported.rules, resource)));
}
