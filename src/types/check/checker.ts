// The checker of one filter: it dispatches every node to the file of its construct through one
// table keyed by every node kind, holds the range variables in scope, collects the issues, and
// names operands in messages as the user wrote them. A value of an enumeration type is refused
// here, wherever it stands but as an operand of a comparison, `in` or `has`.

import { assertNever } from '../../assert-never.js';
import { isSpanNumber, malformedTree } from '../../errors.js';
import type { Expr, ExprKind, Span } from '../../syntax/ast.js';
import { limitsOf, tooDeepLambda, tooManyAliasNodes } from '../../syntax/limits.js';
import { canonicalText } from '../../syntax/print.js';
import type { Schema } from '../schema.js';
import { literalsInString, stringOfLiteral } from '../suggest.js';
import { enumOf, type TypedExpr } from '../typed.js';
import { arithmetic, negate } from './arithmetic.js';
import { call, typeFunction } from './calls.js';
import { functionCall } from './function-calls.js';
import { count, inCollection, lambda } from './collections.js';
import { comparison, inAlias, inList } from './comparisons.js';
import type { CheckContext, Checked, MemberNode, Scope } from './context.js';
import { readResult } from './result-reads.js';
import { enumLiteral, has } from './enumerations.js';
import type { CheckIssue, IssueCode } from './issues.js';
import { literal, LITERALS } from './literals.js';
import { logical, not } from './logic.js';
import { member } from './members.js';
import type { CheckerOptions } from './options.js';
import { aliased } from './aliased.js';
import { strayStructure } from './structures.js';
import { strayCollection } from './collection-arguments.js';

/** The longest operand name a message shows, in characters. */
const OPERAND_NAME_LENGTH = 40;

/**
 * The check of each node kind; adding a kind without one is a compile error. The construct
 * functions stand in the table themselves, not wrapped in arrows: a filter can nest thousands of
 * levels deep, and each wrapper would be one more stack frame a level.
 */
const CONSTRUCTS: { readonly [K in ExprKind]: (checker: Checker, node: Extract<Expr, { kind: K }>) => Checked } = {
  null: (_, n) => LITERALS.null(n),
  boolean: (_, n) => LITERALS.boolean(n),
  number: (_, n) => LITERALS.number(n),
  string: (_, n) => LITERALS.string(n),
  datetime: (_, n) => LITERALS.datetime(n),
  date: (_, n) => LITERALS.date(n),
  timeOfDay: (_, n) => LITERALS.timeOfDay(n),
  duration: (_, n) => LITERALS.duration(n),
  guid: (_, n) => LITERALS.guid(n),
  binary: (_, n) => LITERALS.binary(n),
  member,
  alias: (checker, n) => checker.alias(n),
  call,
  functionCall,
  typeFunction,
  enum: enumLiteral,
  has,
  not,
  negate,
  compare: comparison,
  arithmetic,
  logical,
  in: inList,
  lambda,
  count,
  inCollection,
  inAlias,
  structure: strayStructure,
  collection: strayCollection,
};

export class Checker implements CheckContext {
  readonly issues: CheckIssue[] = [];
  passingResult = false;
  /** Where an alias stands for a string literal (stringAlias()): the starts of those aliases. */
  readonly stringAliases = new Set<number>();
  /** The range variables in scope, outermost first. */
  readonly scopes: Scope[] = [];
  /**
   * How many `x in C` have their x being checked: x is checked outside the lambda `x in C` stands
   * for, but lowered into its body, so an `in` within x is one lambda deeper than scopes say.
   */
  private openIns = 0;
  /** The nodes the values of aliases gave so far, over all their uses (aliasNodes()). */
  private aliasNodesRead = 0;
  /**
   * The nodes whose value may be of an enumeration type: the operands of comparisons, `in` and
   * `has` (docs/semantics.md §12). Anywhere else such a value is the issue `enum_value`.
   */
  private readonly enumOperands = new Set<Expr>();

  constructor(
    readonly schema: Schema,
    /** The filter's text, when checked from text: operands are named by their source. */
    private readonly text: string | undefined,
    readonly options: CheckerOptions,
    /** Told of every node typed, with the variables in scope there (inspect()). */
    private readonly observe?: (node: TypedExpr, scopes: readonly Scope[]) => void,
  ) {}

  // expr() is the one frame every level of a tree adds besides its construct's, so it only
  // dispatches: what it reads of the node before and after is done in frames that end first.
  expr(node: Expr): Checked {
    const check = CONSTRUCTS[kindOf(node)] as (checker: Checker, node: Expr) => Checked;
    return this.typed(node, check(this, node));
  }

  /** The node's typed form, once a value of an enumeration type is refused where it may not stand. */
  private typed(node: Expr, checked: Checked): Checked {
    const enumType = checked && enumOf(checked);
    if (enumType !== undefined && !this.enumOperands.has(node)) {
      this.report(
        'enum_value',
        node,
        `${this.nameOf(node, node)} is a ${enumType.name} value, which is compared (eq, ne, gt, …, in) with values of its type or tested with 'has', and takes part in nothing else`,
      );
      return undefined;
    }
    if (checked !== undefined && this.observe !== undefined) this.observe(checked, [...this.scopes]);
    return checked;
  }

  enumOperand(node: Expr): Checked {
    if (typeof node === 'object' && node !== null) this.enumOperands.add(node);
    return this.expr(node);
  }

  /** An alias where a literal stands, checked as its value; an operand of an enumeration type if the alias is one. */
  alias(n: Extract<Expr, { kind: 'alias' }>): Checked {
    const value = aliased(this, n);
    if (this.enumOperands.has(n)) this.enumOperands.add(value);
    return value.kind === 'alias' ? undefined : this.expr(value);
  }

  enterScope(scope: Scope, span: Span): void {
    this.deeper(span);
    this.scopes.push(scope);
  }

  leaveScope(): void {
    this.scopes.pop();
  }

  enterInOperand(): void {
    this.openIns++;
  }

  leaveInOperand(): void {
    this.openIns--;
  }

  enterCollectionCall(call: Span): void {
    this.deeper(call);
    this.openIns++;
  }

  /** The limit on lambdas nested in one another, before one more level at `span`. */
  private deeper(span: Span): void {
    const { maxLambdaDepth } = limitsOf(this.options);
    if (this.lambdaDepth() >= maxLambdaDepth) throw tooDeepLambda(span, this.text, maxLambdaDepth);
  }

  leaveCollectionCall(): void {
    this.openIns--;
  }

  readResult(node: Span, path: MemberNode, check: (path: MemberNode) => Checked): Checked {
    return readResult(this, node, path, check);
  }

  lambdaDepth(): number {
    return this.scopes.length + this.openIns;
  }

  report(code: IssueCode, span: Span, message: string, suggestion?: string): void {
    const issue: CheckIssue = { code, message, start: span.start, end: span.end };
    this.issues.push(suggestion === undefined ? issue : { ...issue, suggestion });
  }

  stringAlias(span: Span): void {
    this.stringAliases.add(span.start);
  }

  aliasNodes(span: Span, count: number): void {
    this.aliasNodesRead += count;
    const { maxNodes } = limitsOf(this.options);
    if (this.aliasNodesRead > maxNodes) throw tooManyAliasNodes(span, this.text, maxNodes);
  }

  nameOf(node: Span, source: Expr): string {
    const text =
      this.text !== undefined ? this.text.slice(node.start, node.end) : canonicalText(this.asWritten(source));
    const flat = text.replace(/\s+/g, ' ').trim();
    const chars = [...flat];
    return chars.length > OPERAND_NAME_LENGTH ? `${chars.slice(0, OPERAND_NAME_LENGTH - 1).join('')}…` : flat;
  }

  /**
   * A node printed from a tree as the filter wrote it: a path read from a call's result
   * (docs/semantics.md §15) starts at the call, not at the variable no filter can name.
   */
  private asWritten(node: Expr): Expr {
    if (node?.kind === 'functionCall' && node.binding !== undefined) {
      const binding = this.asWritten(node.binding);
      return binding === node.binding ? node : { ...node, binding: binding as MemberNode };
    }
    if (node?.kind !== 'member' || node.call !== undefined) return node;
    const call = this.scopes.find((s) => s.name === node.segments[0]?.name)?.call;
    return call === undefined ? node : { ...node, call, segments: node.segments.slice(1) };
  }

  /**
   * `. Did you mean X?` when `node` is a literal whose text spells exactly a literal that
   * `accepts` takes: a string holding a number, Boolean, date-time or guid (`'50'` → `50`), or a
   * plain number or Boolean where a string is wanted (`50` → `'50'`). Else the empty string.
   */
  meant(node: TypedExpr, source: Expr, accepts: (literal: TypedExpr) => boolean): string {
    if (node.kind !== 'literal') return '';
    let text: string | undefined;
    if (node.type === 'Edm.String') {
      for (const found of literalsInString(node.value as string)) {
        const typed = this.expr(found.literal);
        if (typed && accepts(typed)) {
          text = found.text;
          break;
        }
      }
    } else {
      const quoted = stringOfLiteral(this.nameOf(node, source));
      if (quoted !== undefined && accepts(literal('Edm.String', quoted.slice(1, -1), node))) text = quoted;
    }
    return text === undefined ? '' : `. Did you mean ${text}?`;
  }
}

/** The kind of a node, once it is shown to be an object of a known kind with a span. */
function kindOf(node: Expr): ExprKind {
  if (typeof node !== 'object' || node === null)
    throw malformedTree(node, `a node is ${node === null ? 'null' : typeof node}, not an object`);
  const kind: unknown = node.kind;
  // An own property only: `toString` must not find Object.prototype.toString.
  if (typeof kind !== 'string' || !Object.hasOwn(CONSTRUCTS, kind)) return assertNever(node as never);
  if (!isSpanNumber(node.start) || !isSpanNumber(node.end) || node.start > node.end) {
    throw malformedTree(node, `a ${kind} node needs a span: integers 0 <= start <= end`);
  }
  return kind as ExprKind;
}
