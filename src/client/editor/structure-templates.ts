// The structure's value offered where a complex value is compared (`Address eq `, an item of
// `Address in (`; docs/semantics.md §16): a JSON object that states every member, as the literal
// must, each null where the member may be null and otherwise an example of its type (today's date
// for dates, an enumeration's first member), a nested complex member as an object in turn.

import type { PrimitiveProperty, StructuredProperty } from '../../types/schema.js';
import { exampleValues } from './literal-templates.js';

/**
 * The JSON object for a value of `structure`, `day` giving the date members' day; undefined where a
 * member has no value a JSON object can state (a binary that may not be null, a collection).
 */
export function structureTemplate(structure: StructuredProperty, day: Date): string | undefined {
  const members: string[] = [];
  for (const member of structure.properties.values()) {
    // A structure holding a collection is not compared (docs/semantics.md §16).
    if (member.kind === 'collection') return undefined;
    const value = member.nullable
      ? 'null'
      : member.kind === 'primitive'
        ? exampleOf(member, day)
        : structureTemplate(member, day);
    if (value === undefined) return undefined;
    members.push(`${JSON.stringify(member.name)}:${value}`);
  }
  return `{${members.join(',')}}`;
}

/**
 * A JSON value of the member's type, as a JSON array's item is read (docs/semantics.md §10): the
 * first of the literal templates' examples (literal-templates.ts), an instant as its ISO text. A
 * binary has none: JSON reads no string as bytes.
 */
function exampleOf(member: PrimitiveProperty, day: Date): string | undefined {
  if (member.enum !== undefined) {
    const first = member.enum.members.keys().next();
    return first.done ? undefined : JSON.stringify(first.value);
  }
  const [example] = exampleValues(member.type, day);
  return example === undefined || example instanceof Uint8Array ? undefined : JSON.stringify(example);
}
