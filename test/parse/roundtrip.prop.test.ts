// Properties of parse and print: random trees survive print → parse; print(parse(s)) is a fixed
// point; arbitrary text and mutations of valid filters either parse or throw a FilterError.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { childrenOf, isFilterError, parse, print, withoutSpans } from '../../src/index.js';
import type { Expr } from '../../src/index.js';
import { arbExpr, arbLiteralText } from '../support/expr-arbitrary.js';
import { ALL_VALID } from './valid-cases.js';
import { runs as sizedRuns } from '../support/test-size.js';
import { anyString } from '../support/code-points.js';

const runs = (n: number) => ({ numRuns: sizedRuns(n, n * 20) });
const limits = { maxDepth: 1000, maxNodes: 100_000, maxLambdaDepth: 1000 };

/** Parses, or returns the FilterError; anything else thrown fails the property. */
function parseOrError(text: string): unknown {
  try {
    return parse(text);
  } catch (error) {
    if (!isFilterError(error)) throw error;
    return error;
  }
}

describe('print/parse round trip', () => {
  it('rebuilds every random tree from its print', () => {
    fc.assert(
      fc.property(arbExpr(5), (tree) => {
        const text = print(tree);
        expect(withoutSpans(parse(text, limits))).toEqual(withoutSpans(tree));
      }),
      runs(1000),
    );
  });

  it('prints every literal form back to a literal with the same value', () => {
    fc.assert(
      fc.property(arbLiteralText, (text) => {
        const tree = parse(text);
        expect(withoutSpans(parse(print(tree)))).toEqual(withoutSpans(tree));
      }),
      runs(1000),
    );
  });

  it('has print(parse(s)) as a fixed point', () => {
    fc.assert(
      fc.property(arbExpr(5), (tree) => {
        const once = print(parse(print(tree), limits));
        expect(print(parse(once, limits))).toBe(once);
      }),
      runs(500),
    );
  });

  it('gives spans that cover each node’s own text', () => {
    fc.assert(
      fc.property(arbExpr(4), (tree) => {
        const text = print(tree);
        const parsed = parse(text, limits);
        // A node's text re-parses to the same node (parenthesised operands keep their parentheses outside).
        const stack = [parsed];
        while (stack.length > 0) {
          const node = stack.pop()!;
          expect(withoutSpans(parse(text.slice(node.start, node.end), limits))).toEqual(withoutSpans(node));
          if (node.kind === 'lambda') {
            expect(text.slice(node.opSpan.start, node.opSpan.end)).toBe(node.op);
            if (node.variable !== undefined)
              expect(text.slice(node.variable.start, node.variable.end)).toBe(node.variable.name);
          }
          if (node.kind === 'call') expect(text.slice(node.nameSpan.start, node.nameSpan.end)).toBe(node.name);
          // A node's span covers the parentheses written around it.
          if (node.kind === 'in' && /\]\)*$/.test(text.slice(node.start, node.end))) {
            // The items of a JSON array are JSON values, which read as such only inside one.
            for (const item of node.list) {
              const alone = parse(`x in [${text.slice(item.start, item.end)}]`, limits) as Extract<
                Expr,
                { kind: 'in' }
              >;
              expect(withoutSpans(alone.list[0]!)).toEqual(withoutSpans(item));
            }
            stack.push(node.operand);
            continue;
          }
          if (node.kind === 'structure') {
            // A member's name is its JSON string, and its value a JSON value, which reads as such only in an object.
            for (const member of node.members) {
              expect(JSON.parse(text.slice(member.nameSpan.start, member.nameSpan.end))).toBe(member.name);
              const value = text.slice(member.value.start, member.value.end);
              const alone = (parse(`x eq {"m":${value}}`, limits) as Extract<Expr, { kind: 'compare' }>).right;
              expect(withoutSpans((alone as Extract<Expr, { kind: 'structure' }>).members[0]!.value)).toEqual(
                withoutSpans(member.value),
              );
              if (member.value.kind === 'structure') stack.push(member.value);
            }
            continue;
          }
          stack.push(...childrenOf(node));
        }
      }),
      runs(200),
    );
  });
});

describe('bad input ends in a FilterError', () => {
  it('for arbitrary strings', () => {
    fc.assert(
      fc.property(anyString({ maxLength: 60 }), (s) => void parseOrError(s)),
      runs(2000),
    );
  });

  it('for strings over the filter alphabet', () => {
    const token = fc.constantFrom(
      'a',
      'b/c',
      ' ',
      '(',
      ')',
      "'",
      "''",
      ',',
      '-',
      '1',
      '2.5',
      'e',
      'eq',
      'and',
      'or',
      'not',
      'in',
      'add',
      'null',
      'datetime',
      "'2012-01-01T00:00Z'",
      'substring',
      'length',
      'L',
      'M',
      'INF',
      ':',
      '+',
      'T',
      '/',
      'guid',
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 30 }), (parts) => void parseOrError(parts.join(''))),
      runs(2000),
    );
  });

  it('for mutations of valid filters', () => {
    const valid = ALL_VALID.map((c) => c[0]);
    const mutation = fc.tuple(fc.constantFrom(...valid), fc.nat(), fc.nat({ max: 5 }), anyString({ maxLength: 4 }));
    fc.assert(
      fc.property(mutation, ([text, at, cut, insert]) => {
        const i = at % (text.length + 1);
        void parseOrError(text.slice(0, i) + insert + text.slice(i + cut));
      }),
      runs(3000),
    );
  });
});
