// A row as a plan gives it back (docs/query.md, "Projection", "Expansion"): the properties it
// keeps, no relation but those it expands, and each expanded relation's rows filtered, ordered,
// paged and shaped in turn.

import type { ExpandItem, SelectItem } from '../../types/query-plan.js';
import type { Property, Schema } from '../../types/schema.js';
import { type PredicateOptions, compilePredicate } from './predicate.js';
import { rowOrder } from './order-rows.js';
import { projectRow } from './project.js';

type Fields = Record<string, unknown>;

/**
 * A function shaping rows of a schema as a plan (or an expanded relation) says; the identity where
 * there is nothing to do. `check` is called before each related row an expansion reads, and may
 * throw to stop the work (arraySource's timeout: a page row's related rows can be many).
 */
export function rowShaper(
  schema: Schema,
  select: readonly SelectItem[] | undefined,
  expand: readonly ExpandItem[],
  options: PredicateOptions,
  check: () => void = () => {},
): (row: unknown) => unknown {
  const relations = holdsRelations(schema.properties);
  const expansions = expand.map((item) => ({ item, read: expansionReader(item, options, check) }));
  if (select === undefined && !relations && expansions.length === 0) return (row) => row;
  return (row) => {
    if (row === null || typeof row !== 'object') return row;
    const shaped =
      select !== undefined
        ? projectRow(row, select)
        : relations
          ? withoutRelations(row as Fields, schema.properties)
          : { ...(row as Fields) };
    for (const { item, read } of expansions) place(shaped, row as Fields, item.path, read);
    return shaped;
  };
}

/** What an expanded relation's value becomes: its kept rows (to-many), or its row or null. */
function expansionReader(item: ExpandItem, options: PredicateOptions, check: () => void): (value: unknown) => unknown {
  const matches = item.filter === undefined ? () => true : compilePredicate(item.filter, options);
  const shape = rowShaper(item.schema, item.select, item.expand, options, check);
  if (!item.many)
    return (value) => {
      check();
      return value === null || value === undefined || !matches(value) ? null : shape(value);
    };
  const order = rowOrder<unknown>(item.orderBy, options.functions);
  return (value) => {
    const keyed = [];
    if (Array.isArray(value))
      for (const row of value) {
        check();
        if (row !== null && row !== undefined && matches(row)) keyed.push(order.keyed(row));
      }
    const ordered = order.sorted(keyed);
    const end = item.top === undefined ? undefined : item.skip + item.top;
    return ordered.slice(item.skip, end).map(shape);
  };
}

/** Puts the expanded value at its path in the shaped row, through structures (a null structure on the way stays null). */
function place(shaped: Fields, row: Fields, path: readonly string[], read: (value: unknown) => unknown): void {
  let from: unknown = row;
  let to = shaped;
  for (let i = 0; i < path.length - 1; i++) {
    const name = path[i]!;
    from = from !== null && typeof from === 'object' ? (from as Fields)[name] : undefined;
    if (from === null || from === undefined || typeof from !== 'object') return;
    const existing = to[name];
    to = to[name] = existing !== null && typeof existing === 'object' ? { ...(existing as Fields) } : {};
  }
  const last = path[path.length - 1]!;
  to[last] = read(from !== null && typeof from === 'object' ? (from as Fields)[last] : undefined);
}

/** A copy of the row without the relations of the schema (a relation is shown only when expanded). */
function withoutRelations(row: Fields, properties: ReadonlyMap<string, Property>): Fields {
  const copy: Fields = {};
  for (const [name, value] of Object.entries(row)) {
    const property = properties.get(name);
    if (property !== undefined && property.kind !== 'primitive' && property.relation) continue;
    copy[name] =
      property?.kind === 'structured' &&
      value !== null &&
      typeof value === 'object' &&
      holdsRelations(property.properties)
        ? withoutRelations(value as Fields, property.properties)
        : value;
  }
  return copy;
}

function holdsRelations(properties: ReadonlyMap<string, Property>): boolean {
  return [...properties.values()].some(
    (p) => p.kind !== 'primitive' && (p.relation || (p.kind === 'structured' && holdsRelations(p.properties))),
  );
}
