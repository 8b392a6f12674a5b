// The literals offered where a value of a known type goes: one example value of the type (today's
// date for dates, so that a template is a sensible start), each member of an enumeration, written
// as the version's literal by bindValue(), as the filter template would write it.

import { type EdmType, isNumeric } from '../../language/edm.js';
import type { EnumType } from '../../types/schema.js';
import type { ODataVersion } from '../../language/versions.js';
import { bindValue } from '../../types/value-literal.js';

/** A literal to offer: its text, and what it is. */
export interface LiteralTemplate {
  readonly text: string;
  readonly detail: string;
}

/** The literals of `type` (or of the enumeration) to offer for `version`, `now` giving the date templates' day. */
export function literalTemplates(
  type: EdmType,
  enumType: EnumType | undefined,
  now: Date,
  version: ODataVersion | undefined,
): LiteralTemplate[] {
  const use = { type, enum: enumType };
  const examples: unknown[] = enumType !== undefined ? [...enumType.members.keys()] : exampleValues(type, now);
  const detail = enumType !== undefined ? `${enumType.name} member` : `${type} literal`;
  const templates: LiteralTemplate[] = [];
  for (const value of examples) {
    try {
      const bound = bindValue(value, use, version);
      if (bound.ok) templates.push({ text: bound.text, detail });
    } catch {
      // A literal the version does not have (an Edm.Date before 4.0): none is offered.
    }
  }
  return templates;
}

/** Example values of a type: a date is `now`'s day, an instant its midnight in UTC. */
export function exampleValues(type: EdmType, now: Date): unknown[] {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  switch (type) {
    case 'Edm.String':
      return [''];
    case 'Edm.Boolean':
      return [true, false];
    case 'Edm.Guid':
      return ['00000000-0000-0000-0000-000000000000'];
    case 'Edm.Date':
      return [day.toISOString().slice(0, 10)];
    case 'Edm.DateTimeOffset':
    case 'Edm.DateTime':
      return [day];
    case 'Edm.TimeOfDay':
      return ['12:00:00'];
    case 'Edm.Duration':
      return ['P1D'];
    // The empty value, whose quotes the bytes go between.
    case 'Edm.Binary':
      return [new Uint8Array()];
    default:
      return isNumeric(type) ? [0] : [];
  }
}
