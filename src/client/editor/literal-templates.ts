// The literals offered where a value of a known type goes: one example of the type's literal
// form (today's date for dates, so that a template is a sensible start), each member of an
// enumeration, and null.

import type { EdmType } from '../../types/edm.js';
import { isNumeric } from '../../types/edm.js';
import type { EnumType } from '../../types/schema.js';

/** A literal to offer: its text, and a label where the text alone says too little. */
export interface LiteralTemplate {
  readonly text: string;
  readonly detail: string;
}

/** The literals of `type` (or of the enumeration) to offer, `now` giving the date templates' day. */
export function literalTemplates(type: EdmType, enumType: EnumType | undefined, now: Date): LiteralTemplate[] {
  if (enumType !== undefined) {
    return [...enumType.members.keys()].map((member) => ({ text: `${enumType.name}'${member}'`, detail: `${enumType.name} member` }));
  }
  const day = now.toISOString().slice(0, 10);
  switch (type) {
    case 'Edm.String':
      return [{ text: "''", detail: 'Edm.String literal' }];
    case 'Edm.Boolean':
      return [
        { text: 'true', detail: 'Edm.Boolean literal' },
        { text: 'false', detail: 'Edm.Boolean literal' },
      ];
    case 'Edm.Guid':
      return [{ text: '00000000-0000-0000-0000-000000000000', detail: 'Edm.Guid literal' }];
    case 'Edm.Date':
      return [{ text: day, detail: 'Edm.Date literal' }];
    case 'Edm.DateTimeOffset':
    case 'Edm.DateTime':
      return [{ text: `${day}T00:00:00Z`, detail: `${type} literal` }];
    case 'Edm.TimeOfDay':
      return [{ text: '12:00:00', detail: 'Edm.TimeOfDay literal' }];
    case 'Edm.Duration':
      return [{ text: "duration'P1D'", detail: 'Edm.Duration literal' }];
    default:
      return isNumeric(type) ? [{ text: '0', detail: `${type} literal` }] : [];
  }
}
