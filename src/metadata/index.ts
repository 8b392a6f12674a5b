// The `odata-filter/metadata` entry point: a model as the CSDL `$metadata` document of a service,
// in XML and JSON, as a caller's rules let them see it, with its ETag (docs/csdl-writer.md).

export { metadataXml } from './metadata-xml.js';
export { metadataJson } from './metadata-json.js';
export type { CsdlJsonDocument } from './metadata-json.js';
export { metadataEtag } from './metadata-etag.js';
export type { CsdlVersion, MetadataOptions } from './metadata-options.js';
