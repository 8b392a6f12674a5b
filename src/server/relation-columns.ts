// The columns of a row's single-valued relations, for a filter or an order that reads through one
// (`Category/Name eq 'Tools'`, `Category/Parent/Name`): each member read as a scalar subquery on
// the relation's table (`relations`, which an expansion reads too), by the row's reference to its
// related row, nested for a relation of the related row. A row without one, or whose reference
// finds no row, reads null, as a relation that is null does. A path through a relation of a
// collection's element (`Products/any(p: p/Category/Name eq 'Tools')`) is refused by name.

import type { CollectionStorage, ColumnMapper, ColumnMapping, Dialect, RelatedTable } from '../backends/sql/index.js';
import { findProperty, type Schema } from '../types/schema.js';

/** The related tables' aliases in the subqueries (`related_row_1`, …, one per level). */
const RELATED = 'related_row';

/** What the mapping reads: the row's table, its own columns, and its relations' tables. */
export interface RelationColumnsOptions {
  readonly dialect: Dialect;
  readonly table: string;
  readonly columns?: ColumnMapping;
  readonly relations?: { readonly [schemaPath: string]: RelatedTable };
}

/**
 * The caller's column mapping, then, for a path through a relation of `relations` it does not
 * map, the member of the related row; undefined (the default column) for every other path. A path
 * through a relation of the schema that neither maps is an error of the mapping.
 */
export function withRelationColumns(options: RelationColumnsOptions, schema: Schema): ColumnMapping | undefined {
  const relations = options.relations ?? {};
  const own = options.columns;
  const { dialect, table } = options;
  const q = (name: string): string => dialect.quoteIdentifier(name);
  /** The member at `path` of the row `from` (whose relations are under `prefix`), through the nearest relation; undefined where none is crossed. */
  const through = (path: readonly string[], from: string, prefix: string, level: number): string | undefined => {
    for (let length = 1; length < path.length; length++) {
      const name = `${prefix}${path.slice(0, length).join('/')}`;
      if (!Object.hasOwn(relations, name)) continue;
      const related = relations[name]!;
      const member = path.slice(length);
      // Each level's related row has an alias of its own: a relation to rows of the same table names it too.
      const alias = `${RELATED}_${level}`;
      const columns = related.columns;
      // The related row's columns as an expansion names them: by the relation's mapping, relative to its table.
      const column =
        through(member, alias, `${name}/`, level + 1) ??
        `${alias}.${(typeof columns === 'function' ? columns(member) : columns?.[member.join('/')]) ?? q(member.join('_'))}`;
      return `(SELECT ${column} FROM ${related.table} ${alias} WHERE ${alias}.${q(related.key)} = ${from}.${q(related.reference)})`;
    }
    return undefined;
  };
  const mapper: ColumnMapper = (path) => {
    const mapped = typeof own === 'function' ? own(path) : own?.[path.join('/')];
    if (mapped !== undefined && mapped !== null) return mapped;
    // A relation without a table here would be read as a column of the row that is not there:
    // refused by name (an 'unsupported' FilterError at the member) rather than left to the engine.
    for (let length = 1; length < path.length; length++) {
      const at = path.slice(0, length);
      const property = findProperty(schema, at);
      if (property?.kind === 'structured' && property.relation && !Object.hasOwn(relations, at.join('/')))
        throw new Error(`'${at.join('/')}' is a relation whose table this source is not given (its relations)`);
    }
    return through(path, table, '', 1);
  };
  return mapper;
}

/**
 * The collections in child tables, each member's mapping refusing a path through a relation of
 * the element that the caller's mapping does not map: the element's table is read under an alias
 * the compiler gives it, so its relations cannot be read as the row's are. Refused by name (an
 * 'unsupported' FilterError at the member), never sent to the engine as a column that is not there.
 */
export function withElementRelationsRefused(
  collections: CollectionStorage | undefined,
  schema: Schema,
): CollectionStorage | undefined {
  if (collections === undefined) return undefined;
  const guarded: Record<string, CollectionStorage[string]> = {};
  for (const [path, storage] of Object.entries(collections)) {
    if (!('table' in storage) || storage.value !== undefined) {
      guarded[path] = storage;
      continue;
    }
    const own = storage.columns;
    const collection = path.split('/');
    const columns: ColumnMapper = (member) => {
      const mapped = typeof own === 'function' ? own(member) : own?.[member.join('/')];
      if (mapped !== undefined && mapped !== null) return mapped;
      for (let length = 1; length < member.length; length++) {
        const property = findProperty(schema, [...collection, ...member.slice(0, length)]);
        if (property?.kind === 'structured' && property.relation)
          throw new Error(
            `'${member.slice(0, length).join('/')}' is a relation of the elements of '${path}', which this source reads only from the row`,
          );
      }
      return undefined;
    };
    guarded[path] = { ...storage, columns };
  }
  return guarded;
}
