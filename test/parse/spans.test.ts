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
    ['substring( Code , 1 )', 'substring( Code , 1 )'],
    ["datetime ( '2012-01-01T00:00Z' )", "datetime ( '2012-01-01T00:00Z' )"],
    [' Tags/any ( t : t eq 1 ) ', 'Tags/any ( t : t eq 1 )'],
    ['(Tags/any())', '(Tags/any())'],
    ['Tags/$count', 'Tags/$count'],
    ['x in  a/Tags', 'x in  a/Tags'],
    ['( $it/Name )', '( $it/Name )'],
  ])('%j spans %j', (text, expected) => {
    expect(slice(text, parse(text))).toBe(expected);
  });

  it('gives operands their own text', () => {
    const text = '(a eq 1) and b/c or -(5) eq x';
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

  it('gives a lambda its collection, operator, variable and body', () => {
    const text = 'x and $it/Tags/any( t :(t/a eq 1))';
    const tree = parse(text);
    if (tree.kind !== 'logical') throw new Error('expected and');
    const lambda = tree.operands[1]!;
    if (lambda.kind !== 'lambda' || lambda.variable === undefined || lambda.body === undefined)
      throw new Error('expected a lambda');
    expect(slice(text, lambda)).toBe('$it/Tags/any( t :(t/a eq 1))');
    expect(slice(text, lambda.collection)).toBe('$it/Tags');
    expect(lambda.collection.segments.map((s) => text.slice(s.start, s.end))).toEqual(['$it', 'Tags']);
    expect(text.slice(lambda.opSpan.start, lambda.opSpan.end)).toBe('any');
    expect(text.slice(lambda.variable.start, lambda.variable.end)).toBe('t');
    expect(slice(text, lambda.body)).toBe('(t/a eq 1)');
  });

  it('gives $count and in a collection their paths', () => {
    const text = 'Tags/$count in  s/Counts';
    const tree = parse(text);
    if (tree.kind !== 'inCollection' || tree.operand.kind !== 'count') throw new Error('unexpected shape');
    expect(slice(text, tree.operand)).toBe('Tags/$count');
    expect(slice(text, tree.operand.collection)).toBe('Tags');
    expect(slice(text, tree.collection)).toBe('s/Counts');
  });
});
