// Comparisons: `eq`, `ne` and the order comparisons of two values in their common type, and `in`,
// an operand against a list of literals, written out or given by an alias (`x in @list`).

import { type EdmType, type NumericType, isNumeric, promoteNumeric } from '../../language/edm.js';
import { COMPARE_OPS, type CompareOp } from '../../language/operators.js';
import { type Expr, isLiteralKind, type Literal } from '../../syntax/ast.js';
import { aliasList } from '../aliases.js';
import { spelledAs } from '../json-strings.js';
import { enumOf, type TypedLiteral, type TypedNull } from '../typed.js';
import { unknownAlias } from './aliased.js';
import { coerce, compareType, fits } from './coercion.js';
import { type CheckContext, type Checked, everyDefined } from './context.js';
import { asEnumValue } from './enumerations.js';
import { BINARIES_ORDER } from './options.js';
import { describe, expect } from './malformed.js';
import { structureNull } from './members.js';
import { comparesStructure, listsStructure, structureComparison, structureIn } from './structures.js';

const COMPARE = new Set<unknown>(COMPARE_OPS);

/** `a eq b`, …: a structure's null test (`Address eq null`), or the comparison of two values. */
export function comparison(ctx: CheckContext, n: Extract<Expr, { kind: 'compare' }>): Checked {
  expect(n, COMPARE.has(n.op) ? undefined : `unknown comparison operator ${describe(n.op)}`);
  if (comparesStructure(n)) return structureComparison(ctx, n);
  const structure = structureNull(ctx, n);
  return structure ? structure.node : compare(ctx, n.op, ctx.enumOperand(n.left), ctx.enumOperand(n.right), n);
}

/** `left op right` in the operands' common type; a value of an enumeration type meets only values of its type. */
export function compare(
  ctx: CheckContext,
  op: CompareOp,
  leftChecked: Checked,
  rightChecked: Checked,
  node: Extract<Expr, { kind: 'compare' }>,
): Checked {
  const span = node;
  if (leftChecked === undefined || rightChecked === undefined) return undefined;
  // A value of an enumeration type meets only values of its type (docs/semantics.md §12).
  const enumType = enumOf(leftChecked) ?? enumOf(rightChecked);
  const what = `Cannot compare with a ${enumType?.name ?? ''} value`;
  // A mismatch is reported at the whole comparison, as every other comparison's is.
  const left = enumType ? asEnumValue(ctx, enumType, leftChecked, node.left, what, span) : leftChecked;
  const right = enumType ? asEnumValue(ctx, enumType, rightChecked, node.right, what, span) : rightChecked;
  if (left === undefined || right === undefined) return undefined;
  const type = compareType(left, right);
  if (type === undefined) {
    const meant =
      ctx.meant(right, node.right, (l) => compareType(left, l) !== undefined) ||
      ctx.meant(left, node.left, (l) => compareType(l, right) !== undefined);
    const operands = `${ctx.nameOf(left, node.left)} (${left.type}) with ${ctx.nameOf(right, node.right)} (${right.type})`;
    ctx.report('type_mismatch', span, `Cannot compare ${operands}${meant}`);
    return undefined;
  }
  // OData orders no binaries in a filter; the rows after a keyset token compare them as orderby sorts them.
  if (type === 'Edm.Binary' && op !== 'eq' && op !== 'ne' && !ctx.options[BINARIES_ORDER]) {
    ctx.report('not_orderable', span, `Binaries are not ordered ('${op}')`);
    return undefined;
  }
  return {
    kind: 'compare',
    type: 'Edm.Boolean',
    op,
    left: coerce(left, type),
    right: coerce(right, type),
    start: span.start,
    end: span.end,
  };
}

/** `x in (a, b, …)`: `x eq a or x eq b or …`, its items in the operand's type. */
export function inList(ctx: CheckContext, n: Extract<Expr, { kind: 'in' }>): Checked {
  const ok =
    Array.isArray(n.list) &&
    n.list.every((item: unknown) => {
      const kind = (item as Partial<Expr> | null)?.kind;
      return isLiteralKind(kind) || kind === 'structure';
    });
  expect(n, ok ? undefined : "the list of 'in' must be an array of literals");
  if (listsStructure(n.list)) return structureIn(ctx, n);
  return inLiterals(ctx, ctx.enumOperand(n.operand), n.list as readonly Literal[], n);
}

export function inAlias(ctx: CheckContext, n: Extract<Expr, { kind: 'inAlias' }>): Checked {
  const operand = ctx.enumOperand(n.operand);
  const alias = n.alias;
  expect(n, alias?.kind === 'alias' ? undefined : "the list of 'in' from an alias must be an alias node");
  const list = aliasList(alias, ctx.options.aliases, ctx.options);
  if (list === undefined) {
    unknownAlias(ctx, alias, `"('a', 'b')"`);
    return undefined;
  }
  ctx.aliasNodes(alias, list.length);
  if (list.some((item) => item.kind === 'string')) ctx.stringAlias(alias);
  return inLiterals(ctx, operand, list, { kind: 'in', operand: n.operand, list, start: n.start, end: n.end });
}

/** The operand against each literal of `written`, all in one type (an enumeration's, or the operand's, numbers promoted). */
function inLiterals(
  ctx: CheckContext,
  operand: Checked,
  written: readonly Literal[],
  node: Extract<Expr, { kind: 'in' }>,
): Checked {
  const span = node;
  const listNodes = operand === undefined ? written : written.map((l) => spelledAs(l, operand.type));
  const list = listNodes.map((l) => ctx.enumOperand(l) as TypedLiteral | TypedNull);
  if (operand === undefined) return undefined;
  const enumType =
    enumOf(operand) ?? list.map((i) => (i === undefined ? undefined : enumOf(i))).find((e) => e !== undefined);
  if (enumType !== undefined) {
    // Every item, and the operand, a value of the one enumeration type.
    const what = `Cannot look for a ${enumType.name} value`;
    const typedOperand = asEnumValue(ctx, enumType, operand, node.operand, what);
    const typedList = list.map((item, i) =>
      item === undefined ? undefined : asEnumValue(ctx, enumType, item, listNodes[i]!, what),
    );
    if (typedOperand === undefined || !everyDefined(typedList)) return undefined;
    return {
      kind: 'in',
      type: 'Edm.Boolean',
      operand: typedOperand,
      list: typedList as (TypedLiteral | TypedNull)[],
      start: span.start,
      end: span.end,
    };
  }
  // An item that did not check has been reported.
  if (!everyDefined(list)) return undefined;
  const items = list.filter((i): i is TypedLiteral => i.kind !== 'null');
  let type: EdmType = operand.kind === 'null' ? (items[0]?.type ?? 'Edm.String') : operand.type;
  if (!items.every((item) => fits(item, type))) {
    // `x in (a, b)` means `x eq a or x eq b`: numbers meet in their promoted type, as with eq.
    if (isNumeric(type) && items.every((i) => isNumeric(i.type))) {
      type = items.reduce<NumericType>((t, i) => promoteNumeric(t, i.type as NumericType), type);
    } else {
      const operandName = `${ctx.nameOf(operand, node.operand)} (${type})`;
      list.forEach((item, i) => {
        if (item.kind === 'null' || fits(item, type)) return;
        const meant = ctx.meant(item, listNodes[i]!, (l) => fits(l, type));
        ctx.report(
          'type_mismatch',
          item,
          `List item ${ctx.nameOf(item, listNodes[i]!)} (${item.type}) does not fit ${operandName} on the left of 'in'${meant}`,
        );
      });
      return undefined;
    }
  }
  const typedList = list.map((item) => coerce(item, type) as TypedLiteral | TypedNull);
  return {
    kind: 'in',
    type: 'Edm.Boolean',
    operand: coerce(operand, type),
    list: typedList,
    start: span.start,
    end: span.end,
  };
}
