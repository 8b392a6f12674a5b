// The endpoint's `$metadata` (OData 4.01 Protocol, section 11.1.2): the model as CSDL XML, or CSDL
// JSON where the request asks for JSON, naming only the entity sets the endpoint serves and
// nothing their rules hide; with an ETag, so a client that has it gets a 304.

import { metadataEtag } from '../metadata/metadata-etag.js';
import { metadataJson } from '../metadata/metadata-json.js';
import { metadataXml } from '../metadata/metadata-xml.js';
import type { EntitySet, Model } from '../model/model.js';
import type { PropertyRules } from '../query/rules.js';

export interface MetadataDocuments {
  readonly xml: { readonly text: string; readonly etag: string };
  readonly json: { readonly text: string; readonly etag: string };
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
  const xml = metadataXml(shown, { rules });
  const json = JSON.stringify(metadataJson(shown, { rules }));
  return { xml: { text: xml, etag: metadataEtag(xml) }, json: { text: json, etag: metadataEtag(json) } };
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
export function metadataResponse(
  documents: MetadataDocuments,
  request: Request,
  format: string | undefined,
): Response | undefined {
  const asked = (format === undefined ? (request.headers.get('Accept') ?? '') : format).toLowerCase();
  const json = /(^|[\s,;])(json|application\/json)/.test(asked) && !/xml/.test(asked);
  const xml = asked === '' || /xml|\*\/\*|application\/\*/.test(asked);
  if (!json && !xml) return undefined;
  const document = json ? documents.json : documents.xml;
  const headers = {
    'Content-Type': json ? 'application/json' : 'application/xml',
    ETag: document.etag,
    'OData-Version': '4.01',
  };
  if (
    request.headers
      .get('If-None-Match')
      ?.split(',')
      .some((tag) => tag.trim() === document.etag || tag.trim() === '*')
  )
    return new Response(null, { status: 304, headers });
  return new Response(document.text, { headers });
}
