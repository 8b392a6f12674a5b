// printTyped(): a compact rendering of a typed tree that shows every node's type and every
// implicit conversion, for the CLI and for reading what check() decided.

import { assertNever } from '../assert-never.js';
import type { TypedCollection, TypedExpr, TypedFilter, TypedSource } from './typed.js';
import { enumOf } from './typed.js';

const short = (type: string): string => type.replace(/^Edm\./, '');

function value(v: unknown): string {
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'string') return `'${v.replace(/'/g, "''")}'`;
  if (typeof v === 'number' && Object.is(v, -0)) return '-0';
  return String(v);
}

/** A path from its source: `Name`, `t/City`, `t` (a variable's element itself). */
function path(source: TypedSource, segments: readonly string[]): string {
  return source.kind === 'row' ? segments.join('/') : [source.name, ...segments].join('/');
}

const collection = (c: TypedCollection): string => path(c.source, c.path);

/**
 * Renders each node with its type after a colon (`Capacity:Int32`), conversions as
 * `convert(…):Type`, and every operator application in parentheses. Date-time literals show their
 * epoch milliseconds.
 */
export function printTyped(node: TypedExpr | TypedFilter): string {
  const n: TypedExpr = 'root' in node ? node.root : node;
  // An enumeration value shows its type's name, not its underlying integer type.
  const enumType = enumOf(n);
  const t = enumType ? `:${enumType.name}` : `:${short(n.type)}`;
  switch (n.kind) {
    case 'literal':
      return `${value(n.value)}${t}`;
    case 'null':
      return `null${t}`;
    case 'member':
      return `${path(n.source, n.path)}${t}`;
    case 'structureNull':
      // The structure has no Edm type: `:Structure` marks it.
      return `(${path(n.source, n.path)}:Structure ${n.op} null)`;
    case 'lambda':
      return n.body === undefined ? `${collection(n.collection)}/${n.op}()` : `${collection(n.collection)}/${n.op}(${n.variable}: ${printTyped(n.body)})`;
    case 'count':
      return `${collection(n.collection)}/$count${t}`;
    case 'convert':
      return `convert(${printTyped(n.operand)})${t}`;
    case 'cast':
      return `cast(${printTyped(n.operand)})${t}`;
    case 'isof':
      return `isof(${printTyped(n.operand)}, ${n.target})`;
    case 'call':
      return `${n.name}(${n.args.map((a) => printTyped(a)).join(', ')})${t}`;
    case 'not':
      return `not(${printTyped(n.operand)})`;
    case 'negate':
      return `-(${printTyped(n.operand)})${t}`;
    case 'compare':
      return `(${printTyped(n.left)} ${n.op} ${printTyped(n.right)})`;
    case 'arithmetic':
    case 'temporal':
      return `(${printTyped(n.left)} ${n.op} ${printTyped(n.right)})${t}`;
    case 'logical':
      return `(${n.operands.map((o) => printTyped(o)).join(` ${n.op} `)})`;
    case 'has':
      return `(${printTyped(n.operand)} has ${printTyped(n.value)})`;
    case 'in':
      return `(${printTyped(n.operand)} in [${n.list.map((i) => printTyped(i)).join(', ')}])`;
    default:
      return assertNever(n);
  }
}
