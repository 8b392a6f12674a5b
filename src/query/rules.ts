// A resource's rules per property (docs/query.md, "Rules"): which properties a request may filter
// by, order by, select and expand. A rule on a structure or collection holds for everything under
// it; paths go through collections by the collection's name (`Sessions/Capacity`).

import type { CollectionProperty, Property, PrimitiveProperty, Schema, StructuredProperty } from '../types/schema.js';
import type { SelectItem } from '../types/query-plan.js';

/** What a request may do with a property; each is allowed unless `false`. */
export interface PropertyRule {
  /** In a filter, anywhere: lambdas, `$count`, functions, `cast`. */
  readonly filter?: boolean;
  /** In `orderby`. */
  readonly sort?: boolean;
  /** In a projection, and in rows at all: a property that cannot be selected is never returned. */
  readonly select?: boolean;
  /** In `expand` (a relation). */
  readonly expand?: boolean;
}

/** Rules by schema path: `{ 'Owner/Email': { filter: false, select: false }, Sessions: { expand: false } }`. */
export type PropertyRules = { readonly [path: string]: PropertyRule };

export type RuleName = keyof PropertyRule;

const RULE_NAMES: ReadonlySet<string> = new Set<RuleName>(['filter', 'sort', 'select', 'expand']);

/** Checked rules of a resource: which schema paths each rule forbids. */
export interface Rules {
  /** Whether the rule allows the property at the path (and at every path above it). */
  allows(rule: RuleName, path: readonly string[]): boolean;
  /** The paths a rule forbids. */
  forbidden(rule: RuleName): readonly string[];
}

const CHECKED = new WeakMap<PropertyRules, Rules>();

/** A resource's rules, checked once; a path the schema lacks, or a rule no one knows, is a TypeError (a programmer's error). */
export function rulesOf(schema: Schema, rules: PropertyRules | undefined): Rules {
  if (rules === undefined) return NO_RULES;
  const known = CHECKED.get(rules);
  if (known !== undefined) return known;
  if (rules === null || typeof rules !== 'object')
    throw new TypeError(`Resource ${schema.name}: \`rules\` is an object of rules by property path`);
  const forbidden = new Map<RuleName, string[]>();
  for (const [path, rule] of Object.entries(rules)) {
    if (propertyAt(schema, path.split('/')) === undefined)
      throw new TypeError(
        `Resource ${schema.name}: \`rules\` names '${path}', which is no property path of the schema`,
      );
    if (rule === null || typeof rule !== 'object')
      throw new TypeError(`Resource ${schema.name}: the rule of '${path}' is not an object`);
    for (const [name, value] of Object.entries(rule)) {
      if (!RULE_NAMES.has(name) || typeof value !== 'boolean')
        throw new TypeError(
          `Resource ${schema.name}: the rule of '${path}' has ${name}: ${String(value)}; a rule is { filter?, sort?, select?, expand? }, each true or false`,
        );
      if (value === false) forbidden.set(name as RuleName, [...(forbidden.get(name as RuleName) ?? []), path]);
    }
  }
  const checked: Rules = {
    allows: (rule, path) => {
      const joined = path.join('/');
      return !(forbidden.get(rule) ?? []).some((p) => joined === p || joined.startsWith(`${p}/`));
    },
    forbidden: (rule) => forbidden.get(rule) ?? [],
  };
  CHECKED.set(rules, checked);
  return checked;
}

const NO_RULES: Rules = { allows: () => true, forbidden: () => [] };

/**
 * The rules as the rows of a relation see them (paths from the relation's rows): `prefix` is the
 * relation's schema path. A rule on the relation or above it holds for every path of its rows.
 */
export function scopedRules(rules: Rules, prefix: readonly string[]): Rules {
  if (prefix.length === 0) return rules;
  const at = `${prefix.join('/')}/`;
  return {
    allows: (rule, path) => rules.allows(rule, [...prefix, ...path]),
    forbidden: (rule) =>
      rules
        .forbidden(rule)
        .flatMap((p) => (p.startsWith(at) ? [p.slice(at.length)] : at.startsWith(`${p}/`) ? ['*'] : [])),
  };
}

/** The property at a schema path, going through collections to their elements' members. */
function propertyAt(schema: Schema, path: readonly string[]): Property | undefined {
  let properties: ReadonlyMap<string, Property> = schema.properties;
  let property: Property | undefined;
  for (const name of path) {
    if (property !== undefined) {
      const inner: Property = property.kind === 'collection' ? property.element : property;
      if (inner.kind !== 'structured') return undefined;
      properties = inner.properties;
    }
    property = properties.get(name);
    if (property === undefined) return undefined;
  }
  return property;
}

const RESTRICTED_SCHEMAS = new Map<RuleName, WeakMap<Rules, WeakMap<Schema, Schema>>>();

/**
 * The schema a request's filter is checked against: the resource's, with every property the
 * rules keep from filters marked `filterable: false`, so that the checker refuses it wherever a
 * filter names it (`not_filterable`), inside lambdas too.
 */
export function filterSchemaOf(schema: Schema, rules: Rules): Schema {
  return restrictedSchemaOf(schema, rules, 'filter');
}

/**
 * The schema an order expression is checked against: the resource's, with every property the
 * rules keep from orders marked `filterable: false`, so that the checker refuses it wherever the
 * expression reads it, inside lambdas too (the order reports it as `not_sortable`), and no
 * message of the checker offers it.
 */
export function orderSchemaOf(schema: Schema, rules: Rules): Schema {
  return restrictedSchemaOf(schema, rules, 'sort');
}

/** The schema with every property `rule` forbids marked `filterable: false`, made once per rules and schema. */
function restrictedSchemaOf(schema: Schema, rules: Rules, rule: 'filter' | 'sort'): Schema {
  if (rules.forbidden(rule).length === 0) return schema;
  let byRules = RESTRICTED_SCHEMAS.get(rule);
  if (byRules === undefined) RESTRICTED_SCHEMAS.set(rule, (byRules = new WeakMap()));
  let bySchema = byRules.get(rules);
  if (bySchema === undefined) byRules.set(rules, (bySchema = new WeakMap()));
  let restricted = bySchema.get(schema);
  if (restricted === undefined) {
    const properties = restrict(schema.properties, [], rules.forbidden(rule), new Map());
    // The type stays, so that a type-cast segment reads this schema's properties where the cast
    // type shares them (src/types/check/derived-types.ts), and what is kept from filters stays kept.
    restricted = {
      name: schema.name,
      properties,
      ...(schema.type && { type: schema.type }),
      ...(schema.functions && { functions: schema.functions }),
    };
    bySchema.set(schema, restricted);
  }
  return restricted;
}

type Properties = ReadonlyMap<string, Property>;

/**
 * The properties with each forbidden path, and everything under it, marked `filterable: false`.
 * Only the structures on the way to a forbidden path are copied and the rest shared, so a model
 * whose types lead back to each other stays a finite graph.
 */
function restrict(
  properties: Properties,
  prefix: readonly string[],
  forbidden: readonly string[],
  sealed: Map<Properties, Properties>,
): Properties {
  return new Map(
    [...properties].map(([name, property]) => {
      const path = [...prefix, name];
      const joined = path.join('/');
      if (forbidden.includes(joined)) return [name, seal(property, sealed)];
      if (!forbidden.some((p) => p.startsWith(`${joined}/`))) return [name, property];
      if (property.kind === 'structured')
        return [name, { ...property, properties: restrict(property.properties, path, forbidden, sealed) }];
      if (property.kind === 'collection' && property.element.kind === 'structured') {
        const element = property.element;
        return [
          name,
          { ...property, element: { ...element, properties: restrict(element.properties, path, forbidden, sealed) } },
        ];
      }
      return [name, property];
    }),
  );
}

/** A property and everything under it marked `filterable: false`; each structure's members are sealed once. */
function seal<P extends Property>(property: P, sealed: Map<Properties, Properties>): P {
  if (property.kind === 'primitive') return { ...property, filterable: false };
  if (property.kind === 'structured')
    return { ...property, filterable: false, properties: sealAll((property as StructuredProperty).properties, sealed) };
  const collection = property as CollectionProperty;
  const element: PrimitiveProperty | StructuredProperty = seal(collection.element, sealed);
  return { ...collection, filterable: false, element } as P;
}

function sealAll(properties: Properties, sealed: Map<Properties, Properties>): Properties {
  const known = sealed.get(properties);
  if (known !== undefined) return known;
  const out = new Map<string, Property>();
  // Registered before it is filled: a member that leads back here finds it.
  sealed.set(properties, out);
  for (const [name, property] of properties) out.set(name, seal(property, sealed));
  return out;
}

/**
 * The items a row keeps when every property is asked for (no projection, or `*`) and the rules
 * hide some: each property but the hidden ones and relations. Undefined when nothing is hidden:
 * the row is kept whole.
 */
export function visibleItems(schema: Schema, rules: Rules): SelectItem[] | undefined {
  if (rules.forbidden('select').length === 0) return undefined;
  const top = [...schema.properties.values()]
    .filter((p) => p.kind === 'primitive' || !p.relation)
    .map((property) => ({ path: [property.name], property }));
  return withoutHidden(
    top.filter((item) => rules.allows('select', item.path)),
    rules,
  );
}

/** Items with a structure that holds a hidden member replaced by its other members (relations left out), recursively. */
export function withoutHidden(items: readonly SelectItem[], rules: Rules): SelectItem[] {
  const hidden = rules.forbidden('select');
  if (hidden.length === 0) return [...items];
  return items.flatMap((item) => {
    const prefix = `${item.path.join('/')}/`;
    if (item.property.kind === 'collection' && !item.property.relation) {
      // Elements are kept whole; the members the rules hide are named for the backends to drop.
      const within = hidden.filter((p) => p.startsWith(prefix)).map((p) => p.slice(prefix.length).split('/'));
      return [within.length === 0 ? item : { ...item, hidden: within }];
    }
    if (item.property.kind !== 'structured' || !hidden.some((p) => p.startsWith(prefix))) return [item];
    const members = [...item.property.properties.values()]
      .filter((m) => (m.kind === 'primitive' || !m.relation) && rules.allows('select', [...item.path, m.name]))
      .map((m) => ({ path: [...item.path, m.name], property: m }));
    return withoutHidden(members, rules);
  });
}
