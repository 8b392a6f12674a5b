// The core entry point: parse, print, errors, Edm types and the function table. It imports no
// backend, so a client that bundles only this gets only this.

export type * from './syntax/ast.js';
export { childrenOf, visit, withoutSpans } from './syntax/ast.js';
export { COMPARE_OPS, ARITHMETIC_OPS } from './language/operators.js';
export { parse } from './syntax/parse.js';
export { DEFAULT_LIMITS } from './syntax/limits.js';
export type { ParseOptions } from './syntax/limits.js';
export { print } from './syntax/print-filter.js';
export { ODATA_VERSIONS, DEFAULT_VERSION } from './language/versions.js';
export type { ODataVersion, VersionOption } from './language/versions.js';
export { FilterError, isFilterError, formatFilterError, FILTER_ISSUE_CODES } from './errors.js';
export type { FilterErrorKind, FilterIssue, FilterIssueCode } from './errors.js';
export type { EdmType, NumericType, IntegerType, InstantType } from './language/edm.js';
export { EDM_TYPES, isEdmType, isNumeric, isInteger, isInstant, promoteNumeric } from './language/edm.js';
export { FUNCTIONS, lookupFunction, arityOf } from './language/functions.js';
export type { FunctionSignature, Overload } from './language/functions.js';
export { check, ISSUE_CODES } from './types/check.js';
export { DEFAULT_MAX_COLLECTION_SIZE, DEFAULT_MAX_STRING_COST } from './types/string-cost.js';
export { printTyped } from './types/print-typed.js';
export type { CheckOptions, CheckIssue, IssueCode } from './types/check.js';
export type { AliasValues } from './types/aliases.js';
export { defineSchema, SchemaDefinitionError, listPropertyPaths, findProperty, enumTypesOf } from './types/schema.js';
export type * from './types/schema.js';
export { defineModel } from './model/define-model.js';
export { defineFunctions } from './lower/function-registry.js';
export type {
  ElementReader,
  FunctionImplementation,
  FunctionImplementations,
  FunctionRegistry,
  FunctionsOption,
  MongoElements,
  SqlElements,
  SqlFragmentLike,
} from './lower/function-registry.js';
export { schemaOf, viewSourceOf } from './model/model-view.js';
export type { ViewSource } from './model/model-view.js';
export { modelOf } from './model/model-of.js';
export { isStructuredType, derivesFrom } from './model/model.js';
export type * from './model/model.js';
export type * from './model/model-definition.js';
export type { PropertyTypes, PropertyPath, CollectionPath } from './types/schema-paths.js';
export type * from './types/typed.js';
export { visitTyped } from './types/typed.js';
