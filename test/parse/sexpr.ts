// A compact s-expression rendering of syntax trees, so that tables of parse cases stay readable:
// `(and (eq Status 'Active') (gt (add Price i32:1) dec:2.5))`, `(any Tags t: (eq t 'red'))`,
// `(count Tags)`, `(in x Tags)` beside `(in x ['a'])`.

import type { Expr, ExprVisitor } from '../../src/syntax/ast.js';
import { visit } from '../../src/syntax/ast.js';

const TYPE_TAGS = {
  'Edm.Int32': 'i32',
  'Edm.Int64': 'i64',
  'Edm.Decimal': 'dec',
  'Edm.Double': 'dbl',
  'Edm.Single': 'sgl',
} as const;

const render: ExprVisitor<string> = {
  null: () => 'null',
  boolean: (n) => String(n.value),
  number: (n) => `${TYPE_TAGS[n.type]}:${Object.is(n.value, -0) ? '-0' : String(n.value)}`,
  string: (n) => `'${n.value.replace(/'/g, "''")}'`,
  datetime: (n) =>
    `${n.type === 'Edm.DateTime' ? 'dt' : 'dto'}:${new Date(n.epochMs).toISOString()}${n.offsetMinutes ? `@${n.offsetMinutes}` : ''}`,
  guid: (n) => `guid:${n.value}`,
  binary: (n) => `bin:${n.value}`,
  date: (n) => `date:${n.days}`,
  timeOfDay: (n) => `time:${n.ms}`,
  duration: (n) => `duration:${n.ms}`,
  // After a call: the call, `/`, and the segments (none for the call's result itself).
  member: (n) => `${n.call === undefined ? '' : `${sexpr(n.call)}/`}${n.segments.map((s) => s.name).join('/')}`,
  alias: (n) => `@${n.name}`,
  call: (n) => `(${n.name}${n.args.map((a) => ` ${sexpr(a)}`).join('')})`,
  functionCall: (n) =>
    `(${n.binding === undefined ? '' : `${sexpr(n.binding)}/`}${n.name}${n.args.map((a) => ` ${a.name}=${sexpr(a.value)}`).join('')})`,
  enum: (n) => `enum:${n.typeName}'${n.body}'`,
  has: (n) => `(has ${sexpr(n.operand)} ${sexpr(n.value)})`,
  typeFunction: (n) =>
    `(${n.name}${n.operand === undefined ? '' : ` ${sexpr(n.operand)}`} ${n.target.quoted ? `'${n.target.name}'` : n.target.name})`,
  not: (n) => `(not ${sexpr(n.operand)})`,
  negate: (n) => `(- ${sexpr(n.operand)})`,
  compare: (n) => `(${n.op} ${sexpr(n.left)} ${sexpr(n.right)})`,
  arithmetic: (n) => `(${n.op} ${sexpr(n.left)} ${sexpr(n.right)})`,
  logical: (n) => `(${n.op} ${n.operands.map(sexpr).join(' ')})`,
  in: (n) => `(in ${sexpr(n.operand)} [${n.list.map(sexpr).join(' ')}])`,
  lambda: (n) =>
    `(${n.op} ${sexpr(n.collection)}${n.variable === undefined ? '' : ` ${n.variable.name}:`}${n.body === undefined ? '' : ` ${sexpr(n.body)}`})`,
  count: (n) => `(count ${sexpr(n.collection)})`,
  inAlias: (n) => `(in ${sexpr(n.operand)} ${sexpr(n.alias)})`,
  inCollection: (n) => `(in ${sexpr(n.operand)} ${sexpr(n.collection)})`,
  structure: (n) => `{${n.members.map((m) => `${JSON.stringify(m.name)}: ${sexpr(m.value)}`).join(', ')}}`,
  collection: (n) => `[${n.items.map(sexpr).join(', ')}]`,
};

export function sexpr(node: Expr): string {
  return visit(node, render);
}
