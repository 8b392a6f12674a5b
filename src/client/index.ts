// The `odata-filter/client` entry point: building a request's filter from values and writing its
// query string (docs/client.md). It imports the core only — no backend — so a browser client bundles
// parse, check, print and these. where() builds a filter from a schema's typed properties (the typed builder).

export { filter } from './template.js';
export type { BuiltFilter, FilterTemplate } from './template.js';
export { readQuery, writeQuery } from './query-string.js';
export type { QueryOptions } from './query-string.js';
export { and, maxdatetime, mindatetime, not, now, or, where } from './builder.js';
export type { Collection, Condition, EnumOperand, Operand, Row, Structure, Typed, ValueOf } from './builder-types.js';
