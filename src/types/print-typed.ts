// printTyped(): a compact rendering of a typed tree that shows every node's type and every
// implicit conversion, for the CLI and for reading what check() decided.

import { assertNever } from '../assert-never.js';
import type { TypedExpr, TypedFilter } from './typed.js';

const short = (type: string): string => type.replace(/^Edm\./, '');

function value(v: unknown): string {
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'string') return `'${v.replace(/'/g, "''")}'`;
  if (typeof v === 'number' && Object.is(v, -0)) return '-0';
  return String(v);
}

/**
 * Renders each node with its type after a colon (`Capacity:Int32`), conversions as
 * `convert(…):Type`, and every operator application in parentheses. Date-time literals show their
 * epoch milliseconds.
 */
export function printTyped(node: TypedExpr | TypedFilter): string {
  const n: TypedExpr = 'root' in node ? node.root : node;
  const t = `:${short(n.type)}`;
  switch (n.kind) {
    case 'literal':
      return `${value(n.value)}${t}`;
    case 'null':
      return `null${t}`;
    case 'member':
      return `${n.path.join('/')}${t}`;
    case 'structureNull':
      // The structure has no Edm type: `:Structure` marks it.
      return `(${n.path.join('/')}:Structure ${n.op} null)`;
    case 'convert':
      return `convert(${printTyped(n.operand)})${t}`;
    case 'call':
      return `${n.name}(${n.args.map((a) => printTyped(a)).join(', ')})${t}`;
    case 'not':
      return `not(${printTyped(n.operand)})`;
    case 'negate':
      return `-(${printTyped(n.operand)})${t}`;
    case 'compare':
      return `(${printTyped(n.left)} ${n.op} ${printTyped(n.right)})`;
    case 'arithmetic':
      return `(${printTyped(n.left)} ${n.op} ${printTyped(n.right)})${t}`;
    case 'logical':
      return `(${n.operands.map((o) => printTyped(o)).join(` ${n.op} `)})`;
    case 'in':
      return `(${printTyped(n.operand)} in [${n.list.map((i) => printTyped(i)).join(', ')}])`;
    default:
      return assertNever(n);
  }
}
