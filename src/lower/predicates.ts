// Building predicates of the lowered form with their invariants kept: `and`/`or` flat, without
// constants, of at least two operands; negation pushed to the leaves.

import { assertNever } from '../assert-never.js';
import { mergeEqualityLists } from './equality-lists.js';
import type { AndPredicate, ConstantPredicate, LoweredCollection, LoweredPredicate, OrPredicate } from './lowered.js';

interface Span {
  readonly start: number;
  readonly end: number;
}

export function constantPredicate(value: boolean, span: Span): ConstantPredicate {
  return { kind: 'constant', value, start: span.start, end: span.end };
}

/** Every operand holds: a false operand decides, true ones drop out, nested `and`s are spliced in. */
export function andOf(operands: readonly LoweredPredicate[], span: Span): LoweredPredicate {
  return junction('and', operands, span);
}

/**
 * Some operand holds: a true operand decides, false ones drop out, nested `or`s are spliced in,
 * equalities of one member are one `in` (src/lower/equality-lists.ts; negated ones in `andOf`).
 */
export function orOf(operands: readonly LoweredPredicate[], span: Span): LoweredPredicate {
  return junction('or', operands, span);
}

function junction(kind: 'and' | 'or', operands: readonly LoweredPredicate[], span: Span): LoweredPredicate {
  const decides = kind === 'or';
  const kept: LoweredPredicate[] = [];
  for (const p of operands) {
    if (p.kind === 'constant') {
      if (p.value === decides) return constantPredicate(decides, span);
      continue;
    }
    if (p.kind === kind) kept.push(...p.operands);
    else kept.push(p);
  }
  if (kept.length === 0) return constantPredicate(!decides, span);
  // Equalities of one member become one `in`: plain ones in an `or`, negated ones in an `and`.
  const merged = mergeEqualityLists(kept, kind === 'and');
  if (merged.length === 1) return merged[0]!;
  const node: AndPredicate | OrPredicate = { kind, operands: merged, start: span.start, end: span.end };
  return node;
}

/**
 * Some (`exists`) or every (`forall`) element of the collection satisfies `predicate`. Decided
 * where the predicate decides it whatever the elements: no element satisfies `false`, every one
 * satisfies `true`.
 */
export function quantified(
  kind: 'exists' | 'forall',
  collection: LoweredCollection,
  variable: string | undefined,
  predicate: LoweredPredicate,
  span: Span,
): LoweredPredicate {
  if (predicate.kind === 'constant' && predicate.value === (kind === 'forall'))
    return constantPredicate(predicate.value, span);
  return { kind, collection, variable, predicate, start: span.start, end: span.end };
}

/** The predicate that holds exactly where `p` does not (De Morgan through `and`/`or`, `exists`/`forall`). */
export function negatePredicate(p: LoweredPredicate): LoweredPredicate {
  switch (p.kind) {
    case 'constant':
      return constantPredicate(!p.value, p);
    case 'compare':
      return p.asWritten === undefined
        ? { ...p, negated: !p.negated }
        : { ...p, negated: !p.negated, asWritten: { ...p.asWritten, negated: !p.negated } };
    case 'booleanTest':
    case 'nullTest':
    case 'in':
    case 'structureNull':
      return { ...p, negated: !p.negated };
    case 'and':
      return orOf(p.operands.map(negatePredicate), p);
    case 'or':
      return andOf(p.operands.map(negatePredicate), p);
    case 'exists':
      return quantified('forall', p.collection, p.variable, negatePredicate(p.predicate), p);
    case 'forall':
      return quantified('exists', p.collection, p.variable, negatePredicate(p.predicate), p);
    default:
      return assertNever(p, 'lowered predicate kind');
  }
}
