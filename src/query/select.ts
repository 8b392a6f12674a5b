// The projection of a request (`$select`, the service's `fields`): which properties each row keeps
// (docs/query.md, "Projection").

import type { Property, Schema } from '../types/schema.js';
import { suggestName } from '../language/suggest-name.js';
import type { SelectItem } from '../types/query-plan.js';
import { type Report, shorten } from './report.js';
import { type Rules, visibleItems, withoutHidden } from './rules.js';

/** A property path: names joined by `/`. */
const PATH = /^[A-Za-z_][A-Za-z0-9_]*(?:\/[A-Za-z_][A-Za-z0-9_]*)*$/;

export interface SelectReading {
  /** `fields` matches names in any case; `$select` as the schema spells them, and takes `*`. */
  readonly spelling: 'service' | 'odata';
  readonly schema: Schema;
  readonly rules: Rules;
}

/** A `$select` or `fields` read: what each row keeps, and the relations `$select` names. */
export interface Selection {
  /** The items each row keeps, or undefined for every property. */
  readonly items: SelectItem[] | undefined;
  /**
   * The relations `$select` names, in its order (OData: their navigation links, which minimal
   * metadata leaves out; an expanded one is inlined as its expansion says). They add nothing to
   * the rows; the context URL names them.
   */
  readonly relations: readonly string[];
}

/**
 * The items of a `$select` or `fields` value, or undefined for `*` (every property), and the
 * relations `$select` names (the service's `fields` names none); issues are reported at the item's
 * span. A `$select` that names relations alone keeps the rows' `key`, so that each row is there.
 */
export function selectOf(
  [name, value]: readonly [string, string],
  reading: SelectReading & { readonly key: readonly string[] },
  issue: Report,
): Selection {
  if (value.trim() === '') {
    issue(
      'syntax',
      'invalid_option_value',
      name,
      `Option '${name}' is empty: name the properties to keep, or leave the option out`,
    );
    return { items: [], relations: [] };
  }
  const items: SelectItem[] = [];
  const relations: string[] = [];
  let all = false;
  let at = 0;
  for (const raw of value.split(',')) {
    const start = at + (raw.length - raw.trimStart().length);
    at += raw.length + 1;
    const item = raw.trim();
    const end = start + item.length;
    if (item === '*' && reading.spelling === 'odata') {
      all = true;
      continue;
    }
    if (!PATH.test(item)) {
      const what =
        item === ''
          ? 'an item is empty'
          : `'${shorten(item)}' is not a property ${reading.spelling === 'odata' ? 'path' : 'name'}`;
      issue('syntax', 'invalid_option_value', name, `Option '${name}': ${what}`, start, end);
      continue;
    }
    const found = selectedProperty(reading, item.split('/'), name, { start, end }, issue, reading.spelling === 'odata');
    if (found === undefined) continue;
    if ('relation' in found) {
      if (!relations.includes(found.relation)) relations.push(found.relation);
    } else items.push(found);
  }
  if (all) return { items: visibleItems(reading.schema, reading.rules), relations };
  if (items.length === 0 && relations.length > 0) {
    // Only the key members the rules show: a hidden one is never in a row, nor named by a message.
    for (const key of reading.key) {
      if (!reading.rules.allows('select', key.split('/'))) continue;
      const found = selectedProperty(reading, key.split('/'), name, { start: 0, end: 0 }, issue);
      if (found !== undefined && !('relation' in found)) items.push(found);
    }
    if (items.length === 0 && reading.key.length > 0)
      issue(
        'type',
        'not_selectable',
        name,
        `Option '${name}': it names only relations, and ${reading.schema.name} shows no key to keep in their place: name a property too`,
        0,
        value.length,
      );
  }
  return { items: withoutHidden(withoutCovered(items), reading.rules), relations };
}

/** The property a select item names, its path as the schema spells it; undefined once an issue is reported. */
function selectedProperty(
  reading: SelectReading,
  written: readonly string[],
  name: string,
  span: { start: number; end: number },
  issue: Report,
  relationsNamed = false,
): SelectItem | { readonly relation: string } | undefined {
  let properties = reading.schema.properties;
  const path: string[] = [];
  let property: Property | undefined;
  for (let i = 0; i < written.length; i++) {
    property = lookUp(properties, written[i]!, reading.spelling === 'service');
    const shown = [...path, written[i]].join('/');
    if (property === undefined) {
      // Only names the rules let a projection show are suggested, so no message tells a hidden one exists.
      const selectable = [...properties.keys()].filter((n) => reading.rules.allows('select', [...path, n]));
      const suggestion = suggestName(written[i]!, selectable);
      issue(
        'type',
        'unknown_property',
        name,
        `Option '${name}': property '${shown}' does not exist on ${reading.schema.name}${suggestion === undefined ? '' : ` (did you mean '${suggestion}'?)`}`,
        span.start,
        span.end,
      );
      return undefined;
    }
    path.push(property.name);
    const last = i === written.length - 1;
    // OData's `$select` may name a relation (its navigation link) that the rules let it select;
    // the service's `fields` may not, nor a path through one.
    const namedRelation = property.kind !== 'primitive' && property.relation && last && relationsNamed;
    if (namedRelation && reading.rules.allows('select', path)) return { relation: path.join('/') };
    if (property.kind !== 'primitive' && property.relation && !namedRelation) {
      issue(
        'type',
        'not_selectable',
        name,
        `Option '${name}': '${path.join('/')}' is a relation to other rows, which a projection does not hold: expand it`,
        span.start,
        span.end,
      );
      return undefined;
    }
    if (!reading.rules.allows('select', path)) {
      issue(
        'type',
        'not_selectable',
        name,
        `Option '${name}': property '${path.join('/')}' of ${reading.schema.name} cannot be selected`,
        span.start,
        span.end,
      );
      return undefined;
    }
    if (last) break;
    if (property.kind === 'collection') {
      issue(
        'type',
        'collection_path',
        name,
        `Option '${name}': '${path.join('/')}' is a collection; select it whole`,
        span.start,
        span.end,
      );
      return undefined;
    }
    if (property.kind === 'primitive') {
      issue(
        'type',
        'not_structured',
        name,
        `Option '${name}': '${path.join('/')}' is ${property.type} and has no properties`,
        span.start,
        span.end,
      );
      return undefined;
    }
    properties = property.properties;
  }
  return { path, property: property! };
}

/**
 * A property by name: as spelt, or, where names are case-insensitive, the one property whose name
 * matches in any case (two such properties match none, so the name must be spelt exactly).
 */
export function lookUp(
  properties: ReadonlyMap<string, Property>,
  name: string,
  anyCase: boolean,
): Property | undefined {
  const exact = properties.get(name);
  if (exact !== undefined || !anyCase) return exact;
  const lower = name.toLowerCase();
  const matches = [...properties.values()].filter((p) => p.name.toLowerCase() === lower);
  return matches.length === 1 ? matches[0] : undefined;
}

/** The items in order, each once, leaving out those under a structure that is kept whole. */
function withoutCovered(items: readonly SelectItem[]): SelectItem[] {
  const joined = items.map((item) => item.path.join('/'));
  return items.filter((_, i) => {
    const path = joined[i]!;
    return !joined.some((other, j) => (other === path ? j < i : path.startsWith(`${other}/`)));
  });
}

/**
 * A resource's `defaultSelect` read as a request's select would be; a path the schema lacks, or
 * that a projection cannot hold, is a TypeError (a programmer's error).
 */
export function defaultSelectOf(schema: Schema, paths: readonly string[], rules: Rules): SelectItem[] {
  if (!Array.isArray(paths))
    throw new TypeError(`Resource ${schema.name}: \`defaultSelect\` is a list of property paths`);
  const problems: string[] = [];
  const items = paths.map((path) =>
    selectedProperty(
      { spelling: 'odata', schema, rules },
      String(path).split('/'),
      'defaultSelect',
      { start: 0, end: 0 },
      (_k, _c, _o, message) => problems.push(message),
    ),
  );
  if (problems.length > 0)
    throw new TypeError(
      `Resource ${schema.name}: ${problems[0]!.replace("Option 'defaultSelect'", '`defaultSelect`')}`,
    );
  return withoutHidden(withoutCovered(items as SelectItem[]), rules);
}
