// The `odata-filter/query` entry point: the options of a collection request read into a plan,
// and the links of its response (docs/query.md).

export { parseQuery } from './parse-query.js';
export type { QueryRequest } from './parse-query.js';
export type { ParameterValue, RelationRules, RowFilterParameters } from './row-filter.js';
export { nextLink, selfLink } from './links.js';
export type { QueryPolicy, QueryResource } from './policy.js';
export type { PropertyRule, PropertyRules } from './rules.js';
export { FILTER_OPERATORS } from '../types/allowed.js';
export type { FilterOperator } from '../types/allowed.js';
export type { ExpandItem, OrderKey, QueryPlan, SelectItem } from '../types/query-plan.js';
