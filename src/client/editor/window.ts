// The part of a long filter a completion reads: the operand of the filter's top-level `and`/`or`
// chain that holds the cursor. The checker checks each operand of a chain on its own (each must be
// a condition), so what a candidate written at the cursor brings is the same whether the other
// operands are there or not; each is checked once, alone, and stands in every trial as one short
// operand of the same standing: `true` where it checks as a condition without issue, `1` where it
// does not (then no candidate makes the whole filter typed, as none does in the full text). The
// few things decided over the whole filter are carried over: the limits (the dropped text's
// length exactly, its nodes and depth as bounds, a trial near them read in full), and the string
// cost, summed over the calls left to right from the dropped prefix on. Completions do not change;
// each trial reads tens of characters, not thousands.

import { type Expr, childrenOf } from '../../syntax/ast.js';
import { isFilterError } from '../../errors.js';
import type { FilterIssue } from '../../errors.js';
import { parse } from '../../syntax/parse.js';
import { limitsOf } from '../../syntax/limits.js';
import { inspect, type CheckOptions, type Inspection } from '../../types/check.js';
import { Checker } from '../../types/check/checker.js';
import { DEFAULT_MAX_STRING_COST, stringCost } from '../../types/string-cost.js';
import type { Schema } from '../../types/schema.js';
import type { TypedExpr } from '../../types/typed.js';
import { versionIssues } from '../../types/version-check.js';
import { versionOf } from '../../language/versions.js';

/**
 * An option that makes the editor kit try every candidate in the whole text and in every reading
 * of the place: the reference its shortcuts (the window, the readings no candidate can fit in)
 * are tested against.
 */
export const EVERY_TRIAL: unique symbol = Symbol('try every candidate in the whole text and every reading');

/** Options that may ask for every trial. */
export type WindowOptions = CheckOptions & { readonly [EVERY_TRIAL]?: boolean };

/** A trial's reading: its tree and what the checker found, as the whole text would have them; or a text that does not parse. */
export type Trial = { readonly tree: Expr; readonly inspection: Inspection } | undefined;

/** What a trial answers where the window cannot tell (a limit is near): read the whole text instead. */
export const READ_WHOLE = 'read whole';

/** Operands of the top-level chain left out of the trials, each checked once alone. */
interface DroppedPart {
  /** What stands for them in a trial. */
  readonly standIn: string;
  /** Bounds of the nodes and depth they add to a trial's tree. */
  readonly nodes: number;
  readonly depth: number;
  /** The characters their string functions can return per row (when all check as conditions). */
  readonly cost: number;
  /** Their typed trees, and where each starts in the part: where a cost beyond the limit is reached. */
  readonly operands: readonly { readonly root: TypedExpr; readonly offset: number }[];
}

/** One operand of the top-level chain, checked alone. */
interface CheckedOperand {
  /** Its typed tree, unless an issue left it untyped. */
  readonly root: TypedExpr | undefined;
  /** Whether it types as a condition, and whether the checker found issues in it. */
  readonly condition: boolean;
  readonly issues: boolean;
  /** Whether (before 4.01) it has constructs the version lacks that only a typed filter shows. */
  readonly laterWhenTyped: boolean;
  readonly nodes: number;
  readonly depth: number;
  readonly cost: number;
}

/** A `and` or `or` between the operands of the filter's top-level chain. */
interface Junction {
  readonly start: number;
  readonly end: number;
}

export class Window {
  private constructor(
    /** The text the window is of. */
    private readonly source: string,
    /** The kept text is source[start, end). */
    readonly start: number,
    readonly end: number,
    private readonly before: DroppedPart | undefined,
    private readonly after: DroppedPart | undefined,
    private readonly options: CheckOptions,
  ) {
    this.head = before === undefined ? '' : `${before.standIn} and`;
    this.tail = after === undefined ? '' : `and ${after.standIn}`;
    this.text = this.head + source.slice(start, end) + this.tail;
  }

  /** What stands for the dropped prefix, and for the dropped rest (each empty when nothing is dropped there). */
  readonly head: string;
  readonly tail: string;
  /** The text the trials read: the kept text between the stand-ins. */
  readonly text: string;

  /**
   * The window around source[from, to) (the cursor's path and segment), or undefined when there is
   * no top-level operand to leave out, or one of them cannot be told apart (it does not parse
   * alone, or its check throws, or it has issues yet types as a condition).
   */
  static around(source: string, from: number, to: number, schema: Schema, options: WindowOptions): Window | undefined {
    if (options[EVERY_TRIAL] === true) return undefined;
    const junctions = junctionsOf(source);
    let last: Junction | undefined;
    let next: Junction | undefined;
    for (const junction of junctions) {
      if (junction.end <= from) last = junction;
      else if (junction.start >= to) {
        next = junction;
        break;
      }
    }
    const { maxDepth } = limitsOf(options);
    /** The operands between junctions, from the text's start or to its end. */
    const partOf = (cuts: readonly Junction[], start: number, end: number): DroppedPart | undefined => {
      const part = droppedPart(source, cuts, start, end, schema, options);
      return part !== undefined && part.depth + 2 <= maxDepth ? part : undefined;
    };
    const before = last === undefined ? undefined : partOf(junctions.slice(0, junctions.indexOf(last)), 0, last.start);
    const after =
      next === undefined ? undefined : partOf(junctions.slice(junctions.indexOf(next) + 1), next.end, source.length);
    // Beyond the limit in the prefix alone, every whole trial would be refused at the same call there.
    const limit = options.maxStringCost ?? DEFAULT_MAX_STRING_COST;
    if (before !== undefined && before.cost > limit) return undefined;
    if (before === undefined && after === undefined) return undefined;
    return new Window(
      source,
      before === undefined ? 0 : last!.end,
      after === undefined ? source.length : next!.start,
      before,
      after,
      options,
    );
  }

  /** The offset in the window's text of an offset in the kept part of the source. */
  offsetOf(offset: number): number {
    return offset - this.start + this.head.length;
  }

  /**
   * The options a trial is parsed and checked with, from `options` (the trial's own, with its
   * stand-in alias): the limits less what the dropped text takes of them, with or without the
   * dropped rest (`withTail`: a reading that keeps the user's rest keeps it; one that closes the
   * text after the place does not), and the string cost less the dropped prefix's.
   */
  trialOptions(options: CheckOptions, withTail: boolean): CheckOptions {
    const limits = limitsOf(options);
    const after = withTail ? this.after : undefined;
    const droppedLength =
      this.start - this.head.length + (after === undefined ? 0 : this.source.length - this.end - this.tail.length);
    return {
      ...options,
      maxLength: limits.maxLength - droppedLength,
      // Bounds (see droppedPart): a trial within them is within the limits in the whole text.
      maxDepth: limits.maxDepth - 1,
      maxNodes: limits.maxNodes - (this.before?.nodes ?? 0) - (after?.nodes ?? 0) - 4,
      // The sum over the calls runs from the dropped prefix on: what it leaves of the limit.
      maxStringCost: (options.maxStringCost ?? DEFAULT_MAX_STRING_COST) - (this.before?.cost ?? 0),
    };
  }

  /**
   * The tree and issues of `text` (a trial in the window's text, read with `trialOptions(…,
   * withTail)`) as the whole text's trial would have them, positions aside; READ_WHOLE where a
   * limit may decide it, which only the whole text can tell.
   */
  trial(text: string, options: CheckOptions, schema: Schema, withTail: boolean): Trial | typeof READ_WHOLE {
    let tree: Expr;
    try {
      tree = parse(text, options);
    } catch (error) {
      const code = isFilterError(error) ? error.issues[0]?.code : undefined;
      return code === 'too_deep' || code === 'too_many_nodes' ? READ_WHOLE : undefined;
    }
    const inspection = inspect(tree, schema, options, text);
    const beyond = this.costBeyond(inspection, text, withTail);
    return {
      tree,
      inspection: beyond === undefined ? inspection : { ...inspection, issues: [...inspection.issues, beyond] },
    };
  }

  /**
   * The string cost's issue of the whole text (check()'s, of a filter that has no other issue):
   * at the call where the sum over the calls, left to right, passes the limit — in the kept text,
   * or in the dropped rest, placed past the trial's end where every trial places it alike.
   */
  private costBeyond(inspection: Inspection, text: string, withTail: boolean): FilterIssue | undefined {
    const after = withTail ? this.after : undefined;
    const { root, issues } = inspection;
    // Passed in the kept text, the limit less the prefix's cost is inspect()'s own issue; the
    // versions' issues are not the checker's, and the cost is reckoned beside them.
    if (after === undefined || after.cost === 0 || root === undefined) return undefined;
    if (!issues.every((issue) => issue.code === 'not_in_version')) return undefined;
    const limit = this.options.maxStringCost ?? DEFAULT_MAX_STRING_COST;
    const size = this.options.maxCollectionSize;
    const costBefore = this.before?.cost ?? 0;
    const kept = stringCost(root, Number.POSITIVE_INFINITY, size).total;
    if (costBefore + kept + after.cost <= limit) return undefined;
    let left = limit - costBefore - kept;
    const past = text.length + 1;
    for (const { root: operand, offset } of after.operands) {
      const { total, beyond } = stringCost(operand, left, size);
      if (beyond !== undefined) {
        const message = 'String functions can return more characters per row than the limit';
        return { code: 'string_cost', message, start: past + offset + beyond.start, end: past + offset + beyond.end };
      }
      left -= total;
    }
    return undefined;
  }
}

/**
 * The `and`s and `or`s at the top level of a text (outside parentheses, brackets, braces and
 * quotes), each a whole word after the end of an operand: where the filter's chain may be cut.
 * Each cut is confirmed by the parts on either side parsing alone.
 */
function junctionsOf(text: string): Junction[] {
  const junctions: Junction[] = [];
  let depth = 0;
  for (let i = 0; i < text.length; ) {
    const c = text[i]!;
    if (c === "'" || c === '"') {
      // A doubled quote closes and reopens, which reads the same; `\` escapes in a JSON string.
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += c === '"' && text[j] === '\\' ? 2 : 1;
      i = j + 1;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth = Math.max(0, depth - 1);
    if (!WORD.test(c)) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < text.length && WORD.test(text[j]!)) j++;
    const word = text.slice(i, j).toLowerCase();
    if (
      depth === 0 &&
      (word === 'and' || word === 'or') &&
      ENDS_OPERAND.test(text[i - 1] ?? '') &&
      OPENS.test(text[j] ?? '')
    )
      junctions.push({ start: i, end: j });
    i = j;
  }
  return junctions;
}

const WORD = /[A-Za-z0-9_]/;
const ENDS_OPERAND = /[\s)\]}'"]/;
const OPENS = /[\s(]/;

/**
 * The operands last checked, by schema and by the options that decide how an operand checks: as a
 * user types inside one operand, or moves from one to another, the others stay as they were.
 */
const rememberedOperands = new WeakMap<Schema, Map<string, CheckedOperand | undefined>>();
/** Operands remembered per schema: those of a few texts of some thousands of characters. */
const MOST_REMEMBERED = 512;

function rememberedOperand(text: string, schema: Schema, options: CheckOptions): CheckedOperand | undefined {
  let operands = rememberedOperands.get(schema);
  if (operands === undefined) rememberedOperands.set(schema, (operands = new Map()));
  const key = `${checkOptionsKey(options)}\u0000${text}`;
  if (operands.has(key)) {
    const operand = operands.get(key);
    // The latest used last: the first is the one to forget.
    operands.delete(key);
    operands.set(key, operand);
    return operand;
  }
  const operand = checkedOperand(text, schema, options);
  operands.set(key, operand);
  if (operands.size > MOST_REMEMBERED) operands.delete(operands.keys().next().value!);
  return operand;
}

/** The editor's own options, which no check reads. */
const EDITOR_ONLY = new Set(['policy', 'now']);

/** Every option a check reads (those to come too), as text: options alike give the same key. */
function checkOptionsKey(options: CheckOptions): string {
  return JSON.stringify(
    Object.entries(options)
      .filter(([name, value]) => !EDITOR_ONLY.has(name) && value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
    // JSON writes no Infinity (nor NaN) apart from null.
    (_, value: unknown) => (typeof value === 'number' && !Number.isFinite(value) ? String(value) : value),
  );
}

/**
 * The operands of source[start, end) (cut at `cuts`), checked as the part would check alone:
 * undefined when that cannot stand for how they are checked in the whole text — one does not
 * parse, or its check throws (which in the whole text ends the check there); or all type as
 * conditions, yet one has issues or (before 4.01) constructs the version lacks that only a typed
 * filter shows.
 */
function droppedPart(
  source: string,
  cuts: readonly Junction[],
  start: number,
  end: number,
  schema: Schema,
  options: CheckOptions,
): DroppedPart | undefined {
  const bounds = [start, ...cuts.flatMap((cut) => [cut.start, cut.end]), end];
  const found: { checked: CheckedOperand; offset: number }[] = [];
  for (let i = 0; i < bounds.length; i += 2) {
    const checked = rememberedOperand(source.slice(bounds[i]!, bounds[i + 1]!), schema, options);
    if (checked === undefined) return undefined;
    found.push({ checked, offset: bounds[i]! - start });
  }
  const condition = found.every(({ checked }) => checked.condition);
  if (condition && found.some(({ checked }) => checked.issues || checked.laterWhenTyped)) return undefined;
  // A chain adds a node for its `and`s and one for its `or`s at most per operand, and two levels.
  const nodes = found.reduce((sum, { checked }) => sum + checked.nodes + 1, 0);
  const depth = Math.max(...found.map(({ checked }) => checked.depth)) + 2;
  return condition
    ? {
        standIn: 'true',
        nodes,
        depth,
        cost: found.reduce((sum, { checked }) => sum + checked.cost, 0),
        operands: found.map(({ checked, offset }) => ({ root: checked.root!, offset })),
      }
    : { standIn: '1', nodes, depth, cost: 0, operands: [] };
}

/** One operand checked alone; undefined when it does not parse or its check throws. */
function checkedOperand(text: string, schema: Schema, options: CheckOptions): CheckedOperand | undefined {
  let tree: Expr;
  try {
    tree = parse(text, options);
  } catch {
    return undefined;
  }
  const checker = new Checker(schema, text, options);
  let root: TypedExpr | undefined;
  try {
    root = checker.expr(tree);
  } catch {
    return undefined;
  }
  const version = versionOf(options);
  const { nodes, depth } = sizeOf(tree);
  const issues = checker.issues.length > 0;
  // A tree with issues may hold nodes typed only so that the issues around them are found: its
  // cost is not asked, as check() does not ask it.
  const whole = root !== undefined && !issues;
  return {
    root,
    condition: root !== undefined && (root.kind === 'null' || root.type === 'Edm.Boolean'),
    issues,
    laterWhenTyped:
      whole &&
      version !== '4.01' &&
      versionIssues(tree, root, version, checker.stringAliases).length !==
        versionIssues(tree, undefined, version).length,
    nodes,
    depth,
    cost: whole ? stringCost(root!, Number.POSITIVE_INFINITY, options.maxCollectionSize).total : 0,
  };
}

function sizeOf(tree: Expr): { nodes: number; depth: number } {
  let nodes = 0;
  let depth = 0;
  const stack: [Expr, number][] = [[tree, 1]];
  while (stack.length > 0) {
    const [node, level] = stack.pop()!;
    nodes++;
    if (level > depth) depth = level;
    for (const child of childrenOf(node)) stack.push([child, level + 1]);
  }
  return { nodes, depth };
}
