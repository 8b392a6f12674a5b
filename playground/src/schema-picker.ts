// The schema the filter is written against: one of the service's resources from a list, a
// definition pasted as JSON and given to defineSchema, or an entity set of a service's pasted
// `$metadata` (read by fromMetadata, under the rules its annotations state, in its OData
// version). A pasted text that cannot be used is reported beside its text area, and the schema
// in use stays.

import { defineSchema } from 'odata-filter';
import type { ODataVersion, Schema } from 'odata-filter';
import { filterSchemaFor, fromMetadata } from 'odata-filter/csdl';
import type { ImportedMetadata } from 'odata-filter/csdl';
import { PUBLIC_SCHEMAS, SERVICE_SCHEMAS } from 'odata-filter/examples/events';
import { element } from './dom.js';

export interface SchemaChoice {
  readonly schema: Schema;
  /** True for a pasted definition or `$metadata`, whose sample rows are generated. */
  readonly pasted: boolean;
  /** The OData version filters are read in: a `$metadata`'s own; the package's default otherwise. */
  readonly version?: ODataVersion;
}

const PUBLIC: ReadonlySet<Schema> = new Set(PUBLIC_SCHEMAS);

const PASTED = '(pasted)';
const FROM_METADATA = '(metadata)';

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
  const metadataOption = option(FROM_METADATA, 'From a pasted $metadata');
  metadataOption.disabled = true;
  select.append(authenticated, anonymous, element('optgroup', { label: 'Your own' }, pastedOption, metadataOption));

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
  const metadataText = element('textarea', {
    id: 'metadata-text',
    rows: '12',
    spellcheck: 'false',
    'aria-label': "A service's $metadata (CSDL XML or JSON, or an OData 2/3 EDMX)",
  });
  const readMetadata = element('button', { id: 'read-metadata', type: 'button' }, 'Read it');
  const entitySet = element('select', { id: 'entity-set', 'aria-label': 'Entity set' });
  entitySet.hidden = true;
  const metadataStatus = element('p', { id: 'metadata-status', class: 'status', role: 'status' });
  const metadataDetails = element(
    'details',
    { id: 'paste-metadata' },
    element('summary', {}, "Paste a service's $metadata (CSDL XML or JSON, OData 2/3 EDMX)"),
    metadataText,
    element('div', { class: 'row' }, readMetadata, entitySet, metadataStatus),
  );
  const label = element('label', { for: 'resource' }, 'Resource');
  parent.append(element('div', { class: 'picker' }, label, select), details, metadataDetails);

  let choice: SchemaChoice = { schema: SERVICE_SCHEMAS.values().next().value!, pasted: false };
  let pasted: Schema | undefined;
  let imported: ImportedMetadata | undefined;

  /** The entity set picked of the pasted `$metadata`, as the choice. */
  const fromEntitySet = (): SchemaChoice | undefined => {
    if (imported === undefined || entitySet.value === '') return undefined;
    return { schema: filterSchemaFor(imported, entitySet.value), pasted: true, version: imported.version };
  };

  select.addEventListener('change', () => {
    const picked =
      select.value === FROM_METADATA
        ? fromEntitySet()
        : select.value === PASTED
          ? pasted && { schema: pasted, pasted: true }
          : SERVICE_SCHEMAS.has(select.value) && { schema: SERVICE_SCHEMAS.get(select.value)!, pasted: false };
    if (!picked) return;
    choice = picked;
    onChoice(choice);
  });
  readMetadata.addEventListener('click', () => {
    const result = readMetadataText(metadataText.value);
    metadataStatus.classList.toggle('error', 'problem' in result);
    if ('problem' in result) {
      metadataStatus.textContent = result.problem;
      return;
    }
    imported = result.imported;
    const names = [...imported.model.entitySets.keys()];
    entitySet.replaceChildren(...names.map((name) => option(name, name)));
    entitySet.hidden = false;
    metadataOption.disabled = false;
    const skipped = imported.report.length === 0 ? '' : `; ${imported.report.length} notes in its report`;
    metadataStatus.textContent = `OData ${imported.version}: ${names.length} entity sets${skipped}.`;
    pick(FROM_METADATA);
  });
  entitySet.addEventListener('change', () => pick(FROM_METADATA));

  /** Makes `value` the resource picked, and tells of the choice. */
  function pick(value: string): void {
    if (value === FROM_METADATA) metadataOption.textContent = `$metadata: ${entitySet.value}`;
    select.value = value;
    select.dispatchEvent(new Event('change'));
  }
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

/** The model a pasted `$metadata` holds, or why it holds none (a CsdlError, or a document with no entity set). */
export function readMetadataText(text: string): { readonly imported: ImportedMetadata } | { readonly problem: string } {
  let imported: ImportedMetadata;
  try {
    imported = fromMetadata(text);
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
  return imported.model.entitySets.size === 0
    ? { problem: 'The document declares no entity set to filter' }
    : { imported };
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
