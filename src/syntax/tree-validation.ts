// Whether a syntax tree handed to the public API is one parse() could make. A tree parse() made
// is taken at once (src/syntax/made-trees.ts); any other is walked once: its shape (objects of
// known kinds, with the fields of their kind, spans, no cycle), its strings (no lone surrogate,
// which no UTF-8 text carries) and its names (each reads back as itself), and then its canonical
// text is read back: the tree must be what parse() makes of it, field for field, spans aside. So
// a literal's text is text parse() would produce for its value (a number whose text is
// `1 or true` is refused), and print() never writes a filter other than the tree. A tree that
// passes is remembered; one that does not is a FilterError with one `malformed_tree` issue.

import { type Expr, type ExprKind, isLiteralKind } from './ast.js';
import { ARITHMETIC_OPS, COMPARE_OPS } from '../language/operators.js';
import { isFilterError, isSpanNumber, malformedTree } from '../errors.js';
import { isMadeTree, rememberTree } from './made-trees.js';
import { parse } from './parse.js';
import { canonicalText } from './print.js';
import { LONE_SURROGATE } from '../language/literal-spelling.js';

/** The tree, when parse() could make it; else a `malformed_tree` FilterError at the first fault. */
export function madeTree(tree: unknown): Expr {
  if (isMadeTree(tree)) return tree;
  expectShape(tree);
  expectReadBack(tree, canonicalText(tree));
  return rememberTree(tree);
}

/**
 * The node's own fields, not its children's: what a helper that looks at one node (childrenOf)
 * needs, where a subtree alone need not be a whole filter.
 */
export function expectNodeShape(node: unknown): asserts node is Expr {
  childNodes(node);
}

/** No parse limit applies to the read back: a tree handed in is not bounded by parse()'s defaults. */
const UNLIMITED = {
  maxLength: Number.MAX_SAFE_INTEGER,
  maxDepth: Number.MAX_SAFE_INTEGER,
  maxNodes: Number.MAX_SAFE_INTEGER,
  maxLambdaDepth: Number.MAX_SAFE_INTEGER,
};

const NUMBER_TYPES = new Set<unknown>(['Edm.Int32', 'Edm.Int64', 'Edm.Decimal', 'Edm.Double', 'Edm.Single']);
const DATETIME_TYPES = new Set<unknown>(['Edm.DateTime', 'Edm.DateTimeOffset']);
const COMPARE = new Set<unknown>(COMPARE_OPS);
const ARITHMETIC = new Set<unknown>(ARITHMETIC_OPS);

/** Reads a node's fields, each a check that throws at the node. */
class Fields {
  constructor(private readonly node: Record<string, unknown>) {}

  fail(problem: string): never {
    throw malformedTree(this.node, `a ${String(this.node.kind)} node ${problem}`);
  }

  string(key: string): string {
    const value = this.node[key];
    if (typeof value !== 'string') this.fail(`needs a string '${key}'`);
    if (LONE_SURROGATE.test(value)) this.fail(`has a lone surrogate in '${key}', which no UTF-8 text can carry`);
    return value;
  }

  number(key: string): void {
    if (typeof this.node[key] !== 'number') this.fail(`needs a number '${key}'`);
  }

  /** Absent, or picoseconds beyond a millisecond: an integer from 1 to 999,999,999. */
  picoseconds(): void {
    const value = this.node.picoseconds;
    if (value !== undefined && !(Number.isInteger(value) && (value as number) >= 1 && (value as number) < 1e9))
      this.fail("has 'picoseconds' other than an integer from 1 to 999,999,999");
  }

  oneOf(key: string, allowed: ReadonlySet<unknown>): void {
    if (!allowed.has(this.node[key])) this.fail(`has ${describe(this.node[key])} as its '${key}'`);
  }

  span(key: string): Record<string, unknown> {
    const value = this.node[key];
    if (!isRecord(value) || !isSpan(value)) this.fail(`needs a span '${key}': integers 0 <= start <= end`);
    return value;
  }

  /** A name with a span (a path segment, a variable, a type name): read back by parse() below. */
  name(value: unknown, what: string): string {
    if (!isRecord(value) || typeof value.name !== 'string' || !isSpan(value))
      this.fail(`needs ${what} with a string name and a span`);
    if (LONE_SURROGATE.test(value.name)) this.fail(`has a lone surrogate in ${what}`);
    return value.name;
  }

  nodes(key: string): unknown[] {
    const value = this.node[key];
    if (!Array.isArray(value)) this.fail(`needs an array '${key}'`);
    return value;
  }

  child(key: string, kinds?: ReadonlySet<unknown>): unknown {
    const value = this.node[key];
    if (!isRecord(value)) this.fail(`needs a node '${key}'`);
    if (kinds !== undefined && !kinds.has(value.kind)) this.fail(`has a ${describe(value.kind)} node as its '${key}'`);
    return value;
  }
}

const MEMBER = new Set<unknown>(['member']);
const FUNCTION_CALL = new Set<unknown>(['functionCall']);
const ALIAS = new Set<unknown>(['alias']);

/** The node's children, once its own fields are found to be what its kind needs. */
function childNodes(node: unknown): readonly unknown[] {
  if (!isRecord(node)) throw malformedTree(node, `a node is ${node === null ? 'null' : typeof node}, not an object`);
  const kind = node.kind;
  if (typeof kind !== 'string' || !Object.hasOwn(SHAPES, kind))
    throw malformedTree(node, `unknown node kind ${describe(kind)}`);
  if (!isSpan(node)) throw malformedTree(node, `a ${kind} node needs a span: integers 0 <= start <= end`);
  return SHAPES[kind as ExprKind](new Fields(node), node);
}

type Shape = (fields: Fields, node: Record<string, unknown>) => readonly unknown[];

const NONE: readonly unknown[] = [];

const SHAPES: { readonly [K in ExprKind]: Shape } = {
  null: () => NONE,
  boolean: (f, n) => {
    if (typeof n.value !== 'boolean') f.fail("needs a boolean 'value'");
    return NONE;
  },
  number: (f) => {
    f.oneOf('type', NUMBER_TYPES);
    f.string('raw');
    return NONE;
  },
  string: (f, n) => {
    f.string('value');
    if (n.json !== undefined && n.json !== true) f.fail("has a 'json' mark other than true");
    return NONE;
  },
  datetime: (f) => {
    f.oneOf('type', DATETIME_TYPES);
    f.string('raw');
    f.number('epochMs');
    f.picoseconds();
    f.number('offsetMinutes');
    return NONE;
  },
  guid: (f) => {
    f.string('raw');
    f.string('value');
    return NONE;
  },
  binary: (f) => {
    f.string('raw');
    f.string('value');
    return NONE;
  },
  date: (f) => {
    f.string('raw');
    f.number('days');
    return NONE;
  },
  timeOfDay: (f) => {
    f.string('raw');
    f.number('ms');
    f.picoseconds();
    return NONE;
  },
  duration: (f) => {
    f.string('raw');
    f.number('ms');
    f.picoseconds();
    return NONE;
  },
  enum: (f) => {
    f.string('typeName');
    f.string('body');
    return NONE;
  },
  // A path after a call (docs/semantics.md §15) reads the call's result, and may stop there.
  member: (f, n) => {
    const segments = f.nodes('segments');
    if (segments.length === 0 && n.call === undefined) f.fail('needs at least one path segment');
    for (const segment of segments) f.name(segment, 'a path segment');
    return n.call === undefined ? NONE : [f.child('call', FUNCTION_CALL)];
  },
  alias: (f) => {
    f.string('name');
    return NONE;
  },
  call: (f) => {
    f.string('name');
    f.span('nameSpan');
    return f.nodes('args');
  },
  functionCall: (f, n) => {
    f.string('name');
    f.span('nameSpan');
    const values = f.nodes('args').map((arg) => {
      f.name(arg, 'an argument');
      const { nameSpan, value } = arg as Record<string, unknown>;
      if (!isRecord(nameSpan) || !isSpan(nameSpan)) f.fail("needs a span 'nameSpan' on each argument");
      return value;
    });
    return n.binding === undefined ? values : [f.child('binding', MEMBER), ...values];
  },
  typeFunction: (f, n) => {
    f.oneOf('name', new Set(['cast', 'isof']));
    f.span('nameSpan');
    f.name(n.target, 'a type name');
    if (typeof (n.target as { quoted?: unknown }).quoted !== 'boolean')
      f.fail("needs a boolean 'quoted' on its type name");
    // `isof(Ns.Manager)` has none; the read back below says whether the name allows that.
    return n.operand === undefined ? NONE : [f.child('operand')];
  },
  not: (f) => [f.child('operand')],
  negate: (f) => [f.child('operand')],
  compare: (f) => {
    f.oneOf('op', COMPARE);
    return [f.child('left'), f.child('right')];
  },
  arithmetic: (f) => {
    f.oneOf('op', ARITHMETIC);
    return [f.child('left'), f.child('right')];
  },
  logical: (f) => {
    f.oneOf('op', new Set(['and', 'or']));
    const operands = f.nodes('operands');
    if (operands.length < 2) f.fail('needs at least two operands');
    return operands;
  },
  in: (f) => {
    const list = f.nodes('list');
    for (const item of list)
      if (!isRecord(item) || !(isLiteralKind(item.kind) || item.kind === 'structure'))
        f.fail("has an item that is no literal nor a structure's");
    return [f.child('operand'), ...list];
  },
  // Its members' names and values are held to what parse() reads of its text, below; a name that
  // is no string is refused first, since writing that text would throw (JSON has no BigInt).
  structure: (f) =>
    f.nodes('members').map((m) => {
      if (!isRecord(m) || !isRecord(m.value)) return f.fail('needs a value on each member');
      return typeof m.name === 'string' ? m.value : f.fail('needs a string name on each member');
    }),
  // Where it stands (a whole argument of a model's function) is held by the read back, below.
  collection: (f) => {
    const items = f.nodes('items');
    for (const item of items)
      if (!isRecord(item) || !(isLiteralKind(item.kind) || item.kind === 'structure'))
        f.fail("has an item that is no literal nor a structure's");
    return items;
  },
  inAlias: (f) => [f.child('operand'), f.child('alias', ALIAS)],
  lambda: (f, n) => {
    f.oneOf('op', new Set(['any', 'all']));
    f.span('opSpan');
    if ((n.variable === undefined) !== (n.body === undefined)) f.fail('needs both a variable and a body, or neither');
    if (n.variable !== undefined) f.name(n.variable, 'a variable');
    return n.body === undefined ? [f.child('collection', MEMBER)] : [f.child('collection', MEMBER), f.child('body')];
  },
  count: (f) => [f.child('collection', MEMBER)],
  inCollection: (f) => [f.child('operand'), f.child('collection', MEMBER)],
  has: (f) => [f.child('operand'), f.child('value')],
};

/** Every node's shape, walked with a stack; a node that is its own ancestor would make the text endless. */
function expectShape(root: unknown): asserts root is Expr {
  const ancestors = new Set<unknown>();
  const stack: { node: unknown; leaving: boolean }[] = [{ node: root, leaving: false }];
  while (stack.length > 0) {
    const { node, leaving } = stack.pop()!;
    if (leaving) {
      ancestors.delete(node);
      continue;
    }
    if (ancestors.has(node)) throw malformedTree(node, 'a node is its own descendant');
    const children = childNodes(node);
    ancestors.add(node);
    stack.push({ node, leaving: true });
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i], leaving: false });
  }
}

/** Fields that say where a node was read, not what it is. */
const SPAN_KEYS = new Set(['start', 'end', 'nameSpan', 'opSpan']);

/**
 * The tree is what parse() makes of its text, field for field; a difference is refused at the
 * innermost node of the tree that holds it.
 */
function expectReadBack(tree: Expr, text: string): void {
  let read: Expr;
  try {
    read = parse(text, UNLIMITED);
  } catch (error) {
    // A limit (a text beyond what the runtime holds) is the tree's size, and stays one.
    if (isFilterError(error) && error.kind === 'limit') throw error;
    const reason = isFilterError(error) ? error.message : String(error);
    throw malformedTree(tree, `its text ${excerpt(text)} reads back as no filter (${reason})`);
  }
  const stack: [given: unknown, again: unknown, at: Expr][] = [[tree, read, tree]];
  while (stack.length > 0) {
    const [given, again, outer] = stack.pop()!;
    if (Object.is(given, again)) continue;
    if (!isRecord(given) || !isRecord(again)) throw differs(outer, given, again);
    const at = typeof given.kind === 'string' ? (given as unknown as Expr) : outer;
    if (given.kind !== again.kind) throw differs(at, given, again);
    const keys = new Set([...Object.keys(given), ...Object.keys(again)]);
    for (const key of keys) {
      if (SPAN_KEYS.has(key)) continue;
      const [a, b] = [given[key], again[key]];
      if (Object.is(a, b)) continue;
      if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
        for (let i = 0; i < a.length; i++) stack.push([a[i], b[i], at]);
      } else if (isRecord(a) && isRecord(b) && !Array.isArray(a) && !Array.isArray(b)) {
        stack.push([a, b, at]);
      } else {
        throw malformedTree(at, `its ${key} ${describe(a)} reads back from its text as ${describe(b)}`);
      }
    }
  }
}

function differs(at: Expr, given: unknown, again: unknown): Error {
  const kindOf = (v: unknown) => (isRecord(v) && typeof v.kind === 'string' ? `a ${v.kind} node` : describe(v));
  return malformedTree(at, `${kindOf(given)} reads back from its text as ${kindOf(again)}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isSpan(value: Record<string, unknown>): boolean {
  return isSpanNumber(value.start) && isSpanNumber(value.end) && value.start <= value.end;
}

function excerpt(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
}

function describe(value: unknown): string {
  if (typeof value === 'string') return excerpt(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (value === undefined || value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}
