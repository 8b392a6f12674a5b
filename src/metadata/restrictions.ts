// What a caller may not do with an entity set's properties, as the Capabilities vocabulary states
// it (docs/csdl-writer.md, "Restrictions"): the paths its rules keep from filters, orders and
// expansions, and the properties the model marks `filterable: false` (which the query layer
// keeps from orders too). A NonFilterableProperties path must end at a structural property, so a
// rule on a relation is stated as the relation's members (`Owner/Name`, `Owner/Email`); no path
// names a hidden property. Orders read single values only, so no sort path goes through a
// collection.

import type { ModelProperty, StructuredType } from '../model/model.js';
import { isStructuredType } from '../model/model.js';
import type { Rules } from '../query/rules.js';
import type { ContainerMember } from './member-rules.js';
import { resolvePath } from './model-path.js';

export interface Restrictions {
  /** Property paths no filter may read (Capabilities.FilterRestrictions/NonFilterableProperties). */
  readonly nonFilterable: readonly string[];
  /** Property paths no order may read (Capabilities.SortRestrictions/NonSortableProperties). */
  readonly nonSortable: readonly string[];
  /** Navigation property paths no expansion may name (Capabilities.ExpandRestrictions/NonExpandableProperties). */
  readonly nonExpandable: readonly string[];
}

export function restrictionsOf(
  member: ContainerMember,
  rules: Rules | undefined,
  hidden: ReadonlySet<ModelProperty>,
): Restrictions {
  const type = member.entityType;
  const unfilterable = unfilterablePaths(type, [], hidden);
  const forbidden = (rule: 'filter' | 'sort' | 'expand'): string[][] =>
    (rules?.forbidden(rule) ?? []).map((path) => path.split('/'));
  const structural = (paths: readonly string[][]): string[] =>
    tidy(paths.flatMap((path) => structuralPaths(type, path, hidden)));
  return {
    nonFilterable: structural([...unfilterable, ...forbidden('filter')]),
    // An order reads single values only: a path through a collection is no order's to begin with.
    nonSortable: structural([...unfilterable, ...forbidden('sort')]).filter((path) => singleValued(type, path)),
    nonExpandable: tidy(forbidden('expand').flatMap((path) => navigationPaths(type, path, hidden))),
  };
}

/** The paths of the properties the model marks unfilterable, through complex values (not through navigation). */
function unfilterablePaths(
  type: StructuredType,
  prefix: readonly string[],
  hidden: ReadonlySet<ModelProperty>,
): string[][] {
  return [...type.properties.values()].flatMap((property) => {
    if (hidden.has(property)) return [];
    const path = [...prefix, property.name];
    if (!property.filterable) return [path];
    return property.kind === 'property' && isStructuredType(property.type)
      ? unfilterablePaths(property.type, path, hidden)
      : [];
  });
}

/** The property a path ends at, unless the path is missing or goes through a hidden property. */
function shownEnd(type: StructuredType, path: readonly string[], hidden: ReadonlySet<ModelProperty>) {
  const steps = resolvePath(type, path, true);
  if (steps === undefined || steps.some((step) => hidden.has(step.property))) return undefined;
  return steps[steps.length - 1]!.property;
}

/** A forbidden path as property paths: itself, or for a relation its shown members. */
function structuralPaths(type: StructuredType, path: readonly string[], hidden: ReadonlySet<ModelProperty>) {
  const last = shownEnd(type, path, hidden);
  if (last === undefined) return [];
  if (last.kind !== 'navigation') return [[...path]];
  return [...last.target.properties.values()]
    .filter((property) => property.kind === 'property' && !hidden.has(property))
    .map((property) => [...path, property.name]);
}

/** A forbidden path as navigation property paths: itself for a relation, the relations under a complex value. */
function navigationPaths(type: StructuredType, path: readonly string[], hidden: ReadonlySet<ModelProperty>) {
  const last = shownEnd(type, path, hidden);
  return last === undefined ? [] : navigationUnder(last, path, hidden);
}

function navigationUnder(
  property: ModelProperty,
  path: readonly string[],
  hidden: ReadonlySet<ModelProperty>,
): string[][] {
  if (property.kind === 'navigation') return [[...path]];
  if (!isStructuredType(property.type)) return [];
  return [...property.type.properties.values()]
    .filter((inner) => !hidden.has(inner))
    .flatMap((inner) => navigationUnder(inner, [...path, inner.name], hidden));
}

function singleValued(type: StructuredType, path: string): boolean {
  return resolvePath(type, path.split('/'), true)!.every(({ property }) => !property.collection);
}

/** The paths joined, each once, without one a listed path above it already covers. */
function tidy(paths: readonly string[][]): string[] {
  const joined = [...new Set(paths.map((path) => path.join('/')))];
  return joined.filter((path) => !joined.some((above) => path.startsWith(`${above}/`)));
}
