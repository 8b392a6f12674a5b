// Properties of check(): generated well-typed filters check, and their printed text re-checks to
// the same typed tree; mutated filters are rejected with exactly the expected FilterError.

import { enumOf } from '../../src/types/typed.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check, isFilterError, lookupFunction, parse, print } from '../../src/index.js';
import type { Expr, TypedExpr } from '../../src/index.js';
import { arbFilterText, testSchema } from '../support/arbitraries.js';
import { nodesOf, typedWithoutSpans } from '../support/trees.js';
import { runs as sizedRuns } from '../support/test-size.js';

const runs = (n: number): number => sizedRuns(n, n * 25);

function typedNodesOf(tree: TypedExpr): TypedExpr[] {
  const out: TypedExpr[] = [];
  const stack = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    out.push(node);
    if (node.kind === 'compare' || node.kind === 'arithmetic') stack.push(node.left, node.right);
    else if (node.kind === 'logical') stack.push(...node.operands);
    else if (node.kind === 'call') stack.push(...node.args);
    else if (node.kind === 'not' || node.kind === 'negate' || node.kind === 'convert') stack.push(node.operand);
    else if (node.kind === 'in') stack.push(node.operand, ...node.list);
  }
  return out;
}

/** A copy of `tree` with the node `target` (by identity) replaced. */
function replaceNode(tree: Expr, target: Expr, replacement: Expr): Expr {
  if (tree === target) return replacement;
  const copy = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(copy)
      : value !== null && typeof value === 'object' && 'kind' in value
        ? replaceNode(value as Expr, target, replacement)
        : value;
  return Object.fromEntries(Object.entries(tree).map(([k, v]) => [k, copy(v)])) as unknown as Expr;
}

/** The issues of a rejected filter as [code, start, end]; fails on any other exception. */
function issuesOf(text: string): [string, number, number][] {
  try {
    check(text, testSchema);
  } catch (error) {
    if (!isFilterError(error)) throw error;
    return error.issues.map((i) => [i.code, i.start, i.end]);
  }
  return [];
}

describe('check properties', () => {
  it('re-checks the printed text of a well-typed filter to the same typed tree', () => {
    fc.assert(
      fc.property(arbFilterText(testSchema), (text) => {
        const first = check(text, testSchema);
        const again = check(print(parse(text)), testSchema);
        expect(typedWithoutSpans(again.root)).toEqual(typedWithoutSpans(first.root));
      }),
      { numRuns: runs(300) },
    );
  });

  it('produces trees that hold every invariant of src/types/typed.ts', () => {
    fc.assert(
      fc.property(arbFilterText(testSchema), (text) => {
        const root = check(text, testSchema).root;
        expect(root.type).toBe('Edm.Boolean');
        for (const node of typedNodesOf(root)) {
          switch (node.kind) {
            case 'compare':
            case 'arithmetic':
              expect(node.left.type).toBe(node.right.type);
              if (node.kind === 'arithmetic') expect(node.type).toBe(node.left.type);
              break;
            case 'in':
              for (const item of node.list) expect(item.type).toBe(node.operand.type);
              break;
            case 'logical':
              for (const operand of node.operands) expect(operand.type).toBe('Edm.Boolean');
              break;
            case 'not':
              expect(node.operand.type).toBe('Edm.Boolean');
              break;
            case 'negate':
              expect(node.operand.type).toBe(node.type);
              break;
            case 'call': {
              const overload = lookupFunction(node.name)!.overloads.find(
                (o) => o.params.length === node.args.length && o.params.every((p, i) => p === node.args[i]!.type),
              );
              expect(overload?.returns).toBe(node.type);
              break;
            }
            case 'convert':
              expect(node.operand.type).not.toBe(node.type);
              expect(node.operand.kind).not.toMatch(/^(literal|null)$/);
              break;
            case 'literal':
              expect(typeof node.value).toBe(
                node.type === 'Edm.Int64'
                  ? 'bigint'
                  : node.type === 'Edm.Boolean'
                    ? 'boolean'
                    : /String|Guid|Decimal|Binary/.test(node.type)
                      ? 'string'
                      : 'number',
              );
              // A binary's bytes as lower-case hexadecimal, two digits a byte.
              if (node.type === 'Edm.Binary') expect(node.value).toMatch(/^(?:[0-9a-f]{2})*$/);
              break;
          }
        }
      }),
      { numRuns: runs(300) },
    );
  });

  it('rejects a renamed property with one unknown_property issue at the renamed segment', () => {
    fc.assert(
      fc.property(arbFilterText(testSchema), fc.nat(), (text, pick) => {
        const segments = nodesOf(parse(text)).flatMap((n) => (n.kind === 'member' ? n.segments : []));
        fc.pre(segments.length > 0);
        const segment = segments[pick % segments.length]!;
        const mutated = `${text.slice(0, segment.end)}Zq${text.slice(segment.end)}`;
        expect(issuesOf(mutated)).toEqual([['unknown_property', segment.start, segment.end + 2]]);
      }),
      { numRuns: runs(200) },
    );
  });

  it('rejects a comparison whose right operand is swapped for an incomparable literal', () => {
    fc.assert(
      fc.property(arbFilterText(testSchema), fc.nat(), (text, pick) => {
        const typed = typedNodesOf(check(text, testSchema).root);
        const tree = parse(text);
        const compares = nodesOf(tree).filter((n): n is Extract<Expr, { kind: 'compare' }> => n.kind === 'compare');
        const candidates = compares.flatMap((c) => {
          const t = typed.find((n) => n.kind === 'compare' && n.start === c.start && n.end === c.end);
          return t !== undefined && t.kind === 'compare' && t.left.kind !== 'null'
            ? [{ c, type: t.left.type, left: t.left }]
            : [];
        });
        fc.pre(candidates.length > 0);
        const { c, type, left } = candidates[pick % candidates.length]!;
        // Edit the tree, not the text: a parenthesised operand's span leaves out its parentheses.
        // An enumeration value meets a number as a type mismatch (a string would name its members).
        const value = type === 'Edm.String' || enumOf(left) !== undefined ? 'Edm.Int32' : 'Edm.String';
        const literal: Expr =
          value === 'Edm.Int32'
            ? { kind: 'number', type: 'Edm.Int32', raw: '1', value: 1, start: 0, end: 0 }
            : { kind: 'string', value: 'x', start: 0, end: 0 };
        const mutated = print(replaceNode(tree, c.right, literal));
        const issues = issuesOf(mutated);
        expect(issues.map(([code]) => code)).toEqual(['type_mismatch']);
        const [, start, end] = issues[0]!;
        expect(mutated.slice(start, end)).toContain(value === 'Edm.Int32' ? ' 1' : " 'x'");
      }),
      { numRuns: runs(200) },
    );
  });

  it('ends any random edit of a well-typed filter in a typed tree or a FilterError', () => {
    const edit = fc.tuple(
      fc.nat(),
      fc.nat(),
      fc.constantFrom(
        "'x'",
        '1',
        'null',
        'true',
        'Nope',
        ')',
        '(',
        ' and ',
        " eq 'a'",
        'round(',
        'INF',
        '2012-01-01T00:00Z',
        '/City',
      ),
    );
    fc.assert(
      fc.property(arbFilterText(testSchema, { maxDepth: 2 }), edit, (text, [at, length, insert]) => {
        const from = at % (text.length + 1);
        const mutated = text.slice(0, from) + insert + text.slice(from + (length % 6));
        try {
          expect(check(mutated, testSchema).root.type).toBe('Edm.Boolean');
        } catch (error) {
          if (!isFilterError(error)) throw error;
        }
      }),
      { numRuns: runs(300) },
    );
  });
});
