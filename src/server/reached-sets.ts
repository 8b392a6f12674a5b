// What an entity set's rows lead to (docs/server.md, "Policy and defaults"). The query layer reads
// rules and row filters by path from the set a request names; an endpoint's entity set states them
// for its own rows, which a request reaches by navigation too: `Categories?$expand=Products` reads
// the rows of Products. So each served set is given, at every path that reaches another set, that
// set's rules, row filter and relations, as if written there; and a path that would reach a
// restricted set again (a cycle: `Products?$expand=Category($expand=Products)`), where no finite set
// of paths could carry them, is closed: nothing may filter by, order by, select or expand it.

import type { EntitySet, EntityType, Model, ModelProperty, Singleton, StructuredType } from '../model/model.js';
import type { RelationRules } from '../query/row-filter.js';
import type { PropertyRule, PropertyRules } from '../query/rules.js';

/** What an entity set's service says of its rows. */
export interface SetRestrictions {
  readonly rules?: PropertyRules;
  readonly rowFilter?: string;
  readonly relations?: { readonly [schemaPath: string]: RelationRules };
}

type Relations = { [schemaPath: string]: RelationRules };

/** A path closed to every request: what a rule of all four `false` says. */
const CLOSED: PropertyRule = { filter: false, sort: false, select: false, expand: false };

/**
 * The most paths written for one set. Where following every way would write more (a model whose
 * sets all lead to each other), the ways are followed fewer steps deep, and a path at that depth
 * from which a restricted set can be reached is closed: shorter ways, as safe.
 */
const MAX_PATHS = 10_000;

class TooManyPaths extends Error {}

/** Whether a service restricts its rows at all. */
function restricts(service: SetRestrictions | undefined): service is SetRestrictions {
  return (
    service !== undefined &&
    (service.rowFilter !== undefined ||
      Object.keys(service.rules ?? {}).length > 0 ||
      Object.keys(service.relations ?? {}).length > 0)
  );
}

/** Where a navigation leads: the entity set or singleton of its binding, or only a type. */
interface Place {
  readonly type: EntityType;
  readonly set: EntitySet | Singleton | undefined;
}

/**
 * The restrictions of the served set `name` with those of every served set its navigation reaches,
 * written at the paths that reach them; the set's own are kept, and where both speak of a path the
 * stricter holds (a rule `false` in either, both row filters).
 */
export function reachedRestrictions(
  model: Model,
  served: ReadonlyMap<string, SetRestrictions>,
  name: string,
): SetRestrictions {
  // One step deeper at a time, until no way was cut short (then every way was followed) or the
  // paths no longer fit (then the last depth that fitted is kept).
  let fitted: SetRestrictions | undefined;
  for (let depth = 1; ; depth++) {
    let within: { restrictions: SetRestrictions; cut: boolean };
    try {
      within = restrictionsWithin(model, served, name, depth);
    } catch (error) {
      if (!(error instanceof TooManyPaths)) throw error;
      if (fitted !== undefined) return fitted;
      throw new TypeError(
        `odataEndpoint: '${name}' has more than ${MAX_PATHS} navigation properties; close some with rules of all four false`,
      );
    }
    if (!within.cut) return within.restrictions;
    fitted = within.restrictions;
  }
}

/** reachedRestrictions() following each way at most `depth` navigation steps; `cut` if a way was closed there. */
function restrictionsWithin(
  model: Model,
  served: ReadonlyMap<string, SetRestrictions>,
  name: string,
  depth: number,
): { restrictions: SetRestrictions; cut: boolean } {
  const own = served.get(name) ?? {};
  const start = model.entitySets.get(name);
  if (start === undefined) return { restrictions: own, cut: false };
  let cut = false;
  const rules: { [path: string]: PropertyRule } = { ...own.rules };
  const relations: Relations = { ...own.relations };
  const restrictedTypes = new Set(
    [...served].flatMap(([set, service]) =>
      restricts(service) ? [model.entitySets.get(set)?.entityType].filter((t) => t !== undefined) : [],
    ),
  );
  const serviceOf = (place: Place) => (place.set?.kind === 'entitySet' ? served.get(place.set.name) : undefined);
  /** Rows a navigation reaches from no served set, unless they are contained in the row (no set holds them). */
  const unknownRowsOf = (to: Place, navigation: { readonly containsTarget: boolean }) =>
    !navigation.containsTarget && (to.set === undefined || serviceOf(to) === undefined);
  const restrictedReach = reachesRestriction(restrictedTypes, serviceOf, unknownRowsOf);
  let paths = 0;

  const closed = (path: string): boolean => {
    for (let at = path; ; at = at.slice(0, at.lastIndexOf('/'))) {
      const rule = rules[at];
      if (rule && rule.filter === false && rule.sort === false && rule.select === false && rule.expand === false)
        return true;
      if (!at.includes('/')) return false;
    }
  };
  const close = (path: string) => {
    rules[path] = CLOSED;
  };

  const walk = (from: Place, prefix: string, onPath: readonly Place[]) => {
    for (const [relative, navigation] of navigationsOf(from.type)) {
      const path = prefix === '' ? relative : `${prefix}/${relative}`;
      if (++paths > MAX_PATHS) throw new TooManyPaths();
      if (closed(path)) continue;
      const bound = from.set?.bindings.get(relative);
      const to: Place = { type: navigation.target, set: bound };
      const service = serviceOf(to);
      const earlier = lastIndexOf(onPath, to);
      if (unknownRowsOf(to, navigation) && restrictedTypes.has(navigation.target)) {
        // Rows of a type a restricted set holds, from no set served: they may be its rows.
        close(path);
      } else if (onPath.length > depth) {
        if (restricts(service) || restrictedReach(to)) {
          close(path);
          cut = true;
        }
      } else if (restricts(service)) {
        if (earlier >= 0) close(path);
        else {
          addRestrictions(rules, relations, path, service);
          if (restrictedReach(to)) walk(to, path, [...onPath, to]);
        }
      } else if (restrictedReach(to)) {
        // A set met again is walked on only where the way round holds a restricted set, which the
        // walk then meets again and closes; otherwise the way round could be taken without end.
        const round = earlier >= 0 ? onPath.slice(earlier + 1) : undefined;
        if (round === undefined || round.some((p) => restricts(serviceOf(p)))) walk(to, path, [...onPath, to]);
        else close(path);
      }
    }
  };
  walk({ type: start.entityType, set: start }, '', [{ type: start.entityType, set: start }]);

  const restrictions = {
    ...(Object.keys(rules).length > 0 && { rules }),
    ...(own.rowFilter !== undefined && { rowFilter: own.rowFilter }),
    ...(Object.keys(relations).length > 0 && { relations }),
  };
  return { restrictions, cut };
}

/** Where the path has been at the place before (the same set, or the same type from no set), last; -1 if not. */
function lastIndexOf(onPath: readonly Place[], place: Place): number {
  for (let i = onPath.length - 1; i >= 0; i--) {
    const p = onPath[i]!;
    if (place.set !== undefined ? p.set === place.set : p.set === undefined && p.type === place.type) return i;
  }
  return -1;
}

/** The set's rules, row filter and relations written under `path`, each joined with what is there. */
function addRestrictions(
  rules: { [path: string]: PropertyRule },
  relations: Relations,
  path: string,
  service: SetRestrictions,
): void {
  for (const [at, rule] of Object.entries(service.rules ?? {})) {
    const full = `${path}/${at}`;
    rules[full] = stricter(rules[full], rule);
  }
  if (service.rowFilter !== undefined) relations[path] = withRowFilter(relations[path], service.rowFilter);
  for (const [at, relation] of Object.entries(service.relations ?? {})) {
    const full = `${path}/${at}`;
    const joined =
      relation.rowFilter === undefined ? relations[full] : withRowFilter(relations[full], relation.rowFilter);
    relations[full] = { ...relation, ...joined };
  }
}

function stricter(a: PropertyRule | undefined, b: PropertyRule): PropertyRule {
  if (a === undefined) return b;
  const out: { -readonly [K in keyof PropertyRule]: PropertyRule[K] } = { ...a };
  for (const [name, value] of Object.entries(b) as [keyof PropertyRule, boolean][])
    if (value === false) out[name] = false;
  return out;
}

function withRowFilter(relation: RelationRules | undefined, rowFilter: string): RelationRules {
  const kept = relation?.rowFilter;
  return { ...relation, rowFilter: kept === undefined ? rowFilter : `(${kept}) and (${rowFilter})` };
}

/**
 * The navigation properties of a type by their paths from it: its own, and those of its complex
 * properties (`Address/Country`), each complex type entered once on a path.
 */
function navigationsOf(type: StructuredType): readonly [string, ModelProperty & { kind: 'navigation' }][] {
  const known = NAVIGATIONS.get(type);
  if (known !== undefined) return known;
  const out: [string, ModelProperty & { kind: 'navigation' }][] = [];
  const visit = (t: StructuredType, prefix: string, inside: ReadonlySet<StructuredType>) => {
    for (const property of t.properties.values()) {
      const path = prefix === '' ? property.name : `${prefix}/${property.name}`;
      if (property.kind === 'navigation') out.push([path, property]);
      else if (typeof property.type === 'object' && property.type.kind === 'complex' && !inside.has(property.type))
        visit(property.type, path, new Set([...inside, property.type]));
    }
  };
  visit(type, '', new Set([type]));
  NAVIGATIONS.set(type, out);
  return out;
}

/** Each type's navigation properties by path, found once: the walks ask for them at every step. */
const NAVIGATIONS = new WeakMap<StructuredType, readonly [string, ModelProperty & { kind: 'navigation' }][]>();

/** Whether a restricted set can be reached from a place, by any navigation (each place visited once). */
function reachesRestriction(
  restrictedTypes: ReadonlySet<EntityType>,
  serviceOf: (place: Place) => SetRestrictions | undefined,
  unknownRowsOf: (to: Place, navigation: { readonly containsTarget: boolean }) => boolean,
): (from: Place) => boolean {
  return (from) => {
    const seen = new Set<object>();
    const reaches = (place: Place): boolean => {
      const id = place.set ?? place.type;
      if (seen.has(id)) return false;
      seen.add(id);
      for (const [relative, navigation] of navigationsOf(place.type)) {
        const to: Place = { type: navigation.target, set: place.set?.bindings.get(relative) };
        if (restricts(serviceOf(to))) return true;
        if (unknownRowsOf(to, navigation) && restrictedTypes.has(navigation.target)) return true;
        if (reaches(to)) return true;
      }
      return false;
    };
    return reaches(from);
  };
}

/**
 * `$metadata` describes each entity type once, without the members any served set hides
 * (src/metadata/member-rules.ts): sets of one type that hide different members would return
 * members the document does not name. A TypeError when the endpoint is made.
 */
export function refuseTypesHiddenUnalike(model: Model, served: ReadonlyMap<string, SetRestrictions>): void {
  const byType = new Map<EntityType, { set: string; hidden: string }>();
  for (const [name, service] of served) {
    const set = model.entitySets.get(name);
    if (set === undefined) continue;
    const hidden = Object.entries(service.rules ?? {})
      .filter(([path, rule]) => rule.select === false && !crossesNavigation(set.entityType, path))
      .map(([path]) => path)
      .sort()
      .join(', ');
    const other = byType.get(set.entityType);
    if (other === undefined) byType.set(set.entityType, { set: name, hidden });
    else if (other.hidden !== hidden)
      throw new TypeError(
        `odataEndpoint: '${other.set}' and '${name}' hold ${set.entityType.name}, which $metadata describes once, but their rules hide different members (${other.hidden || 'none'}; ${hidden || 'none'}): give both the same select rules`,
      );
  }
}

/** Whether a property path of the type goes through a navigation property. */
function crossesNavigation(type: StructuredType, path: string): boolean {
  let at: StructuredType | undefined = type;
  for (const name of path.split('/')) {
    const property: ModelProperty | undefined = at?.properties.get(name);
    if (property === undefined) return false;
    if (property.kind === 'navigation') return true;
    at = typeof property.type === 'object' && property.type.kind === 'complex' ? property.type : undefined;
  }
  return false;
}
