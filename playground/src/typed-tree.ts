// The typed tree as an indented outline, one node a line with its Edm type, so that what check()
// decided (every implicit conversion, the type each literal took) can be read at a glance;
// printTyped's one line is the compact form of the same tree.

import { visitTyped } from 'odata-filter';
import type { TypedCollection, TypedExpr, TypedFilter, TypedSource, TypedVisitor } from 'odata-filter';

interface OutlineNode {
  readonly label: string;
  readonly children: readonly TypedExpr[];
}

const short = (type: string): string => type.replace(/^Edm\./, '');

/** A literal's value as the language writes it; an Int64 keeps its digits. */
function literal(value: unknown): string {
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  if (typeof value === 'number' && Object.is(value, -0)) return '-0';
  return String(value);
}

function path(source: TypedSource, segments: readonly string[]): string {
  return (source.kind === 'row' ? segments : [source.name, ...segments]).join('/');
}

const collection = (c: TypedCollection): string => path(c.source, c.path);

/** Each node's line and the children shown under it, by kind. */
const OUTLINE = {
  literal: (n) => ({ label: `${literal(n.value)} : ${n.enum?.name ?? short(n.type)}`, children: [] }),
  null: (n) => ({ label: `null : ${n.enum?.name ?? short(n.type)}`, children: [] }),
  member: (n) => ({
    label: `${path(n.source, n.path)} : ${n.property.enum?.name ?? short(n.type)}${n.nullable ? '' : ' (not null)'}`,
    children: [],
  }),
  structureNull: (n) => ({ label: `${path(n.source, n.path)} ${n.op} null : Boolean (structure)`, children: [] }),
  lambda: (n) => ({
    label: `${collection(n.collection)}/${n.op}(${n.variable ?? ''}) : Boolean`,
    children: n.body === undefined ? [] : [n.body],
  }),
  count: (n) => ({
    label: `${collection(n.collection)}/$count${n.variable === undefined ? '' : `(${n.variable})`} : Int64`,
    children: n.body === undefined ? [] : [n.body],
  }),
  guard: (n) => ({ label: `guard : ${short(n.type)}`, children: [n.condition, n.value, n.otherwise] }),
  convert: (n) => ({ label: `convert → ${short(n.type)} (implicit)`, children: [n.operand] }),
  cast: (n) => ({ label: `cast → ${short(n.type)}`, children: [n.operand] }),
  isof: (n) => ({ label: `isof ${n.target} : Boolean`, children: [n.operand] }),
  call: (n) => ({ label: `${n.name}() : ${short(n.type)}`, children: n.args }),
  // A model's function: the structure or collection it is bound to in its line, a bound value (or
  // which elements a collection passes) and the arguments under it.
  functionCall: (n) => {
    const b = n.binding;
    const bound =
      b?.kind === 'structure'
        ? `${path(b.source, b.path) || '$it'}/`
        : b?.kind === 'collection'
          ? `${collection(b.collection)}/`
          : '';
    const value =
      b === undefined || b.kind === 'structure'
        ? []
        : b.kind === 'collection'
          ? b.body === undefined
            ? []
            : [b.body]
          : [b];
    return { label: `${bound}${n.function.name}() : ${short(n.type)}`, children: [...value, ...n.args] };
  },
  // A read of a call's result: the variable it is bound to and the call in its line, the read under it.
  result: (n) => ({
    label: `${n.variable} = ${n.call.function.name}() : ${n.element.kind === 'collection' ? 'collection' : 'result'}`,
    children: [...(n.made === undefined ? [] : [n.made]), ...n.call.args, n.read],
  }),
  // A collection given whole to a function: a JSON array's elements under it, or the path it passes.
  collectionArgument: (n) => {
    const of = `Collection(${n.structure?.name ?? n.enum?.name ?? short(n.type)})`;
    const e = n.elements;
    if (!('kind' in e)) return { label: `[…] : ${of}`, children: e };
    // A structure's slots, read from each element, follow the condition on which are passed.
    const children = [...(e.body === undefined ? [] : [e.body]), ...(n.slots ?? [])];
    return { label: `${collection(e.collection)} : ${of}`, children };
  },
  not: (n) => ({ label: 'not : Boolean', children: [n.operand] }),
  negate: (n) => ({ label: `- (negate) : ${short(n.type)}`, children: [n.operand] }),
  compare: (n) => ({ label: `${n.op} : Boolean`, children: [n.left, n.right] }),
  arithmetic: (n) => ({ label: `${n.op} : ${short(n.type)}`, children: [n.left, n.right] }),
  temporal: (n) => ({ label: `${n.op} : ${short(n.type)}`, children: [n.left, n.right] }),
  logical: (n) => ({ label: `${n.op} : Boolean`, children: n.operands }),
  has: (n) => ({ label: 'has : Boolean', children: [n.operand, n.value] }),
  in: (n) => ({ label: 'in : Boolean', children: [n.operand, ...n.list] }),
} satisfies TypedVisitor<OutlineNode>;

/** The outline of a checked filter, drawn with box-drawing characters. */
export function outlineTyped(filter: TypedFilter): string {
  const lines: string[] = [];
  const walk = (node: TypedExpr, lead: string, childLead: string): void => {
    const { label, children } = visitTyped(node, OUTLINE);
    lines.push(lead + label);
    children.forEach((child, i) => {
      const last = i === children.length - 1;
      walk(child, childLead + (last ? '└─ ' : '├─ '), childLead + (last ? '   ' : '│  '));
    });
  };
  walk(filter.root, '', '');
  return lines.join('\n');
}
