// Enumeration types (docs/semantics.md §12): how one is written in a definition, and the resolved
// type the checker and the backends read, with its values exact.

import { type IntegerType, INTEGER_RANGES, isEdmType, isInteger } from '../language/edm.js';
import { isIdentifier, isQualifiedName } from '../language/identifiers.js';

/**
 * An enumeration type (docs/semantics.md §12): its qualified name (`Sales.Color`), its members and
 * their values, whether values combine members bit by bit (`flags`), and its underlying integer
 * type (Int32 by default). Properties that share a type give it the same definition.
 */
export interface EnumDefinition {
  readonly name: string;
  readonly members: { readonly [member: string]: number | bigint };
  readonly flags?: boolean;
  readonly underlyingType?: IntegerType;
}

/** A resolved enumeration type: members by name, values exact. */
export interface EnumType {
  readonly kind: 'enum';
  readonly name: string;
  readonly members: ReadonlyMap<string, bigint>;
  readonly flags: boolean;
  readonly underlyingType: IntegerType;
}

/** Validates an enumeration definition and resolves it; `fail` throws the caller's error for a problem. */
export function resolveEnumType(value: unknown, fail: (problem: string) => never): EnumType {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    fail('`enum` is { name, members, flags?, underlyingType? }');
  const spec = value as { name?: unknown; members?: unknown; flags?: unknown; underlyingType?: unknown };
  if (typeof spec.name !== 'string' || !isQualifiedName(spec.name) || spec.name.startsWith('Edm.')) {
    fail("an enumeration's `name` is a qualified name outside the Edm namespace, such as 'Sales.Color'");
  }
  if (spec.flags !== undefined && typeof spec.flags !== 'boolean') fail('`flags` must be true or false');
  const underlyingType = spec.underlyingType ?? 'Edm.Int32';
  if (typeof underlyingType !== 'string' || !isEdmType(underlyingType) || !isInteger(underlyingType)) {
    fail('`underlyingType` is one of Edm.Byte, Edm.SByte, Edm.Int16, Edm.Int32, Edm.Int64');
  }
  const integer = underlyingType as IntegerType;
  const [lo, hi] = INTEGER_RANGES[integer];
  if (spec.members === null || typeof spec.members !== 'object' || Array.isArray(spec.members))
    fail('`members` is an object of member names and values');
  const entries = Object.entries(spec.members as Record<string, unknown>);
  if (entries.length === 0) fail('an enumeration needs at least one member');
  const flags = spec.flags === true;
  const members = new Map<string, bigint>();
  for (const [member, v] of entries) {
    if (!isIdentifier(member)) fail(`member '${member}' is not an identifier`);
    const exact = typeof v === 'bigint' ? v : typeof v === 'number' && Number.isSafeInteger(v) ? BigInt(v) : undefined;
    if (exact === undefined) fail(`member '${member}' needs an integer value`);
    if (exact! < lo || exact! > hi) fail(`member '${member}' is ${String(v)}, beyond ${integer}`);
    if (flags && exact! < 0n) fail(`member '${member}' of a flags enumeration is negative`);
    members.set(member, exact!);
  }
  return { kind: 'enum', name: spec.name as string, members, flags, underlyingType: integer };
}

/** Whether two enumeration types are defined alike: same members, values, flags and underlying type. */
export function sameEnum(a: EnumType, b: EnumType): boolean {
  return (
    a.flags === b.flags &&
    a.underlyingType === b.underlyingType &&
    a.members.size === b.members.size &&
    [...a.members].every(([k, v]) => b.members.get(k) === v)
  );
}
