// The schema the README's quick starts define, written here as the README writes it, so that the
// tests that run those examples run them on the README's own schema (readmeDefinition() finds the
// definition in a text, so a test can hold the README's copy to this one).

import { readFileSync } from 'node:fs';
import { defineSchema } from '../../src/index.js';

// ---- the README's schema, word for word ----------------------------------------------------------

const Contact = defineSchema({
  name: 'Contact',
  properties: {
    ContactID: { type: 'Edm.Int32', nullable: false },
    UniqueIdentifier: 'Edm.Guid',
    Email: 'Edm.String',
    Status: 'Edm.String',
    CreatedDateTime: 'Edm.DateTime',
    PostalAddress: { properties: { City: 'Edm.String', Country: 'Edm.String' } },
  },
});

// ---------------------------------------------------------------------------------------------------

export { Contact as README_CONTACT };

/** The text of the `Contact` definition in `text`: from `const Contact` to the line that closes it. */
export function readmeDefinition(text: string): string {
  const start = text.indexOf('const Contact = defineSchema({');
  if (start < 0) return '';
  return text.slice(start, text.indexOf('\n});\n', start) + 4);
}

/** This module's own copy of the definition. */
export const README_CONTACT_SOURCE = readmeDefinition(readFileSync(new URL(import.meta.url), 'utf8'));
