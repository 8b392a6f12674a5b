// The Capabilities annotations that bear on filtering, as the query layer's rules (docs/query.md,
// "Rules") by resource: an entity set or singleton (`People`), or a navigation from one
// (`People/Friends`) for the requests that address it (docs/metadata.md, "Restrictions"). What
// the rules cannot state — a path the model lacks, a qualified alternative, navigability, a
// restriction on a target no resource reaches — is noted in the report, never dropped unsaid.

import type { Model } from '../model/model.js';
import { schemaOf } from '../model/model-view.js';
import type { PropertyRule, PropertyRules } from '../query/rules.js';
import type { Property } from '../types/schema.js';
import { CAPABILITIES_NAMESPACE, isJsonObject, type JsonObject, ownMember } from './csdl-json.js';
import type { ImportReport } from './import-report.js';
import type { ImportedDefinition } from './model-import.js';

/** What a resource's filter must hold (Capabilities.FilterRestrictions), which no rule states. */
export interface FilterRequirements {
  /** `RequiresFilter`: a request without a filter is refused. */
  readonly requiresFilter: boolean;
  /** `RequiredProperties`: paths every filter must read. */
  readonly requiredProperties: readonly string[];
}

export interface CapabilityRules {
  readonly rules: { readonly [resource: string]: PropertyRules };
  readonly requirements: { readonly [resource: string]: FilterRequirements };
}

const TERMS = ['FilterRestrictions', 'SortRestrictions', 'ExpandRestrictions', 'NavigationRestrictions'] as const;
type Term = (typeof TERMS)[number];

type Properties = ReadonlyMap<string, Property>;

export function capabilityRules(model: Model, imported: ImportedDefinition, report: ImportReport): CapabilityRules {
  const rules: Record<string, Record<string, Mutable<PropertyRule>>> = {};
  const requirements: Record<string, { requiresFilter: boolean; requiredProperties: string[] }> = {};
  const container = imported.container;
  const containerSimple = container.slice(container.lastIndexOf('.') + 1);
  const forbidAt = (resource: string, path: string, rule: keyof PropertyRule): void => {
    const ofResource = memberOf(rules, resource, () => ({}));
    memberOf(ofResource, path, (): Mutable<PropertyRule> => ({}))[rule] = false;
  };

  /** The properties of a resource: a member's view, then through navigation properties. */
  const propertiesOf = (resource: readonly string[]): Properties | undefined => {
    const [member, ...path] = resource;
    if (member === undefined || (!model.entitySets.has(member) && !model.singletons.has(member))) return undefined;
    let properties: Properties | undefined = schemaOf(model, member).properties;
    for (const name of path) properties = structureOf(properties?.get(name), true);
    return properties;
  };

  const apply = (
    resource: readonly string[],
    term: Term,
    value: unknown,
    where: string,
    at: object | undefined,
  ): void => {
    const properties = propertiesOf(resource);
    const name = resource.join('/');
    if (properties === undefined || !isJsonObject(value)) return;
    const notApplied = (reason: string) => report.add('not_applied', 'Annotation', `${where} ${term}`, reason, at);
    const forbid = (path: string, rule: keyof PropertyRule, what: 'property' | 'navigation'): void => {
      const property = propertyAt(properties, path.split('/'));
      if (property === undefined || (what === 'navigation' && !isRelation(property)))
        return notApplied(`'${path}' is no ${what} path of ${name}`);
      forbidAt(name, path, rule);
    };
    // A collection of paths as written. A path written alone (without its Collection) is read as
    // one; anything else that is no path would restrict nothing without a word, so it is noted.
    const listed = (member: string): string[] => {
      const written = value[member];
      if (written === undefined) return [];
      if (typeof written === 'string') {
        report.add(
          'adjusted',
          'Annotation',
          `${where} ${term}`,
          `'${member}' is one path, not a collection of paths: read as a collection of it`,
          at,
        );
        return [written];
      }
      const read = paths(written);
      if (!Array.isArray(written) || read.length < written.length)
        notApplied(`'${member}' holds what is no path, which is not read`);
      return read;
    };
    const everything = (rule: keyof PropertyRule, relationsOnly: boolean) => {
      for (const property of properties.values())
        if (!relationsOnly || isRelation(property)) forbidAt(name, property.name, rule);
    };
    switch (term) {
      case 'FilterRestrictions':
        if (value.Filterable === false) everything('filter', false);
        for (const path of listed('NonFilterableProperties')) forbid(path, 'filter', 'property');
        if (value.RequiresFilter === true || Array.isArray(value.RequiredProperties)) {
          const required = listed('RequiredProperties').filter((path) => {
            const found = propertyAt(properties, path.split('/')) !== undefined;
            if (!found) notApplied(`the required '${path}' is no property path of ${name}`);
            return found;
          });
          const known = memberOf(requirements, name, () => ({ requiresFilter: false, requiredProperties: [] }));
          known.requiresFilter ||= value.RequiresFilter === true;
          known.requiredProperties.push(...required.filter((p) => !known.requiredProperties.includes(p)));
        }
        break;
      case 'SortRestrictions':
        if (value.Sortable === false) everything('sort', false);
        for (const path of listed('NonSortableProperties')) forbid(path, 'sort', 'property');
        break;
      case 'ExpandRestrictions':
        if (value.Expandable === false) everything('expand', true);
        for (const path of listed('NonExpandableProperties')) forbid(path, 'expand', 'navigation');
        break;
      case 'NavigationRestrictions':
        if (value.Navigability !== undefined)
          notApplied('navigability restricts addressing a navigation in the resource path, which a filter never does');
        for (const restricted of Array.isArray(value.RestrictedProperties) ? value.RestrictedProperties : []) {
          if (!isJsonObject(restricted)) continue;
          const [path] = paths([restricted.NavigationProperty]);
          if (path === undefined) continue;
          if (!isRelation(propertyAt(properties, path.split('/')))) {
            notApplied(`'${path}' is no navigation path of ${name}`);
            continue;
          }
          if (restricted.Navigability !== undefined)
            notApplied(`the navigability of '${path}' restricts the resource path, which a filter never does`);
          for (const inner of TERMS)
            if (inner !== 'NavigationRestrictions' && restricted[inner] !== undefined)
              apply([...resource, ...path.split('/')], inner, restricted[inner], `${where}/${path}`, at);
        }
        break;
    }
  };

  /** Applies the terms of an annotated object (inline, or an Annotations target's) to the resources it reaches. */
  const applyAll = (resources: readonly (readonly string[])[], annotations: JsonObject, where: string): void => {
    for (const [key, value] of Object.entries(annotations)) {
      if (!key.startsWith('@')) continue;
      const [term, qualifier] = key.slice(1).split('#');
      const qualified = imported.qualify(term!);
      const local = qualified.startsWith(`${CAPABILITIES_NAMESPACE}.`)
        ? qualified.slice(CAPABILITIES_NAMESPACE.length + 1)
        : '';
      if (!(TERMS as readonly string[]).includes(local)) continue;
      const at = isJsonObject(value) ? value : annotations;
      if (qualifier !== undefined) {
        report.add(
          'not_applied',
          'Annotation',
          `${where} ${local}#${qualifier}`,
          'a qualified annotation is an alternative the rules do not choose between',
          at,
        );
        continue;
      }
      if (resources.length === 0) {
        report.add(
          'not_applied',
          'Annotation',
          `${where} ${local}`,
          'its target is no entity set, singleton or navigation property a resource reaches',
          at,
        );
        continue;
      }
      for (const resource of resources) apply(resource, local as Term, value, where, at);
    }
  };

  for (const member of imported.members) applyAll([[member.name]], member.object, `${container}/${member.name}`);
  for (const [target, annotations] of imported.annotations) {
    const [head = '', ...path] = target.split('/');
    const qualified = imported.qualify(head);
    let resources: (readonly string[])[];
    if (qualified === container || head === containerSimple) {
      const [member, ...navigation] = path;
      resources =
        member !== undefined && propertiesOf([member, ...navigation]) !== undefined ? [[member, ...navigation]] : [];
    } else {
      // `Ns.Type/Navigation`: the navigation of that type, from every member whose type has it.
      resources = path.length === 0 ? [] : membersOfType(model, qualified).map((member) => [member, ...path]);
      resources = resources.filter((resource) => propertiesOf(resource) !== undefined);
    }
    applyAll(resources, annotations, target);
  }
  return { rules, requirements };
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * The member of a record under a name, made on first use. Its own only: a resource or a property
 * may be named `constructor`, which every object inherits.
 */
function memberOf<T>(record: Record<string, T>, name: string, make: () => T): T {
  const known = ownMember(record, name);
  if (known !== undefined) return known;
  const made = make();
  record[name] = made;
  return made;
}

/** The entity sets and singletons whose entity type is `type` or derives from it. */
function membersOfType(model: Model, type: string): string[] {
  return [...model.entitySets.values(), ...model.singletons.values()]
    .filter((member) => {
      for (
        let at: { name: string; baseType: unknown } | undefined = member.entityType;
        at !== undefined;
        at = at.baseType as typeof at
      )
        if (at.name === type) return true;
      return false;
    })
    .map((member) => member.name);
}

/** The paths of a collection of path expressions, written as strings (JSON) or `{ $PropertyPath }`. */
function paths(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (typeof item === 'string') return [item];
    if (isJsonObject(item))
      for (const key of ['$PropertyPath', '$NavigationPropertyPath', '$Path'])
        if (typeof item[key] === 'string') return [item[key] as string];
    return [];
  });
}

function isRelation(property: Property | undefined): boolean {
  return property !== undefined && property.kind !== 'primitive' && property.relation;
}

/** The properties inside a structure or a collection of structures; through relations only when allowed. */
function structureOf(property: Property | undefined, relationsOnly: boolean): Properties | undefined {
  if (property === undefined || property.kind === 'primitive') return undefined;
  if (relationsOnly && !property.relation) return undefined;
  const inner = property.kind === 'collection' ? property.element : property;
  return inner.kind === 'structured' ? inner.properties : undefined;
}

/** The property at a path, through structures and collections of them, as the query layer's rules go. */
function propertyAt(properties: Properties, segments: readonly string[]): Property | undefined {
  let at: Properties | undefined = properties;
  let property: Property | undefined;
  for (const segment of segments) {
    if (at === undefined) return undefined;
    property = at.get(segment);
    at = structureOf(property, false);
  }
  return property;
}
