// A parenthesised expression: its inner node, respanned to cover the parentheses.

import type { Expr, NumberLiteral } from '../ast.js';
import type { Range } from './syntax-error.js';

/**
 * A parenthesised expression is its inner node with a span that includes the parentheses, so the
 * span of every node, and of every operator built on it, covers its whole source text.
 */
export function parenthesised(expr: Expr, r: Range): Expr {
  return (RESPAN[expr.kind] as (node: Expr, start: number, end: number) => Expr)(expr, r.start, r.end);
}

/**
 * A copy of each kind of node with a new span, keys in the order the builders write them. An
 * object spread does the same but falls to a slow generic path once it has seen many node shapes.
 */
const RESPAN: { readonly [K in Expr['kind']]: (node: Extract<Expr, { kind: K }>, start: number, end: number) => Expr } =
  {
    null: (n, start, end) => ({ kind: n.kind, start, end }),
    boolean: (n, start, end) => ({ kind: n.kind, value: n.value, start, end }),
    number: (n, start, end) =>
      ({ kind: n.kind, type: n.type, raw: n.raw, value: n.value, start, end }) as NumberLiteral,
    string: (n, start, end) =>
      n.json === true
        ? { kind: n.kind, value: n.value, json: true, start, end }
        : { kind: n.kind, value: n.value, start, end },
    datetime: (n, start, end) => ({
      kind: n.kind,
      type: n.type,
      raw: n.raw,
      epochMs: n.epochMs,
      ...(n.picoseconds === undefined ? {} : { picoseconds: n.picoseconds }),
      offsetMinutes: n.offsetMinutes,
      start,
      end,
    }),
    guid: (n, start, end) => ({ kind: n.kind, raw: n.raw, value: n.value, start, end }),
    binary: (n, start, end) => ({ kind: n.kind, raw: n.raw, value: n.value, start, end }),
    date: (n, start, end) => ({ kind: n.kind, raw: n.raw, days: n.days, start, end }),
    timeOfDay: (n, start, end) => ({ kind: n.kind, raw: n.raw, ms: n.ms, ...finer(n), start, end }),
    duration: (n, start, end) => ({ kind: n.kind, raw: n.raw, ms: n.ms, ...finer(n), start, end }),
    enum: (n, start, end) => ({ kind: n.kind, typeName: n.typeName, body: n.body, start, end }),
    has: (n, start, end) => ({ kind: n.kind, operand: n.operand, value: n.value, start, end }),
    member: (n, start, end) => ({ kind: n.kind, ...(n.call && { call: n.call }), segments: n.segments, start, end }),
    alias: (n, start, end) => ({ kind: n.kind, name: n.name, start, end }),
    call: (n, start, end) => ({ kind: n.kind, name: n.name, nameSpan: n.nameSpan, args: n.args, start, end }),
    functionCall: (n, start, end) => ({
      kind: n.kind,
      name: n.name,
      nameSpan: n.nameSpan,
      binding: n.binding,
      args: n.args,
      start,
      end,
    }),
    typeFunction: (n, start, end) => ({
      kind: n.kind,
      name: n.name,
      nameSpan: n.nameSpan,
      operand: n.operand,
      target: n.target,
      start,
      end,
    }),
    not: (n, start, end) => ({ kind: n.kind, operand: n.operand, start, end }),
    negate: (n, start, end) => ({ kind: n.kind, operand: n.operand, start, end }),
    compare: (n, start, end) => ({ kind: n.kind, op: n.op, left: n.left, right: n.right, start, end }),
    arithmetic: (n, start, end) => ({ kind: n.kind, op: n.op, left: n.left, right: n.right, start, end }),
    logical: (n, start, end) => ({ kind: n.kind, op: n.op, operands: n.operands, start, end }),
    in: (n, start, end) => ({ kind: n.kind, operand: n.operand, list: n.list, start, end }),
    lambda: (n, start, end) => ({
      kind: n.kind,
      op: n.op,
      collection: n.collection,
      opSpan: n.opSpan,
      variable: n.variable,
      body: n.body,
      start,
      end,
    }),
    count: (n, start, end) => ({ kind: n.kind, collection: n.collection, start, end }),
    inCollection: (n, start, end) => ({ kind: n.kind, operand: n.operand, collection: n.collection, start, end }),
    inAlias: (n, start, end) => ({ kind: n.kind, operand: n.operand, alias: n.alias, start, end }),
    structure: (n, start, end) => ({ kind: n.kind, members: n.members, start, end }),
    collection: (n, start, end) => ({ kind: n.kind, items: n.items, start, end }),
  };

/** The `picoseconds` field of a time literal, where it has one. */
function finer(n: { readonly picoseconds?: number }): { picoseconds?: number } {
  return n.picoseconds === undefined ? {} : { picoseconds: n.picoseconds };
}
