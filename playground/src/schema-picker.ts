// The schema the filter is written against: one of the service's resources from a list, or a
// definition pasted as JSON and given to defineSchema. A pasted definition that is not JSON or
// that defineSchema refuses is reported beside the text area, and the schema in use stays.

import { defineSchema } from 'odata-filter';
import { PUBLIC_SCHEMAS, SERVICE_SCHEMAS } from 'odata-filter/examples/events';
import type { Schema } from 'odata-filter';
import { element } from './dom.js';

export interface SchemaChoice {
  readonly schema: Schema;
  /** True for a pasted definition, whose sample rows are generated. */
  readonly pasted: boolean;
}

const PUBLIC: ReadonlySet<Schema> = new Set(PUBLIC_SCHEMAS);

const PASTED = '(pasted)';

const EXAMPLE_DEFINITION = JSON.stringify(
  {
    name: 'Product',
    properties: {
      Id: { type: 'Edm.Int32', nullable: false },
      Name: 'Edm.String',
      Price: 'Edm.Decimal',
      Released: 'Edm.Date',
      Dimensions: { properties: { Width: 'Edm.Double', Height: 'Edm.Double' } },
      Tags: { collection: 'Edm.String' },
    },
  },
  null,
  2,
);

export interface SchemaPicker {
  current(): SchemaChoice;
}

/** Builds the picker in `parent`; `onChoice` is called with each schema picked or pasted. */
export function createSchemaPicker(parent: HTMLElement, onChoice: (choice: SchemaChoice) => void): SchemaPicker {
  const select = element('select', { id: 'resource', 'aria-label': 'Resource' });
  const authenticated = element('optgroup', { label: 'Service resources' });
  const anonymous = element('optgroup', { label: 'Public records' });
  for (const name of SERVICE_SCHEMAS.keys()) {
    const schema = SERVICE_SCHEMAS.get(name)!;
    (PUBLIC.has(schema) ? anonymous : authenticated).append(option(name, name));
  }
  const pastedOption = option(PASTED, 'Pasted schema');
  pastedOption.disabled = true;
  select.append(authenticated, anonymous, element('optgroup', { label: 'Your own' }, pastedOption));

  const textarea = element('textarea', {
    id: 'schema-definition',
    rows: '12',
    spellcheck: 'false',
    'aria-label': 'Schema definition (JSON)',
  });
  textarea.value = EXAMPLE_DEFINITION;
  const apply = element('button', { id: 'use-schema', type: 'button' }, 'Use this schema');
  const status = element('p', { id: 'schema-status', class: 'status', role: 'status' });
  const details = element(
    'details',
    { id: 'paste-schema' },
    element('summary', {}, 'Paste a schema (JSON for defineSchema)'),
    textarea,
    element('div', { class: 'row' }, apply, status),
  );
  const label = element('label', { for: 'resource' }, 'Resource');
  parent.append(element('div', { class: 'picker' }, label, select), details);

  let choice: SchemaChoice = { schema: SERVICE_SCHEMAS.values().next().value!, pasted: false };
  let pasted: Schema | undefined;

  select.addEventListener('change', () => {
    const schema = select.value === PASTED ? pasted : SERVICE_SCHEMAS.get(select.value);
    if (schema === undefined) return;
    choice = { schema, pasted: select.value === PASTED };
    onChoice(choice);
  });
  apply.addEventListener('click', () => {
    const result = readDefinition(textarea.value);
    status.classList.toggle('error', 'problem' in result);
    if ('problem' in result) {
      status.textContent = result.problem;
      return;
    }
    pasted = result.schema;
    pastedOption.disabled = false;
    pastedOption.textContent = `Pasted: ${pasted.name}`;
    select.value = PASTED;
    status.textContent = `Using ${pasted.name}: ${pasted.properties.size} properties, rows generated from them.`;
    choice = { schema: pasted, pasted: true };
    onChoice(choice);
  });
  return { current: () => choice };
}

/** The schema a pasted text defines, or why it defines none. */
export function readDefinition(text: string): { readonly schema: Schema } | { readonly problem: string } {
  let definition: unknown;
  try {
    definition = JSON.parse(text);
  } catch (error) {
    return { problem: `Not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  try {
    // defineSchema validates what it is given; a wrong shape is its SchemaDefinitionError (a TypeError).
    return { schema: defineSchema(definition as Parameters<typeof defineSchema>[0]) };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

function option(value: string, text: string): HTMLOptionElement {
  return element('option', { value }, text);
}
