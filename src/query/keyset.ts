// Keyset continuations (docs/query.md, "Keyset pages"): a `next` link that carries, in place of
// `skip`, the order's values at the last row of the page (`$skiptoken`), and a page read as the
// rows after that row in the order — so a deep page costs what the first one does. The values
// travel as the text `cast(key, Edm.String)` gives them on every backend, and come back as the
// literals of a filter checked like any other, with the null order of "Order".

import { checkRowsAfter, composedFilter } from '../types/check.js';
import type { Schema } from '../types/schema.js';
import type { TypedFilter } from '../types/typed.js';
import { spelledLiteral } from '../types/value-literal.js';
import type { KeysetWriter, OrderKey } from '../types/query-plan.js';
import type { TokenSeal } from './token-seal.js';
import type { RowFilterParameters } from './row-filter.js';

/** Whether an order can be continued by its values: none of its keys a Double (NaN, and no exact text) or an enumeration. */
export function keysetOrder(orderBy: readonly OrderKey[]): boolean {
  return orderBy.every(
    (key) =>
      key.property.enum === undefined && key.property.type !== 'Edm.Double' && key.property.type !== 'Edm.Single',
  );
}

/** The order a token belongs to: each key's path or expression and direction. */
function signature(orderBy: readonly OrderKey[]): string {
  return orderBy
    .map(
      (key) =>
        `${key.expression === undefined ? key.path.join('/') : key.property.name} ${key.descending ? 'desc' : 'asc'}`,
    )
    .join(',');
}

/** The row filters' parameters as one text, by name (a bigint as its digits and `n`). */
function parametersText(parameters: RowFilterParameters): string {
  return JSON.stringify(
    Object.keys(parameters)
      .sort()
      .map((name) => [name, parameters[name]]),
    (_, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value),
  );
}

/**
 * The tokens of one plan: sealed with the policy's key (src/query/token-seal.ts) for the
 * resource's schema, the plan's order and the row filters' parameters, so that a token shows no
 * value and is read back only by a request for the same resource and order, made with the same
 * parameters: another caller's rows are not paged from a row of the first caller's.
 */
export class KeysetTokens implements KeysetWriter {
  readonly #seal: TokenSeal;
  readonly #context: string;

  constructor(seal: TokenSeal, schema: Schema, orderBy: readonly OrderKey[], parameters: RowFilterParameters = {}) {
    this.#seal = seal;
    this.#context = `${schema.name}\n${signature(orderBy)}\n${parametersText(parameters)}`;
    this.length = orderBy.length;
  }

  /** How many keys a token of this order holds. */
  readonly length: number;

  /** The skiptoken of the row whose keys' texts are given (null for a null value). */
  write(texts: readonly (string | null)[]): string {
    return this.#seal.seal(JSON.stringify(texts), this.#context);
  }

  /** A token's texts, or why it cannot be read for this resource and order. */
  read(token: string): readonly (string | null)[] | string {
    const text = this.#seal.open(token, this.#context);
    const texts: unknown = text === undefined ? undefined : JSON.parse(text);
    if (
      !Array.isArray(texts) ||
      texts.length !== this.length ||
      !texts.every((t) => t === null || typeof t === 'string')
    )
      return 'it is not a token a next link of this service wrote for this collection and order (keep the order of the request that wrote it)';
    return texts as (string | null)[];
  }
}

/**
 * The rows after the one whose keys' texts are given, in the order: for each key, the rows equal
 * on every key before it and after it on this one — null first ascending, last descending. The
 * texts are read as the literals of parameter aliases, so a token holds values and nothing else;
 * one that does not fit its key is the FilterError of check().
 */
export function rowsAfter(
  orderBy: readonly OrderKey[],
  texts: readonly (string | null)[],
  schema: Schema,
): TypedFilter {
  const aliases: Record<string, string> = {};
  const operand = (key: OrderKey): string =>
    key.expression === undefined ? key.path.join('/') : `(${key.property.name})`;
  const equal = (key: OrderKey, i: number): string =>
    texts[i] === null ? `${operand(key)} eq null` : `${operand(key)} eq @k${i}`;
  const after = (key: OrderKey, i: number): string | undefined => {
    const x = operand(key);
    const text = texts[i];
    if (text === null) return key.descending ? undefined : `${x} ne null`;
    if (key.property.type === 'Edm.Boolean') {
      if (key.descending) return text === 'true' ? `(${x} eq false or ${x} eq null)` : `${x} eq null`;
      return text === 'false' ? `${x} eq true` : undefined;
    }
    return key.descending ? `(${x} lt @k${i} or ${x} eq null)` : `${x} gt @k${i}`;
  };
  orderBy.forEach((key, i) => {
    const text = texts[i];
    if (text !== null && text !== undefined)
      aliases[`k${i}`] = spelledLiteral(text, { type: key.property.type, enum: undefined });
  });
  // Written from the last key out, each key's rows after the token's and, where equal, the rows
  // after it on the keys that follow: `a gt @k0 or (a eq @k0 and (b gt @k1 or (b eq @k1 and …)))`,
  // the same rows as the disjunction of each key's case, with each key's expression in it twice
  // rather than once per key after it — a size linear in the order's, not quadratic.
  let rest: string | undefined;
  for (let i = orderBy.length - 1; i >= 0; i--) {
    const key = orderBy[i]!;
    const cases = [after(key, i), rest === undefined ? undefined : `${equal(key, i)} and (${rest})`];
    const given = cases.filter((c) => c !== undefined);
    rest = given.length === 0 ? undefined : given.map((c) => `(${c})`).join(' or ');
  }
  const text = rest ?? 'false';
  // Its length, depth, nodes and string cost are twice the order's (each bounded when the order was
  // read, the number of keys by the policy's maxOrderKeys), not a request's to bound again: under a
  // request's limits the next link of an order of many keys would lead to a 400.
  const unbounded = Number.MAX_SAFE_INTEGER;
  return checkRowsAfter(text, schema, {
    aliases,
    maxLength: unbounded,
    maxDepth: unbounded,
    maxNodes: unbounded,
    maxStringCost: Infinity,
  });
}

/** The filter a page is read with: the request's rows that come after the token's row. */
export function pageFilterOf(filter: TypedFilter | undefined, after: TypedFilter, schema: Schema): TypedFilter {
  if (filter === undefined) return after;
  return composedFilter(
    { kind: 'logical', op: 'and', type: 'Edm.Boolean', operands: [filter.root, after.root], start: 0, end: 0 },
    schema,
    filter.text,
    // The request's filter was bounded when read, the rows after the token by their order.
    Infinity,
  );
}
