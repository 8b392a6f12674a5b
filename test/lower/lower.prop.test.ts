// lower() on random checked filters: it never throws, and its output keeps the invariants
// docs/lowering.md promises the backends. (That the memory backend, which renders only the lowered
// form, agrees with the independent oracle is test/memory/differential.prop.test.ts.)

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isInteger } from '../../src/language/edm.js';
import { lower } from '../../src/lower/lower.js';
import type { LoweredPredicate, LoweredValue, Source } from '../../src/lower/lowered.js';
import { printLowered } from '../../src/lower/print-lowered.js';
import { arbTypedFilter, lambdaTestSchema, testSchema } from '../support/arbitraries.js';
import { runs } from '../support/test-size.js';

/** Every broken invariant of a lowered predicate, as text (none: an empty list). */
function violations(root: LoweredPredicate): string[] {
  const found: string[] = [];
  const decided = (v: LoweredValue): boolean => v.kind === 'constant' || v.kind === 'truth';
  const isNull = (v: LoweredValue): boolean => v.kind === 'constant' && v.value === null;

  // The range variables of the lambdas around the node being walked, innermost last.
  let bound: readonly string[] = [];
  const source = (s: Source, what: string): void => {
    if (s.kind === 'variable' && !bound.includes(s.name))
      found.push(`${what} read from ${s.name}, which no enclosing lambda binds`);
  };

  function predicate(p: LoweredPredicate, quantified = false): void {
    switch (p.kind) {
      case 'constant':
        // A quantifier's predicate may be a constant (`any()` is `exists` of true); nothing else inside may.
        if (p !== root && !quantified) found.push(`a constant inside: ${printLowered(root)}`);
        return;
      case 'booleanTest':
      case 'nullTest':
        if (decided(p.value)) found.push(`a ${p.kind} of a decided value`);
        if (p.kind === 'booleanTest' && p.value.type !== 'Edm.Boolean') found.push('a booleanTest of a non-Boolean');
        return value(p.value);
      case 'compare':
        if (isNull(p.left) || isNull(p.right)) found.push('a comparison with null');
        if (p.left.type !== p.right.type) found.push(`a comparison of ${p.left.type} with ${p.right.type}`);
        value(p.left);
        return value(p.right);
      case 'in':
        if (p.values.length === 0) found.push('an empty in');
        if (p.values.some((v) => v.value === null || v.type !== p.operand.type))
          found.push('an in item that is null or of another type');
        if (p.orNull && decided(p.operand)) found.push('orNull on a decided operand');
        return value(p.operand);
      case 'structureNull':
        return source(p.source, 'a structure');
      case 'exists':
      case 'forall': {
        const decided = p.predicate.kind === 'constant' && p.predicate.value === (p.kind === 'forall');
        if (decided) found.push(`${p.kind} of ${String(p.predicate.kind === 'constant' && p.predicate.value)}`);
        source(p.collection.source, 'a collection');
        if (p.variable !== undefined && bound.includes(p.variable))
          found.push(`${p.variable} bound again inside its lambda`);
        const outer = bound;
        if (p.variable !== undefined) bound = [...bound, p.variable];
        predicate(p.predicate, true);
        bound = outer;
        return;
      }
      case 'and':
      case 'or':
        if (p.operands.length < 2) found.push(`an ${p.kind} of ${p.operands.length}`);
        if (p.operands.some((o) => o.kind === p.kind)) found.push(`an ${p.kind} inside an ${p.kind}`);
        for (const o of p.operands) predicate(o);
        return;
    }
  }

  function value(v: LoweredValue): void {
    if ((v.range !== undefined) !== isInteger(v.type)) found.push(`a ${v.type} value with range ${String(v.range)}`);
    if (v.nullDecidedBy?.length === 0 && v.kind !== 'constant' && v.nullable && v.kind !== 'member')
      found.push('a value never null by its members, yet nullable');
    switch (v.kind) {
      case 'constant':
        return;
      case 'member':
        return source(v.source, 'a member');
      case 'count':
        if (v.nullable || v.type !== 'Edm.Int64') found.push('a count that may be null, or not an Int64');
        return source(v.collection.source, 'a counted collection');
      case 'convert':
      case 'negate':
        if (isNull(v.operand)) found.push(`a ${v.kind} of null`);
        return value(v.operand);
      case 'arithmetic':
        if (isNull(v.left) || isNull(v.right)) found.push('arithmetic on null');
        value(v.left);
        return value(v.right);
      case 'call':
        if (v.args.some(isNull)) found.push(`${v.name} of null`);
        return v.args.forEach(value);
      case 'truth':
        if (v.predicate.kind === 'constant') found.push('the truth of a constant');
        return predicate(v.predicate);
      case 'not':
        if (decided(v.operand)) found.push('a three-valued not of a decided value');
        return value(v.operand);
      case 'logical':
        if (v.operands.length < 2) found.push(`a three-valued ${v.op} of ${v.operands.length}`);
        if (v.operands.some((o) => o.kind === 'constant' && o.value !== null))
          found.push(`a Boolean constant in a three-valued ${v.op}`);
        if (v.operands.every((o) => o.kind === 'truth')) found.push(`a three-valued ${v.op} that is never null`);
        return v.operands.forEach(value);
    }
  }

  predicate(root);
  return found;
}

describe('lower()', () => {
  it('lowers every checked filter, keeping the invariants of the lowered form', () => {
    fc.assert(
      fc.property(arbTypedFilter(testSchema), (filter) => {
        const { root } = lower(filter);
        expect(violations(root), `${filter.text ?? ''}\n${printLowered(root)}`).toEqual([]);
      }),
      { numRuns: runs(1_000, 20_000) },
    );
  });

  it('lowers every checked filter with lambdas, each exists never of false nor forall of true, every variable bound by an enclosing lambda', () => {
    fc.assert(
      fc.property(arbTypedFilter(lambdaTestSchema, { lambdas: true, maxDepth: 4 }), (filter) => {
        const { root } = lower(filter);
        expect(violations(root), `${filter.text ?? ''}\n${printLowered(root)}`).toEqual([]);
      }),
      { numRuns: runs(1_000, 20_000) },
    );
  });
});
