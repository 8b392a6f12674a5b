// What a collection request may ask of a resource (docs/query.md): the options' spelling, the
// page sizes, the count, the options a server interprets itself.

import type { ODataVersion } from '../language/versions.js';
import type { Schema } from '../types/schema.js';
import type { ParseOptions } from '../syntax/limits.js';
import type { CheckOptions } from '../types/check.js';
import type { PropertyRules } from './rules.js';
import type { FilterOperator } from '../types/allowed.js';
import type { RelationRules } from './row-filter.js';
import type { KeysetOptions } from './token-seal.js';

export interface QueryPolicy {
  /** `service`: `filter`, `top`, `skip`, `includeTotalCount`; `odata`: `$filter`, `$top`, `$skip`, `$count` and `@aliases`. */
  readonly spelling: 'service' | 'odata';
  /** The page size without `top`. */
  readonly defaultTop: number;
  /** The largest `top`; a larger one is the limit error `top_beyond_maximum`. */
  readonly maxTop: number;
  /** The largest `skip` (default: none). */
  readonly maxSkip?: number;
  /**
   * Whether the request may choose its page (`top`, `skip`, `skiptoken`; default true). A policy
   * for one record says false: those options are then unknown, and not offered in messages.
   */
  readonly paging?: boolean;
  /** Whether the request may filter (default true). */
  readonly filter?: boolean;
  /** Whether the request may order the rows (default true). */
  readonly orderBy?: boolean;
  /** Whether the request may choose the properties each row keeps (`fields`, `$select`; default true). */
  readonly select?: boolean;
  /** Whether the request may expand relations (`expand`, `$expand`; default true). */
  readonly expand?: boolean;
  /**
   * The most items an `orderby` may list, at any level (default 32, DEFAULT_MAX_ORDER_KEYS); more
   * is the limit error `too_many_order_keys`. Each item is read and checked, and is a key every
   * comparison of two rows may evaluate.
   */
  readonly maxOrderKeys?: number;
  /** The most levels of relations an expansion may nest (default 6, the service document's). */
  readonly maxExpandDepth?: number;
  /** Whether the request may ask for the count (default true). */
  readonly count?: boolean;
  /**
   * Where given, `next` links continue by the order's values (`$skiptoken`, `skiptoken`) instead
   * of `skip`, so that a deep page costs what the first does: the key their tokens are sealed with
   * (encrypted and authenticated), and the key it replaces while old links still circulate.
   * Default: none, links move `skip` on (docs/query.md, "Keyset pages").
   */
  readonly keyset?: KeysetOptions;
  /** Options the server interprets itself: kept, and repeated in links, but not read here. */
  readonly passThrough?: readonly string[];
  /** What an option no one knows is: an error (the default) or left alone. */
  readonly unknownOptions?: 'error' | 'ignore';
  /**
   * The functions a filter may call, by name (`contains`, `year`, `cast`, `isof`, …, and a model's
   * functions by qualified name, `Geo.Distance`); default all. A function not listed is
   * `function_not_allowed` wherever it appears, inside lambdas too.
   */
  readonly functions?: readonly string[];
  /**
   * The operators a filter may use (`eq` … `le`, `and`, `or`, `not`, `add` … `mod`, `-` for
   * negation, `in`, `has`, `any`, `all`, `$count`); default all. One not listed is `operator_not_allowed`.
   */
  readonly operators?: readonly FilterOperator[];
  /**
   * The parse limits of the filter (docs/errors.md, "Limits"), and the string cost's
   * limit and the collection size it assumes (docs/semantics.md, section 7).
   */
  readonly filterLimits?: ParseOptions & Pick<CheckOptions, 'maxStringCost' | 'maxCollectionSize'>;
  /**
   * The OData version whose filter language requests speak (docs/semantics.md, "Versions"): a
   * construct that came later (`in` before 4.01, a lambda for 2.0, `contains` before 4.0) is the
   * type issue `not_in_version`, in the filter, expansions' filters and the order. Default: every
   * version's language, as check() reads it without a version.
   */
  readonly version?: ODataVersion;
}

/** A collection: its schema, and the property paths that identify a row (non-nullable primitives). */
export interface QueryResource {
  readonly schema: Schema;
  readonly key: readonly string[];
  readonly policy: QueryPolicy;
  /**
   * The properties a row keeps when the request does not choose (property paths as the schema
   * spells them, e.g. the service's `['PresenterID', 'FullName', 'ViewUri']`); by default every one.
   */
  readonly defaultSelect?: readonly string[];
  /**
   * What a request may do with each property, by schema path: `{ 'Owner/Email': { filter: false,
   * select: false } }` (docs/query.md, "Rules"). A rule holds for everything under its path.
   */
  readonly rules?: PropertyRules;
  /**
   * The rows a request may ever see: a filter over the schema with named parameters, such as
   * `OwnerID eq @user`, whose values each request gives (parseQuery's third argument). It is and-ed
   * with the request's filter, so the page and the count both hold it (docs/query.md, "Row filters").
   */
  readonly rowFilter?: string;
  /**
   * Per relation, by schema path (`Sessions`, `Sessions/Registrations`, `EventTemplate`): its row
   * filter, which every lambda and count over a to-many relation holds, and through which a
   * single-valued relation's hidden row reads as null, wherever the relation is read.
   */
  readonly relations?: { readonly [schemaPath: string]: RelationRules };
}
