// check(): resolves member paths against a schema, types every node and makes every implicit
// conversion explicit, collecting all issues into one FilterError of kind 'type'.

import type { ArithmeticOp, CompareOp, Expr, ExprVisitor, Literal, LogicalOp, Span } from './ast.js';
import type { EdmType, NumericType } from './edm.js';
import { INTEGER_RANGES, isInstant, isInteger, isNumeric, promoteNumeric } from './edm.js';
import { FilterError } from './errors.js';
import type { FilterIssue } from './errors.js';
import { lookupFunction } from './functions.js';
import type { Overload } from './functions.js';
import { parse } from './parse.js';
import type { ParseOptions } from './parse.js';
import type { Property, Schema } from './schema.js';
import { suggestName } from './suggest.js';
import type { LiteralValue, TypedExpr, TypedFilter, TypedLiteral, TypedNull } from './typed.js';

/** Options of check(); the parse limits apply when a filter is given as text. */
export type CheckOptions = ParseOptions;

/** The stable codes of type issues; the README documents each. */
export const ISSUE_CODES = {
  unknown_property: 'a path segment names no property at its level of the schema',
  not_structured: 'a path continues after a primitive property (`Status/Code`)',
  structured_value: 'a path ends at a complex or navigation property instead of a primitive one',
  not_filterable: 'the property is marked `filterable: false`',
  type_mismatch: 'the operands of a comparison, or an `in` list item and its operand, are not comparable',
  not_boolean: 'an operand of `and`/`or`/`not`, or the whole filter, is not Edm.Boolean',
  not_numeric: 'an operand of arithmetic or of unary `-` is not a number',
  wrong_argument_type: 'a function argument has a type that no overload accepts at its position',
  no_matching_overload: 'each argument fits some overload, but no single overload fits them all',
} as const;

export type IssueCode = keyof typeof ISSUE_CODES;

/** A type issue. `suggestion` is the did-you-mean name of an `unknown_property` issue. */
export interface CheckIssue extends FilterIssue {
  readonly code: IssueCode;
  readonly suggestion?: string;
}

/**
 * Checks a filter (text or a parsed tree) against a schema. Returns the typed tree, or throws a
 * FilterError: of kind 'type' listing every issue found, or the parser's error for bad text.
 */
export function check(exprOrText: Expr | string, schema: Schema, options: CheckOptions = {}): TypedFilter {
  const text = typeof exprOrText === 'string' ? exprOrText : undefined;
  const tree: Expr = typeof exprOrText === 'string' ? parse(exprOrText, options) : exprOrText;
  const checker = new Checker(schema);
  let root: TypedExpr | undefined;
  try {
    root = checker.expr(tree);
  } catch (error) {
    if (error instanceof FilterError) throw error;
    // Only a tree built by hand can get here: parse() bounds depth and yields well-formed nodes.
    const tooDeep = error instanceof RangeError;
    throw new FilterError({
      kind: tooDeep ? 'limit' : 'syntax',
      message: tooDeep ? 'Filter tree nests too deeply to check' : 'Not a filter syntax tree: build it with parse()',
      start: 0,
      end: 0,
      text,
    });
  }
  if (root !== undefined && root.type !== 'Edm.Boolean') {
    checker.report('not_boolean', root, `A filter must be Edm.Boolean, but this expression is ${root.type}`);
  }
  const issues = checker.issues;
  if (issues.length > 0 || root === undefined) {
    const first = issues[0]!;
    const message = issues.length === 1 ? first.message : `${issues.length} problems: ${issues.map((i) => i.message).join('; ')}`;
    throw new FilterError({ kind: 'type', message, start: first.start, end: first.end, issues, text });
  }
  // The one place a TypedFilter is made: the brand is what keeps unchecked trees from backends.
  return { root, schema, text } as unknown as TypedFilter;
}

const BOOLEAN: EdmType = 'Edm.Boolean';
const STRING: EdmType = 'Edm.String';
const DATETIMEOFFSET: EdmType = 'Edm.DateTimeOffset';

/** The node or undefined: undefined means an issue was reported below, so say nothing more. */
type Checked = TypedExpr | undefined;

class Checker {
  readonly issues: CheckIssue[] = [];
  private readonly visitor: ExprVisitor<Checked>;

  constructor(private readonly schema: Schema) {
    this.visitor = {
      null: (n) => ({ kind: 'null', type: BOOLEAN, start: n.start, end: n.end }),
      boolean: (n) => literal(BOOLEAN, n.value, n),
      number: (n) => literal(n.type, n.value, n),
      string: (n) => literal(STRING, n.value, n),
      datetime: (n) => literal(n.type, n.epochMs, n),
      guid: (n) => literal('Edm.Guid', n.value, n),
      member: (n) => this.member(n.segments, n),
      call: (n) => this.call(n.name, n.args, n),
      not: (n) => {
        const operand = this.boolean(this.expr(n.operand), "Operator 'not' needs a Boolean operand");
        return operand && { kind: 'not', type: BOOLEAN, operand, start: n.start, end: n.end };
      },
      negate: (n) => this.negate(n.operand, n),
      compare: (n) => this.compare(n.op, this.expr(n.left), this.expr(n.right), n),
      arithmetic: (n) => this.arithmetic(n.op, this.expr(n.left), this.expr(n.right), n),
      logical: (n) => this.logical(n.op, n.operands, n),
      in: (n) => this.in(this.expr(n.operand), n.list, n),
    };
  }

  expr(node: Expr): Checked {
    const handler = this.visitor[node.kind] as ((node: Expr) => Checked) | undefined;
    if (handler === undefined) throw new TypeError(`unknown node kind ${String(node.kind)}`);
    return handler(node);
  }

  report(code: IssueCode, span: Span, message: string, suggestion?: string): void {
    const issue: CheckIssue = { code, message, start: span.start, end: span.end };
    this.issues.push(suggestion === undefined ? issue : { ...issue, suggestion });
  }

  private member(segments: readonly { name: string; start: number; end: number }[], span: Span): Checked {
    let properties: ReadonlyMap<string, Property> = this.schema.properties;
    let owner = this.schema.name;
    let nullable = false;
    let filterable = true;
    for (let i = 0; i < segments.length; i++) {
      const segment = segments[i]!;
      const property = properties.get(segment.name);
      if (property === undefined) {
        const suggestion = suggestName(segment.name, properties.keys());
        const hint = suggestion !== undefined ? ` Did you mean '${suggestion}'?` : ` Its properties are ${listNames(properties.keys())}.`;
        this.report('unknown_property', segment, `Property '${segment.name}' does not exist on ${owner}.${hint}`, suggestion);
        return undefined;
      }
      nullable ||= property.nullable;
      filterable &&= property.filterable;
      const path = (): string => segments.slice(0, i + 1).map((s) => s.name).join('/');
      const last = i === segments.length - 1;
      if (property.kind === 'structured') {
        if (last) {
          const example = `${path()}/${property.properties.keys().next().value ?? '…'}`;
          this.report('structured_value', span, `'${path()}' is a structured property; filter on one of its properties, such as '${example}'`);
          return undefined;
        }
        properties = property.properties;
        owner = `${this.schema.name}/${path()}`;
        continue;
      }
      if (!last) {
        const rest = { start: segments[i + 1]!.start, end: span.end };
        this.report('not_structured', rest, `'${path()}' is ${property.type} and has no properties, so '${segments[i + 1]!.name}' cannot follow it`);
        return undefined;
      }
      if (!filterable) {
        this.report('not_filterable', span, `Property '${path()}' of ${this.schema.name} cannot be used in a filter`);
        return undefined;
      }
      return { kind: 'member', type: property.type, path: segments.map((s) => s.name), property, nullable, start: span.start, end: span.end };
    }
    return undefined;
  }

  private call(name: string, argNodes: readonly Expr[], span: Span): Checked {
    const signature = lookupFunction(name);
    const args = argNodes.map((a) => this.expr(a));
    // The parser guarantees a known name and a valid arity for parsed trees.
    if (signature === undefined) throw new TypeError(`unknown function ${name}`);
    const overloads = signature.overloads.filter((o) => o.params.length === args.length);
    if (!everyDefined(args)) {
      // Stand in with the result type when every overload agrees on it, so that the issues of
      // the enclosing expression are found too. The filter is rejected anyway.
      const returns = new Set(overloads.map((o) => o.returns));
      const [type] = returns;
      return returns.size === 1 && type !== undefined ? { kind: 'call', type, name: signature.name, args: [], start: span.start, end: span.end } : undefined;
    }
    const chosen =
      overloads.find((o) => o.params.every((p, i) => args[i]!.kind === 'null' || args[i]!.type === p)) ??
      overloads.find((o) => o.params.every((p, i) => fits(args[i]!, p)));
    if (chosen !== undefined) {
      const typedArgs = chosen.params.map((p, i) => coerce(args[i]!, p));
      return { kind: 'call', type: chosen.returns, name: signature.name, args: typedArgs, start: span.start, end: span.end };
    }
    let reported = false;
    args.forEach((arg, i) => {
      const expected = [...new Set(overloads.map((o) => o.params[i]!))];
      if (!expected.some((p) => fits(arg, p))) {
        reported = true;
        this.report(
          'wrong_argument_type',
          arg,
          `Function '${signature.name}' expects argument ${i + 1} to be ${expected.join(' or ')}, but found ${arg.type}`,
        );
      }
    });
    if (!reported) {
      const found = args.map((a) => a.type).join(', ');
      this.report('no_matching_overload', span, `Function '${signature.name}' has no overload for (${found}); it takes ${overloads.map(describeOverload).join(' or ')}`);
    }
    return undefined;
  }

  private boolean(node: Checked, what: string): Checked {
    if (node === undefined) return undefined;
    if (node.kind === 'null') return { ...node, type: BOOLEAN };
    if (node.type !== BOOLEAN) {
      this.report('not_boolean', node, `${what}, but this expression is ${node.type}`);
      return undefined;
    }
    return node;
  }

  private logical(op: LogicalOp, operandNodes: readonly Expr[], span: Span): Checked {
    const operands = operandNodes.map((o) => this.boolean(this.expr(o), `Operator '${op}' needs Boolean operands`));
    if (!everyDefined(operands)) return undefined;
    return { kind: 'logical', type: BOOLEAN, op, operands, start: span.start, end: span.end };
  }

  private numeric(node: Checked, what: string): Checked {
    if (node === undefined || node.kind === 'null' || isNumeric(node.type)) return node;
    this.report('not_numeric', node, `${what}, but this expression is ${node.type}`);
    return undefined;
  }

  private negate(operandNode: Expr, span: Span): Checked {
    const operand = this.numeric(this.expr(operandNode), "Unary '-' needs a numeric operand");
    if (operand === undefined) return undefined;
    // Byte, SByte and Int16 promote to Int32, as in binary arithmetic: -255 is not a Byte.
    const type: NumericType = operand.kind === 'null' ? 'Edm.Int32' : promoteUnary(operand.type as NumericType);
    return { kind: 'negate', type, operand: coerce(operand, type), start: span.start, end: span.end };
  }

  private arithmetic(op: ArithmeticOp, leftNode: Checked, rightNode: Checked, span: Span): Checked {
    const what = `Operator '${op}' needs numeric operands`;
    const left = this.numeric(leftNode, what);
    const right = this.numeric(rightNode, what);
    if (left === undefined || right === undefined) return undefined;
    const type: NumericType =
      left.kind === 'null' && right.kind === 'null' ? 'Edm.Int32' :
      left.kind === 'null' ? promoteUnary(right.type as NumericType) :
      right.kind === 'null' ? promoteUnary(left.type as NumericType) :
      promoteNumeric(left.type as NumericType, right.type as NumericType);
    return { kind: 'arithmetic', type, op, left: coerce(left, type), right: coerce(right, type), start: span.start, end: span.end };
  }

  private compare(op: CompareOp, left: Checked, right: Checked, span: Span): Checked {
    if (left === undefined || right === undefined) return undefined;
    const type = compareType(left, right);
    if (type === undefined) {
      this.report('type_mismatch', span, `Operator '${op}' cannot compare ${left.type} with ${right.type}`);
      return undefined;
    }
    return { kind: 'compare', type: BOOLEAN, op, left: coerce(left, type), right: coerce(right, type), start: span.start, end: span.end };
  }

  private in(operand: Checked, listNodes: readonly Literal[], span: Span): Checked {
    const list = listNodes.map((l) => this.expr(l) as TypedLiteral | TypedNull);
    if (operand === undefined) return undefined;
    const items = list.filter((i): i is TypedLiteral => i.kind !== 'null');
    let type: EdmType = operand.kind === 'null' ? (items[0]?.type ?? STRING) : operand.type;
    if (!items.every((item) => fits(item, type))) {
      // `x in (a, b)` means `x eq a or x eq b`: numbers meet in their promoted type, as with eq.
      if (isNumeric(type) && items.every((i) => isNumeric(i.type))) {
        type = items.reduce<NumericType>((t, i) => promoteNumeric(t, i.type as NumericType), type);
      } else {
        for (const item of items) {
          if (!fits(item, type)) this.report('type_mismatch', item, `List item of type ${item.type} does not fit ${type}, the type on the left of 'in'`);
        }
        return undefined;
      }
    }
    const typedList = list.map((item) => coerce(item, type) as TypedLiteral | TypedNull);
    return { kind: 'in', type: BOOLEAN, operand: coerce(operand, type), list: typedList, start: span.start, end: span.end };
  }
}

function literal(type: EdmType, value: LiteralValue, span: Span): TypedLiteral {
  return { kind: 'literal', type, value, start: span.start, end: span.end };
}

function everyDefined<T>(items: readonly (T | undefined)[]): items is T[] {
  return items.every((i) => i !== undefined);
}

const LISTED = 12;

function listNames(names: Iterable<string>): string {
  const all = [...names];
  const shown = all.slice(0, LISTED).map((n) => `'${n}'`).join(', ');
  return all.length > LISTED ? `${shown} and ${all.length - LISTED} more` : shown;
}

function describeOverload(o: Overload): string {
  return `(${o.params.join(', ')})`;
}

function promoteUnary(type: NumericType): NumericType {
  return type === 'Edm.Byte' || type === 'Edm.SByte' || type === 'Edm.Int16' ? 'Edm.Int32' : type;
}

/** An integer literal whose value lies in the range of the integer type `target`. */
function integerLiteralFits(node: TypedExpr, target: EdmType): boolean {
  if (node.kind !== 'literal' || !isInteger(node.type) || !isInteger(target)) return false;
  const value = BigInt(node.value as number | bigint);
  const [min, max] = INTEGER_RANGES[target];
  return value >= min && value <= max;
}

/**
 * Whether `node` can take the type `target` without changing its value: a null; an integer
 * literal in range; numeric widening (promotion yields the target); any date-time literal
 * between the two instant types; a DateTime expression as a DateTimeOffset.
 */
function fits(node: TypedExpr, target: EdmType): boolean {
  if (node.type === target || node.kind === 'null') return true;
  if (isNumeric(node.type) && isNumeric(target)) {
    return integerLiteralFits(node, target) || promoteNumeric(node.type, target) === target;
  }
  if (isInstant(node.type) && isInstant(target)) return node.kind === 'literal' || target === DATETIMEOFFSET;
  return false;
}

/**
 * The common type of two comparison operands, or undefined when they are not comparable. A
 * literal takes the other side's type when it fits, so `column op literal` keeps the column bare.
 */
function compareType(left: TypedExpr, right: TypedExpr): EdmType | undefined {
  if (left.kind === 'null' && right.kind === 'null') return STRING;
  if (left.kind === 'null') return right.type;
  if (right.kind === 'null' || left.type === right.type) return left.type;
  if (isNumeric(left.type) && isNumeric(right.type)) {
    if (integerLiteralFits(right, left.type)) return left.type;
    if (integerLiteralFits(left, right.type)) return right.type;
    return promoteNumeric(left.type, right.type);
  }
  if (isInstant(left.type) && isInstant(right.type)) {
    if (right.kind === 'literal') return left.type;
    if (left.kind === 'literal') return right.type;
    return DATETIMEOFFSET;
  }
  return undefined;
}

/** Gives a node the type `target`: literals and nulls are retyped in place, others converted. */
function coerce(node: TypedExpr, target: EdmType): TypedExpr {
  if (node.type === target) return node;
  if (node.kind === 'null') return { ...node, type: target };
  if (node.kind === 'literal') return { ...node, type: target, value: convertValue(node.value, target) };
  return { kind: 'convert', type: target, operand: node, start: node.start, end: node.end };
}

/** A literal value in the representation of `target` (see LiteralValue in typed.ts). */
function convertValue(value: LiteralValue, target: EdmType): LiteralValue {
  switch (target) {
    case 'Edm.Int64':
      return typeof value === 'bigint' ? value : BigInt(value as number);
    case 'Edm.Decimal':
      // Only integers widen to Decimal; String(-0) is '0', the normal form.
      return typeof value === 'string' ? value : String(value);
    case 'Edm.Double':
      return Number(value);
    case 'Edm.Single':
      return Math.fround(Number(value));
    case 'Edm.Byte':
    case 'Edm.SByte':
    case 'Edm.Int16':
    case 'Edm.Int32':
      return Number(value);
    default:
      // Instants keep their epoch milliseconds.
      return value;
  }
}
