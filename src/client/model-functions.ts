// modelFunction(schema, 'Ns.Fn'): a call of a function the schema's model declares (docs/semantics.md
// §15) for the typed builder, as build() makes every other node: the tree parse() makes of its
// text, each value beside it a hole typed as its parameter. A module of its own, so that a client
// that calls no model function bundles none of it.

import type {
  CollectionLiteral,
  Expr,
  FunctionArgument,
  Literal,
  MemberExpr,
  StructureLiteral,
  StructureMember,
} from '../syntax/ast.js';
import type { ValueUse } from '../types/value-literal.js';
import type { EdmType } from '../language/edm.js';
import { shownValue } from '../types/value-literal.js';
import { jsonStringOf } from '../syntax/actions/json-array.js';
import type {
  DeclaredFunction,
  DeclaredParameter,
  DeclaredValueType,
  Property,
  Schema,
  StructureType,
} from '../types/schema.js';
import type { Operand } from './builder-types.js';
import { BuiltOperand, CollectionOperand, type Holes, pathOf, structureTypeOf, valueNode } from './operands.js';

const NOWHERE = { start: 0, end: 0 } as const;

/**
 * A call of one of the model's functions: its arguments by parameter name (an operand, or a value
 * written as a literal of the parameter's type), and what it is bound to — nothing at a path's
 * head (an unbound function, or one bound to the resource), the row itself (`$it/Ns.Fn(…)`), a
 * structure, a primitive operand or a collection of the row or of a lambda's element.
 */
export type ModelFunction<T extends EdmType = EdmType> = (
  args?: { readonly [parameter: string]: unknown },
  on?: unknown,
) => Operand<T>;

/**
 * The function `name` of the schema's model, to call in build() and where(). A name the model
 * does not declare is a TypeError that lists those it does; which overload a call is, and whether
 * its arguments fit, check() decides, as for the same text (`T` says what TypeScript takes its
 * result to be).
 */
export function modelFunction<T extends EdmType = EdmType>(schema: Schema, name: string): ModelFunction<T> {
  const overloads = schema.functions?.get(name);
  if (overloads === undefined) {
    const known = [...(schema.functions?.keys() ?? [])];
    throw new TypeError(
      `${shownValue(name)} is no function of the model of ${schema.name}${known.length > 0 ? `; its functions are ${known.join(', ')}` : ''}`,
    );
  }
  return (args = {}, on = undefined) => {
    if (args === null || typeof args !== 'object' || Array.isArray(args))
      throw new TypeError(`${name}() takes its arguments as an object by parameter name`);
    const binding = bindingOf(on, name);
    const names = Object.keys(args);
    const chosen = overloads.find((o) => fits(o, binding, names));
    const nodes = names.map((parameter): [FunctionArgument, Holes] => {
      const declared = chosen?.parameters.find((p) => p.name === parameter);
      const [node, holes] = argumentOf(args[parameter], declared, `${name}()'s ${parameter}`);
      return [{ name: parameter, nameSpan: NOWHERE, value: node, ...NOWHERE }, holes];
    });
    const call: Expr = {
      kind: 'functionCall',
      name,
      nameSpan: NOWHERE,
      binding: binding?.path,
      args: nodes.map(([node]) => node),
      ...NOWHERE,
    };
    const holes: Holes = [binding?.holes ?? [], ...nodes.map(([, h]) => h)];
    return new BuiltOperand(call, holes, chosen && placeOf(chosen.returns)) as unknown as Operand<T>;
  };
}

/**
 * An argument's node and holes: an operand's; for a parameter of a collection type, a collection's
 * view as its path or an array as a JSON array; for a parameter of a complex type, a structure's
 * view as its path (`Home`, `a/Geo`) or a plain object as the JSON object of its members
 * (docs/semantics.md §15, "Arguments"); else a value written as a literal of the parameter's type.
 * `what` names the argument in a TypeError.
 */
function argumentOf(value: unknown, declared: DeclaredParameter | undefined, what: string): [Expr, Holes] {
  if (value instanceof BuiltOperand) return [value.expr, value.holes];
  if (declared?.kind === 'primitive' && declared.collection && value !== null) {
    // A collection of the row or of a lambda's element, as its path; an array, as a JSON array.
    if (value instanceof CollectionOperand)
      return [pathOfElements(value, declared.enum?.name ?? declared.type, what), []];
    if (Array.isArray(value)) return collectionValue(value, { type: declared.type, enum: declared.enum });
    throw new TypeError(
      `${what} is a Collection(${declared.enum?.name ?? declared.type}): an array, a collection of the row or of a lambda's element, or null; not ${shownValue(value)}`,
    );
  }
  if (declared?.kind === 'structure' && declared.collection && value !== null) {
    // A collection of the row or of a lambda's element, as its path; an array of objects (or nulls), as a JSON array.
    if (value instanceof CollectionOperand) return [pathOfElements(value, declared.type.name, what), []];
    if (Array.isArray(value)) return structuresValue(value, declared.type, what);
    throw new TypeError(
      `${what} is a Collection(${declared.type.name}): an array of objects of its members, a collection of the row or of a lambda's element, or null; not ${shownValue(value)}`,
    );
  }
  if (declared?.kind === 'structure' && !declared.collection && value !== null) {
    const segments = pathOf(value);
    if (segments !== undefined)
      return [
        { kind: 'member', segments: segments.length > 0 ? segments : [{ name: '$it', ...NOWHERE }], ...NOWHERE },
        [],
      ];
    if (isPlainObject(value)) return structureValue(value, declared.type.properties, declared.type.name, what);
    throw new TypeError(
      `${what} is a ${declared.type.name}: an object of its members, a structure of the row or of a lambda's element, or null; not ${shownValue(value)}`,
    );
  }
  return valueNode(value, placeOf(declared), false);
}

/**
 * A collection's path, where its elements are of the parameter's element type (`wanted`, a type's
 * name), as check() requires of a path given for a collection parameter; else a TypeError.
 */
function pathOfElements(collection: CollectionOperand, wanted: string, what: string): MemberExpr {
  const { element, name } = collection.property;
  const held = element.kind === 'primitive' ? (element.enum?.name ?? element.type) : element.type?.name;
  if (held !== wanted)
    throw new TypeError(`${what} is a Collection(${wanted}); ${name} is a Collection(${held ?? 'of a structure'})`);
  return collection.path;
}

function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * A structure's JSON object (`{"City":'Oslo',…}`) of an object giving every member of the type,
 * and no other: a primitive member's value a hole typed as the member, a complex member's an object
 * in turn, null as null. Anything else is a TypeError naming the member, as the text would be
 * refused for it.
 */
function structureValue(
  value: Readonly<Record<string, unknown>>,
  properties: ReadonlyMap<string, Property>,
  typeName: string,
  what: string,
): [StructureLiteral, Holes] {
  const missing = [...properties.keys()].filter((member) => !Object.hasOwn(value, member));
  if (missing.length > 0)
    throw new TypeError(`${what} gives every member of ${typeName}; it lacks ${missing.join(', ')}`);
  const holes: Holes[] = [];
  const members = Object.keys(value).map((member): StructureMember => {
    const property = properties.get(member);
    const given = value[member];
    let node: Expr;
    if (property === undefined || property.kind === 'collection')
      throw new TypeError(
        `${what}: ${typeName} has no member ${shownValue(member)}; its members are ${[...properties.keys()].join(', ')}`,
      );
    if (given === null) node = { kind: 'null', ...NOWHERE };
    else if (property.kind === 'primitive') {
      const [alias, hole] = valueNode(given, { type: property.type, enum: property.enum }, false);
      node = alias;
      holes.push({ ...hole, written: jsonValue });
    } else if (isPlainObject(given)) {
      const [inner, innerHoles] = structureValue(given, property.properties, `${typeName}/${member}`, what);
      node = inner;
      holes.push(innerHoles);
    } else throw new TypeError(`${what}: ${typeName}/${member} is a structure, given as an object or null`);
    // A hole's alias stands where its literal goes, until build() binds it.
    return { name: member, nameSpan: NOWHERE, value: node as Literal, ...NOWHERE };
  });
  return [{ kind: 'structure', members, ...NOWHERE }, holes];
}

/** A JSON array of structures' JSON objects, null as null; any other item a TypeError naming it by its index. */
function structuresValue(items: readonly unknown[], type: StructureType, what: string): [CollectionLiteral, Holes] {
  const holes: Holes[] = [];
  // Array.from reads a sparse array's holes as undefined, refused as any other item, where map() would skip them.
  const nodes = Array.from(items, (item, i): Literal | StructureLiteral => {
    if (item === null) return { kind: 'null', ...NOWHERE };
    if (!isPlainObject(item))
      throw new TypeError(
        `${what}[${i}] is a ${type.name}: an object of its members, or null; not ${shownValue(item)}`,
      );
    const [node, inner] = structureValue(item, type.properties, type.name, `${what}[${i}]`);
    holes.push(inner);
    return node;
  });
  return [{ kind: 'collection', items: nodes, ...NOWHERE }, holes];
}

/** A JSON array of the items, each a hole typed as the element (written as JSON holds it), null as null. */
function collectionValue(items: readonly unknown[], element: ValueUse): [CollectionLiteral, Holes] {
  const holes: Holes[] = [];
  // Array.from reads a sparse array's holes as undefined, refused as a value, where map() would skip them.
  const nodes = Array.from(items, (item): Literal => {
    if (item === null) return { kind: 'null', ...NOWHERE };
    const [alias, hole] = valueNode(item, element, false);
    holes.push({ ...hole, written: jsonValue });
    // A hole's alias stands where its literal goes, until build() binds it.
    return alias as unknown as Literal;
  });
  return [{ kind: 'collection', items: nodes, ...NOWHERE }, holes];
}

/** A number as JSON writes it; the binder writes every number without an exponent. */
const JSON_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/;

/**
 * A member's literal as a JSON object holds it, the node parse() makes of that JSON: a number,
 * true, false and null as themselves, a string, a guid, a date-time, a date, a time of day, a
 * duration and an enumeration's members as JSON strings (which check() reads as the member's
 * type); undefined for what JSON writes no value of (a binary, NaN, the infinities).
 */
function jsonValue(literal: Literal): Literal | undefined {
  switch (literal.kind) {
    case 'null':
    case 'boolean':
      return literal;
    case 'number':
      // The node parse() makes of the JSON number is the one it makes of the literal's text.
      return JSON_NUMBER.test(literal.raw) ? literal : undefined;
    case 'string':
      return jsonStringOf(literal.value, NOWHERE);
    case 'enum':
      return jsonStringOf(literal.body, NOWHERE);
    case 'guid':
    case 'datetime':
    case 'date':
    case 'timeOfDay':
      return jsonStringOf(literal.raw, NOWHERE);
    case 'duration':
      return jsonStringOf(literal.raw.replace(/^duration'|'$/g, ''), NOWHERE);
    default:
      return undefined;
  }
}

/** What a call is bound to: the path written before it, the holes of that operand, and its kind. */
interface Binding {
  readonly path: MemberExpr;
  readonly holes: Holes;
  /** A primitive operand's type, or a collection's elements'; undefined for structures. */
  readonly type: EdmType | undefined;
  /** A structure's model type, or a collection's elements'; undefined for primitives, or in a short-form schema. */
  readonly structure: StructureType | undefined;
  readonly collection: boolean;
}

function bindingOf(on: unknown, name: string): Binding | undefined {
  if (on === undefined) return undefined;
  if (on instanceof CollectionOperand) {
    const element = on.property.element;
    const [type, structure] = element.kind === 'primitive' ? [element.type, undefined] : [undefined, element.type];
    return { path: on.path, holes: [], type, structure, collection: true };
  }
  if (on instanceof BuiltOperand && on.expr.kind === 'member' && on.type !== undefined)
    return { path: on.expr, holes: on.holes, type: on.type.type, structure: undefined, collection: false };
  const segments = pathOf(on);
  if (segments !== undefined)
    return {
      path: { kind: 'member', segments: segments.length > 0 ? segments : [{ name: '$it', ...NOWHERE }], ...NOWHERE },
      holes: [],
      type: undefined,
      structure: structureTypeOf(on),
      collection: false,
    };
  throw new TypeError(`${name}() is bound to a property, a structure or a collection, not ${shownValue(on)}`);
}

/**
 * Whether an overload takes these parameter names, bound as the call is: to a collection or one
 * value, of the primitive type, or of the structure's type or one it derives from, as check()
 * chooses (which checks the arguments' types).
 */
function fits(o: DeclaredFunction, binding: Binding | undefined, names: readonly string[]): boolean {
  const named = o.parameters.length === names.length && o.parameters.every((p) => names.includes(p.name));
  if (!named) return false;
  if (binding === undefined)
    return o.binding === undefined || (o.binding.kind === 'structure' && !o.binding.collection);
  const bound = o.binding;
  if (bound === undefined || bound.collection !== binding.collection) return false;
  if (binding.type !== undefined) return bound.kind === 'primitive' && bound.type === binding.type;
  if (binding.structure === undefined) return true;
  return (
    bound.kind === 'structure' &&
    (bound.type.name === binding.structure.name || bound.type.derived.has(binding.structure.name))
  );
}

/**
 * The type of a parameter's or a result's place: a primitive's, an enumeration value's with its
 * type (a value there is written as the type's literal); none for another.
 */
function placeOf(declared: DeclaredValueType | undefined) {
  return declared?.kind === 'primitive' && !declared.collection
    ? { type: declared.type, enum: declared.enum }
    : undefined;
}
