// The values of an enumeration type (docs/semantics.md §12): what a literal's text names, and
// whether a number is a value of the type. The checker reads literals with it, the in-memory
// backend a row's values.

import type { EnumType } from './schema.js';
import { suggestName } from '../language/suggest-name.js';

export interface EnumProblem {
  readonly problem: string;
  /** The member name meant, when one is close to what was written. */
  readonly suggestion?: string;
}

/** Every bit a member of a flags type sets. */
function allFlags(enumType: EnumType): bigint {
  let bits = 0n;
  for (const v of enumType.members.values()) bits |= v;
  return bits;
}

/** Whether `value` is a value of the type: a member's, or for a flags type a combination of members' bits. */
export function isEnumValue(enumType: EnumType, value: bigint): boolean {
  if (!enumType.flags) return [...enumType.members.values()].includes(value);
  return value >= 0n && (value & ~allFlags(enumType)) === 0n;
}

/**
 * The value a literal's text names: member names or values separated by commas (more than one for
 * a flags type only), e.g. `Red`, `Red,Blue`, `4`. Names are case-sensitive.
 */
export function readEnumValue(enumType: EnumType, body: string, separator: RegExp = /,/): bigint | EnumProblem {
  const parts = body.split(separator);
  if (parts.length > 1 && !enumType.flags)
    return {
      problem: `'${body}' names ${parts.length} members, but ${enumType.name} is no flags enumeration to combine them`,
    };
  let value = 0n;
  for (const part of parts) {
    let v: bigint | undefined;
    if (/^-?[0-9]+$/.test(part)) {
      v = BigInt(part);
      if (!isEnumValue(enumType, v))
        return {
          problem: enumType.flags
            ? `${part} is no combination of the members of ${enumType.name}`
            : `${part} is the value of no member of ${enumType.name}`,
        };
    } else {
      v = enumType.members.get(part);
      if (v === undefined) {
        const suggestion = suggestName(part, enumType.members.keys());
        const problem = `'${part}' is no member of ${enumType.name}`;
        return suggestion === undefined ? { problem } : { problem, suggestion };
      }
    }
    value |= v;
  }
  return value;
}
