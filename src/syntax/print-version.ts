// print()'s renderers for an OData version before 4.01: the default ones, overridden where the
// version writes a construct otherwise (`in` as a chain of `eq`, `contains` as `substringof`, the
// v2/v3 literal forms) or cannot write it at all (an 'unsupported' FilterError naming the
// construct, its `target` the version). docs/semantics.md, "Versions", has the table.

import type { Expr } from './ast.js';
import type { Binding, Rendered, Renderer, Renderers } from './print.js';
import { isLater, isVersion3OrEarlier } from './versions.js';
import type { ODataVersion } from './versions.js';
import { notInVersion, refuseConstruct } from './version-constructs.js';
import { decimalLiteral, floatLiteral, guidLiteral, instantLiteral, int64Literal, timeOfDayLiteral } from './version-literals.js';
import { lookupFunction } from '../types/functions.js';

type InExpr = Extract<Expr, { kind: 'in' }>;

/** The types a cast or type test of v2/v3 cannot name: they came with 4.0. */
const V4_TYPES = new Set(['Edm.Date', 'Edm.TimeOfDay', 'Edm.Duration']);

export function renderersFor(version: ODataVersion, base: Renderers, b: Binding): Renderers {
  const refuse = (construct: Parameters<typeof refuseConstruct>[0]) => (n: Expr): never => {
    throw refuseConstruct(construct, version, n);
  };
  /**
   * `x in (a, b)` as `x eq a or x eq b`: `in` is that chain of `eq` (docs/semantics.md §2), nulls
   * included; one item is one `eq`, an empty list `false`. A JSON string spelling a guid or a
   * date-time is read by its operand's type, which a string after `eq` is not: refused.
   */
  const inChain: Renderer<InExpr> = (n, [subject, ...items]) => {
    if (n.list.some((item) => item.kind === 'string' && item.json === true)) throw refuseConstruct('json_array', version, n);
    if (items.length === 0) return b.leaf('false');
    const equalities = items.map((item) => `${b.operand(subject!, b.EQUALITY)} eq ${b.operand(item, b.EQUALITY + 1)}`);
    return { text: equalities.join(' or '), level: items.length === 1 ? b.EQUALITY : b.OR, numeric: b.leads(subject!, b.EQUALITY) };
  };
  const v4: Renderers = {
    ...base,
    in: inChain,
    inAlias: refuse('in'),
    inCollection: refuse('in'),
  };
  if (!isVersion3OrEarlier(version)) return v4;
  return {
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
    datetime: (n) => b.leaf(instantLiteral(n.type, n.epochMs, version, n)),
    guid: (n) => b.leaf(guidLiteral(n.value)),
    timeOfDay: (n) => b.leaf(timeOfDayLiteral(n.ms)),
    date: refuse('date_literal'),
    duration: refuse('duration_literal'),
    enum: refuse('enum_literal'),
    alias: refuse('parameter_alias'),
    has: refuse('has'),
    count: refuse('$count'),
    member: (n, parts) => {
      if (n.segments[0]!.name === '$it') throw refuseConstruct('$it', version, n);
      return base.member(n, parts);
    },
    lambda: (n, parts) => {
      if (version === '2.0') throw refuseConstruct(n.op, version, n);
      return base.lambda(n, parts);
    },
    call: (n, parts) => {
      const since = lookupFunction(n.name)?.since;
      if (n.name === 'contains') {
        // contains(a, b) is substringof(b, a): the same test, null where either is null.
        return { text: `substringof(${parts[1]!.text}, ${parts[0]!.text})`, level: b.PRIMARY, numeric: false };
      }
      if (since !== undefined && isLater(since, version)) throw notInVersion(n.name, `The function '${n.name}'`, since, version, n);
      return base.call(n, parts);
    },
    typeFunction: (n, [inner]) => {
      if (V4_TYPES.has(n.target.name)) throw refuseConstruct('type_function_target', version, n);
      return { text: `${n.name}(${(inner as Rendered).text}, '${n.target.name}')`, level: b.PRIMARY, numeric: false };
    },
  };
}
