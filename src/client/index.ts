// The `odata-filter/client` entry point: building a request's filter from values — the tagged
// template, and the typed builder over a schema's properties (build() and printBuilt(), which need
// neither the parser nor the checker, and where(), which prints and checks) — writing its query
// string, and the editor kit that completes and diagnoses a filter as it is typed (docs/client.md).
// It imports the core only — no backend — so a browser client bundles parse, check, print and
// these, or, building filters only, the builder alone.

export { filter } from './template.js';
export type { BuiltFilter, FilterTemplate } from './template.js';
export { readQuery, writeQuery } from './query-string.js';
export type { QueryOptions } from './query-string.js';
export { build } from './builder.js';
export { and, maxdatetime, mindatetime, not, now, or } from './operands.js';
export { printBuilt } from './print-built.js';
export { modelFunction } from './model-functions.js';
export type { ModelFunction } from './model-functions.js';
export { where } from './where.js';
export type {
  CastTarget,
  Collection,
  Condition,
  EnumOperand,
  Operand,
  Row,
  Structure,
  Typed,
  ValueOf,
} from './builder-types.js';
export { complete } from './editor/complete.js';
export type { Completion, CompletionKind, Completions, EditorOptions } from './editor/complete.js';
export { diagnose } from './editor/diagnose.js';
export type { Diagnostic, Fix } from './editor/diagnose.js';
export { hover } from './editor/hover.js';
export { FUNCTION_DOCS } from './editor/function-docs.js';
export type { FunctionDoc } from './editor/function-docs.js';
export type { HoverInfo } from './editor/hover.js';
