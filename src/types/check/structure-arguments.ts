// An argument of a model function's structure parameter (docs/semantics.md §15, "Arguments of a
// structure type"): a JSON object read member by member as §16 reads one, a path to a complex value
// of the parameter's type, or null; typed as the slots src/types/argument-slots.ts lays out.

import { suggestName } from '../../language/suggest-name.js';
import type { Expr, MemberExpr, Span, StructureLiteral } from '../../syntax/ast.js';
import { argumentMembers } from '../argument-slots.js';
import type { DeclaredParameter, Property, StructureType } from '../schema.js';
import type { TypedExpr } from '../typed.js';
import { spelledAs } from '../json-strings.js';
import type { CheckContext, Checked } from './context.js';
import { type BindingStructure, bindingAt, resultOf } from './members.js';
import { listNames } from './messages.js';

type Primitive = Extract<Property, { kind: 'primitive' }>;

/** Types a value given for a primitive member, `label` naming it in an issue (`'Home/City'`). */
export type PrimitiveArgument = (declared: Pick<Primitive, 'type' | 'enum'>, label: string, value: Expr) => Checked;

/** Whether a structure holds a member kept from filters, which a function given it could read: reported at `at`. */
export type Unreadable = (at: Span, structure: BindingStructure) => boolean;

/**
 * Why a structure type is no parameter a filter gives a value of, or undefined where it is one: its
 * members are primitives and complex values of the same kind, and no type derives from it (as §16
 * compares structures).
 */
export function unpassableStructure(type: StructureType): string | undefined {
  if (type.derived.size > 0) return 'a type other types derive from';
  const walk = (properties: ReadonlyMap<string, Property>): string | undefined => {
    for (const member of properties.values()) {
      if (member.kind === 'collection') return `a structure with the collection member '${member.name}'`;
      if (member.kind === 'structured') {
        if (member.relation) return `a structure with the navigation property '${member.name}'`;
        const nested = walk(member.properties);
        if (nested !== undefined) return nested;
      }
    }
    return undefined;
  };
  return walk(type.properties);
}

/** The slots of the argument given for a structure parameter; undefined once an issue is reported. */
export function structureArgument(
  ctx: CheckContext,
  functionName: string,
  parameter: Extract<DeclaredParameter, { kind: 'structure' }>,
  value: Expr,
  primitive: PrimitiveArgument,
  unreadable: Unreadable,
): TypedExpr[] | undefined {
  const { type } = parameter;
  if (value.kind === 'structure') return literalSlots(ctx, value, type.properties, parameter.name, primitive);
  if (value.kind === 'null') return nullSlots(type.properties, value);
  let what: string | undefined;
  if (value.kind === 'member' && value.call === undefined) {
    const found = bindingAt(ctx, value);
    if (found === undefined) return undefined;
    const structure = typeof found === 'string' || found.property === undefined ? undefined : found;
    if (structure !== undefined && structure.casts.length === 0 && structure.type?.name === type.name)
      return unreadable(value, structure) ? undefined : pathSlots(ctx, value, type.properties);
    const read = found === 'value' ? ctx.expr(value) : undefined;
    if (found === 'value' && read === undefined) return undefined;
    what = `'${ctx.nameOf(value, value)}' is ${read?.type ?? (found === 'collection' ? 'a collection' : structure === undefined ? 'the resource' : structureNamed(structure))}`;
  } else if (value.kind === 'member' || value.kind === 'functionCall') {
    const path = resultOf(ctx, value);
    // Each member of a result passed whole reads the result anew, so one such argument inside
    // another would multiply the reads level by level: the reads stay as many as the members.
    if (path.kind === 'member' && path.call !== undefined && ctx.passingResult) {
      ctx.report(
        'function_parameter',
        value,
        `Function '${functionName}' is not given a call's result as '${parameter.name}' inside another call's result passed whole: each member of that one reads this one anew; pass a property's structure, or a JSON object`,
      );
      return undefined;
    }
    if (path.kind === 'member' && path.call !== undefined) {
      ctx.passingResult = true;
      let slots: TypedExpr[] | string | undefined;
      try {
        slots = resultSlots(ctx, value, path, type);
      } finally {
        ctx.passingResult = false;
      }
      if (typeof slots !== 'string') return slots;
      what = slots;
    } else {
      const read = ctx.expr(value);
      if (read === undefined) return undefined;
      what = `'${ctx.nameOf(value, value)}' is ${read.type}`;
    }
  }
  ctx.report(
    'wrong_argument_type',
    value,
    `Function '${functionName}' expects '${parameter.name}' to be ${type.name}: a JSON object of its members, a path to one, or null; ${what ?? `${ctx.nameOf(value, value)} is none`}`,
  );
  return undefined;
}

/**
 * A call's result, or a path after a call, passed as a structure: its slots, read from the result as
 * a path after the call is (§15), or what the value is when it is of another type than `type`;
 * undefined once an issue is reported.
 */
function resultSlots(
  ctx: CheckContext,
  value: Expr,
  path: MemberExpr,
  type: StructureType,
): TypedExpr[] | string | undefined {
  // The structure the path after the call ends at, read once for its type.
  let found: ReturnType<typeof bindingAt>;
  const read = ctx.readResult(value, path, (inResult) => {
    found = bindingAt(ctx, inResult);
    if (found === 'value') return ctx.expr(inResult);
    return found === undefined
      ? undefined
      : { kind: 'literal', type: 'Edm.Boolean', value: true, start: inResult.start, end: inResult.end };
  });
  if (read === undefined) return undefined;
  const structure = typeof found! === 'string' ? undefined : found!;
  // Each slot reads the result anew: the call is made once for each member it passes.
  if (structure?.type?.name === type.name && structure.casts.length === 0) return pathSlots(ctx, path, type.properties);
  const kind =
    found! === 'collection'
      ? 'a collection'
      : found! === 'value'
        ? read.type
        : structure === undefined
          ? 'another structure'
          : structureNamed(structure);
  return `'${ctx.nameOf(value, value)}' is ${kind}`;
}

/** A structure's type as a message names it; one read through a type-cast segment is passed without it. */
function structureNamed(structure: BindingStructure): string {
  const name = structure.type?.name ?? 'another structure';
  return structure.casts.length > 0
    ? `${name} read through a type-cast segment, which a structure passed whole is not`
    : name;
}

/** A path's structure: whether it is present, then each member read at the path, as a filter reads it. */
export function pathSlots(
  ctx: CheckContext,
  path: MemberExpr,
  properties: ReadonlyMap<string, Property>,
): TypedExpr[] | undefined {
  const at = { start: path.start, end: path.end };
  const present = ctx.expr({ kind: 'compare', op: 'ne', left: path, right: { kind: 'null', ...at }, ...at });
  if (present === undefined) return undefined;
  const slots: TypedExpr[] = [present];
  for (const member of argumentMembers(properties)) {
    const memberPath: MemberExpr = { ...path, segments: [...path.segments, { name: member.name, ...at }] };
    // An enumeration member is passed as its value, as an argument of its type is (§15).
    const read =
      member.kind === 'structured'
        ? pathSlots(ctx, memberPath, member.properties)
        : member.enum !== undefined
          ? ctx.enumOperand(memberPath)
          : ctx.expr(memberPath);
    if (read === undefined) return undefined;
    slots.push(...(Array.isArray(read) ? read : [read]));
  }
  return slots;
}

/** `null`: a structure absent, its members null. */
export function nullSlots(properties: ReadonlyMap<string, Property>, at: Span): TypedExpr[] {
  const span = { start: at.start, end: at.end };
  const slots: TypedExpr[] = [{ kind: 'literal', type: 'Edm.Boolean', value: false, ...span }];
  for (const member of argumentMembers(properties))
    if (member.kind === 'structured') slots.push(...nullSlots(member.properties, at));
    else
      slots.push({ kind: 'null', type: member.type, ...(member.enum && { enum: member.enum }), ...span } as TypedExpr);
  return slots;
}

/**
 * A JSON object: present, and every member the type declares given once (§16), a primitive member's
 * value typed as an argument of its type is, a complex member's an object or null. Every member
 * written is checked, so that all their issues are reported.
 */
export function literalSlots(
  ctx: CheckContext,
  literal: StructureLiteral,
  properties: ReadonlyMap<string, Property>,
  prefix: string,
  primitive: PrimitiveArgument,
): TypedExpr[] | undefined {
  const given = new Map<string, TypedExpr[]>();
  let ok = true;
  for (const { name, nameSpan, value } of literal.members) {
    const declared = properties.get(name);
    const label = `${prefix}/${name}`;
    let slots: TypedExpr[] | undefined;
    if (given.has(name)) ctx.report('duplicate_member', nameSpan, `'${name}' is named twice`);
    else if (declared === undefined) {
      const suggestion = suggestName(name, [...properties.keys()]);
      const hint = suggestion === undefined ? '' : `; did you mean '${suggestion}'?`;
      ctx.report('unknown_property', nameSpan, `'${prefix}' has no member '${name}'${hint}`, suggestion);
    } else if (declared.kind === 'structured')
      slots =
        value.kind === 'structure'
          ? literalSlots(ctx, value, declared.properties, label, primitive)
          : value.kind === 'null'
            ? nullSlots(declared.properties, value)
            : mismatch(ctx, value, `'${label}' is a structure: not ${ctx.nameOf(value, value)}`);
    else if (value.kind === 'structure') mismatch(ctx, value, `'${label}' is no structure`);
    else {
      const read = primitive(
        declared as Primitive,
        label,
        declared.kind === 'primitive' ? spelledAs(value, declared.type) : value,
      );
      slots = read === undefined ? undefined : [read];
    }
    if (slots === undefined) ok = false;
    if (!given.has(name)) given.set(name, slots ?? []);
  }
  const missing = [...properties.keys()].filter((name) => !given.has(name));
  if (missing.length > 0) {
    ctx.report('missing_member', literal, `The structure's value leaves out ${listNames(missing)}`);
    ok = false;
  }
  if (!ok) return undefined;
  const at = { start: literal.start, end: literal.end };
  const slots: TypedExpr[] = [{ kind: 'literal', type: 'Edm.Boolean', value: true, ...at }];
  for (const member of argumentMembers(properties)) slots.push(...given.get(member.name)!);
  return slots;
}

function mismatch(ctx: CheckContext, at: Span, message: string): undefined {
  ctx.report('type_mismatch', at, message);
  return undefined;
}
