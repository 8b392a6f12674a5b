// What a lambda's predicate is on a null element: the object form of `$elemMatch` skips elements
// that are not documents, so where the predicate holds on a null element, the query document must
// look for null elements itself (docs/mongo.md, "Collections and lambdas").

import { assertNever } from '../../assert-never.js';
import type { LoweredPredicate, LoweredValue, Source } from '../../lower/lowered.js';

/**
 * Whether the predicate holds where `variable` is bound to a null element, every member read from
 * it then being null and every collection in it empty (docs/semantics.md, sections 1 and 8);
 * undefined when that depends on more than the element (a row's field, an outer variable).
 */
export function holdsOnNullElement(p: LoweredPredicate, variable: string): boolean | undefined {
  const isNull = (v: LoweredValue): boolean =>
    v.nullDecidedBy?.some((m) => m.source.kind === 'variable' && m.source.name === variable) ?? false;
  const fromElement = (source: Source): boolean => source.kind === 'variable' && source.name === variable;
  switch (p.kind) {
    case 'constant':
      return p.value;
    case 'nullTest':
      return isNull(p.value) ? !p.negated : undefined;
    case 'booleanTest':
      // Null is neither true nor false.
      return isNull(p.value) ? p.negated : undefined;
    case 'in':
      return isNull(p.operand) ? p.orNull !== p.negated : undefined;
    case 'compare': {
      const [left, right] = [isNull(p.left), isNull(p.right)];
      // null eq null is true; null and a value are unequal, and never ordered.
      if (left && right) return (p.op === 'eq') !== p.negated;
      const other = left ? p.right : right ? p.left : undefined;
      if (other === undefined || other.kind !== 'constant' || other.value === null) return undefined;
      return p.negated;
    }
    case 'structureNull':
      return fromElement(p.source) ? !p.negated : undefined;
    case 'exists':
    case 'forall':
      return fromElement(p.collection.source) ? p.kind === 'forall' : undefined;
    case 'and':
    case 'or': {
      const decides = p.kind === 'or';
      const each = p.operands.map((o) => holdsOnNullElement(o, variable));
      if (each.includes(decides)) return decides;
      return each.includes(undefined) ? undefined : !decides;
    }
    default:
      return assertNever(p, 'lowered predicate kind');
  }
}
