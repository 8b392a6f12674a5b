// print(): the canonical text of a tree, with parentheses only where precedence needs them,
// so that parse(print(tree)) rebuilds the same tree.

import type { Expr, ExprVisitor } from './ast.js';
import { visit } from './ast.js';

// Binding strength, loosest first.
const OR = 1;
const AND = 2;
const EQUALITY = 3;
const RELATIONAL = 4;
const ADDITIVE = 5;
const MULTIPLICATIVE = 6;
const UNARY = 7;
/** `in` is a primary operator: tighter than unary ones, left-associative among its own. */
const IN = 8;
const PRIMARY = 9;

const COMPARE_LEVEL = { eq: EQUALITY, ne: EQUALITY, gt: RELATIONAL, ge: RELATIONAL, lt: RELATIONAL, le: RELATIONAL } as const;
const ARITHMETIC_LEVEL = { add: ADDITIVE, sub: ADDITIVE, mul: MULTIPLICATIVE, div: MULTIPLICATIVE, mod: MULTIPLICATIVE } as const;

const CAST_NAMES = new Set(['datetime', 'datetimeoffset']);

export function print(expr: Expr): string {
  return render(expr).text;
}

interface Rendered {
  readonly text: string;
  readonly level: number;
}

function render(node: Expr): Rendered {
  return visit(node, renderers);
}

/** The child's text, parenthesised when it binds more loosely than `minLevel`. */
function operand(child: Expr, minLevel: number): string {
  const r = render(child);
  return r.level < minLevel ? `(${r.text})` : r.text;
}

function quote(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

const renderers: ExprVisitor<Rendered> = {
  null: () => ({ text: 'null', level: PRIMARY }),
  boolean: (n) => ({ text: n.value ? 'true' : 'false', level: PRIMARY }),
  number: (n) => ({ text: n.raw, level: PRIMARY }),
  string: (n) => ({ text: quote(n.value), level: PRIMARY }),
  datetime: (n) => ({ text: n.raw, level: PRIMARY }),
  guid: (n) => ({ text: n.raw, level: PRIMARY }),
  member: (n) => ({ text: n.segments.map((s) => s.name).join('/'), level: PRIMARY }),
  call: (n) => {
    const args = n.args.map((a) => render(a).text);
    // `datetime('…')` is the date-time literal; a call on a string literal needs its own parentheses.
    if (CAST_NAMES.has(n.name) && n.args.length === 1 && n.args[0]!.kind === 'string') args[0] = `(${args[0]})`;
    return { text: `${n.name}(${args.join(', ')})`, level: PRIMARY };
  },
  not: (n) => ({ text: `not ${operand(n.operand, UNARY)}`, level: UNARY }),
  negate: (n) => {
    const text = operand(n.operand, UNARY);
    // `-5` would read back as the literal -5, and `-2012-…` as a number: keep the negation.
    // `-(-a)` rather than `--a`, which reads like a decrement.
    const needsParens = /^[0-9-]|^INF\b/.test(text);
    return { text: needsParens ? `-(${text})` : `-${text}`, level: UNARY };
  },
  compare: (n) => {
    const level = COMPARE_LEVEL[n.op];
    return { text: `${operand(n.left, level)} ${n.op} ${operand(n.right, level + 1)}`, level };
  },
  arithmetic: (n) => {
    const level = ARITHMETIC_LEVEL[n.op];
    return { text: `${operand(n.left, level)} ${n.op} ${operand(n.right, level + 1)}`, level };
  },
  logical: (n) => {
    const level = n.op === 'and' ? AND : OR;
    return { text: n.operands.map((o) => operand(o, level + 1)).join(` ${n.op} `), level };
  },
  in: (n) => ({
    text: `${operand(n.operand, IN)} in (${n.list.map((l) => render(l).text).join(', ')})`,
    level: IN,
  }),
};
