// A compact rendering of a typed tree for table tests: every node shows its type after a colon
// (without the `Edm.` prefix), conversions show as `convert(…)`.

import type { TypedExpr } from '../../src/index.js';

const short = (type: string): string => type.replace(/^Edm\./, '');

function value(v: unknown): string {
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'string') return `'${v}'`;
  if (typeof v === 'number' && Object.is(v, -0)) return '-0';
  return String(v);
}

export function renderTyped(node: TypedExpr): string {
  const t = `:${short(node.type)}`;
  switch (node.kind) {
    case 'literal':
      return `${value(node.value)}${t}`;
    case 'null':
      return `null${t}`;
    case 'member':
      return `${node.path.join('/')}${t}`;
    case 'convert':
      return `convert(${renderTyped(node.operand)})${t}`;
    case 'call':
      return `${node.name}(${node.args.map(renderTyped).join(', ')})${t}`;
    case 'not':
      return `not(${renderTyped(node.operand)})`;
    case 'negate':
      return `-(${renderTyped(node.operand)})${t}`;
    case 'compare':
      return `(${renderTyped(node.left)} ${node.op} ${renderTyped(node.right)})`;
    case 'arithmetic':
      return `(${renderTyped(node.left)} ${node.op} ${renderTyped(node.right)})${t}`;
    case 'logical':
      return `(${node.operands.map(renderTyped).join(` ${node.op} `)})`;
    case 'in':
      return `(${renderTyped(node.operand)} in [${node.list.map(renderTyped).join(', ')}])`;
  }
}
