// Values of enumeration types (docs/semantics.md §12): an enumeration literal read against the
// schema's type of its name, a string or null beside an enumeration value taken as one of its
// type, and `has`, the test of a flag.

import { suggestName } from '../../language/suggest-name.js';
import type { Expr, Span } from '../../syntax/ast.js';
import { readEnumValue } from '../enum-values.js';
import { type EnumType, enumTypesOf, unaliased } from '../schema.js';
import { enumOf, type LiteralValue, type TypedExpr, type TypedLiteral } from '../typed.js';
import type { CheckContext, Checked } from './context.js';
import { expect } from './malformed.js';
import { listNames } from './messages.js';
import { ALIASES_ARE_PLACES } from './options.js';

/** `Sales.Color'Red,Blue'`: the members resolved against the schema's enumeration of that name. */
export function enumLiteral(ctx: CheckContext, n: Extract<Expr, { kind: 'enum' }>): Checked {
  expect(
    n,
    typeof n.typeName === 'string' && typeof n.body === 'string'
      ? undefined
      : 'an enumeration literal needs a type name and a body',
  );
  const enums = enumTypesOf(ctx.schema);
  const enumType = enums.get(unaliased(ctx.schema, n.typeName));
  if (enumType === undefined) {
    const declared = [...enums.keys()];
    const suggestion = suggestName(n.typeName, declared);
    const hint =
      suggestion !== undefined
        ? ` (did you mean '${suggestion}'?)`
        : declared.length > 0
          ? `; it declares ${listNames(declared)}`
          : '; it declares none';
    ctx.report(
      'unknown_type',
      { start: n.start, end: n.start + n.typeName.length },
      `Unknown enumeration type '${n.typeName}': the schema ${ctx.schema.name} does not declare it${hint}`,
      suggestion,
    );
    return undefined;
  }
  return enumValue(ctx, enumType, n.body, n);
}

/** The value of `body` (member names or values, comma-separated) in an enumeration type, as a literal of it. */
function enumValue(ctx: CheckContext, enumType: EnumType, body: string, span: Span): TypedLiteral | undefined {
  const value = readEnumValue(enumType, body);
  if (typeof value !== 'bigint') {
    ctx.report(
      'unknown_enum_member',
      span,
      `${value.problem}${value.suggestion === undefined ? `; its members are ${listNames(enumType.members.keys())}` : ` (did you mean '${value.suggestion}'?)`}`,
      value.suggestion,
    );
    return undefined;
  }
  const literalValue: LiteralValue = enumType.underlyingType === 'Edm.Int64' ? value : Number(value);
  return {
    kind: 'literal',
    type: enumType.underlyingType,
    value: literalValue,
    enum: enumType,
    start: span.start,
    end: span.end,
  };
}

/**
 * An operand beside a value of `enumType`: a literal or null of it as it is; a string naming its
 * members as that value (OData 4.01 lets the type be left out); anything else undefined, once
 * `type_mismatch` is reported with `what` (the operator or context).
 */
export function asEnumValue(
  ctx: CheckContext,
  enumType: EnumType,
  node: TypedExpr,
  source: Expr,
  what: string,
  at: Span = node,
): TypedExpr | undefined {
  const other = enumOf(node);
  if (other !== undefined) {
    if (other.name === enumType.name) return node;
  } else if (node.kind === 'null') {
    return { ...node, type: enumType.underlyingType, enum: enumType };
  } else if (node.kind === 'literal' && node.type === 'Edm.String') {
    return enumValue(ctx, enumType, node.value as string, node);
  }
  const first = enumType.members.keys().next().value ?? '…';
  ctx.report(
    'type_mismatch',
    at,
    `${what}: ${ctx.nameOf(node, source)} (${other?.name ?? node.type}) is no ${enumType.name} value; write one as '${first}' or ${enumType.name}'${first}'`,
  );
  return undefined;
}

/** `x has v`: x of an enumeration type, v a literal of it (docs/semantics.md §12). */
export function has(ctx: CheckContext, n: Extract<Expr, { kind: 'has' }>): Checked {
  const operand = ctx.enumOperand(n.operand);
  const value = ctx.enumOperand(n.value);
  if (operand === undefined || value === undefined) return undefined;
  const enumType = enumOf(operand);
  if (enumType === undefined) {
    ctx.report(
      'type_mismatch',
      n.operand,
      `'has' tests the flags of an enumeration value, but ${ctx.nameOf(operand, n.operand)} is ${operand.type}`,
    );
    return undefined;
  }
  const mask = asEnumValue(ctx, enumType, value, n.value, "The right operand of 'has'");
  if (mask === undefined) return undefined;
  // Learning places: the alias is null here, but stands for the literal its value will be.
  if (mask.kind === 'null' && n.value?.kind === 'alias' && ctx.options[ALIASES_ARE_PLACES])
    return {
      kind: 'has',
      type: 'Edm.Boolean',
      operand,
      value: mask as unknown as TypedLiteral,
      start: n.start,
      end: n.end,
    };
  if (mask.kind !== 'literal') {
    ctx.report(
      'type_mismatch',
      n.value,
      `The right operand of 'has' is an enumeration literal, such as ${enumType.name}'${enumType.members.keys().next().value ?? '…'}', not ${ctx.nameOf(mask, n.value)}`,
    );
    return undefined;
  }
  return { kind: 'has', type: 'Edm.Boolean', operand, value: mask, start: n.start, end: n.end };
}
