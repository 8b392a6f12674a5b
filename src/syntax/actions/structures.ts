// OData 4.01's JSON object as a structure's value (`{"City":"Oslo"}`, docs/semantics.md §16): its
// members, each a JSON value or an object, and what a member's value cannot be refused.

import type { Literal, StringLiteral, StructureLiteral, StructureMember } from '../ast.js';
import { type Range, refuse } from './syntax-error.js';

export function structure(members: StructureMember[], r: Range): StructureLiteral {
  return { kind: 'structure', members, start: r.start, end: r.end };
}

/** `"name": value`, the name decoded from its JSON string. */
export function structureMember(name: StringLiteral, value: Literal | StructureLiteral, r: Range): StructureMember {
  return { name: name.value, nameSpan: { start: name.start, end: name.end }, value, start: r.start, end: r.end };
}

/** A member's value that is no JSON value nor an object (`'Oslo'`, `2012-12-03`, `Name`), refused at its span. */
export function rejectStructureMemberValue(r: Range): never {
  return refuse(
    'json_object_member',
    'A member of a JSON object other than a JSON value (a string in double quotes, a number, true, false, null) or an object',
    r,
  );
}
