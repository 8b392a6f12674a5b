// `now()`: one instant per compiled filter (docs/semantics.md §5). The backends hand lower() their
// `clock` option; the filter's `now()` calls become that instant, read once and only when the
// filter calls `now()`, before the lowering decides anything — so `Due ge now() sub duration'P7D'`
// folds to a comparison with a constant.

import { assertNever } from '../assert-never.js';
import { unsupported } from '../errors.js';
import { MAX_INSTANT, MIN_INSTANT } from '../semantics/temporal.js';
import type { TypedExpr } from '../types/typed.js';
import { childrenOfTyped, mapChildrenOfTyped } from '../types/typed.js';

/** The option of compilePredicate, compileSql and compileMongo that says what `now()` is. */
export interface ClockOption {
  /**
   * Returns the instant `now()` stands for in a filter compiled now; read once per compile, and
   * only when the filter calls `now()`. Default: the system clock (`() => new Date()`).
   */
  readonly clock?: () => Date;
}

/** The clock's instant in epoch milliseconds; an invalid `Date` or one outside 0001–9999 is refused. */
export function readClock(clock: (() => Date) | undefined, text: string | undefined): number {
  const instant: unknown = (clock ?? systemClock)();
  const ms = instant instanceof Date ? instant.getTime() : Number.NaN;
  if (!Number.isInteger(ms) || ms < MIN_INSTANT || ms > MAX_INSTANT) {
    throw unsupported({
      construct: 'clock',
      message: `The clock option returned ${instant instanceof Date ? instant.toString() : typeof instant}, not a Date between the years 1 and 9999, for now()`,
      start: 0,
      end: text?.length ?? 0,
      ...(text === undefined ? {} : { text }),
    });
  }
  return ms;
}

const systemClock = (): Date => new Date();

/** Whether the tree calls `now()` anywhere. */
export function callsNow(root: TypedExpr): boolean {
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind === 'call' && node.name === 'now') return true;
    stack.push(...childrenOfTyped(node));
  }
  return false;
}

/** The tree with every `now()` replaced by the instant `now` (epoch milliseconds), typed DateTimeOffset. */
export function withNow(node: TypedExpr, now: number): TypedExpr {
  switch (node.kind) {
    case 'call':
      if (node.name === 'now')
        return { kind: 'literal', type: 'Edm.DateTimeOffset', value: now, start: node.start, end: node.end };
      return { ...node, args: node.args.map((a) => withNow(a, now)) };
    case 'not':
    case 'negate':
    case 'convert':
    case 'cast':
    case 'isof':
      return { ...node, operand: withNow(node.operand, now) } as TypedExpr;
    case 'compare':
    case 'arithmetic':
    case 'temporal':
      return { ...node, left: withNow(node.left, now), right: withNow(node.right, now) } as TypedExpr;
    case 'logical':
      return { ...node, operands: node.operands.map((o) => withNow(o, now)) };
    case 'in':
    case 'has':
      return { ...node, operand: withNow(node.operand, now) };
    case 'functionCall':
    case 'result':
    case 'collectionArgument':
      return mapChildrenOfTyped(node, (child) => withNow(child, now));
    case 'lambda':
    case 'count':
      return node.body === undefined ? node : { ...node, body: withNow(node.body, now) };
    case 'guard':
      return { ...node, condition: withNow(node.condition, now), value: withNow(node.value, now) };
    case 'literal':
    case 'null':
    case 'member':
    case 'structureNull':
      return node;
    default:
      return assertNever(node);
  }
}
