// The SELECT list of a plan that projects (docs/query.md, "Projection"): one column per primitive
// property kept — a structure kept whole gives each of its members — and a collection's JSON
// column, each named by its property path (`"PostalAddress/City"`).

import { unsupported } from '../../errors.js';
import type { SelectItem } from '../../types/query-plan.js';
import type { PrimitiveProperty, Property } from '../../types/schema.js';
import { CollectionTables } from './collections.js';
import { rowColumnsOf } from './compile.js';
import type { CompileSqlOptions } from './compile.js';
import { raw } from './fragment.js';
import type { Frag } from './fragment.js';

export interface SelectListOptions extends CompileSqlOptions {
  /**
   * The name each column is given in the result, from its property path (`PostalAddress/City`)
   * or the name of a column a query adds (`$key:Sessions`); by default the name itself. For an
   * engine that cuts long names (PostgreSQL keeps 63 bytes): the caller renames the rows back.
   */
  readonly alias?: (name: string) => string;
  /**
   * The SQL a kept primitive column is read with (its reference given): by default the column
   * itself; the text of an Int64, for a driver that would read it as a binary64 number.
   */
  readonly read?: (column: string, property: PrimitiveProperty) => string;
}

/** `<column> AS "<path>", …` for the items of a projection, over the caller's columns and collections. */
export function selectList(select: readonly SelectItem[], options: SelectListOptions): Frag {
  const { dialect } = options;
  const alias = options.alias ?? ((name: string) => name);
  const leaves = select.flatMap((item) =>
    leavesOf(item.path, item.property).map((leaf) =>
      item.hidden === undefined ? leaf : { ...leaf, hidden: item.hidden },
    ),
  );
  const primitives = leaves.filter((leaf) => leaf.property.kind === 'primitive');
  const columns = new Map(
    rowColumnsOf(
      options,
      primitives.map((leaf) => leaf.path),
    ).map((column, i) => [primitives[i]!, column]),
  );
  // Read only for a collection kept whole.
  let collections: CollectionTables | undefined;
  const items = leaves.map((leaf) => {
    const path = leaf.path.join('/');
    let column = columns.get(leaf);
    if (column !== undefined && options.read !== undefined)
      column = options.read(column, leaf.property as PrimitiveProperty);
    if (column === undefined) {
      collections ??= new CollectionTables(options.collections, dialect, undefined, 0);
      const storage = collections.storageOf({
        schemaPath: path,
        property: leaf.property as Extract<Property, { kind: 'collection' }>,
        start: 0,
        end: 0,
      });
      if (storage.kind !== 'json') {
        throw unsupported({
          construct: 'select_child_table',
          target: dialect.name,
          message: `The collection '${path}' is in a child table, which a projection cannot hold yet; store it as a JSON column, or leave it out of the projection`,
          start: 0,
          end: 0,
        });
      }
      column = options.table === undefined ? storage.column : `${options.table}.${storage.column}`;
      if (leaf.hidden !== undefined) column = withoutHidden(column, leaf, dialect);
    }
    return `${column} AS ${dialect.quoteIdentifier(alias(path))}`;
  });
  if (items.length === 0) {
    throw unsupported({
      construct: 'select_nothing',
      target: dialect.name,
      message: 'The projection keeps no column: each structure it names holds only relations',
      start: 0,
      end: 0,
    });
  }
  return raw(items.join(', '));
}

interface Leaf {
  readonly path: readonly string[];
  readonly property: Property;
  /** Members the elements of a collection of structures must not show (SelectItem.hidden). */
  readonly hidden?: readonly (readonly string[])[];
}

/**
 * The JSON column of a collection of structures rebuilt without the members the rules hide, where
 * the dialect can (through structures only); else the projection is refused by name.
 */
function withoutHidden(column: string, leaf: Leaf, dialect: CompileSqlOptions['dialect']): string {
  const hidden = leaf.hidden!;
  const element = leaf.property.kind === 'collection' ? leaf.property.element : undefined;
  const throughStructures = (path: readonly string[]): boolean => {
    let at: Property | undefined = element;
    for (const name of path) {
      if (at?.kind !== 'structured') return false;
      at = at.properties.get(name);
    }
    return at !== undefined && at.kind !== 'collection';
  };
  const without = dialect.jsonArrays?.without;
  if (without === undefined || !hidden.every(throughStructures)) {
    const path = leaf.path.join('/');
    throw unsupported({
      construct: 'select_hidden_member',
      target: dialect.name,
      // The hidden members are not named: the message may reach the caller they are hidden from.
      message: `The collection '${path}' holds members the rules hide, which the ${dialect.name} dialect cannot take out of its JSON: leave '${path}' out of the projection`,
      start: 0,
      end: 0,
    });
  }
  return without(column, hidden);
}

/** The primitives and collections of values a kept property holds: itself, or a structure's members (relations are expanded, not selected). */
function leavesOf(path: readonly string[], property: Property): Leaf[] {
  if (property.kind !== 'structured')
    return property.kind === 'collection' && property.relation ? [] : [{ path, property }];
  if (property.relation) return [];
  return [...property.properties.values()].flatMap((member) => leavesOf([...path, member.name], member));
}
