// What parseQuery() makes of a request (docs/query.md, "The plan"): the request checked against
// the resource's schema, which every backend renders (compileSqlQuery, compileMongoQuery,
// applyQuery).

import type { TypedExpr, TypedFilter } from './typed.js';
import type { CollectionProperty, PrimitiveProperty, Property, Schema, StructuredProperty } from './schema.js';

/** One key of the order: a property path or an expression, ascending or descending (docs/query.md, "Order"). */
export interface OrderKey {
  /** The property path; empty for an expression. */
  readonly path: readonly string[];
  /** The primitive property at the path (for an expression, one named by its text, of its type): its type decides how values compare. */
  readonly property: PrimitiveProperty;
  /** The checked expression an item orders by (`length(Code)`), when it is no property path. */
  readonly expression?: TypedExpr;
  /** False when neither the property nor a structure on its path is nullable (the key). */
  readonly nullable: boolean;
  readonly descending: boolean;
}

/** One property a projection keeps (docs/query.md, "Projection"): its path as the schema spells it. */
export interface SelectItem {
  readonly path: readonly string[];
  /** The property at the path: a primitive, a complex structure (kept whole) or a collection of values. */
  readonly property: Property;
  /**
   * For a collection of structures, the members its elements must not show (paths within an
   * element, as the schema spells them): the rules hide them, and a backend that cannot drop
   * them refuses the projection by name.
   */
  readonly hidden?: readonly (readonly string[])[];
}

/** Every property a row keeps without a projection, as a projection's items: each but the relations (expanded, not selected). */
export function everyValue(schema: Pick<Schema, 'properties'>): SelectItem[] {
  return [...schema.properties.values()]
    .filter((p) => p.kind === 'primitive' || !p.relation)
    .map((property) => ({ path: [property.name], property }));
}

/** One relation an expansion inlines (docs/query.md, "Expansion"), with what its rows keep. */
export interface ExpandItem {
  /** The relation's path from the rows it expands (through complex structures), as the schema spells it. */
  readonly path: readonly string[];
  /** Its schema path within the resource (`Sessions`, `Sessions/Presenter`): what `relations` and the storage options name. */
  readonly schemaPath: string;
  readonly property: StructuredProperty | CollectionProperty;
  /** Whether the relation is to-many (a list of rows) or single-valued (a row, or null). */
  readonly many: boolean;
  /** The related rows' schema: the relation's properties, or its elements'. */
  readonly schema: Schema;
  /** The related rows kept: the request's `$filter` and the relation's row filter; undefined keeps every one. */
  readonly filter: TypedFilter | undefined;
  /** To-many: the related rows' order, completed by the relation's key; empty for a single-valued relation. */
  readonly orderBy: readonly OrderKey[];
  /** To-many: the most related rows per row, after `skip`; undefined for all of them. */
  readonly top: number | undefined;
  readonly skip: number;
  /** What each related row keeps, as the plan's `select`. */
  readonly select: readonly SelectItem[] | undefined;
  /**
   * Whether the request gave the relation a `$select` of its own (`select` is then what it names;
   * otherwise every member the rules show): the context URL names the properties then.
   */
  readonly selected: boolean;
  /**
   * The relations of the related rows that its `$select` names (their navigation links, which
   * OData's minimal metadata leaves out): they add nothing to the rows; the context URL names them.
   */
  readonly selectedRelations: readonly string[];
  /** The relations of the related rows to inline in turn. */
  readonly expand: readonly ExpandItem[];
}

/** Writes the continuation token of a page from the text of each order key at its last row. */
export interface KeysetWriter {
  /** The skiptoken of the row whose keys' texts are given (null for a null value). */
  write(texts: readonly (string | null)[]): string;
}

export interface QueryPlan {
  /** The resource's schema: what the rows are. */
  readonly schema: Schema;
  /** The checked filter (the row filters and-ed in), or undefined without one: the rows the count counts. */
  readonly filter: TypedFilter | undefined;
  /** The filter the page is read with: `filter`, and with a skiptoken, only the rows after the token's row. */
  readonly pageFilter: TypedFilter | undefined;
  /**
   * Where the `next` link continues by the order's values (`$skiptoken`) rather than `skip` (the
   * policy's `keyset`, for an order that allows it): the tokens of this resource and order. False
   * where it moves `skip` on.
   */
  readonly keyset: KeysetWriter | false;
  /** The page size in effect: the request's `top`, or the policy's default. */
  readonly top: number;
  /** The rows before the page. */
  readonly skip: number;
  /** Whether the response carries the number of rows the filter matches. */
  readonly count: boolean;
  /** The order of the rows: the request's, completed by the resource's key (ascending), so that it is total. */
  readonly orderBy: readonly OrderKey[];
  /**
   * The properties each row keeps, in the order asked (none under another): the request's
   * `$select`/`fields`, or the resource's `defaultSelect`; undefined keeps every property.
   */
  readonly select: readonly SelectItem[] | undefined;
  /**
   * The relations `$select` names (OData: their navigation links, which minimal metadata leaves
   * out; an expanded one is inlined as `expand` says): they add nothing to the rows. Empty for the
   * service's `fields`, which names none.
   */
  readonly selectedRelations?: readonly string[];
  /** The relations each row inlines; empty without an expansion. */
  readonly expand: readonly ExpandItem[];
  /**
   * Whether the rows themselves are asked for: always in the `odata` spelling; in the service's,
   * only with `expand` (without it, its collections answer with links to the rows).
   */
  readonly inline: boolean;
  /** The request's options as written, in order: what links repeat. */
  readonly options: readonly (readonly [name: string, value: string])[];
  /** The name of the skip option to write in links: the request's, or the spelling's. */
  readonly skipOption: string;
  /** The name of the skiptoken option to write in keyset links: the request's, or the spelling's. */
  readonly skipTokenOption: string;
}

/** What a key orders by: its expression, or its property read from the row. */
export function keyOperand(key: OrderKey): TypedExpr {
  return (
    key.expression ?? {
      kind: 'member',
      type: key.property.type,
      source: { kind: 'row' },
      path: key.path,
      property: key.property,
      nullable: key.nullable,
      start: 0,
      end: 0,
    }
  );
}

/** The text of a key's value at a row, as `cast(key, Edm.String)` writes it: what a skiptoken carries. */
export function keyText(key: OrderKey): TypedExpr {
  return { kind: 'cast', type: 'Edm.String', operand: keyOperand(key), start: 0, end: 0 };
}
