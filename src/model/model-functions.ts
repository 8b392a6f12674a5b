// The functions of a model definition (docs/semantics.md §15), resolved once its types are: each
// name's overloads, their parameters and results typed by the model's types. Overloads a call
// could not tell apart are refused here, so that a filter never meets them.

import { isEdmType, type EdmType } from '../language/edm.js';
import { isIdentifier } from '../language/identifiers.js';
import { SchemaDefinitionError } from '../types/schema.js';
import { resolveFacets } from './facets.js';
import type { FunctionParameter, FunctionValue, ModelFunction, NamedType } from './model.js';

type Spec = Record<string, unknown>;
type Fail = (problem: string, path?: string) => never;

/** What the model's resolution lends: qualified names and the lookup of a written type name. */
export interface FunctionTypes {
  readonly qualified: (name: string) => string;
  readonly lookUp: (written: unknown, fail: Fail, path: string, what: string) => NamedType | EdmType;
}

/** The functions of a definition by qualified name, each with its overloads in definition order. */
export function resolveFunctions(
  written: unknown,
  types: FunctionTypes,
): ReadonlyMap<string, readonly ModelFunction[]> {
  const functions = new Map<string, ModelFunction[]>();
  if (written === undefined) return functions;
  if (written === null || typeof written !== 'object' || Array.isArray(written))
    throw new SchemaDefinitionError('functions', '', '`functions` is an object of functions by name', 'Model');
  for (const [name, spec] of Object.entries(written as Spec)) {
    const qualified = types.qualified(name);
    const fail: Fail = (problem, path = '') => {
      throw new SchemaDefinitionError(qualified, path, problem, 'Function');
    };
    if (!isIdentifier(qualified.slice(qualified.lastIndexOf('.') + 1)) || qualified.startsWith('Edm.'))
      fail(`'${name}' is not a function name: an identifier, or one qualified by a namespace outside Edm`);
    const specs = Array.isArray(spec) ? spec : [spec];
    if (specs.length === 0) fail('a function has at least one overload');
    const overloads = specs.map((one) => resolveFunction(qualified, one, types, fail));
    refuseLookalikes(overloads, fail);
    functions.set(qualified, overloads);
  }
  return functions;
}

function resolveFunction(name: string, spec: unknown, types: FunctionTypes, fail: Fail): ModelFunction {
  if (spec === null || typeof spec !== 'object' || Array.isArray(spec))
    fail('a function is { bound?, composable?, parameters?, returnType }');
  const given = spec as Spec;
  for (const key of Object.keys(given))
    if (!['bound', 'composable', 'parameters', 'returnType'].includes(key))
      fail(`'${key}' is not part of a function; it has bound, composable, parameters, returnType`);
  for (const flag of ['bound', 'composable'] as const)
    if (given[flag] !== undefined && typeof given[flag] !== 'boolean') fail(`\`${flag}\` must be true or false`);
  const written = given.parameters ?? {};
  if (written === null || typeof written !== 'object' || Array.isArray(written))
    fail('`parameters` is an object of parameter types by name, in order');
  const parameters: FunctionParameter[] = Object.entries(written as Spec).map(([parameter, value]) => {
    if (!isIdentifier(parameter)) fail('a parameter name is an identifier', parameter);
    return { name: parameter, ...resolveValue(value, types, fail, parameter) };
  });
  const bound = given.bound === true;
  if (bound && parameters.length === 0) fail('a bound function has a first parameter, the binding parameter');
  if (given.returnType === undefined) fail('a function has a `returnType`');
  return {
    kind: 'function',
    name,
    bound,
    composable: given.composable === true,
    parameters,
    returnType: resolveValue(given.returnType, types, fail, '(returnType)'),
  };
}

function resolveValue(value: unknown, types: FunctionTypes, fail: Fail, path: string): FunctionValue {
  const spec: Spec = typeof value === 'string' ? { type: value } : (value as Spec);
  if (spec === null || typeof spec !== 'object' || Array.isArray(spec))
    fail(
      'a parameter or result is a type name or { type, collection?, nullable?, maxLength?, precision?, scale? }',
      path,
    );
  for (const key of Object.keys(spec))
    if (!['type', 'collection', 'nullable', 'maxLength', 'precision', 'scale'].includes(key))
      fail(`'${key}' is not part of a parameter or result`, path);
  for (const flag of ['collection', 'nullable'] as const)
    if (spec[flag] !== undefined && typeof spec[flag] !== 'boolean') fail(`\`${flag}\` must be true or false`, path);
  const type = types.lookUp(spec.type, fail, path, 'the type');
  const underlying = typeof type === 'string' ? type : type.kind === 'definition' ? type.underlyingType : undefined;
  const facets =
    underlying !== undefined && isEdmType(underlying) ? resolveFacets(spec, underlying, (p) => fail(p, path)) : {};
  return { type, collection: spec.collection === true, nullable: spec.nullable !== false, facets };
}

/**
 * Two overloads a call cannot tell apart: both unbound, or both bound to the same type, with the
 * same names for the other parameters (OData's rule for overloads, CSDL "Function Overloads").
 */
function refuseLookalikes(overloads: readonly ModelFunction[], fail: Fail): void {
  const seen = new Set<string>();
  for (const overload of overloads) {
    const [binding, ...rest] = overload.bound ? overload.parameters : [undefined, ...overload.parameters];
    const names = rest.map((p) => p!.name).sort();
    const key = `${binding === undefined ? '' : `${typeName(binding)}${binding.collection ? '*' : ''}`}(${names.join(',')})`;
    if (seen.has(key))
      fail(
        `two overloads ${binding === undefined ? 'unbound' : `bound to '${typeName(binding)}'`} take the same parameter names (${names.join(', ')}); a call could not tell them apart`,
      );
    seen.add(key);
  }
}

/** The name of a value's type, as CSDL writes it. */
export function typeName(value: FunctionValue): string {
  return typeof value.type === 'string' ? value.type : value.type.name;
}
