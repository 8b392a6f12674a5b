// The untyped syntax tree that parse() produces and print() renders. Every node is readonly,
// tagged by `kind`, and carries the source span it was parsed from.

import { assertNever } from '../assert-never.js';
import { handlerOf } from '../dispatch.js';
import type { ArithmeticOp, CompareOp, LambdaOp, LogicalOp } from '../language/operators.js';

/**
 * Half-open range of UTF-16 offsets into the filter text: `text.slice(start, end)`. A node's span
 * covers its whole source text, including parentheses written around it.
 */
export interface Span {
  readonly start: number;
  readonly end: number;
}

export type NumericLiteralType = 'Edm.Int32' | 'Edm.Int64' | 'Edm.Decimal' | 'Edm.Double' | 'Edm.Single';
export type DateTimeLiteralType = 'Edm.DateTime' | 'Edm.DateTimeOffset';

export interface NullLiteral extends Span {
  readonly kind: 'null';
}

export interface BooleanLiteral extends Span {
  readonly kind: 'boolean';
  readonly value: boolean;
}

/**
 * A numeric literal. `raw` is the source text; `value` is exact:
 * Int32, Double and Single are numbers, Int64 is a bigint, Decimal is a normalised decimal string
 * (`'2.345'`, `'-1.5E+10'`) so that no digit passes through a double.
 */
export type NumberLiteral =
  | (Span & { readonly kind: 'number'; readonly type: 'Edm.Int32'; readonly raw: string; readonly value: number })
  | (Span & { readonly kind: 'number'; readonly type: 'Edm.Int64'; readonly raw: string; readonly value: bigint })
  | (Span & { readonly kind: 'number'; readonly type: 'Edm.Decimal'; readonly raw: string; readonly value: string })
  | (Span & {
      readonly kind: 'number';
      readonly type: 'Edm.Double' | 'Edm.Single';
      readonly raw: string;
      readonly value: number;
    });

export interface StringLiteral extends Span {
  readonly kind: 'string';
  /** The decoded value: `''` in the source is one `'` here. */
  readonly value: string;
  /**
   * Set on a string of a JSON array (`x in ["…"]`) that spells a guid or a date-time: OData's JSON
   * writes those values as strings, so against a Guid or date-time operand the checker reads it as
   * that value, and as a string elsewhere. print() keeps such a list a JSON array.
   */
  readonly json?: true;
}

/**
 * A date-time literal in any of its source forms (`datetime'…'`, `datetime('…')`, the bare v4
 * form). The value is an instant: milliseconds since the Unix epoch, UTC. `offsetMinutes` is the
 * offset that was written (0 for `Z` or none); it does not change the instant.
 */
export interface DateTimeLiteral extends Span {
  readonly kind: 'datetime';
  readonly type: DateTimeLiteralType;
  readonly raw: string;
  readonly epochMs: number;
  /** Picoseconds beyond `epochMs` (1 to 999,999,999) where finer digits were written, else absent. */
  readonly picoseconds?: number;
  readonly offsetMinutes: number;
}

export interface GuidLiteral extends Span {
  readonly kind: 'guid';
  readonly raw: string;
  /** Lower-case canonical form `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`. */
  readonly value: string;
}

/**
 * `binary'T0RhdGE='`, `X'4F44617461'` (Edm.Binary, docs/semantics.md §6): the bytes as lower-case
 * hexadecimal text, two digits a byte (`''` for none). `raw` is the literal as written, but a
 * `binary'…'` read as hexadecimal (for 2.0 or 3.0) as `X'…'`, which every version reads alike.
 */
export interface BinaryLiteral extends Span {
  readonly kind: 'binary';
  readonly raw: string;
  readonly value: string;
}

/** `2012-12-03` (Edm.Date): a calendar date, as `days` since 1970-01-01 (docs/semantics.md §5). */
export interface DateLiteral extends Span {
  readonly kind: 'date';
  readonly raw: string;
  readonly days: number;
}

/**
 * `07:59:59.999`, or v3 `time'PT13H20M'` (Edm.TimeOfDay): `ms` since midnight, 0 to 86,399,999,
 * and the `picoseconds` beyond (1 to 999,999,999) where finer digits were written.
 */
export interface TimeOfDayLiteral extends Span {
  readonly kind: 'timeOfDay';
  readonly raw: string;
  readonly ms: number;
  readonly picoseconds?: number;
}

/**
 * `duration'P1DT2H'` (Edm.Duration): a signed length of time, `ms` the whole milliseconds at or
 * below it and `picoseconds` (1 to 999,999,999) beyond them where finer digits were written:
 * `duration'-PT0.0000005S'` is `ms` -1 and `picoseconds` 999,500,000.
 */
export interface DurationLiteral extends Span {
  readonly kind: 'duration';
  readonly raw: string;
  readonly ms: number;
  readonly picoseconds?: number;
}

/**
 * `Sales.Color'Red,Blue'`: a value of an enumeration type by the type's qualified name; `body` is
 * what the quotes hold (member names or values, comma-separated), which check() resolves against
 * the schema's enumeration (docs/semantics.md §12).
 */
export interface EnumLiteral extends Span {
  readonly kind: 'enum';
  readonly typeName: string;
  readonly body: string;
}

export type Literal =
  | EnumLiteral
  | NullLiteral
  | BooleanLiteral
  | NumberLiteral
  | StringLiteral
  | DateTimeLiteral
  | GuidLiteral
  | BinaryLiteral
  | DateLiteral
  | TimeOfDayLiteral
  | DurationLiteral;

const LITERAL_KINDS: ReadonlySet<unknown> = new Set<Literal['kind']>([
  'null',
  'boolean',
  'number',
  'string',
  'datetime',
  'guid',
  'binary',
  'date',
  'timeOfDay',
  'duration',
  'enum',
]);

/** Whether a node's kind is a literal's. */
export function isLiteralKind(kind: unknown): kind is Literal['kind'] {
  return LITERAL_KINDS.has(kind);
}

export interface PathSegment extends Span {
  readonly name: string;
}

/**
 * A property path such as `PostalAddress/City`; identifiers are case-sensitive. The first segment
 * may name a lambda's range variable (`t` in `Tags/any(t: t eq 'red')`, `s/Capacity`) or be
 * `$it`, the resource being filtered (`$it/Name`); the checker tells which from the scope. A
 * segment whose name is qualified (`Ns.HomeAddress`: it holds a dot) is a type-cast segment
 * (docs/semantics.md §14).
 */
export interface MemberExpr extends Span {
  readonly kind: 'member';
  /**
   * The call whose result the path reads (`Ns.Fn()/City`, docs/semantics.md §15): the segments
   * follow it, and may be none (`Ns.Fn()/$count`, `x in Ns.Fn()`). Absent for a path of the
   * resource or of a range variable, whose segments are never empty.
   */
  readonly call?: FunctionCallExpr;
  readonly segments: readonly PathSegment[];
}

/**
 * `Path/any(v: body)`, `Path/all(v: body)` or `Path/any()`: whether some or every element of the
 * collection at `collection` satisfies `body`, with `variable` bound to the element. `variable`
 * and `body` are both absent only for `any()`. `opSpan` covers the word `any` or `all`.
 */
export interface LambdaExpr extends Span {
  readonly kind: 'lambda';
  readonly op: LambdaOp;
  readonly collection: MemberExpr;
  readonly opSpan: Span;
  readonly variable: PathSegment | undefined;
  readonly body: Expr | undefined;
}

/** `Path/$count`: the number of elements of the collection at `collection`. */
export interface CountExpr extends Span {
  readonly kind: 'count';
  readonly collection: MemberExpr;
}

/** `operand has value`: whether every flag of the enumeration value is set in operand (docs/semantics.md §12). */
export interface HasExpr extends Span {
  readonly kind: 'has';
  readonly operand: Expr;
  readonly value: Expr;
}

/** `operand in Path`: whether some element of the collection equals `operand`. */
export interface InCollectionExpr extends Span {
  readonly kind: 'inCollection';
  readonly operand: Expr;
  readonly collection: MemberExpr;
}

/**
 * `@name`, a parameter alias: a literal given beside the filter (`@p=5` in a request's query
 * options), by name without the `@`. check() reads its value from its `aliases` option and types
 * it as that literal would be typed where the alias stands; the typed tree holds the literal.
 */
export interface AliasExpr extends Span {
  readonly kind: 'alias';
  readonly name: string;
}

/** A canonical function call; `name` is lower-case whatever the source spelling. */
export interface CallExpr extends Span {
  readonly kind: 'call';
  readonly name: string;
  readonly nameSpan: Span;
  readonly args: readonly Expr[];
}

/** `Name=value`: an argument of a model's function, by its parameter's name. */
export interface FunctionArgument extends Span {
  readonly name: string;
  readonly nameSpan: Span;
  readonly value: Expr;
}

/**
 * `Ns.Fn(P=v, …)` or `Path/Ns.Fn(P=v, …)`: a call of a function the model declares
 * (docs/semantics.md §15), by its qualified name as written. `binding` is the path the call is
 * bound to; at a path's head it is absent, and the function is unbound or bound to the resource.
 */
export interface FunctionCallExpr extends Span {
  readonly kind: 'functionCall';
  readonly name: string;
  readonly nameSpan: Span;
  readonly binding: MemberExpr | undefined;
  readonly args: readonly FunctionArgument[];
}

/** The two functions of a value and a type: `cast` converts, `isof` tests (docs/semantics.md §11). */
export type TypeFunctionName = 'cast' | 'isof';

/**
 * A qualified type name as written after the value of `cast` or `isof`: bare (`Edm.Int32`, v4) or
 * in quotes (`'Edm.Int32'`, v2/v3). The span covers the quotes.
 */
export interface TypeName extends Span {
  readonly name: string;
  readonly quoted: boolean;
}

/**
 * `cast(operand, Edm.Int32)`, `isof(operand, 'Edm.String')`, `isof(Ns.Manager)`; `name` is
 * lower-case. The operand is absent only in `isof` of a model's type, which tests the resource
 * itself (docs/semantics.md §14).
 */
export interface TypeFunctionExpr extends Span {
  readonly kind: 'typeFunction';
  readonly name: TypeFunctionName;
  readonly nameSpan: Span;
  readonly operand?: Expr;
  readonly target: TypeName;
}

export interface NotExpr extends Span {
  readonly kind: 'not';
  readonly operand: Expr;
}

export interface NegateExpr extends Span {
  readonly kind: 'negate';
  readonly operand: Expr;
}

export interface CompareExpr extends Span {
  readonly kind: 'compare';
  readonly op: CompareOp;
  readonly left: Expr;
  readonly right: Expr;
}

export interface ArithmeticExpr extends Span {
  readonly kind: 'arithmetic';
  readonly op: ArithmeticOp;
  readonly left: Expr;
  readonly right: Expr;
}

/** An `and` or `or` chain, kept flat: `a and b and c` has three operands. */
export interface LogicalExpr extends Span {
  readonly kind: 'logical';
  readonly op: LogicalOp;
  readonly operands: readonly Expr[];
}

/** `operand in (v1, v2, …)`; the list may be empty. A structure's value is an item where the operand is one. */
export interface InExpr extends Span {
  readonly kind: 'in';
  readonly operand: Expr;
  readonly list: readonly (Literal | StructureLiteral)[];
}

/** `"City":"Oslo"`: a member of a structure's literal, its name decoded from the JSON string. */
export interface StructureMember extends Span {
  readonly name: string;
  readonly nameSpan: Span;
  readonly value: Literal | StructureLiteral;
}

/**
 * `{"City":"Oslo","Zip":"0150"}`: a complex value, OData 4.01's JSON object, compared with a
 * structure member by member (docs/semantics.md §16). Its members are in the order written.
 */
export interface StructureLiteral extends Span {
  readonly kind: 'structure';
  readonly members: readonly StructureMember[];
}

/**
 * `[1,2,3]`: a collection's value, OData 4.01's JSON array, given whole as the argument of a model
 * function's collection parameter (docs/semantics.md §15, "Arguments of a collection type"); the
 * grammar reads one nowhere else. Its items are in the order written, JSON values or objects.
 */
export interface CollectionLiteral extends Span {
  readonly kind: 'collection';
  readonly items: readonly (Literal | StructureLiteral)[];
}

/**
 * `operand in @list`: an `in` whose list is the value of a parameter alias, a list in parentheses
 * or a JSON array given beside the filter. check() reads it and types the usual `in`.
 */
export interface InAliasExpr extends Span {
  readonly kind: 'inAlias';
  readonly operand: Expr;
  readonly alias: AliasExpr;
}

export type Expr =
  | EnumLiteral
  | HasExpr
  | NullLiteral
  | BooleanLiteral
  | NumberLiteral
  | StringLiteral
  | DateTimeLiteral
  | GuidLiteral
  | BinaryLiteral
  | DateLiteral
  | TimeOfDayLiteral
  | DurationLiteral
  | MemberExpr
  | AliasExpr
  | CallExpr
  | FunctionCallExpr
  | TypeFunctionExpr
  | NotExpr
  | NegateExpr
  | CompareExpr
  | ArithmeticExpr
  | LogicalExpr
  | InExpr
  | InAliasExpr
  | StructureLiteral
  | CollectionLiteral
  | LambdaExpr
  | CountExpr
  | InCollectionExpr;

export type ExprKind = Expr['kind'];

/** A handler per node kind; adding a kind without handling it is a compile error. */
export type ExprVisitor<R> = { readonly [K in ExprKind]: (node: Extract<Expr, { kind: K }>) => R };

export function visit<R>(node: Expr, visitor: ExprVisitor<R>): R {
  return handlerOf<(node: Expr) => R>(visitor, node)(node);
}

/** The direct children of a node, in source order. */
export function childrenOf(node: Expr): readonly Expr[] {
  switch (node.kind) {
    case 'member':
      return node.call === undefined ? [] : [node.call];
    case 'alias':
    case 'null':
    case 'boolean':
    case 'number':
    case 'string':
    case 'datetime':
    case 'guid':
    case 'binary':
    case 'date':
    case 'timeOfDay':
    case 'duration':
    case 'enum':
      return [];
    case 'has':
      return [node.operand, node.value];
    case 'call':
      return node.args;
    case 'functionCall': {
      const values = node.args.map((a) => a.value);
      return node.binding === undefined ? values : [node.binding, ...values];
    }
    case 'not':
    case 'negate':
      return [node.operand];
    case 'typeFunction':
      return node.operand === undefined ? [] : [node.operand];
    case 'compare':
    case 'arithmetic':
      return [node.left, node.right];
    case 'logical':
      return node.operands;
    case 'in':
      return [node.operand, ...node.list];
    case 'lambda':
      return node.body === undefined ? [node.collection] : [node.collection, node.body];
    case 'count':
      return [node.collection];
    case 'inCollection':
      return [node.operand, node.collection];
    case 'inAlias':
      return [node.operand, node.alias];
    case 'structure':
      return node.members.map((m) => m.value);
    case 'collection':
      return node.items;
    default:
      return assertNever(node);
  }
}

/** Drops spans recursively, for comparing trees by structure. */
export function withoutSpans(node: Expr): unknown {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'start' || key === 'end' || key === 'nameSpan' || key === 'opSpan') continue;
    if (key === 'variable') out[key] = (value as PathSegment | undefined)?.name;
    else if (key === 'segments') out[key] = (value as PathSegment[]).map((s) => s.name);
    else if (key === 'members') out[key] = (value as StructureMember[]).map((m) => [m.name, withoutSpans(m.value)]);
    else if (Array.isArray(value)) out[key] = value.map((v) => withoutSpans(v as Expr));
    else if (value !== null && typeof value === 'object') out[key] = withoutSpans(value as Expr);
    else out[key] = value;
  }
  return out;
}
