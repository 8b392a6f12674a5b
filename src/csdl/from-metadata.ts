// fromMetadata(): a service's `$metadata` document — CSDL XML 4.0/4.01, CSDL JSON 4.01, or the
// EDMX of OData 2 and 3 — as a model, the OData version its filters are written in, the rules
// its Capabilities annotations state, and a report of what the model could not hold as written
// (docs/metadata.md). Documents come from third parties: the text is bounded, XML is read without
// a DTD, and whatever is wrong with it ends in a CsdlError, never in anything else.

import type { ODataVersion } from '../language/versions.js';
import { defineModel } from '../model/define-model.js';
import type { Model } from '../model/model.js';
import type { PropertyRules } from '../query/rules.js';
import { capabilityRules, type FilterRequirements } from './capability-rules.js';
import { CsdlError, isCsdlError } from './csdl-error.js';
import { type CsdlSource, isJsonObject } from './csdl-json.js';
import { ImportReport, type MetadataNote } from './import-report.js';
import { importDefinition } from './model-import.js';
import { readXmlElements } from './xml-elements.js';
import { xmlToCsdlJson } from './xml-to-csdl-json.js';

/** The longest document read unless `maxLength` says otherwise: 16 Mi characters (Microsoft Graph's v1.0 is some 3.5 Mi). */
export const DEFAULT_MAX_METADATA_LENGTH = 16 * 1024 * 1024;

export interface FromMetadataOptions {
  /** The longest text read, in UTF-16 code units; a longer one is a CsdlError `too_large`. */
  readonly maxLength?: number;
}

export interface ImportedMetadata {
  readonly model: Model;
  /** The OData version the service's filters are written in: pass it to check() and print(). */
  readonly version: ODataVersion;
  /**
   * The rules the Capabilities annotations (and SAP's `sap:filterable`/`sap:sortable`) state, by
   * resource: an entity set or singleton (`People`), or a navigation from one (`People/Friends`).
   */
  readonly rules: { readonly [resource: string]: PropertyRules };
  /** What the filters of a resource must hold (`RequiresFilter`, `RequiredProperties`), by resource. */
  readonly requirements: { readonly [resource: string]: FilterRequirements };
  /** What the model could not hold as written, and why, in document order. */
  readonly report: readonly MetadataNote[];
}

/** Reads a `$metadata` document (XML or JSON, told apart by its first character). */
export function fromMetadata(text: string, options: FromMetadataOptions = {}): ImportedMetadata {
  if (typeof text !== 'string') throw new TypeError('fromMetadata() reads the text of a $metadata document');
  const maxLength = options.maxLength ?? DEFAULT_MAX_METADATA_LENGTH;
  if (!Number.isSafeInteger(maxLength) || maxLength < 1)
    throw new TypeError('`maxLength` is a positive integer: the longest text read');
  if (text.length > maxLength)
    throw new CsdlError(
      'too_large',
      `The document is ${text.length} characters long, more than the ${maxLength} read (the option \`maxLength\`)`,
    );
  try {
    return read(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    if (isCsdlError(error)) throw error;
    // A document deep enough to exhaust the stack, or a model defineModel() refuses: still the document's fault.
    throw new CsdlError('invalid_model', `The document's model cannot be read: ${(error as Error).message}`);
  }
}

function read(text: string): ImportedMetadata {
  const lines = new Map<object, number>();
  const report = new ImportReport(lines);
  const source = text.trimStart().startsWith('{')
    ? jsonSource(text, lines)
    : xmlToCsdlJson(readXmlElements(text), lines, report);
  const version = versionOf(source, report);
  const imported = importDefinition(source, report);
  let model: Model;
  try {
    model = defineModel(imported.definition);
  } catch (error) {
    const named = /^\w[\w ]* '([^']+)'/.exec((error as Error).message)?.[1];
    throw new CsdlError('invalid_model', `The document's model cannot be: ${(error as Error).message}`, {
      ...(named === undefined ? {} : { element: named }),
      ...(named === undefined || imported.lineOf(named) === undefined ? {} : { line: imported.lineOf(named) }),
    });
  }
  const { rules, requirements } = capabilityRules(model, imported, report);
  return { model, version, rules, requirements, report: report.notes };
}

function jsonSource(text: string, lines: Map<object, number>): CsdlSource {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new CsdlError('malformed', `The document is not JSON: ${(error as Error).message}`);
  }
  if (!isJsonObject(document) || typeof document.$Version !== 'string')
    throw new CsdlError('not_csdl', 'The JSON document is no CSDL document: it has no $Version', {
      element: '$Version',
    });
  return { document, lines, representation: 'json' };
}

function versionOf(source: CsdlSource, report: ImportReport): ODataVersion {
  const written = String(source.document.$Version);
  if (written === '4.0' || written === '4.01' || written === '3.0' || written === '2.0') return written;
  if (/^4\.\d+$/.test(written)) {
    report.add(
      'adjusted',
      source.representation === 'xml' ? 'Edmx' : '$Version',
      written,
      `CSDL ${written} is read as 4.01, the latest the package knows`,
    );
    return '4.01';
  }
  throw new CsdlError(
    'not_csdl',
    `The document's CSDL version '${written}' is none the package reads (4.0, 4.01; EDMX 1.0 of OData 2 and 3)`,
    {
      element: source.representation === 'xml' ? 'Edmx' : '$Version',
    },
  );
}
