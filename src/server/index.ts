// The `odata-filter/server` entry point: a read-only OData endpoint over a model, in a few lines
// (docs/server.md).

export { odataEndpoint, DEFAULT_ENDPOINT_POLICY } from './endpoint.js';
export type { EndpointOptions, EntitySetService } from './endpoint.js';
export { arraySource } from './source.js';
export type { CollectionSource, ReadContext } from './source.js';
export type { NodeRequest, NodeResponse } from './node.js';
export { nodeListener } from './node.js';
