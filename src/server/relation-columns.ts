// The columns of a row's single-valued relations, for a filter or an order that reads through one
// (`Category/Name eq 'Tools'`): each member read as a scalar subquery on the relation's table
// (`relations`, which an expansion reads too), by the row's reference to its related row. A row
// without one, or whose reference finds no row, reads null, as a relation that is null does.

import type { ColumnMapper, ColumnMapping, Dialect, RelatedTable } from '../backends/sql/index.js';

/** The related table's alias in the subquery: apart from the row's table, which a relation to rows of the same table names too. */
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
 * map, the member of the related row; undefined (the default column) for every other path.
 */
export function withRelationColumns(options: RelationColumnsOptions): ColumnMapping | undefined {
  const relations = options.relations ?? {};
  if (Object.keys(relations).length === 0) return options.columns;
  const own = options.columns;
  const { dialect, table } = options;
  const q = (name: string): string => dialect.quoteIdentifier(name);
  const mapper: ColumnMapper = (path) => {
    const mapped = typeof own === 'function' ? own(path) : own?.[path.join('/')];
    if (mapped !== undefined && mapped !== null) return mapped;
    // The relation the path goes through, the nearest to the row first.
    for (let length = 1; length < path.length; length++) {
      const name = path.slice(0, length).join('/');
      if (!Object.hasOwn(relations, name)) continue;
      const related = relations[name]!;
      const member = path.slice(length);
      const columns = related.columns;
      // The related row's columns as an expansion names them: by the relation's mapping, relative to its table.
      const column =
        (typeof columns === 'function' ? columns(member) : columns?.[member.join('/')]) ?? q(member.join('_'));
      return `(SELECT ${RELATED}.${column} FROM ${related.table} ${RELATED} WHERE ${RELATED}.${q(related.key)} = ${table}.${q(related.reference)})`;
    }
    return undefined;
  };
  return mapper;
}
