// The core entry point: parse, print, errors, Edm types and the function table. It imports no
// backend, so a client that bundles only this gets only this.

export type * from './ast.js';
export { childrenOf, visit, withoutSpans, COMPARE_OPS, ARITHMETIC_OPS } from './ast.js';
export { parse, DEFAULT_LIMITS } from './parse.js';
export type { ParseOptions } from './parse.js';
export { print } from './print.js';
export { FilterError, isFilterError, formatFilterError } from './errors.js';
export type { FilterErrorKind, FilterIssue } from './errors.js';
export type { EdmType, NumericType, IntegerType, InstantType } from './edm.js';
export { EDM_TYPES, isEdmType, isNumeric, isInteger, isInstant, promoteNumeric } from './edm.js';
export { FUNCTIONS, lookupFunction, arityOf } from './functions.js';
export type { FunctionSignature, Overload } from './functions.js';
export { check, ISSUE_CODES } from './check.js';
export { DEFAULT_MAX_STRING_COST } from './string-cost.js';
export { printTyped } from './print-typed.js';
export type { CheckOptions, CheckIssue, IssueCode } from './check.js';
export { defineSchema, SchemaDefinitionError, listPropertyPaths, findProperty } from './schema.js';
export type * from './schema.js';
export type * from './typed.js';
export { visitTyped } from './typed.js';
export { Event, Contact, Organisation, VenueRoom, EventTemplate, EventSession, Registration, TimeZone, SERVICE_SCHEMAS } from './schemas/service.js';
export { PublicPresenter, PublicVenue, PublicTimeZone, PublicEventTemplateCategoryItem } from './schemas/service.js';
