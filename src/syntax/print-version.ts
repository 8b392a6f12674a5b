// print() for an OData version before 4.01: the default renderers, overridden where the version
// writes a construct otherwise (`in` as a chain of `eq`, `contains` as `substringof`, the v2/v3
// literal forms), and a refusal of what it cannot write at all (an 'unsupported' FilterError
// naming the construct, its `target` the version). docs/semantics.md, "Versions", has the table.

import type { Expr } from './ast.js';
import type { Binding, Renderer, Renderers } from './renderers.js';
import { isLater, isVersion3OrEarlier, type ODataVersion } from '../language/versions.js';
import { constructOf, notInVersion } from './version-constructs.js';
import {
  binaryLiteral,
  decimalLiteral,
  floatLiteral,
  guidLiteral,
  instantLiteral,
  int64Literal,
  timeOfDayLiteral,
} from './version-literals.js';

type InExpr = Extract<Expr, { kind: 'in' }>;

/** The constructs an earlier version writes another way: every other later one is refused. */
const REWRITTEN = new Set([
  'in',
  'contains',
  'int64_literal',
  'decimal_literal',
  'datetimeoffset_literal',
  'guid_literal',
  'time_of_day_literal',
  'unquoted_type_name',
]);

export interface VersionPrinter {
  readonly table: Renderers;
  /** Throws for a node the version cannot express; called before the node's children are rendered. */
  readonly refuse: (node: Expr) => void;
}

export function printerFor(version: ODataVersion, base: Renderers, b: Binding): VersionPrinter {
  const refuse = (node: Expr): void => {
    const found = constructOf(node);
    if (found === undefined || !isLater(found.since, version) || REWRITTEN.has(found.name)) return;
    throw notInVersion(found.name, found.what, found.since, version, node);
  };
  /**
   * `x in (a, b)` as `x eq a or x eq b`: `in` is that chain of `eq` (docs/semantics.md §2), nulls
   * included; one item is one `eq`, an empty list `false`.
   */
  const inChain: Renderer<InExpr> = (_n, [subject, ...items]) => {
    if (items.length === 0) return b.leaf('false');
    const equalities = items.map((item) => `${b.operand(subject!, b.EQUALITY)} eq ${b.operand(item, b.EQUALITY + 1)}`);
    return {
      text: equalities.join(' or '),
      level: items.length === 1 ? b.EQUALITY : b.OR,
      numeric: b.leads(subject!, b.EQUALITY),
    };
  };
  const v4: Renderers = { ...base, in: inChain };
  if (!isVersion3OrEarlier(version)) return { table: v4, refuse };
  const table: Renderers = {
    ...v4,
    number: (n) => {
      switch (n.type) {
        case 'Edm.Int32':
          return b.leaf(String(n.value));
        case 'Edm.Int64':
          return b.leaf(int64Literal(n.value));
        case 'Edm.Decimal':
          return b.leaf(decimalLiteral(n.value, version, n));
        case 'Edm.Double':
          return b.leaf(floatLiteral(n.value, 'd'));
        case 'Edm.Single':
          return b.leaf(floatLiteral(n.value, 'f'));
      }
    },
    datetime: (n) => b.leaf(instantLiteral(n.type, n.epochMs, version, n, n.picoseconds)),
    guid: (n) => b.leaf(guidLiteral(n.value)),
    binary: (n) => b.leaf(binaryLiteral(n.value)),
    timeOfDay: (n) => b.leaf(timeOfDayLiteral(n.ms, n.picoseconds)),
    call: (n, parts) => {
      // contains(a, b) is substringof(b, a): the same test, null where either is null.
      if (n.name === 'contains')
        return { text: `substringof(${parts[1]!.text}, ${parts[0]!.text})`, level: b.PRIMARY, numeric: false };
      return base.call(n, parts);
    },
    // The v2/v3 spelling of a type name is in quotes.
    typeFunction: (n, [inner]) => ({
      text: `${n.name}(${inner === undefined ? '' : `${inner.text}, `}'${n.target.name}')`,
      level: b.PRIMARY,
      numeric: false,
    }),
  };
  return { table, refuse };
}
