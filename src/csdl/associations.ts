// OData 2 and 3 state navigation apart from the types: a NavigationProperty names an Association
// and its two roles, the association's ends give the target's type and how many there are, the
// navigation of the other end that goes the other way is the partner, and an AssociationSet says
// which entity set holds each end (a binding). Read here into OData 4's form.

import { type JsonObject, ownMember } from './csdl-json.js';
import type { ImportReport } from './import-report.js';
import { childrenNamed, type XmlElement } from './xml-elements.js';

/** A navigation property that names its association, to be given its type from there. */
export interface PendingNavigation {
  /** The qualified name of the type that declares it. */
  readonly owner: string;
  readonly name: string;
  readonly object: JsonObject;
  readonly element: XmlElement;
}

interface End {
  readonly type: string;
  readonly multiplicity: string;
}

export interface AssociationInput {
  readonly associations: readonly { readonly namespace: string; readonly element: XmlElement }[];
  readonly associationSets: readonly XmlElement[];
  readonly pending: readonly PendingNavigation[];
  readonly entitySets: ReadonlyMap<string, JsonObject>;
  readonly qualify: (name: string) => string;
  readonly report: ImportReport;
}

/** Gives each pending navigation its type, multiplicity and partner, and each entity set its bindings. */
export function associationsOf(input: AssociationInput): void {
  const { qualify, report } = input;
  const associations = new Map<string, Map<string, End>>();
  for (const { namespace, element } of input.associations) {
    const ends = new Map<string, End>();
    for (const end of childrenNamed(element, 'End'))
      ends.set(end.attributes.Role ?? '', {
        type: qualify(end.attributes.Type ?? ''),
        multiplicity: (end.attributes.Multiplicity ?? '').trim(),
      });
    associations.set(`${namespace}.${element.attributes.Name ?? ''}`, ends);
  }
  const roles = (pending: PendingNavigation) => ({
    relationship: qualify(pending.element.attributes.Relationship ?? ''),
    from: pending.element.attributes.FromRole ?? '',
    to: pending.element.attributes.ToRole ?? '',
  });

  const resolved: PendingNavigation[] = [];
  for (const pending of input.pending) {
    const { relationship, from, to } = roles(pending);
    const end = associations.get(relationship)?.get(to);
    if (end === undefined || associations.get(relationship)?.get(from) === undefined) {
      pending.object.$Unresolved = `its association '${relationship}' with the roles '${from}' and '${to}' is not in the document`;
      continue;
    }
    pending.object.$Type = end.type;
    if (end.multiplicity === '*') pending.object.$Collection = true;
    else if (end.multiplicity === '0..1') pending.object.$Nullable = true;
    resolved.push(pending);
  }
  // Looked up by association and roles, not searched: a service has thousands of navigation
  // properties, and each searching all the others took time with their square.
  const byRoles = new Map<string, PendingNavigation[]>();
  const byAssociation = new Map<string, PendingNavigation[]>();
  for (const pending of resolved) {
    const { relationship, from, to } = roles(pending);
    listed(byRoles, rolesKey(relationship, from, to)).push(pending);
    listed(byAssociation, relationship).push(pending);
  }
  // The partner: the navigation of the same association that goes from this one's target role back.
  for (const pending of resolved) {
    const { relationship, from, to } = roles(pending);
    const back = byRoles.get(rolesKey(relationship, to, from))?.find((other) => other !== pending);
    if (back !== undefined) pending.object.$Partner = back.name;
  }

  for (const set of input.associationSets) {
    const relationship = qualify(set.attributes.Association ?? '');
    const ends = new Map(
      childrenNamed(set, 'End').map((end) => [end.attributes.Role ?? '', end.attributes.EntitySet ?? '']),
    );
    for (const pending of byAssociation.get(relationship) ?? []) {
      const { from, to } = roles(pending);
      const source = input.entitySets.get(ends.get(from) ?? '');
      const target = ends.get(to);
      if (source === undefined || target === undefined || !input.entitySets.has(target)) {
        report.add(
          'dropped',
          'AssociationSet',
          set.attributes.Name ?? relationship,
          `an end names no entity set of the container, so '${pending.name}' is bound to none`,
        );
        continue;
      }
      const bindings = (source.$NavigationPropertyBinding ??= {}) as JsonObject;
      // Only a navigation of the set's own type (or a base type's) is bound; one of a derived type
      // would need a type-cast segment, which the importer reports.
      if (ownMember(bindings, pending.name) === undefined) bindings[pending.name] = target;
    }
  }
}

/** A key of an association and two of its roles, written as JSON so that no names make two keys alike. */
function rolesKey(relationship: string, from: string, to: string): string {
  return JSON.stringify([relationship, from, to]);
}

function listed<T>(lists: Map<string, T[]>, key: string): T[] {
  let list = lists.get(key);
  if (list === undefined) lists.set(key, (list = []));
  return list;
}
