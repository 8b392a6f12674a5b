// What the checker of one construct is given: the checker's dispatch back into any node, its
// issue list and operand names, and the range variables in scope. The construct files take it
// as a parameter, so that none imports the checker that dispatches to them (src/types/check/
// checker.ts implements it).

import type { Expr, FunctionCallExpr, Span } from '../../syntax/ast.js';
import type { CollectionProperty, PrimitiveProperty, Schema, StructuredProperty } from '../schema.js';
import type { TypedExpr } from '../typed.js';
import type { IssueCode } from './issues.js';
import type { CheckerOptions } from './options.js';

/** The node or undefined: undefined means an issue was reported below, so say nothing more. */
export type Checked = TypedExpr | undefined;

export type MemberNode = Extract<Expr, { kind: 'member' }>;
export type Segment = MemberNode['segments'][number];

/**
 * A range variable in scope: the name a lambda binds and the element it stands for; or the
 * variable a call's result is bound to (docs/semantics.md §15), which no filter can name: its
 * `label` is the call as written, for messages.
 */
export interface Scope {
  readonly name: string;
  readonly element: PrimitiveProperty | StructuredProperty | CollectionProperty;
  readonly label?: string;
  /** The call whose result it is, as written: a message printed from a tree names it. */
  readonly call?: FunctionCallExpr;
}

export interface CheckContext {
  readonly schema: Schema;
  readonly options: CheckerOptions;
  /** The range variables in scope, outermost first. */
  readonly scopes: readonly Scope[];
  /** The typed node, or undefined once its issues are reported; a value of an enumeration type is an issue. */
  expr(node: Expr): Checked;
  /** As expr(), for an operand that may be a value of an enumeration type (docs/semantics.md §12). */
  enumOperand(node: Expr): Checked;
  report(code: IssueCode, span: Span, message: string, suggestion?: string): void;
  /**
   * An alias at `span` stands for a string literal (or a list holding one): where it is read as a
   * value of another type, that is OData 4.01's reading, which the version check refuses before 4.01.
   */
  stringAlias(span: Span): void;
  /**
   * An alias at `span` gives `count` nodes (a list's or a JSON array's items) where it is used: the
   * values of all uses together are held to maxNodes, as the filter's own nodes are, so that one
   * alias used many times cannot multiply a tree past the limit.
   */
  aliasNodes(span: Span, count: number): void;
  /** An operand as the user wrote it (its source text, or printed from the tree), shortened when long. */
  nameOf(node: Span, source: Expr): string;
  /** `. Did you mean X?` when the literal `node` spells a literal that `accepts` takes; else ''. */
  meant(node: TypedExpr, source: Expr, accepts: (literal: TypedExpr) => boolean): string;
  // Entered and left by the caller (in a `finally`) rather than around a callback: a filter can
  // nest lambdas thousands deep, and each callback would be two more frames a level.
  /**
   * A lambda's range variable, or the variable a call's result is bound to, comes into scope at
   * `span`: a level of lambdas deeper (a 'limit' FilterError beyond `maxLambdaDepth`).
   */
  enterScope(scope: Scope, span: Span): void;
  leaveScope(): void;
  /** The x of an `x in C` is being checked: outside that lambda, but lowered into it. */
  enterInOperand(): void;
  leaveInOperand(): void;
  /**
   * The arguments of a call bound to a collection are being checked: read beside its elements, a
   * level of lambdas deeper (a 'limit' FilterError beyond `maxLambdaDepth`).
   */
  enterCollectionCall(call: Span): void;
  leaveCollectionCall(): void;
  /**
   * A node whose path (`path`, within it) reads a call's result (`Ns.Fn()/City`): checked by
   * `check`, given the path read from the variable the result is bound to, in that variable's
   * scope; undefined once an issue is reported.
   */
  readResult(node: Span, path: MemberNode, check: (path: MemberNode) => Checked): Checked;
  /** How many lambdas of the lowered form stand around the node being checked. */
  lambdaDepth(): number;
  /**
   * Whether a call's result is being passed whole as a structure argument, every member of which
   * reads the result anew: within one, another is refused (src/types/check/structure-arguments.ts).
   */
  passingResult: boolean;
}

export function everyDefined<T>(items: readonly (T | undefined)[]): items is T[] {
  return items.every((i) => i !== undefined);
}
