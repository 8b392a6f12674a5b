// A place in a filter being typed, and what fits there. The text before the place is kept, a
// candidate is written at it, and the text after it is either the user's own rest or what closes
// the calls the text before leaves open (src/client/editor/closing.ts: the arguments they lack,
// and in `cast(` or `isof(` each type in turn); the result is checked (src/types/check.ts, inspect)
// and the candidate fits when it brings no issue the place's own stand-in did not — the checker's
// rules, not a second copy of them. An expression that ends with the candidate may still be
// continued (`Price` before ` gt 5`, `Color` before ` has …`), so its not being Boolean, or an
// enumeration value not yet compared, is no issue of the candidate's. In a long filter the text is
// read through a window (src/client/editor/window.ts) that reads as the whole text does. Of the
// types an unfinished `cast(` may name, the checker's reading of the stand-in and of a candidate's
// value (which it reads before the type) tells which no candidate, or not this one, can fit after.

import {
  type Expr,
  childrenOf,
  type FunctionCallExpr,
  type LambdaExpr,
  type MemberExpr,
  type TypeFunctionExpr,
} from '../../syntax/ast.js';
import { parse } from '../../syntax/parse.js';
import type { FilterIssue } from '../../errors.js';
import { inspect, type CheckOptions, type Inspection, type Scope } from '../../types/check.js';
import { EDM_TYPES, type EdmType } from '../../language/edm.js';
import type { EnumType, Schema } from '../../types/schema.js';
import { childrenOfTyped, type TypedExpr } from '../../types/typed.js';
import { conversionOf } from '../../types/conversions.js';
import { closingOf, innermostTyped, restOf } from './closing.js';
import { EVERY_TRIAL, READ_WHOLE, type Trial, type Window, type WindowOptions } from './window.js';

const STAND_IN_NAME = '__cursor';

/**
 * The stand-in for an operand in `text`: an alias whose value is null, so that it takes any type,
 * named apart from every alias the text uses (`@__cursor`, else `@__cursor2`, …).
 */
export function operandStandIn(text: string): string {
  let name = STAND_IN_NAME;
  for (let n = 2; text.includes(`@${name}`); n++) name = `${STAND_IN_NAME}${n}`;
  return `@${name}`;
}

/** The aliases option that gives an operand stand-in its value. */
export function standInAliases(operand: string): Readonly<Record<string, string>> {
  return { [operand.slice(1)]: 'null' };
}

/** What the stand-in tells of the place. */
export interface PlaceFacts {
  /** The type a value has there (undefined when nothing there could be typed). */
  readonly type: EdmType | undefined;
  readonly enum: EnumType | undefined;
  /** True where a condition stands that may still grow into a comparison (the whole filter, an operand of `and`/`or`, a lambda's body). */
  readonly condition: boolean;
  /** The range variables in scope there, outermost first. */
  readonly scopes: readonly Scope[];
  /**
   * The path the place is compared with by `eq` or `ne`, or whose `in` list it is or is in
   * (`Address` in `Address eq @x`): where it leads to a complex value, a structure's value fits.
   */
  readonly comparedWith: ComparedPath | undefined;
}

/** A path a place is compared with, and the lambdas around the place, outermost first (whose variables it may start with). */
export interface ComparedPath {
  /**
   * A path, a call of a model's function whose result is compared (`Home/Geo.Mirror()`), or a
   * cast of either (`cast(Address, Staff.HomeAddress)`).
   */
  readonly path: ComparedExpr;
  readonly lambdas: readonly LambdaExpr[];
  /** Whether the place is in the path's `in` list (or is the list), not compared by `eq` or `ne`. */
  readonly inList: boolean;
}

/**
 * One way the text may go on after the place: the rest written after it, whether that keeps the
 * user's rest (a window's dropped rest with it), and the issues the stand-in has there — the
 * text's own, which no candidate is blamed for.
 */
interface Reading {
  readonly rest: string;
  readonly withTail: boolean;
  readonly baseline: ReadonlySet<string>;
  /** The type the rest names for the unfinished `cast(` or `isof(` the place is in, if it names one. */
  readonly type?: EdmType;
}

/**
 * Where trials are read: the whole text, or a window of it (src/client/editor/window.ts) that
 * reads as the whole text does.
 */
interface Reader {
  /** The text a trial is written into. */
  readonly text: string;
  /** The offset in `text` of an offset in the filter. */
  offsetOf(offset: number): number;
  /** The options a text that closes the place is parsed with. */
  readonly closingOptions: CheckOptions;
  read(text: string, withTail: boolean): Trial | typeof READ_WHOLE;
}

function wholeReader(text: string, schema: Schema, options: CheckOptions): Reader {
  return {
    text,
    offsetOf: (offset) => offset,
    closingOptions: options,
    read(candidate) {
      let tree: Expr;
      try {
        tree = parse(candidate, options);
      } catch {
        return undefined;
      }
      return { tree, inspection: inspect(tree, schema, options, candidate) };
    },
  };
}

function windowReader(window: Window, schema: Schema, options: CheckOptions): Reader {
  const withTail = window.trialOptions(options, true);
  const withoutTail = window.trialOptions(options, false);
  return {
    text: window.text,
    offsetOf: (offset) => window.offsetOf(offset),
    closingOptions: withoutTail,
    read: (candidate, tail) => window.trial(candidate, tail ? withTail : withoutTail, schema, tail),
  };
}

export class Placement {
  private constructor(
    /** The place as the caller gave it, should a trial have to be read in the whole text. */
    private readonly source: { text: string; at: number; until: number; options: CheckOptions },
    private readonly reader: Reader,
    /** The candidate replaces reader.text[at, …). */
    private readonly at: number,
    private readonly schema: Schema,
    /** What stood at the place for the baseline: an operand, `null` in a list, nothing before an operator. */
    private readonly standIn: string,
    /** A candidate fits when it fits one of them. */
    private readonly readings: readonly Reading[],
    readonly facts: PlaceFacts,
    /** The stand-in for an operand in this text (operandStandIn). */
    readonly operand: string,
  ) {
    this.order = readings.map((_, i) => i);
  }

  /**
   * The place of text[at, until), or undefined when no text after it makes the filter parse
   * with the stand-in there (the text before has a syntax error, or the place takes no value).
   * With a window around the place, trials read the window (and the whole text only near a limit).
   */
  static of(
    text: string,
    at: number,
    until: number,
    standIn: string,
    schema: Schema,
    checkOptions: CheckOptions,
    window?: Window,
  ): Placement | undefined {
    const operand = operandStandIn(text);
    const options = { ...checkOptions, aliases: { ...checkOptions.aliases, ...standInAliases(operand) } };
    const reader = window === undefined ? wholeReader(text, schema, options) : windowReader(window, schema, options);
    const readAt = reader.offsetOf(at);
    const before = reader.text.slice(0, readAt);
    let nearLimit = false;
    type Found = { reading: Reading; facts: PlaceFacts; refused: boolean };
    /** `type`: the type the rest names for the unfinished `cast(` or `isof(` the place is in. */
    const read = (rest: string, withTail: boolean, type?: EdmType): Found | undefined => {
      const candidate = before + standIn + rest;
      const trial = reader.read(candidate, withTail);
      if (trial === READ_WHOLE) nearLimit = true;
      if (trial === READ_WHOLE || trial === undefined) return undefined;
      const baseline = baselineOf(trial.inspection, candidate, readAt, standIn, operand);
      return {
        reading: type === undefined ? { rest, withTail, baseline } : { rest, withTail, baseline, type },
        facts: factsOf(trial.inspection, trial.tree, readAt, readAt + standIn.length),
        refused: type !== undefined && isRefused(trial, baseline, candidate, readAt, readAt + standIn.length, operand),
      };
    };
    const whole = (): Placement | undefined => Placement.of(text, at, until, standIn, schema, checkOptions);
    const placement = (found: readonly (Found | undefined)[]): Placement | undefined => {
      if (nearLimit) return whole();
      const read = found.filter((f) => f !== undefined);
      if (read.length === 0) return undefined;
      // Of an unfinished `cast(` or `isof(`, the types no candidate can take are not tried.
      const tried = (checkOptions as WindowOptions)[EVERY_TRIAL] === true ? read : read.filter((f) => !f.refused);
      return new Placement(
        { text, at, until, options: checkOptions },
        reader,
        readAt,
        schema,
        standIn,
        tried.map((f) => f.reading),
        read[0]!.facts,
        operand,
      );
    };
    // The user's rest first; else the open parentheses closed, after the arguments each call
    // still lacks (src/client/editor/closing.ts).
    const own = read(reader.text.slice(reader.offsetOf(until)), true);
    if (own !== undefined || nearLimit) return placement([own]);
    const closing = closingOf(before, before + standIn, reader.closingOptions, (code) => {
      nearLimit ||= window !== undefined && (code === 'too_deep' || code === 'too_many_nodes');
    });
    if (nearLimit) return whole();
    if (closing === undefined) return undefined;
    if (!innermostTyped(closing)) return placement([read(restOf(closing), false)]);
    // The type of the `cast(` or `isof(` the place is in: every type, since what fits depends on
    // it (after `year(cast(Released `, `add` but no comparison: a Boolean is cast to no instant).
    return placement(EDM_TYPES.map((type) => read(restOf(closing, type), false, type)));
  }

  /** The text before the place. */
  get before(): string {
    return this.source.text.slice(0, this.source.at);
  }

  /** The answers of fitsAs(), by kind of candidate. */
  private readonly byKind = new Map<string, boolean>();
  /**
   * The readings in the order they are tried: the one a candidate last fitted in first, since
   * candidates of one kind fit in the same reading (inside an unfinished `cast(`, one of 16).
   */
  private readonly order: number[];
  /** Whether every candidate is tried in every reading (EVERY_TRIAL): the reference of the shortcuts. */
  private get everyTrial(): boolean {
    return (this.source.options as WindowOptions)[EVERY_TRIAL] === true;
  }

  /** The place read in the whole text, for a trial near a limit. */
  private wholePlace: Placement | undefined | null = null;

  /** True when `written` at the place brings no issue of its own, in one of the ways the text may go on. */
  fits(written: string): boolean {
    const { order } = this;
    /** Of an unfinished `cast(`, the readings the candidate cannot fit in, once one has been tried. */
    let ruledOut: ReadonlySet<number> | undefined;
    for (let n = 0; n < order.length; n++) {
      const index = order[n]!;
      if (ruledOut?.has(index)) continue;
      const reading = this.readings[index]!;
      const candidate = this.reader.text.slice(0, this.at) + written + reading.rest;
      const trial = this.reader.read(candidate, reading.withTail);
      if (trial === READ_WHOLE) {
        this.wholePlace ??= Placement.of(
          this.source.text,
          this.source.at,
          this.source.until,
          this.standIn,
          this.schema,
          this.source.options,
        );
        return this.wholePlace?.fits(written) ?? false;
      }
      if (
        trial !== undefined &&
        !trial.inspection.issues.some((issue) => this.blocks(reading, written, candidate, issue))
      ) {
        if (n > 0) order.unshift(...order.splice(n, 1));
        return true;
      }
      if (reading.type !== undefined && trial !== undefined && ruledOut === undefined && !this.everyTrial) {
        const others = this.ruledOut(reading, written, candidate, trial);
        if (others === NONE_FITS) return false;
        ruledOut = others;
      }
    }
    return false;
  }

  /**
   * fits(written) for a candidate the checker reads as it reads every other of its `kind` (the
   * caller's promise: say, members of one type under one path), answered once per kind.
   */
  fitsAs(kind: string, written: string): boolean {
    let fits = this.byKind.get(kind);
    if (fits === undefined) this.byKind.set(kind, (fits = this.fits(written)));
    return fits;
  }

  /** Whether an issue of `candidate` (`written` at the place, in a reading) is the candidate's own. */
  private blocks({ baseline }: Reading, written: string, candidate: string, issue: FilterIssue): boolean {
    if (isStandInAlias(issue, candidate, this.operand)) return false;
    const end = this.at + written.length;
    // A condition still being written: `Price` before ` gt 5`; `Color` before ` has …` where a condition goes.
    // The candidate itself may grow into a comparison where a condition goes (`Price`, `Color`);
    // an expression it ends (`Price add Id`) may always grow into one.
    const grows =
      issue.code === 'not_boolean'
        ? this.facts.condition || issue.start < this.at
        : issue.code === 'enum_value' && this.facts.condition;
    if (grows && endsAt(issue, end, candidate)) return false;
    const shift = written.length - this.standIn.length;
    const key = keyOf(
      issue.code,
      issue.start >= end ? issue.start - shift : issue.start,
      issue.end >= end ? issue.end - shift : issue.end,
    );
    return !baseline.has(key);
  }

  /**
   * After a candidate failed in a reading of an unfinished `cast(x, T)` or `isof(x, T)`, the other
   * readings it cannot fit in either, from what the checker made of its value x, which it reads
   * before the type: an issue of the candidate's own within x (none then fits), or (of a cast) the
   * types x's type converts to none of, where the cast is refused whatever encloses it.
   */
  private ruledOut(
    failed: Reading,
    written: string,
    candidate: string,
    { tree, inspection }: NonNullable<Trial>,
  ): ReadonlySet<number> | typeof NONE_FITS {
    const call = callAround(tree, this.at, this.at + written.length);
    const value = call?.operand;
    if (value === undefined) return new Set();
    const own = inspection.issues.some(
      (issue) =>
        issue.start >= value.start &&
        issue.end <= value.end &&
        issue.code !== 'string_cost' &&
        issue.code !== 'not_in_version' &&
        this.blocks(failed, written, candidate, issue),
    );
    if (own) return NONE_FITS;
    if (call!.name !== 'cast') return new Set();
    // The value as the cast took it: the last node typed at its span.
    let typed: TypedExpr | undefined;
    for (const { node } of inspection.nodes) if (node.start === value.start && node.end === value.end) typed = node;
    if (typed === undefined || typed.kind === 'null') return new Set();
    const from = typed.type;
    const out = new Set<number>();
    this.readings.forEach((reading, index) => {
      if (reading.type !== undefined && conversionOf(from, reading.type) === 'none') out.add(index);
    });
    return out;
  }
}

/** What ruledOut() answers where the candidate fits in no reading. */
const NONE_FITS = 'none fits';

/** The innermost `cast(` or `isof(` with text[at, end) among its values, before its type. */
function callAround(tree: Expr, at: number, end: number): Extract<Expr, { kind: 'typeFunction' }> | undefined {
  let call: Extract<Expr, { kind: 'typeFunction' }> | undefined;
  const stack: Expr[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.start > at || node.end < end) continue;
    if (
      node.kind === 'typeFunction' &&
      node.operand !== undefined &&
      node.operand.start <= at &&
      node.target.start >= end &&
      (call === undefined || node.start >= call.start)
    )
      call = node;
    stack.push(...childrenOf(node));
  }
  return call;
}

/**
 * The issues of the text read with the stand-in at text[at…): the text's own, which no candidate
 * is blamed for.
 */
function baselineOf(
  inspection: Inspection,
  read: string,
  at: number,
  standIn: string,
  operand: string,
): ReadonlySet<string> {
  // Where the expression before the place's rest ends: a condition still to be written there
  // (`Code` before ` eq 'x'`) is not an issue of the text's own.
  const open = standIn === '' ? read.slice(0, at).trimEnd().length : at + standIn.length;
  // Issues of an expression that holds the place are not the text's: they depend on what is
  // written there (a cast to the stand-in type that OData does not define; after an operand, a
  // call whose argument it is, `fractionalseconds(cast(… , Edm.String))`), and a candidate that
  // has them does not fit. An enclosing expression's not being a condition is no issue of what
  // stands at the place.
  const holdsPlace = (i: FilterIssue): boolean =>
    i.code !== 'not_boolean' &&
    (standIn !== '' ? i.start <= at && i.end >= at + standIn.length : i.start < at && i.end > open);
  // An issue of an expression that ends at the place depends on what is written there: the
  // operand before an operator lacks its comparison (`Address` before ` eq null`), a negation its
  // operator (`-(Day ` before `sub Day)`). The candidate must not bring it.
  const stillOpen = (i: FilterIssue): boolean => endsAt(i, open, read);
  return new Set(
    inspection.issues
      .filter((i) => !stillOpen(i) && !holdsPlace(i) && !isStandInAlias(i, read, operand))
      .map((i) => keyOf(i.code, i.start, i.end)),
  );
}

/**
 * Whether no candidate can fit in a reading of an unfinished `cast(x, T)` or `isof(x, T)` (read
 * with its type T): what encloses the call refuses it with the stand-in there (`year(` a cast to
 * Edm.Int32). The enclosing expressions take the call's value by its kind and type alone, which
 * no candidate changes: where the call is typed they refuse it again; where it is not, the
 * candidate brought an issue of its own (a conversion OData does not define). The call's own
 * refusal of the stand-in's conversion (`cast(Released , Edm.Int32)` before an operator) depends
 * on what is written, and leaves the reading tried.
 */
function isRefused(
  { tree, inspection }: NonNullable<Trial>,
  baseline: ReadonlySet<string>,
  read: string,
  at: number,
  end: number,
  operand: string,
): boolean {
  const call = callAround(tree, at, end);
  if (call === undefined) return false;
  const { start, end: callEnd } = call;
  return inspection.issues.some(
    (issue) =>
      issue.start <= start &&
      issue.end >= callEnd &&
      !(issue.code === 'invalid_cast' && issue.start === start && issue.end === callEnd) &&
      issue.code !== 'not_boolean' &&
      issue.code !== 'string_cost' &&
      issue.code !== 'not_in_version' &&
      !isStandInAlias(issue, read, operand) &&
      !baseline.has(keyOf(issue.code, issue.start, issue.end)),
  );
}

/** A version's refusal of the stand-in alias itself (aliases came with 4.0): not the text's issue. */
function isStandInAlias(issue: FilterIssue, text: string, operand: string): boolean {
  return issue.code === 'not_in_version' && text.startsWith(operand, issue.start);
}

/** Whether an issue's expression ends at `end`, but for the parentheses that close it there. */
function endsAt(issue: FilterIssue, end: number, text: string): boolean {
  return issue.end >= end && /^[\s)]*$/.test(text.slice(end, issue.end));
}

function keyOf(code: string, start: number, end: number): string {
  return `${code}@${start}-${end}`;
}

function factsOf(inspection: Inspection, tree: Expr, at: number, end: number): PlaceFacts {
  let type: EdmType | undefined;
  let enumType: EnumType | undefined;
  let scopes: readonly Scope[] | undefined;
  // Nodes are reported innermost first: the stand-in itself (a null, Boolean until its place says
  // otherwise), then its parents, which type it from the other operand or the function's
  // parameter. The last parent's view of it is the place's type. A stand-in that is no value (the
  // list `()` after `in`) takes the scopes of the innermost node around it.
  for (const { node, scopes: inScope } of inspection.nodes) {
    if (node.kind === 'null' && isStandIn(node, at, end) && type === undefined) {
      scopes = inScope;
      continue;
    }
    if (scopes === undefined && isStandIn(node, at, end)) scopes = inScope;
    const stack = [...childrenOfTyped(node)];
    while (stack.length > 0) {
      const n = stack.pop()!;
      if (n.kind === 'null' && isStandIn(n, at, end)) {
        type = n.type;
        enumType = n.enum;
      }
      if (n.start <= at && n.end >= end) stack.push(...childrenOfTyped(n));
    }
  }
  const condition = isCondition(tree, at, end);
  return {
    type: type ?? (condition ? 'Edm.Boolean' : undefined),
    enum: enumType,
    condition,
    scopes: scopes ?? [],
    comparedWith: comparedWith(tree, at, end),
  };
}

/** The path a leaf at text[at, end) is compared with by `eq` or `ne`, or is in the `in` list of. */
function comparedWith(root: Expr, at: number, end: number): ComparedPath | undefined {
  const lambdas: LambdaExpr[] = [];
  const stack: Expr[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind === 'compare' && (node.op === 'eq' || node.op === 'ne')) {
      if (isLeaf(node.right) && isStandIn(node.right, at, end) && isCompared(node.left))
        return { path: node.left, lambdas, inList: false };
      if (isLeaf(node.left) && isStandIn(node.left, at, end) && isCompared(node.right))
        return { path: node.right, lambdas, inList: false };
    }
    // An item of the list, or the list itself (the stand-in `()`): a structure's literal holds no place.
    if (node.kind === 'in' && isCompared(node.operand) && node.operand.end <= at && end <= node.end)
      return { path: node.operand, lambdas, inList: true };
    if (node.kind === 'lambda' && node.body !== undefined && node.body.start <= at && end <= node.body.end)
      lambdas.push(node);
    for (const child of childrenOf(node)) if (child.start <= at && child.end >= end) stack.push(child);
  }
  return undefined;
}

/** What may give a structure to compare: a path, a call, or a cast of one. */
export type ComparedExpr = MemberExpr | FunctionCallExpr | TypeFunctionExpr;

function isCompared(expr: Expr): expr is ComparedExpr {
  if (expr.kind === 'typeFunction')
    return expr.name === 'cast' && expr.operand !== undefined && isCompared(expr.operand);
  return expr.kind === 'member' || expr.kind === 'functionCall';
}

/**
 * Whether a leaf is the stand-in at text[at, end): its span is the stand-in's, or wider by the
 * parentheses around it (`(@__cursor)` is one node spanning them).
 */
function isStandIn(node: { readonly start: number; readonly end: number }, at: number, end: number): boolean {
  return node.start <= at && node.end >= end;
}

/**
 * Whether the node at `at` is a condition that may still grow: the whole filter, an operand of
 * and/or, a lambda's body — into a comparison (`Price` before ` gt 5`) — or the operand of `not`,
 * which `in` and `has` bind tighter than (`not Price in (1, 2)`).
 */
function isCondition(root: Expr, at: number, end: number): boolean {
  if (isLeaf(root) && isStandIn(root, at, end)) return true;
  const stack: Expr[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    for (const child of childrenOf(node)) {
      if (isLeaf(child) && isStandIn(child, at, end)) {
        return node.kind === 'logical' || node.kind === 'not' || (node.kind === 'lambda' && node.body === child);
      }
      if (child.start <= at && child.end >= at) stack.push(child);
    }
  }
  return false;
}

function isLeaf(node: Expr): boolean {
  return childrenOf(node).length === 0;
}
