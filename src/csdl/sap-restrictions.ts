// SAP's OData 2 services state what a filter or an order may not read on each property
// (`sap:filterable="false"`, `sap:sortable="false"`) and what a filter must read
// (`sap:required-in-filter="true"`), in SAP's own XML namespace. They hold wherever the type is
// used; read here as the Capabilities restrictions of each entity set of the type, through its
// base types and complex properties, so one path turns both into the query layer's rules.

import type { JsonObject } from './csdl-json.js';
import { MAX_BASE_TYPE_DEPTH } from './model-import.js';
import type { XmlElement } from './xml-elements.js';

const SAP = 'http://www.sap.com/Protocols/SAPData';

interface TypeRestrictions {
  readonly nonFilterable: string[];
  readonly nonSortable: string[];
  readonly required: string[];
  /** Single complex properties and their type, to go through. */
  readonly complex: [name: string, type: string][];
}

/** The `sap:` restrictions of every type's properties, as the types are read. */
export class SapRestrictions {
  readonly byType = new Map<string, TypeRestrictions>();

  read(type: string, property: string, element: XmlElement, qualify: (name: string) => string): void {
    let entry = this.byType.get(type);
    if (entry === undefined)
      this.byType.set(type, (entry = { nonFilterable: [], nonSortable: [], required: [], complex: [] }));
    const attribute = (name: string): string | undefined => element.qualified.get(`${SAP} ${name}`);
    if (attribute('filterable') === 'false') entry.nonFilterable.push(property);
    if (attribute('sortable') === 'false') entry.nonSortable.push(property);
    if (attribute('required-in-filter') === 'true') entry.required.push(property);
    const written = element.attributes.Type;
    if (
      element.name === 'Property' &&
      written !== undefined &&
      !written.startsWith('Edm.') &&
      !written.startsWith('Collection(')
    )
      entry.complex.push([property, qualify(written)]);
  }
}

export interface SapPaths {
  readonly nonFilterable: readonly string[];
  readonly nonSortable: readonly string[];
  readonly required: readonly string[];
  /** Whether complex values beyond MAX_COMPLEX_PATHS were left unread. */
  readonly incomplete: boolean;
}

/**
 * The most complex values walked into for one entity type. Complex types that hold one another
 * twice over, level after level, have paths doubling with each level: every one is a path of the
 * rules, so a document of thirty such types would have a thousand million of them.
 */
export const MAX_COMPLEX_PATHS = 10_000;

/** The restricted paths of an entity type: its own and its base types' properties, and those inside its complex values. */
export function sapRestrictionsOf(
  sap: SapRestrictions,
  entityType: string,
  typeObject: (qualified: string) => JsonObject | undefined,
): SapPaths {
  const out = { nonFilterable: [] as string[], nonSortable: [] as string[], required: [] as string[] };
  let walked = 0;
  let incomplete = false;
  const walk = (type: string, prefix: string, open: ReadonlySet<string>): void => {
    // The type and its base types: importDefinition() refuses more of them, and this ends a cycle.
    for (let at: string | undefined = type, seen = 0; at !== undefined && seen <= MAX_BASE_TYPE_DEPTH; seen++) {
      const entry = sap.byType.get(at);
      if (entry !== undefined) {
        for (const key of ['nonFilterable', 'nonSortable', 'required'] as const)
          for (const name of entry[key]) out[key].push(`${prefix}${name}`);
        for (const [name, inner] of entry.complex) {
          if (open.has(inner)) continue;
          if (++walked > MAX_COMPLEX_PATHS) {
            incomplete = true;
            return;
          }
          walk(inner, `${prefix}${name}/`, new Set([...open, inner]));
        }
      }
      const base: unknown = typeObject(at)?.$BaseType;
      at = typeof base === 'string' ? base : undefined;
    }
  };
  walk(entityType, '', new Set([entityType]));
  return { ...out, incomplete };
}
