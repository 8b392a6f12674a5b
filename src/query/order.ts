// `orderby` (docs/query.md, "Order"): property paths, each ascending or descending, read against
// one level of a request — the resource, or a relation an expansion orders — and completed by
// that level's key, so that the order is total.

import { type PrimitiveProperty, type Property, type Schema, findProperty } from '../types/schema.js';
import { suggestName } from '../language/suggest-name.js';
import type { OrderKey } from '../types/query-plan.js';
import type { Report } from './report.js';
import { type Rules, orderSchemaOf } from './rules.js';
import type { QueryPolicy } from './policy.js';
import { checkAllowed } from '../types/allowed.js';
import { splitTopLevel } from './split.js';
import { checkValue } from '../types/check.js';
import { isFilterError, type FilterIssueCode } from '../errors.js';
import type { TypedExpr } from '../types/typed.js';
import { callsNow } from '../lower/now.js';

/** The rows an option reads — the resource's, or a relation's: their schema, their key, the resource's rules as they see them (scopedRules), and the policy. */
export interface Level {
  readonly schema: Schema;
  readonly key: readonly string[];
  readonly rules: Rules;
  readonly policy: QueryPolicy;
}

/** The most items an `orderby` lists where the policy does not say (its `maxOrderKeys`). */
export const DEFAULT_MAX_ORDER_KEYS = 32;

/** One item of `orderby`: a property path, then `asc` or `desc` after whitespace. */
const ORDER_ITEM = /^(\s*)([A-Za-z_][A-Za-z0-9_]*(?:\/[A-Za-z_][A-Za-z0-9_]*)*)(?:\s+(asc|desc))?\s*$/i;

/** An item that is an expression: its text, then `asc` or `desc` after whitespace. */
const EXPRESSION_ITEM = /^([\s\S]*?)(?:\s+(asc|desc))?\s*$/i;

/**
 * `orderby`: comma-separated property paths of primitives or expressions (`length(Code)`,
 * `year(StartDateTime)`), each `asc` (the default) or `desc`.
 */
export function orderOf([name, value]: readonly [string, string], level: Level, issue: Report): OrderKey[] {
  const keys: OrderKey[] = [];
  const parts = splitTopLevel(value, ',');
  if (parts === undefined) {
    issue(
      'syntax',
      'invalid_option_value',
      name,
      `Option '${name}': a parenthesis or quote is left open, or closes nothing`,
      0,
      value.length,
    );
    return keys;
  }
  const most = level.policy.maxOrderKeys ?? DEFAULT_MAX_ORDER_KEYS;
  if (parts.length > most) {
    // Refused before any item is read: reading them is the cost the bound keeps.
    issue(
      'limit',
      'too_many_order_keys',
      name,
      `Option '${name}' lists ${parts.length} items; an order has at most ${most}`,
      parts[most]!.start,
      value.length,
    );
    return keys;
  }
  for (const { text: item, start } of parts) {
    const match = ORDER_ITEM.exec(item);
    if (match === null) {
      const key = expressionKey(item, start, level, name, issue);
      if (key !== undefined) keys.push(key);
      continue;
    }
    const path = match[2]!.split('/');
    const span = { start: start + match[1]!.length, end: start + match[1]!.length + match[2]!.length };
    const found = orderProperty(level, path, name, span, issue);
    if (found !== undefined && !level.rules.allows('sort', path)) {
      issue(
        'type',
        'not_sortable',
        name,
        `Option '${name}': property '${match[2]}' of ${level.schema.name} cannot be used to order`,
        span.start,
        span.end,
      );
      continue;
    }
    if (found === undefined) continue;
    if (keys.some((k) => k.expression === undefined && k.path.join('/') === match[2])) {
      issue(
        'syntax',
        'invalid_option_value',
        name,
        `Option '${name}' orders by '${match[2]}' twice`,
        span.start,
        span.end,
      );
      continue;
    }
    keys.push({
      path,
      property: found.property,
      nullable: found.nullable,
      descending: match[3]?.toLowerCase() === 'desc',
    });
  }
  return keys;
}

/**
 * An item that orders by an expression: checked as a filter's operand is (the policy's limits,
 * functions and operators; the rules' `sort` for every property it reads), at its place in the option.
 */
function expressionKey(item: string, start: number, level: Level, name: string, issue: Report): OrderKey | undefined {
  const match = EXPRESSION_ITEM.exec(item)!;
  const text = match[1]!;
  const offset = start + (text.length - text.trimStart().length);
  const expression = text.trim();
  if (expression === '') {
    issue('syntax', 'invalid_option_value', name, `Option '${name}': an item is empty`, start, start + item.length);
    return undefined;
  }
  const at: Report = (kind, code, option, message, s = 0, e = 0) =>
    issue(kind, code, option, message, offset + s, offset + e);
  let typed: TypedExpr;
  try {
    // Checked with what the rules keep from orders marked unfilterable: the checker refuses it
    // (reported here as not_sortable) and never offers it in a suggestion or a list.
    typed = checkValue(expression, orderSchemaOf(level.schema, level.rules), {
      ...level.policy.filterLimits,
      version: level.policy.version,
    });
  } catch (error) {
    if (!isFilterError(error)) throw error;
    for (const i of error.issues) {
      if (i.code === 'not_filterable')
        at(
          'type',
          'not_sortable',
          name,
          `Option '${name}': property '${expression.slice(i.start, i.end)}' of ${level.schema.name} cannot be used to order`,
          i.start,
          i.end,
        );
      else at(error.kind, i.code as FilterIssueCode, name, `Option '${name}': ${i.message}`, i.start, i.end);
    }
    return undefined;
  }
  if (callsNow(typed)) {
    at(
      'unsupported',
      'unsupported',
      name,
      `Option '${name}': ordering by now() is not supported: it is one instant for every row`,
      0,
      expression.length,
    );
    return undefined;
  }
  let failed = false;
  checkAllowed(typed, level.policy, name, (...args) => {
    failed = true;
    at(...args);
  });
  if (failed) return undefined;
  const property: PrimitiveProperty = {
    kind: 'primitive',
    name: expression,
    type: typed.type,
    nullable: true,
    filterable: true,
  };
  return { path: [], property, nullable: true, descending: match[2]?.toLowerCase() === 'desc', expression: typed };
}

/** The primitive property a path of `orderby` names, outside collections; undefined once an issue is reported. */
function orderProperty(
  { schema, rules }: Pick<Level, 'schema' | 'rules'>,
  path: readonly string[],
  name: string,
  span: { start: number; end: number },
  issue: Report,
): { property: PrimitiveProperty; nullable: boolean } | undefined {
  let properties = schema.properties;
  let property: Property | undefined;
  let filterable = true;
  let nullable = false;
  for (let i = 0; i < path.length; i++) {
    property = properties.get(path[i]!);
    const written = path.slice(0, i + 1).join('/');
    if (property === undefined) {
      // Only names the rules let an order read are suggested, so no message tells a hidden one exists.
      const sortable = [...properties]
        .filter(([n, p]) => filterable && p.filterable && rules.allows('sort', [...path.slice(0, i), n]))
        .map(([n]) => n);
      const suggestion = suggestName(path[i]!, sortable);
      issue(
        'type',
        'unknown_property',
        name,
        `Option '${name}': property '${written}' does not exist on ${schema.name}${suggestion === undefined ? '' : ` (did you mean '${suggestion}'?)`}`,
        span.start,
        span.end,
      );
      return undefined;
    }
    filterable &&= property.filterable;
    nullable ||= property.kind !== 'collection' && property.nullable;
    if (property.kind === 'collection') {
      issue(
        'type',
        'collection_value',
        name,
        `Option '${name}': '${written}' is a collection, which orders nothing`,
        span.start,
        span.end,
      );
      return undefined;
    }
    if (property.kind === 'structured') {
      if (i === path.length - 1) {
        issue(
          'type',
          'structured_value',
          name,
          `Option '${name}': '${written}' is a structured property; order by one of its properties`,
          span.start,
          span.end,
        );
        return undefined;
      }
      properties = property.properties;
    } else if (i < path.length - 1) {
      issue(
        'type',
        'not_structured',
        name,
        `Option '${name}': '${written}' is ${property.type} and has no properties`,
        span.start,
        span.end,
      );
      return undefined;
    }
  }
  if (!filterable) {
    issue(
      'type',
      'not_filterable',
      name,
      `Option '${name}': property '${path.join('/')}' of ${schema.name} cannot be used to order`,
      span.start,
      span.end,
    );
    return undefined;
  }
  return { property: property as PrimitiveProperty, nullable };
}

/** The request's order, then every key path it does not name, ascending: a total order. */
export function completeOrder(requested: readonly OrderKey[], level: Level): OrderKey[] {
  const named = new Set(requested.map((k) => k.path.join('/')));
  // The key's properties are non-nullable primitives (checkKey); a structure on the way may not be: no matter, a key is never null.
  const key = level.key
    .filter((k) => !named.has(k))
    .map((k) => ({
      path: k.split('/'),
      property: findProperty(level.schema, k.split('/')) as PrimitiveProperty,
      nullable: false,
      descending: false,
    }));
  return [...requested, ...key];
}
