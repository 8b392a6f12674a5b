// What a `$metadata` document holds, decided once for both representations (docs/csdl-writer.md):
// the schemas and their types, the properties each type shows, the keys, the entity sets and
// singletons with their bindings and restrictions. metadataXml() and metadataJson() only spell it,
// so the two documents say the same thing by construction.

import type {
  EntitySet,
  EntityType,
  KeyProperty,
  Model,
  ModelFunction,
  ModelProperty,
  NamedType,
  NavigationProperty,
  Singleton,
  StructuredType,
} from '../model/model.js';
import { SchemaDefinitionError } from '../types/schema.js';
import { entityKeys } from './entity-keys.js';
import { hiddenProperties, memberRulesOf } from './member-rules.js';
import type { CsdlVersion, MetadataOptions } from './metadata-options.js';
import { resolvePath } from './model-path.js';
import { type Restrictions, restrictionsOf } from './restrictions.js';

/** The namespace and alias of the Capabilities vocabulary, and where its CSDL documents are. */
export const CAPABILITIES = {
  namespace: 'Org.OData.Capabilities.V1',
  alias: 'Capabilities',
  xml: 'https://oasis-tcs.github.io/odata-vocabularies/vocabularies/Org.OData.Capabilities.V1.xml',
  json: 'https://oasis-tcs.github.io/odata-vocabularies/vocabularies/Org.OData.Capabilities.V1.json',
} as const;

/** A Capabilities annotation of an entity set or singleton: one list of paths in a record. */
export interface RestrictionAnnotation {
  /** The qualified term (`Org.OData.Capabilities.V1.FilterRestrictions`). */
  readonly term: string;
  /** The record's property that holds the paths (`NonFilterableProperties`). */
  readonly property: string;
  readonly pathKind: 'PropertyPath' | 'NavigationPropertyPath';
  readonly paths: readonly string[];
}

export interface PlannedMember {
  readonly member: EntitySet | Singleton;
  /** Navigation property paths and the names of the entity sets or singletons they lead to. */
  readonly bindings: readonly (readonly [path: string, target: string])[];
  readonly annotations: readonly RestrictionAnnotation[];
}

export interface CsdlPlan {
  readonly version: CsdlVersion;
  readonly namespace: string;
  readonly containerName: string;
  /** The types of each namespace, the container's namespace last. */
  readonly schemas: ReadonlyMap<string, readonly NamedType[]>;
  /** The functions of each namespace (docs/semantics.md §15), each name's overloads together. */
  readonly functions: ReadonlyMap<string, readonly (readonly ModelFunction[])[]>;
  readonly members: readonly PlannedMember[];
  /** Whether some member states a restriction, so the document references the Capabilities vocabulary. */
  readonly restricted: boolean;
  /** The properties a type declares that the document shows. */
  shownProperties(type: StructuredType): readonly ModelProperty[];
  /** The key a type declares itself, unless it inherits one. */
  declaredKeyOf(type: EntityType): readonly KeyProperty[] | undefined;
  /** The partner of a navigation property, unless the rules hide it. */
  partnerOf(navigation: NavigationProperty): string | undefined;
}

export function planCsdl(model: Model, options: MetadataOptions = {}): CsdlPlan {
  const version = options.version ?? '4.01';
  if (version !== '4.0' && version !== '4.01')
    throw new SchemaDefinitionError(model.namespace, '', "`version` is '4.0' or '4.01'", 'Model');
  const memberRules = memberRulesOf(model, options.rules);
  const hidden = hiddenProperties(memberRules);
  const keys = entityKeys(model, options.keys, version, hidden);
  if (version === '4.0') refuseWhat40Lacks(model);

  const schemas = new Map<string, NamedType[]>();
  const namespaceOf = (name: string): string => name.slice(0, name.lastIndexOf('.'));
  for (const type of model.types.values()) {
    const namespace = namespaceOf(type.name);
    schemas.set(namespace, [...(schemas.get(namespace) ?? []), type]);
  }
  const functions = new Map<string, ModelFunction[][]>();
  for (const [name, overloads] of model.functions) {
    const namespace = namespaceOf(name);
    if (!schemas.has(namespace)) schemas.set(namespace, []);
    functions.set(namespace, [...(functions.get(namespace) ?? []), [...overloads]]);
  }
  // The container's schema last, with the restrictions: some readers (@sap-ux/edmx-parser) keep
  // the annotations of the last schema only.
  const own = schemas.get(model.namespace) ?? [];
  schemas.delete(model.namespace);
  schemas.set(model.namespace, own);
  const shows = (property: ModelProperty): boolean => !hidden.has(property);
  const members = [...model.entitySets.values(), ...model.singletons.values()].map(
    (member): PlannedMember => ({
      member,
      bindings: [...member.bindings]
        .filter(([path]) => resolvePath(member.entityType, path.split('/'), false)!.every((s) => shows(s.property)))
        .map(([path, target]) => [path, target.name] as const),
      annotations: annotationsOf(member, restrictionsOf(member, memberRules.get(member), hidden)),
    }),
  );
  return {
    version,
    namespace: model.namespace,
    containerName: model.containerName,
    schemas,
    functions,
    members,
    restricted: members.some((planned) => planned.annotations.length > 0),
    shownProperties: (type) => [...type.declaredProperties.values()].filter(shows),
    declaredKeyOf: keys.declaredKeyOf,
    partnerOf: (navigation) => {
      const partner =
        navigation.partner === undefined ? undefined : navigation.target.properties.get(navigation.partner);
      return partner !== undefined && shows(partner) ? navigation.partner : undefined;
    },
  };
}

/** The path an Annotations element targets an entity set or singleton by: `Social.Container/People`. */
export function annotationTarget(plan: CsdlPlan, member: string): string {
  return `${plan.namespace}.${plan.containerName}/${member}`;
}

/** The restrictions a member states: FilterRestrictions and SortRestrictions apply to entity sets only. */
function annotationsOf(member: EntitySet | Singleton, restrictions: Restrictions): RestrictionAnnotation[] {
  const annotation = (
    term: string,
    property: string,
    pathKind: RestrictionAnnotation['pathKind'],
    paths: readonly string[],
  ): RestrictionAnnotation[] =>
    paths.length === 0 ? [] : [{ term: `${CAPABILITIES.namespace}.${term}`, property, pathKind, paths }];
  return [
    ...(member.kind === 'entitySet'
      ? [
          ...annotation('FilterRestrictions', 'NonFilterableProperties', 'PropertyPath', restrictions.nonFilterable),
          ...annotation('SortRestrictions', 'NonSortableProperties', 'PropertyPath', restrictions.nonSortable),
        ]
      : []),
    ...annotation(
      'ExpandRestrictions',
      'NonExpandableProperties',
      'NavigationPropertyPath',
      restrictions.nonExpandable,
    ),
  ];
}

/** A 4.0 document cannot state a floating scale or a singleton that may be null. */
function refuseWhat40Lacks(model: Model): void {
  const floating = (facets: { scale?: unknown }): boolean => facets.scale === 'floating';
  for (const type of model.types.values()) {
    if (type.kind === 'definition' && floating(type.facets))
      throw new SchemaDefinitionError(type.name, '', "a 4.0 document has no `scale: 'floating'`", 'Type');
    if (type.kind !== 'entity' && type.kind !== 'complex') continue;
    for (const property of type.declaredProperties.values())
      if (property.kind === 'property' && floating(property.facets))
        throw new SchemaDefinitionError(type.name, property.name, "a 4.0 document has no `scale: 'floating'`", 'Type');
  }
  for (const singleton of model.singletons.values())
    if (singleton.nullable)
      throw new SchemaDefinitionError(
        singleton.name,
        '',
        'a 4.0 document has no singleton that may be null',
        'Singleton',
      );
}
