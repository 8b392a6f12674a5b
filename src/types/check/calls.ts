// Function calls: the overload of the signature table (src/language/functions.ts) that the
// arguments fit, each argument then in its parameter's type; and `cast` and `isof`, typed by the
// conversion from the operand's type to the target (docs/semantics.md §11).

import { EDM_TYPES, isEdmType, isInstant } from '../../language/edm.js';
import { arityOf, lookupFunction } from '../../language/functions.js';
import { suggestName } from '../../language/suggest-name.js';
import { isSpanNumber, malformedTree } from '../../errors.js';
import type { Expr, Span, TypeName } from '../../syntax/ast.js';
import { conversionOf } from '../conversions.js';
import { unaliased } from '../schema.js';
import { coerce, fits } from './coercion.js';
import { type CheckContext, type Checked, everyDefined, type MemberNode } from './context.js';
import { castOperand, presentOfType } from './members.js';
import { describe, expect } from './malformed.js';
import { describeOverload } from './messages.js';

/** `f(a, b)`: the first overload the arguments have exactly, else the first they fit. */
export function call(ctx: CheckContext, n: Extract<Expr, { kind: 'call' }>): Checked {
  const { name, args: argNodes } = n;
  const span: Span = n;
  // The parser guarantees a known name and a valid arity for parsed trees.
  const signature = typeof name === 'string' ? lookupFunction(name) : undefined;
  if (signature === undefined) throw malformedTree(span, `unknown function ${describe(name)}`);
  if (!Array.isArray(argNodes)) throw malformedTree(span, `a call of '${signature.name}' needs an array of arguments`);
  const overloads = signature.overloads.filter((o) => o.params.length === argNodes.length);
  if (overloads.length === 0) {
    const { min, max } = arityOf(signature);
    throw malformedTree(
      span,
      `'${signature.name}' takes ${min === max ? min : `${min} to ${max}`} arguments, not ${argNodes.length}`,
    );
  }
  const args = argNodes.map((a) => ctx.expr(a));
  if (!everyDefined(args)) {
    // Stand in with the result type when every overload agrees on it, so that the issues of
    // the enclosing expression are found too. The filter is rejected anyway.
    const returns = new Set(overloads.map((o) => o.returns));
    const [type] = returns;
    return returns.size === 1 && type !== undefined
      ? { kind: 'call', type, name: signature.name, args: [], start: span.start, end: span.end }
      : undefined;
  }
  const chosen =
    overloads.find((o) => o.params.every((p, i) => args[i]!.kind === 'null' || args[i]!.type === p)) ??
    overloads.find((o) => o.params.every((p, i) => fits(args[i]!, p)));
  if (chosen !== undefined) {
    const typedArgs = chosen.params.map((p, i) => coerce(args[i]!, p));
    return {
      kind: 'call',
      type: chosen.returns,
      name: signature.name,
      args: typedArgs,
      start: span.start,
      end: span.end,
    };
  }
  let reported = false;
  args.forEach((arg, i) => {
    const expected = [...new Set(overloads.map((o) => o.params[i]!))];
    if (!expected.some((p) => fits(arg, p))) {
      reported = true;
      const meant = ctx.meant(arg, argNodes[i]!, (l) => expected.some((p) => fits(l, p)));
      ctx.report(
        'wrong_argument_type',
        arg,
        `Function '${signature.name}' expects argument ${i + 1} to be ${expected.join(' or ')}, but ${ctx.nameOf(arg, argNodes[i]!)} is ${arg.type}${meant}`,
      );
    }
  });
  if (!reported) {
    const found = args.map((a) => a.type).join(', ');
    ctx.report(
      'no_matching_overload',
      span,
      `Function '${signature.name}' has no overload for (${found}); it takes ${overloads.map(describeOverload).join(' or ')}`,
    );
  }
  return undefined;
}

/** `cast(x, T)` and `isof(x, T)`, typed by the conversion from x's type to T (docs/semantics.md §11). */
export function typeFunction(ctx: CheckContext, n: Extract<Expr, { kind: 'typeFunction' }>): Checked {
  expect(
    n,
    n.name === 'cast' || n.name === 'isof' ? undefined : `a type function is 'cast' or 'isof', not ${describe(n.name)}`,
  );
  const target = n.target as Partial<TypeName> | null | undefined;
  const name = target?.name;
  const nameSpan =
    target !== null && target !== undefined && isSpanNumber(target.start) && isSpanNumber(target.end)
      ? (target as Span)
      : n;
  expect(n, typeof name === 'string' ? undefined : `'${n.name}' needs a target type name`);
  if (n.operand === undefined || (!name!.startsWith('Edm.') && n.operand.kind === 'member')) {
    const typed = structureTypeFunction(ctx, n, { name: name!, ...nameSpan });
    if (typed !== 'value') return typed;
  }
  const operand = ctx.expr(n.operand!);
  if (!name!.startsWith('Edm.')) {
    // A type of the model for a value that is no structure (a structure's was taken above).
    if (operand === undefined) return undefined;
    if (ctx.schema.type?.discriminator.values.has(unaliased(ctx.schema, name!))) {
      ctx.report(
        'not_derived_type',
        nameSpan,
        `${ctx.nameOf(operand, n.operand!)} is ${operand.type}, and no value of a primitive type is of the structured type '${name}'`,
      );
      return undefined;
    }
  }
  if (!isEdmType(name!)) {
    const suggestion = suggestName(name!, EDM_TYPES);
    ctx.report(
      'unknown_type',
      nameSpan,
      `Unknown type '${name}'${suggestion === undefined ? '' : ` (did you mean '${suggestion}'?)`}`,
      suggestion,
    );
    return undefined;
  }
  if (operand === undefined) return undefined;
  const span = { start: n.start, end: n.end };
  const conversion = conversionOf(operand.type, name);
  // The null literal is a null of the target type (OData: "the null value can be cast to any type").
  const typedOperand = operand.kind === 'null' ? { ...operand, type: name } : operand;
  if (n.name === 'isof') return { kind: 'isof', type: 'Edm.Boolean', operand: typedOperand, target: name, ...span };
  if (conversion === 'none' && operand.kind !== 'null') {
    const hint =
      isInstant(operand.type) && (name === 'Edm.Date' || name === 'Edm.TimeOfDay')
        ? ` (${name === 'Edm.Date' ? 'date' : 'time'}() gives its UTC ${name === 'Edm.Date' ? 'date' : 'time of day'})`
        : '';
    ctx.report(
      'invalid_cast',
      span,
      `Cannot cast ${ctx.nameOf(operand, n.operand!)} (${operand.type}) to ${name}: OData defines no such conversion${hint}`,
    );
    return undefined;
  }
  return { kind: 'cast', type: name, operand: typedOperand, ...span };
}

/**
 * `isof(Ns.Manager)`, `isof(Boss, Ns.Manager)`, `cast(Boss, Ns.Manager)`: a structure and a type of
 * the model (docs/semantics.md §14); `'value'` where the operand is no structure, to be checked
 * as a value against the Edm types.
 */
function structureTypeFunction(
  ctx: CheckContext,
  n: Extract<Expr, { kind: 'typeFunction' }>,
  target: Span & { readonly name: string },
): Checked | 'value' {
  const operand: MemberNode = n.operand?.kind === 'member' ? n.operand : { kind: 'member', segments: [IT], ...target };
  const found = castOperand(ctx, operand, target);
  if (found === 'value' || found === undefined) return found;
  if (n.name === 'cast') {
    ctx.report(
      'structured_value',
      n,
      `'${ctx.nameOf(n, n)}' is a structure of the type '${target.name}': test it with 'eq null' or 'ne null', or read one of its properties through the type-cast segment, such as '${operand.segments.map((segment) => segment.name).join('/')}/${target.name}/…'`,
    );
    return undefined;
  }
  return presentOfType(found, n);
}

/** `$it`, the resource that `isof` with one argument tests. */
const IT = { name: '$it', start: 0, end: 0 } as const;
