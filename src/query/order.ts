// `orderby` (docs/query.md, "Order"): property paths, each ascending or descending, read against
// one level of a request — the resource, or a relation an expansion orders — and completed by
// that level's key, so that the order is total.

import type { PrimitiveProperty, Property, Schema } from '../types/schema.js';
import { findProperty } from '../types/schema.js';
import { suggestName } from '../types/suggest.js';
import type { OrderKey } from './plan.js';
import type { Report } from './report.js';
import { shorten } from './report.js';
import type { Rules } from './rules.js';

/** The rows an option reads — the resource's, or a relation's: their schema, their key, and the resource's rules as they see them (scopedRules). */
export interface Level {
  readonly schema: Schema;
  readonly key: readonly string[];
  readonly rules: Rules;
}

/** One item of `orderby`: a property path, then `asc` or `desc` after whitespace. */
const ORDER_ITEM = /^(\s*)([A-Za-z_][A-Za-z0-9_]*(?:\/[A-Za-z_][A-Za-z0-9_]*)*)(?:\s+(asc|desc))?\s*$/i;

/** `orderby`: comma-separated property paths of primitives, each `asc` (the default) or `desc`. */
export function orderOf([name, value]: readonly [string, string], level: Level, issue: Report): OrderKey[] {
  const keys: OrderKey[] = [];
  let at = 0;
  for (const item of value.split(',')) {
    const start = at;
    at += item.length + 1;
    const match = ORDER_ITEM.exec(item);
    if (match === null) {
      const what = item.includes('(') ? 'ordering by an expression is not supported yet' : 'an item is a property path, then asc or desc';
      issue(item.includes('(') ? 'unsupported' : 'syntax', item.includes('(') ? 'unsupported' : 'invalid_option_value', name, `Option '${name}': '${shorten(item.trim())}' cannot be ordered by: ${what}`, start, start + item.length);
      continue;
    }
    const path = match[2]!.split('/');
    const span = { start: start + match[1]!.length, end: start + match[1]!.length + match[2]!.length };
    const found = orderProperty(level.schema, path, name, span, issue);
    if (found !== undefined && !level.rules.allows('sort', path)) {
      issue('type', 'not_sortable', name, `Option '${name}': property '${match[2]}' of ${level.schema.name} cannot be used to order`, span.start, span.end);
      continue;
    }
    if (found === undefined) continue;
    if (keys.some((k) => k.path.join('/') === match[2])) {
      issue('syntax', 'invalid_option_value', name, `Option '${name}' orders by '${match[2]}' twice`, span.start, span.end);
      continue;
    }
    keys.push({ path, property: found.property, nullable: found.nullable, descending: match[3]?.toLowerCase() === 'desc' });
  }
  return keys;
}

/** The primitive property a path of `orderby` names, outside collections; undefined once an issue is reported. */
function orderProperty(schema: Schema, path: readonly string[], name: string, span: { start: number; end: number }, issue: Report): { property: PrimitiveProperty; nullable: boolean } | undefined {
  let properties = schema.properties;
  let property: Property | undefined;
  let filterable = true;
  let nullable = false;
  for (let i = 0; i < path.length; i++) {
    property = properties.get(path[i]!);
    const written = path.slice(0, i + 1).join('/');
    if (property === undefined) {
      const suggestion = suggestName(path[i]!, properties.keys());
      issue('type', 'unknown_property', name, `Option '${name}': property '${written}' does not exist on ${schema.name}${suggestion === undefined ? '' : ` (did you mean '${suggestion}'?)`}`, span.start, span.end);
      return undefined;
    }
    filterable &&= property.filterable;
    nullable ||= property.kind !== 'collection' && property.nullable;
    if (property.kind === 'collection') {
      issue('type', 'collection_value', name, `Option '${name}': '${written}' is a collection, which orders nothing`, span.start, span.end);
      return undefined;
    }
    if (property.kind === 'structured') {
      if (i === path.length - 1) {
        issue('type', 'structured_value', name, `Option '${name}': '${written}' is a structured property; order by one of its properties`, span.start, span.end);
        return undefined;
      }
      properties = property.properties;
    } else if (i < path.length - 1) {
      issue('type', 'not_structured', name, `Option '${name}': '${written}' is ${property.type} and has no properties`, span.start, span.end);
      return undefined;
    }
  }
  if (!filterable) {
    issue('type', 'not_filterable', name, `Option '${name}': property '${path.join('/')}' of ${schema.name} cannot be used to order`, span.start, span.end);
    return undefined;
  }
  return { property: property as PrimitiveProperty, nullable };
}

/** The request's order, then every key path it does not name, ascending: a total order. */
export function completeOrder(requested: readonly OrderKey[], level: Level): OrderKey[] {
  const named = new Set(requested.map((k) => k.path.join('/')));
  // The key's properties are non-nullable primitives (checkKey); a structure on the way may not be: no matter, a key is never null.
  const key = level.key.filter((k) => !named.has(k)).map((k) => ({ path: k.split('/'), property: findProperty(level.schema, k.split('/')) as PrimitiveProperty, nullable: false, descending: false }));
  return [...requested, ...key];
}

