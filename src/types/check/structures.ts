// A complex value compared with a structure's literal (`Address eq {"City":"Oslo",…}`,
// `Address in ({…}, null)`; docs/semantics.md §16): checked as the comparisons it stands for —
// the structure present and each member equal, a nested object member by member in turn — so the
// typed tree, and every backend, holds nothing new.

import type { Expr, Literal, MemberExpr, Span, StructureLiteral } from '../../syntax/ast.js';
import type { StructuredProperty } from '../schema.js';
import { spelledAs } from '../json-strings.js';
import type { CheckContext, Checked } from './context.js';
import { bindingAt, resultOf } from './members.js';
import { listNames } from './messages.js';

type CompareNode = Extract<Expr, { kind: 'compare' }>;

const isStructure = (node: unknown): node is StructureLiteral => (node as Expr | null)?.kind === 'structure';

/** Whether a comparison or an `in` list holds a structure's literal, and so is checked here. */
export const comparesStructure = (n: CompareNode): boolean => isStructure(n.left) || isStructure(n.right);
export const listsStructure = (list: readonly unknown[]): boolean => list.some(isStructure);

/** A structure's literal anywhere but beside `eq`, `ne` or `in`. */
export function strayStructure(ctx: CheckContext, n: Span): Checked {
  ctx.report('structure_literal', n, "A structure's value is compared with a complex value by eq, ne or in only");
  return undefined;
}

/** `S eq {…}`, `{…} ne S`: S present and every member equal; `ne` its negation. */
export function structureComparison(ctx: CheckContext, n: CompareNode): Checked {
  const [written, literal] = isStructure(n.right) ? [n.left, n.right] : [n.right, n.left];
  if ((n.op !== 'eq' && n.op !== 'ne') || isStructure(written)) return strayStructure(ctx, literal);
  // `Ns.Fn()/Home eq {…}`, `Ns.Fn() eq {…}`: every member compared is read from the one result the
  // call's path is bound to (docs/semantics.md §15), not from the row.
  const path = resultOf(ctx, written);
  if (path.kind === 'member' && path.call !== undefined)
    return ctx.readResult(n, path, (read) =>
      structureComparison(ctx, written === n.left ? { ...n, left: read } : { ...n, right: read }),
    );
  const found = path.kind === 'member' ? bindingAt(ctx, path) : 'value';
  if (found === undefined) return undefined;
  if (typeof found === 'string') {
    ctx.report(
      'type_mismatch',
      n,
      `Cannot compare ${ctx.nameOf(path, path)} (${found === 'value' ? 'no structure' : 'a collection'}) with a structure's value`,
    );
    return undefined;
  }
  const why =
    found.property === undefined
      ? 'is the resource'
      : found.casts.length > 0
        ? 'is cast'
        : notComparable(found.property);
  if (why !== undefined) return notCompared(ctx, n, ctx.nameOf(path, path), why);
  const equal = equalityOf(ctx, path as MemberExpr, literal as StructureLiteral, found.property!, n);
  return equal && ctx.expr(n.op === 'eq' ? equal : { kind: 'not', operand: equal, start: n.start, end: n.end });
}

/**
 * `S in (o1, null, …)`: `S eq o1 or S eq null or …`, each item compared as `eq` compares it. The
 * path is resolved once first, so that its issue is reported once.
 */
export function structureIn(ctx: CheckContext, n: Extract<Expr, { kind: 'in' }>): Checked {
  // The result a call's path reads is bound once, around every item's comparison.
  const operand = resultOf(ctx, n.operand);
  if (operand.kind === 'member' && operand.call !== undefined)
    return ctx.readResult(n, operand, (read) => structureIn(ctx, { ...n, operand: read }));
  if (n.operand.kind === 'member' && bindingAt(ctx, n.operand) === undefined) return undefined;
  let ok = true;
  for (const item of n.list)
    if (item.kind !== 'null' && item.kind !== 'structure') {
      ctx.report('type_mismatch', item, `List item ${ctx.nameOf(item, item)} is no structure's value nor null`);
      ok = false;
    }
  return ok
    ? ctx.expr(
        anyOf(
          'or',
          n.list.map((item) => compared('eq', n.operand, item, item)),
          n,
        ),
      )
    : undefined;
}

/** Why a structure is not compared member by member (docs/semantics.md §16), or undefined where it is. */
function notComparable(structure: StructuredProperty): string | undefined {
  if (structure.relation) return 'is a navigation property (compare its key)';
  if (structure.type?.derived.size) return 'has derived types';
  for (const member of structure.properties.values())
    if (member.kind === 'collection') return `holds the collection '${member.name}'`;
  return undefined;
}

function notCompared(ctx: CheckContext, at: Span, name: string, why: string): undefined {
  ctx.report('structure_not_comparable', at, `${name} ${why}: it is not compared with a structure's value`);
  return undefined;
}

/**
 * `S eq {…}` as the conditions it stands for: S not null, and for each member `S/m eq v` (null
 * equals null, a value never equals null: never null itself), a nested object in turn. Undefined
 * once an issue is reported; the members written are checked still, so that all their issues are.
 */
function equalityOf(
  ctx: CheckContext,
  path: MemberExpr,
  literal: StructureLiteral,
  structure: StructuredProperty,
  at: Span,
): Expr | undefined {
  const tests: Expr[] = [compared('ne', path, { kind: 'null', start: literal.start, end: literal.end }, at)];
  const named = new Set<string>();
  let ok = true;
  for (const { name, nameSpan, value, ...member } of literal.members) {
    const span = { start: member.start, end: member.end };
    const memberPath: MemberExpr = {
      kind: 'member',
      segments: [...path.segments, { name, start: nameSpan.start, end: nameSpan.end }],
      start: nameSpan.start,
      end: nameSpan.end,
    };
    const declared = structure.properties.get(name);
    const nested = value.kind === 'structure';
    let test: Expr | undefined;
    if (named.has(name)) ctx.report('duplicate_member', nameSpan, `'${name}' is named twice`);
    else if (declared === undefined) test = compared('eq', memberPath, { kind: 'null', ...span }, span);
    else if (declared.kind === 'structured' ? !nested && value.kind !== 'null' : nested)
      ctx.report(
        'type_mismatch',
        value,
        `'${name}' ${nested ? 'is no structure' : 'is a structure'}: not ${ctx.nameOf(value, value)}`,
      );
    else if (!nested)
      test = compared(
        'eq',
        memberPath,
        declared.kind === 'primitive' ? spelledAs(value as Literal, declared.type) : value,
        span,
      );
    else {
      const why = notComparable(declared as StructuredProperty);
      if (why === undefined) test = equalityOf(ctx, memberPath, value, declared as StructuredProperty, span);
      else notCompared(ctx, value, `'${name}'`, why);
    }
    named.add(name);
    if (test === undefined) ok = false;
    else tests.push(test);
  }
  const missing = [...structure.properties.keys()].filter((name) => !named.has(name));
  if (missing.length > 0) {
    ctx.report('missing_member', literal, `The structure's value leaves out ${listNames(missing)}`);
    ok = false;
  }
  if (ok) return anyOf('and', tests, at);
  for (const test of tests) ctx.expr(test);
  return undefined;
}

function compared(op: 'eq' | 'ne', left: Expr, right: Expr, at: Span): CompareNode {
  return { kind: 'compare', op, left, right, start: at.start, end: at.end };
}

/** One condition as it is, several joined by `op`. */
function anyOf(op: 'and' | 'or', conditions: readonly Expr[], at: Span): Expr {
  return conditions.length === 1
    ? conditions[0]!
    : { kind: 'logical', op, operands: conditions, start: at.start, end: at.end };
}
