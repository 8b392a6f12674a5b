// What a node's generated code certainly reads first, whenever it runs: the member variables that
// code after it (a later operand of the same `and`/`or`) may use without reading the row again.
// Each case mirrors the code compile.ts writes: the first row value it evaluates. The variables
// are named by keys, `v:` and a member's path for its value, `o:` and a path for a structure on
// the way (a range variable's element, read as the first step, too).

import { assertNever } from '../../assert-never.js';
import type { LoweredMember, LoweredPredicate, LoweredValue, Source } from '../../lower/lowered.js';
import { constantOf } from './plan.js';

/** The key of the variable a member's value is read into. */
export function leafKey(source: Source, path: readonly string[]): string {
  return `v:${sourceKey(source)}${path.join('/')}`;
}

/** The key of the variable the structure at `path` is read into; `path` empty for a range variable's element. */
export function stepKey(source: Source, path: readonly string[]): string {
  return `o:${sourceKey(source)}${path.join('/')}`;
}

/** What a member key starts with: nothing for the row, the variable's name and a space (no name holds one) for an element. */
function sourceKey(source: Source): string {
  return source.kind === 'row' ? '' : `${source.name} `;
}

function memberKeys(node: LoweredMember): string[] {
  const leaf = leafKey(node.source, node.path);
  return node.path.length === 0 ? [leaf] : [...structureKeys(node.source, node.path.slice(0, -1)), leaf];
}

/** The keys of a structure path's steps; a range variable's element, checked as the first step, too. */
function structureKeys(source: Source, path: readonly string[]): string[] {
  const steps = path.map((_, i) => stepKey(source, path.slice(0, i + 1)));
  return source.kind === 'variable' ? [stepKey(source, []), ...steps] : steps;
}

/**
 * The first reads of the nodes of one filter, memoised per node: the first read of a nested
 * operand lies down its leftmost spine, which a deep filter would otherwise walk again at every
 * level.
 */
export class FirstReads {
  readonly #values = new WeakMap<LoweredValue, readonly string[]>();
  readonly #truths = new WeakMap<LoweredPredicate, readonly string[]>();

  ofValue(node: LoweredValue): readonly string[] {
    let reads = this.#values.get(node);
    if (!reads) {
      reads = this.computeOfValue(node);
      this.#values.set(node, reads);
    }
    return reads;
  }

  ofTruth(p: LoweredPredicate): readonly string[] {
    let reads = this.#truths.get(p);
    if (!reads) {
      reads = this.computeOfTruth(p);
      this.#truths.set(p, reads);
    }
    return reads;
  }

  /** The reads of the first operand that is not a constant. */
  private ofFirst(operands: readonly LoweredValue[]): readonly string[] {
    const first = operands.find((o) => !constantOf(o));
    return first ? this.ofValue(first) : [];
  }

  private computeOfValue(node: LoweredValue): readonly string[] {
    if (constantOf(node)) return [];
    switch (node.kind) {
      case 'constant':
        return [];
      case 'member':
        return memberKeys(node);
      case 'convert':
      case 'negate':
      case 'not':
      case 'cast':
        return this.ofValue(node.operand);
      case 'arithmetic':
      case 'temporal':
        return this.ofFirst([node.left, node.right]);
      case 'call':
        return this.ofFirst(node.args);
      // An implementation reads what it will: no member is certainly read.
      case 'functionCall':
      case 'result':
      case 'collectionArgument':
        return [];
      case 'truth':
        return this.ofTruth(node.predicate);
      case 'logical':
        return node.operands.length > 0 ? this.ofValue(node.operands[0]!) : [];
      // The collection's steps are read into no member variable.
      case 'count':
        return [];
      // The condition is read first; the value only where it holds.
      case 'guard':
        return this.ofTruth(node.condition);
      default:
        return assertNever(node, 'lowered value kind');
    }
  }

  private computeOfTruth(p: LoweredPredicate): readonly string[] {
    switch (p.kind) {
      case 'constant':
        return [];
      case 'booleanTest':
        return this.ofValue(p.value);
      // A member's null test reads its value unchecked (RowReads.presenceTest): only the structures on the way count.
      case 'nullTest':
        return p.value.kind === 'member'
          ? structureKeys(p.value.source, p.value.path.slice(0, -1))
          : this.ofValue(p.value);
      case 'structureNull':
        return structureKeys(p.source, p.path);
      case 'and':
      case 'or':
        return p.operands.length > 0 ? this.ofTruth(p.operands[0]!) : [];
      case 'compare':
        return this.ofFirst([p.left, p.right]);
      case 'in':
        return this.ofValue(p.operand);
      // Read in a function of their own, and for no element of an empty collection.
      case 'exists':
      case 'forall':
        return [];
      default:
        return assertNever(p, 'lowered predicate kind');
    }
  }
}
