// The `odata-filter/csdl` entry point: a service's `$metadata` (CSDL XML, CSDL JSON, the EDMX of
// OData 2 and 3) as a model, its OData version, its rules and a report (docs/metadata.md). Its XML
// parser is a dependency of this entry only: the core and the other entries never import it.

export { fromMetadata, DEFAULT_MAX_METADATA_LENGTH } from './from-metadata.js';
export { filterSchemaFor } from './filter-schema.js';
export type { FromMetadataOptions, ImportedMetadata } from './from-metadata.js';
export type { FilterRequirements } from './capability-rules.js';
export type { MetadataNote, MetadataNoteKind } from './import-report.js';
export { CsdlError, isCsdlError } from './csdl-error.js';
export type { CsdlErrorCode } from './csdl-error.js';
