// Time values finer than a millisecond, for a backend whose stored instants, times of day and
// durations are whole milliseconds (docs/semantics.md §5, "Precision"; every SQL dialect and
// MongoDB). There, every value a row gives and every value the engine computes from it is whole
// milliseconds, so a comparison with a finer constant has an exact equivalent with whole ones, as
// src/lower/integer-comparison.ts finds for integers: `Due gt …00.0000005Z` is `Due gt …00Z`,
// `Due ge …00.0000005Z` is `Due gt …00Z` too, `Due lt …` and `Due le …` are `Due le …00Z`, `Due eq
// …00.0000005Z` is false and `ne` true, and a finer item of an `in` list is never equal. A finer
// constant anywhere else (arithmetic, a function, a cast to text) would need the engine to produce
// a finer value: refused by name.

import { type FineTime, isFineTime } from '../semantics/fine-time.js';
import { MIRRORED } from '../language/operators.js';
import {
  childrenOfTyped,
  mapChildrenOfTyped,
  type TypedExpr,
  type TypedFilter,
  type TypedLiteral,
} from '../types/typed.js';

/** The filter with each comparison with a finer constant made exact on whole milliseconds. */
export function toMillisecondPrecision(filter: TypedFilter, refuse: (literal: TypedLiteral) => never): TypedFilter {
  if (!hasFinerLiteral(filter.root)) return filter;
  return { ...filter, root: rewrite(filter.root, refuse) };
}

/** Walked with a stack, so that a filter without one costs one linear pass at any depth. */
function hasFinerLiteral(root: TypedExpr): boolean {
  const stack: TypedExpr[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind === 'literal' && isFineTime(node.value)) return true;
    stack.push(...childrenOfTyped(node));
  }
  return false;
}

function rewrite(node: TypedExpr, refuse: (literal: TypedLiteral) => never): TypedExpr {
  if (node.kind === 'literal' && isFineTime(node.value)) return refuse(node);
  if (node.kind === 'compare') {
    const right = finerConstant(node.right);
    const left = right ? undefined : finerConstant(node.left);
    const [other, bound, op] = right
      ? [node.left, right, node.op]
      : left
        ? [node.right, left, MIRRORED[node.op]]
        : [undefined, undefined, node.op];
    if (other && bound && !finerConstant(other)) {
      const span = { start: node.start, end: node.end };
      if (op === 'eq' || op === 'ne') return { kind: 'literal', type: 'Edm.Boolean', value: op === 'ne', ...span };
      const floor: TypedLiteral = { ...bound, value: (bound.value as FineTime).ms };
      const wholeOp = op === 'gt' || op === 'ge' ? 'gt' : 'le';
      return { kind: 'compare', type: 'Edm.Boolean', op: wholeOp, left: rewrite(other, refuse), right: floor, ...span };
    }
  }
  if (node.kind === 'in') {
    const list = node.list.filter((item) => !(item.kind === 'literal' && isFineTime(item.value)));
    if (list.length < node.list.length) {
      const span = { start: node.start, end: node.end };
      if (list.length === 0) return { kind: 'literal', type: 'Edm.Boolean', value: false, ...span };
      // Only nulls left: `x in (null)` is `x eq null` (a list of nulls alone would type as String).
      if (list.every((item) => item.kind === 'null')) {
        const operand = rewrite(node.operand, refuse);
        if (operand.kind === 'null') return { kind: 'literal', type: 'Edm.Boolean', value: true, ...span };
        const nothing: TypedExpr = { ...list[0]!, type: operand.type };
        return { kind: 'compare', type: 'Edm.Boolean', op: 'eq', left: operand, right: nothing, ...span };
      }
      return rewrite({ ...node, list }, refuse);
    }
  }
  return mapChildrenOfTyped(node, (child) => rewrite(child, refuse));
}

/** A finer literal, or one converted between the instant types (which keeps its value). */
function finerConstant(node: TypedExpr): TypedLiteral | undefined {
  const literal = node.kind === 'convert' ? node.operand : node;
  return literal.kind === 'literal' && isFineTime(literal.value) ? { ...literal, type: node.type } : undefined;
}
