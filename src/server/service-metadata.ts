// The endpoint's `$metadata` (OData 4.01 Protocol, section 11.1.2): the model as CSDL XML, or CSDL
// JSON where the request asks for JSON, naming only the entity sets the endpoint serves and
// nothing their rules hide; with an ETag, so a client that has it gets a 304. A client that speaks
// OData 4.0 (`OData-MaxVersion: 4.0`) gets CSDL XML 4.0: many generators read no other version.

import { metadataEtag } from '../metadata/metadata-etag.js';
import { metadataJson } from '../metadata/metadata-json.js';
import { metadataXml } from '../metadata/metadata-xml.js';
import type { EntitySet, Model } from '../model/model.js';
import type { PropertyRules } from '../query/rules.js';
import { mediaRanges, rangeFor, versionFor } from './negotiate.js';
import { type Answer, answerOf, type IncomingRequest } from './exchange.js';

interface Document {
  readonly text: string;
  readonly etag: string;
}

export interface MetadataDocuments {
  /** CSDL XML in each version a client may speak. */
  readonly xml: { readonly '4.0': Document; readonly '4.01': Document };
  /** CSDL JSON, which OData 4.01 defines. */
  readonly json: Document;
}

/** The documents of the entity sets served: written once, when the endpoint is made. */
export function metadataDocuments(
  model: Model,
  served: ReadonlyMap<string, { readonly rules?: PropertyRules }>,
): MetadataDocuments {
  const shown = servedModel(model, new Set(served.keys()));
  const rules = Object.fromEntries(
    [...served].flatMap(([name, s]) => (s.rules === undefined ? [] : [[name, s.rules] as const])),
  );
  const document = (text: string): Document => ({ text, etag: metadataEtag(text) });
  return {
    xml: {
      '4.0': document(metadataXml(shown, { rules, version: '4.0' })),
      '4.01': document(metadataXml(shown, { rules })),
    },
    json: document(JSON.stringify(metadataJson(shown, { rules }))),
  };
}

/** The model with only the entity sets served, and only the bindings that lead to one of them. */
function servedModel(model: Model, served: ReadonlySet<string>): Model {
  const entitySets = new Map<string, EntitySet>();
  for (const [name, set] of model.entitySets) {
    if (!served.has(name)) continue;
    const bindings = new Map([...set.bindings].filter(([, target]) => served.has(target.name)));
    entitySets.set(name, { ...set, bindings });
  }
  // A kept binding points at the copy of its target, not at the model's own entity set.
  for (const set of entitySets.values())
    for (const [path, target] of set.bindings)
      (set.bindings as Map<string, EntitySet>).set(path, entitySets.get(target.name)!);
  return { ...model, entitySets, singletons: new Map() };
}

/** `$metadata` as the request asks for it: XML unless it asks for JSON; undefined when it accepts neither (a 406). */
export function metadataAnswer(
  documents: MetadataDocuments,
  request: IncomingRequest,
  format: string | undefined,
): Answer | undefined {
  // Accept's ranges of quality 0 accept nothing, and refuse a type where they are its most specific.
  const ranges = format === undefined ? mediaRanges(request.header('Accept') ?? '') : undefined;
  const refused = (type: string) => ranges !== undefined && rangeFor(ranges, type)?.parameters.get('q') === '0';
  const acceptable = ranges?.filter((range) => range.parameters.get('q') !== '0').map((range) => range.type);
  const asked = (acceptable?.join(',') ?? format ?? '').toLowerCase();
  const json = /(^|[\s,;])(json|application\/json)/.test(asked) && !/xml/.test(asked) && !refused('application/json');
  const xml =
    (ranges === undefined ? asked === '' : ranges.length === 0) ||
    (/xml|\*\/\*|application\/\*/.test(asked) && !refused('application/xml'));
  if (!json && !xml) return undefined;
  const version = json ? '4.01' : versionFor(request);
  const document = json ? documents.json : documents.xml[version];
  const headers = {
    'Content-Type': json ? 'application/json' : 'application/xml',
    ETag: document.etag,
    'OData-Version': version,
  };
  if (
    request
      .header('If-None-Match')
      ?.split(',')
      // The weak comparison (RFC 9110, 8.8.3.2), as OData's If-None-Match asks: `W/` aside, the tags are one.
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === document.etag || tag === '*')
  )
    return answerOf(null, headers, 304);
  return answerOf(document.text, headers);
}
