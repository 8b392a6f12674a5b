// Source spans: each node covers its own text, parentheses included; call names and path
// segments have their own spans.

import { describe, expect, it } from 'vitest';
import { parse, type Expr } from '../../src/index.js';

const slice = (text: string, node: Expr) => text.slice(node.start, node.end);

describe('spans', () => {
  it.each([
    // A property counterexample: the closing parenthesis belonged to no node.
    ['-(0L in ())', '-(0L in ())'],
    ['(a eq 1) and b', '(a eq 1) and b'],
    ['  a eq 1  ', 'a eq 1'],
    ['not (a)', 'not (a)'],
    ["x in ('a', 'b')", "x in ('a', 'b')"],
    ["substring( Code , 1 )", 'substring( Code , 1 )'],
    ["datetime ( '2012-01-01T00:00Z' )", "datetime ( '2012-01-01T00:00Z' )"],
  ])('%j spans %j', (text, expected) => {
    expect(slice(text, parse(text))).toBe(expected);
  });

  it('gives operands their own text', () => {
    const text = "(a eq 1) and b/c or -(5) eq x";
    const tree = parse(text);
    if (tree.kind !== 'logical') throw new Error('expected or');
    const [and, cmp] = tree.operands;
    if (and?.kind !== 'logical' || cmp?.kind !== 'compare') throw new Error('unexpected shape');
    expect(and.operands.map((o) => slice(text, o))).toEqual(['(a eq 1)', 'b/c']);
    expect(slice(text, cmp.left)).toBe('-(5)');
    const member = and.operands[1]!;
    if (member.kind !== 'member') throw new Error('expected member');
    expect(member.segments.map((s) => text.slice(s.start, s.end))).toEqual(['b', 'c']);
  });

  it('gives a call its name span', () => {
    const text = 'x eq  Length(Code)';
    const tree = parse(text);
    if (tree.kind !== 'compare' || tree.right.kind !== 'call') throw new Error('unexpected shape');
    expect(text.slice(tree.right.nameSpan.start, tree.right.nameSpan.end)).toBe('Length');
    expect(slice(text, tree.right)).toBe('Length(Code)');
  });
});
