// How a stored structure states its type (docs/semantics.md §14): by default OData JSON's
// `@odata.type` member holding `#` and the qualified name, or a member the model names, whose
// values map to type names. Resolved once per model; a view hands it to every structure.

import { isIdentifier } from '../language/identifiers.js';
import type { TypeDiscriminator } from '../types/schema.js';
import type { StructuredType } from './model.js';

/** OData JSON's member, which a row read from an OData service carries. */
export const ODATA_TYPE = '@odata.type';

/** OData JSON's `@odata.type`, holding `#` and the qualified name. */
export function defaultDiscriminator(types: readonly StructuredType[]): TypeDiscriminator {
  return { property: ODATA_TYPE, values: new Map(types.map((t) => [t.name, `#${t.name}`])) };
}

/**
 * The model's discriminator from its definition's `discriminator` option: `{ property, values? }`,
 * `values` giving each type (by name, as types are referred to) its value; without `values` a
 * value is the type's qualified name. `qualified` resolves a written type name, or fails.
 */
export function resolveDiscriminator(
  spec: unknown,
  types: readonly StructuredType[],
  qualified: (written: string) => StructuredType,
  fail: (problem: string) => never,
): TypeDiscriminator {
  if (spec === undefined) return defaultDiscriminator(types);
  if (spec === null || typeof spec !== 'object' || Array.isArray(spec))
    return fail('`discriminator` is { property, values? }: the member that states a structure type');
  const { property, values, ...rest } = spec as { property?: unknown; values?: unknown };
  const extra = Object.keys(rest)[0];
  if (extra !== undefined) return fail(`'${extra}' is not part of a discriminator; it has property, values`);
  if (typeof property !== 'string' || !isIdentifier(property))
    return fail('the discriminator `property` is an identifier: the member of a stored structure holding its type');
  const clash = types.find((t) => t.properties.has(property));
  if (clash !== undefined) return fail(`the discriminator '${property}' is a property of '${clash.name}' as well`);
  if (values === undefined) return { property, values: new Map(types.map((t) => [t.name, t.name])) };
  if (values === null || typeof values !== 'object' || Array.isArray(values))
    return fail('the discriminator `values` are an object of values by type name');
  const byType = new Map<string, string>();
  const seen = new Map<string, string>();
  for (const [written, value] of Object.entries(values as Record<string, unknown>)) {
    const type = qualified(written);
    if (typeof value !== 'string' || value === '')
      return fail(`the discriminator value of '${written}' is a non-empty string`);
    const other = seen.get(value);
    if (other !== undefined)
      return fail(`the discriminator value '${value}' is given to '${other}' and '${type.name}'`);
    seen.set(value, type.name);
    byType.set(type.name, value);
  }
  return { property, values: byType };
}
