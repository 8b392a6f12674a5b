// complete(): what may be written at a cursor in a filter being typed — properties at the path's
// level, range variables, functions whose result fits, operators after an operand, literals of the
// place's type — each checked by writing it at its place (placement.ts), so an item is offered only
// where the checker would take it. Tolerant of the incomplete text that typing produces.

import { isFilterError } from '../../errors.js';
import type { CheckOptions } from '../../types/check.js';
import { EDM_TYPES, type EdmType } from '../../language/edm.js';
import { FUNCTIONS, type FunctionName, type FunctionSignature } from '../../language/functions.js';
import {
  type DeclaredValueType,
  type PrimitiveProperty,
  type Property,
  type Schema,
  type StructuredProperty,
  type StructureType,
  describeValueType,
  enumTypesOf,
} from '../../types/schema.js';
import { assertAllowedNames, type AllowedNames, type FilterOperator } from '../../types/allowed.js';
import { isLater, isVersion3OrEarlier, versionOf } from '../../language/versions.js';
import { checkText, limitsOf } from '../../syntax/limits.js';
import type { LambdaExpr } from '../../syntax/ast.js';
import { cursorToken, type CursorToken } from './cursor-token.js';
import { withoutStacks } from './without-stacks.js';
import { expectedSyntaxAt } from './expected-syntax.js';
import { literalTemplates } from './literal-templates.js';
import { structureTemplate } from './structure-templates.js';
import { type ComparedExpr, operandStandIn, Placement } from './placement.js';
import { Window } from './window.js';
import { describeProperty, functionInfo, signatureOf } from './describe.js';
import { resultElement } from '../../types/check/result-reads.js';

/** Options of the editor kit: check()'s, and what a request's policy allows. */
export interface EditorOptions extends CheckOptions {
  /**
   * What the server's policy lets a filter use (its QueryPolicy's `functions` and `operators`,
   * docs/query.md): nothing else is offered, and diagnose() reports any other.
   */
  readonly policy?: AllowedNames;
  /** The day date templates start from (default: today). */
  readonly now?: Date;
}

export type CompletionKind =
  | 'property'
  | 'navigation'
  | 'collection'
  | 'variable'
  | 'lambda'
  | 'function'
  | 'operator'
  | 'keyword'
  | 'literal'
  | 'type';

/** One thing that may be written at the cursor. */
export interface Completion {
  /** What a list shows. */
  readonly label: string;
  /** The text that replaces the completions' range. */
  readonly insert: string;
  readonly kind: CompletionKind;
  /** The type, or a function's signatures. */
  readonly detail: string;
  /** A function's summary. */
  readonly info?: string;
}

/** What complete() gives: the items, and the range of the text each replaces. */
export interface Completions {
  readonly from: number;
  readonly to: number;
  readonly items: readonly Completion[];
}

const COMPARISONS = ['eq', 'ne', 'gt', 'ge', 'lt', 'le'] as const;
const ARITHMETIC = ['add', 'sub', 'mul', 'div', 'divby', 'mod'] as const;
/** Most paths through a structure's properties tried to learn whether it leads to a fitting value. */
const NAVIGATION_DEPTH = 3;

/**
 * What may be written at `cursor` (0 to text.length) in `text`, checked against `schema`: items
 * whose text replaces text[from, to), narrowed to those that start with what is typed there.
 */
export function complete(text: string, cursor: number, schema: Schema, options: EditorOptions = {}): Completions {
  if (typeof text !== 'string') throw new TypeError('complete() needs the filter text as a string');
  if (!Number.isInteger(cursor) || cursor < 0 || cursor > text.length)
    throw new TypeError(`The cursor must be an offset from 0 to ${text.length}, not ${String(cursor)}`);
  if (options.policy !== undefined) assertAllowedNames(options.policy);
  const token = cursorToken(text, cursor);
  try {
    // A text beyond the limits (too long, too deep) has nothing to offer: it is refused whatever is written.
    checkText(text, limitsOf(options));
    return {
      from: token.segmentStart,
      to: token.segmentEnd,
      items: token.inString ? [] : withoutStacks(() => narrowed(itemsAt(text, token, schema, options), token.typed)),
    };
  } catch (error) {
    if (isFilterError(error)) return { from: token.segmentStart, to: token.segmentEnd, items: [] };
    throw error;
  }
}

function itemsAt(text: string, token: CursorToken, schema: Schema, options: EditorOptions): Completion[] {
  // In a long filter, trials read the operand of its top-level and/or chain around the cursor.
  const window = Window.around(text, token.pathStart, token.segmentEnd, schema, options);
  const syntax =
    window === undefined
      ? expectedSyntaxAt(text, token.pathStart)
      : expectedSyntaxAt(window.text, window.offsetOf(token.pathStart));
  if (syntax === undefined) return [];
  const placeOf = (standIn: string): Placement | undefined =>
    Placement.of(text, token.pathStart, token.segmentEnd, standIn, schema, options, window);
  const items: Completion[] = [];
  if (syntax.operand) {
    const place = placeOf(operandStandIn(text));
    if (place !== undefined)
      items.push(
        ...(token.head.length === 0
          ? operandItems(place, placeOf, schema, options)
          : pathItems(place, token.head, schema, options)),
      );
  } else if (syntax.literal && token.head.length === 0) {
    const place = placeOf('null');
    if (place !== undefined) items.push(...literalItems(place, schema, options));
  }
  if (syntax.operator && token.head.length === 0) {
    const place = placeOf('');
    if (place !== undefined) items.push(...operatorItems(place, schema, options));
  }
  if (syntax.list && token.head.length === 0) {
    const place = placeOf('()');
    if (place !== undefined) items.push(...listItems(place, schema, options));
  }
  if (syntax.rangeVariable && token.head.length === 0) items.push(...rangeVariableItems(text, token.pathStart));
  if (syntax.typeName && token.head.length === 0) {
    // Before 4.0 a type name is quoted (`cast(x, 'Edm.Int32')`).
    const quote = isVersion3OrEarlier(versionOf(options)) ? "'" : '';
    const place = placeOf(`${quote}Edm.String${quote}`);
    if (place !== undefined) items.push(...typeNameItems(place, schema, quote));
  }
  return items;
}

/** The items that start with what is typed (any case), each label once. */
function narrowed(items: readonly Completion[], typed: string): Completion[] {
  const lower = typed.toLowerCase();
  const seen = new Set<string>();
  return items.filter((item) => {
    if (!item.label.toLowerCase().startsWith(lower) || seen.has(item.label)) return false;
    seen.add(item.label);
    return true;
  });
}

function allowsOperator(options: EditorOptions, operator: FilterOperator): boolean {
  return options.policy?.operators?.includes(operator) ?? true;
}

function allowsFunction(options: EditorOptions, name: string): boolean {
  return options.policy?.functions?.includes(name) ?? true;
}

/**
 * An operand's items at a path's start: variables, `$it`, properties, the row's derived types,
 * functions, literals, `not`. `placeOf` makes the place anew with another stand-in.
 */
function operandItems(
  place: Placement,
  placeOf: (standIn: string) => Placement | undefined,
  schema: Schema,
  options: EditorOptions,
): Completion[] {
  const items: Completion[] = [];
  const { facts } = place;
  for (const scope of facts.scopes) {
    const item = memberItem(place, '', scope.element, scope.name, options);
    if (item !== undefined) items.push({ ...item, kind: 'variable', detail: `range variable: ${item.detail}` });
  }
  // `$it/` where a property of the row fits through it (inside a lambda, or where a condition goes).
  if (
    (facts.scopes.length > 0 || facts.condition) &&
    leadsToFit(place, '$it', rootOf(schema), NAVIGATION_DEPTH, options)
  ) {
    items.push({ label: '$it', insert: '$it/', kind: 'variable', detail: `the ${schema.name} being filtered` });
  }
  for (const property of schema.properties.values()) {
    const item = memberItem(place, '', property, property.name, options);
    if (item !== undefined) items.push(item);
  }
  // The row's derived types: a type-cast segment (`Staff.Manager/Budget`), or a type `isof` takes
  // alone — which the operand's stand-in cannot tell (`isof(@x)` does not parse), so the type's
  // name stands in for itself.
  const root = rootOf(schema);
  for (const name of derivedNames(root)) {
    const alone = placeOf(name)?.fits(name) === true;
    const item: Completion | undefined = alone
      ? { label: name, insert: name, kind: 'type', detail: `derived type of ${schema.name}` }
      : castItem(place, '', root, name, options);
    if (item !== undefined) items.push(item);
  }
  if (!facts.condition) {
    // The right of `has` takes an enumeration literal only: each enumeration's members are tried.
    const now = options.now ?? new Date();
    const afterHas = facts.type === undefined && /\bhas[\s(]*$/i.test(place.before);
    const literals =
      facts.type !== undefined
        ? literalTemplates(facts.type, facts.enum, now, options.version)
        : afterHas
          ? [...enumTypesOf(schema).values()].flatMap((e) =>
              literalTemplates(e.underlyingType, e, now, options.version),
            )
          : [];
    for (const literal of literals) {
      if (place.fits(literal.text))
        items.push({ label: literal.text, insert: literal.text, kind: 'literal', detail: literal.detail });
    }
    if (facts.type !== undefined && place.fits('null'))
      items.push({ label: 'null', insert: 'null', kind: 'literal', detail: 'no value' });
  }
  items.push(...structureItems(place, schema, options));
  items.push(...functionItems(place, options));
  items.push(...modelFunctionItems(place, '', schema.type, schema, options));
  if (facts.condition && allowsOperator(options, 'not'))
    items.push({ label: 'not', insert: 'not ', kind: 'keyword', detail: 'negates a condition' });
  return items;
}

/**
 * After `in`: a list in parentheses where one fits, then the collections the operand may be in
 * (`Class in Cabins`): the row's collection-valued properties and those of the range variables'
 * structures, each where the checker takes it. After a complex value, only a list of its values. A structure's path to a collection is not followed:
 * after `Venue/` the path's items say what is beneath.
 */
function listItems(place: Placement, schema: Schema, options: EditorOptions): Completion[] {
  if (!allowsOperator(options, 'in')) return [];
  const items: Completion[] = [];
  // A structure is in a list of its values only (docs/semantics.md §16), where one can be compared.
  const structure = comparedStructure(place, schema);
  if (structure !== undefined) {
    const template = templateOf(structure, options);
    if (template !== undefined && place.fits(`(${template})`))
      items.push({
        label: '(',
        insert: '(',
        kind: 'keyword',
        detail: `a list of ${nameOf(structure)} values`,
      });
    return items;
  }
  if (place.fits('()')) items.push({ label: '(', insert: '(', kind: 'keyword', detail: 'a list of values: (a, b)' });
  const collections = (written: string, properties: Iterable<Property>) => {
    for (const property of properties) {
      const path = `${written}${property.name}`;
      if (property.kind === 'collection' && property.filterable && place.fits(path))
        items.push({ label: path, insert: path, kind: 'collection', detail: describeProperty(property) });
    }
  };
  for (const scope of place.facts.scopes)
    if (scope.element.kind === 'structured' && scope.element.filterable)
      collections(`${scope.name}/`, scope.element.properties.values());
  collections('', schema.properties.values());
  return items;
}

/** After `Venue/`, `s/`, `$it/`: the properties of the structure the head names; after a collection, its lambdas and count. */
function pathItems(place: Placement, head: readonly string[], schema: Schema, options: EditorOptions): Completion[] {
  const first = head[0]!;
  const variable = place.facts.scopes.find((s) => s.name === first);
  let at: Property | undefined;
  let rest = head;
  if (first === '$it') {
    at = rootOf(schema);
    rest = head.slice(1);
  } else if (variable !== undefined) {
    at = variable.element;
    rest = head.slice(1);
  } else at = rootOf(schema);
  if (at.filterable === false) return [];
  for (const [i, name] of rest.entries()) {
    // A call's result is read as a structure or a collection of its declared type (§15); a
    // qualified name is a type-cast segment: the members beyond it are the derived type's.
    at = name.includes('(')
      ? resultOf(schema, at, name, i === 0 && rest === head)
      : isQualified(name)
        ? castTo(at, name)
        : at?.kind === 'structured'
          ? at.properties.get(name)
          : undefined;
    // Under a structure kept from filters nothing is offered, whatever its members say.
    if (at?.filterable === false) return [];
  }
  const written = `${head.join('/')}/`;
  const items: Completion[] = [];
  if (at?.kind === 'structured') {
    for (const property of at.properties.values()) {
      const item = memberItem(place, written, property, property.name, options);
      if (item !== undefined) items.push(item);
    }
  }
  if (at?.kind === 'collection') {
    items.push(...lambdaItems(place, written, at.name, options));
    items.push(...modelFunctionItems(place, written, 'collection', schema, options));
  }
  if (at?.kind === 'structured' && at.type !== undefined)
    items.push(...modelFunctionItems(place, written, at.type, schema, options));
  if (at !== undefined)
    for (const name of derivedNames(at)) {
      const item = castItem(place, written, at, name, options);
      if (item !== undefined) items.push(item);
    }
  return items;
}

const isQualified = (segment: string): boolean => segment.includes('.');

/** The model's types derived from a structure's type (or a collection's element type), by qualified name. */
function derivedNames(at: Property): string[] {
  const structure = at.kind === 'collection' ? at.element : at;
  return structure.kind === 'structured' && structure.type !== undefined ? [...structure.type.derived.keys()] : [];
}

/** A structure, or a collection of structures, read through a type-cast segment: as the derived type named, if it is one. */
function castTo(at: Property | undefined, name: string): Property | undefined {
  const asDerived = (structure: StructuredProperty): StructuredProperty | undefined => {
    const type = structure.type?.derived.get(name);
    return type === undefined ? undefined : { ...structure, properties: type.properties, type };
  };
  if (at?.kind === 'structured') return asDerived(at);
  if (at?.kind === 'collection' && at.element.kind === 'structured') {
    const element = asDerived(at.element);
    return element === undefined ? undefined : { ...at, element };
  }
  return undefined;
}

/** The item for a type-cast segment after `written` (`Staff.Manager/`), where something beneath it fits. */
function castItem(
  place: Placement,
  written: string,
  at: Property,
  name: string,
  options: EditorOptions,
): Completion | undefined {
  const cast = castTo(at, name);
  const path = `${written}${name}`;
  const fits =
    cast?.kind === 'structured'
      ? leadsToFit(place, path, cast, NAVIGATION_DEPTH, options)
      : cast?.kind === 'collection' && lambdaItems(place, `${path}/`, cast.name, options).length > 0;
  return fits ? { label: name, insert: `${name}/`, kind: 'type', detail: `derived type: ${name}` } : undefined;
}

function rootOf(schema: Schema): StructuredProperty {
  return {
    kind: 'structured',
    name: schema.name,
    properties: schema.properties,
    nullable: false,
    filterable: true,
    relation: false,
    ...(schema.type === undefined ? {} : { type: schema.type }),
  };
}

/**
 * The item for a property (or a variable's element) reached by `written` + `name`: a value that
 * fits, a structure with something that fits beneath (`Venue/`), or a collection whose lambda or
 * count fits (`Sessions/`); undefined when nothing of it fits here.
 */
function memberItem(
  place: Placement,
  written: string,
  property: Property,
  name: string,
  options: EditorOptions,
): Completion | undefined {
  if (!property.filterable) return undefined;
  const path = `${written}${name}`;
  switch (property.kind) {
    case 'primitive':
      return fitsAsValue(place, written, property, name)
        ? { label: name, insert: name, kind: 'property', detail: describeProperty(property) }
        : undefined;
    case 'structured':
      if (place.fits(path)) return { label: name, insert: name, kind: 'property', detail: describeProperty(property) };
      return leadsToFit(place, path, property, NAVIGATION_DEPTH, options)
        ? { label: name, insert: `${name}/`, kind: 'navigation', detail: describeProperty(property) }
        : undefined;
    case 'collection': {
      // Passed whole, as the argument of a function's collection parameter (docs/semantics.md §15).
      if (place.fits(path))
        return { label: name, insert: name, kind: 'collection', detail: describeProperty(property) };
      const usable = lambdaItems(place, `${path}/`, property.name, options).length > 0;
      return usable
        ? { label: name, insert: `${name}/`, kind: 'collection', detail: describeProperty(property) }
        : undefined;
    }
  }
}

/**
 * Whether a primitive member fits: the checker reads a member through one path by its type,
 * nullability and enumeration alone, so members alike are tried once. A name that is also a range
 * variable's is read as the variable, and tried for itself.
 */
function fitsAsValue(place: Placement, written: string, property: PrimitiveProperty, name: string): boolean {
  const path = `${written}${name}`;
  if (written === '' && (name === '$it' || place.facts.scopes.some((scope) => scope.name === name)))
    return place.fits(path);
  const kind = `${written}\u0000${property.type}\u0000${property.enum?.name ?? ''}\u0000${property.nullable}`;
  return place.fitsAs(kind, path);
}

/** Whether some path beneath a structure (depth-bounded) reaches a value that fits. */
function leadsToFit(
  place: Placement,
  path: string,
  structure: StructuredProperty,
  depth: number,
  options: EditorOptions,
): boolean {
  if (depth === 0) return false;
  for (const property of structure.properties.values()) {
    if (!property.filterable) continue;
    const inner = `${path}/${property.name}`;
    if (property.kind === 'primitive' && fitsAsValue(place, `${path}/`, property, property.name)) return true;
    if (property.kind === 'structured' && leadsToFit(place, inner, property, depth - 1, options)) return true;
    // A collection fits passed whole (a function's collection parameter, §15) or by a lambda or count.
    if (
      property.kind === 'collection' &&
      (place.fits(inner) || lambdaItems(place, `${inner}/`, property.name, options).length > 0)
    )
      return true;
  }
  return false;
}

/** After a collection's `/`: `any(`, `all(` (with a variable named after the collection) and `$count`, where they fit. */
function lambdaItems(place: Placement, written: string, collection: string, options: EditorOptions): Completion[] {
  const items: Completion[] = [];
  const variable = freshVariable(collection, [
    ...place.facts.scopes.map((s) => s.name),
    ...declaredVariables(place.before),
  ]);
  if (place.fits(`${written}any()`)) {
    if (allowsOperator(options, 'any'))
      items.push({
        label: 'any',
        insert: `any(${variable}: `,
        kind: 'lambda',
        detail: `true when the condition holds for some element of ${collection}`,
      });
    if (allowsOperator(options, 'all'))
      items.push({
        label: 'all',
        insert: `all(${variable}: `,
        kind: 'lambda',
        detail: `true when the condition holds for every element of ${collection}`,
      });
  }
  if (allowsOperator(options, '$count') && place.fits(`${written}$count`))
    items.push({ label: '$count', insert: '$count', kind: 'lambda', detail: 'Edm.Int64: the number of elements' });
  return items;
}

/** A range variable's name: the collection's initial in lower case, numbered past the names in scope. */
function freshVariable(collection: string, taken: readonly string[]): string {
  const initial = /^[A-Za-z]/.test(collection) ? collection[0]!.toLowerCase() : 'x';
  if (!taken.includes(initial)) return initial;
  let n = 2;
  while (taken.includes(`${initial}${n}`)) n++;
  return `${initial}${n}`;
}

/** The functions whose result (of some overload) fits the place, written as `name(`. */
function functionItems(place: Placement, options: EditorOptions): Completion[] {
  const version = versionOf(options);
  // A value of the result's type stands for the call: a null cast to it (the type quoted before 4.0).
  const typeName = (type: EdmType): string => (isVersion3OrEarlier(version) ? `'${type}'` : type);
  const fitsType = new Map<EdmType, boolean>();
  const fits = (type: EdmType): boolean => {
    let known = fitsType.get(type);
    if (known === undefined) fitsType.set(type, (known = place.fits(`cast(null, ${typeName(type)})`)));
    return known;
  };
  const items: Completion[] = [];
  for (const signature of FUNCTIONS as readonly FunctionSignature<FunctionName>[]) {
    if (signature.since !== undefined && isLater(signature.since, version)) continue;
    if (!allowsFunction(options, signature.name) || !signature.overloads.some((o) => fits(o.returns))) continue;
    const noArguments = signature.overloads.every((o) => o.params.length === 0);
    items.push({
      label: signature.name,
      insert: noArguments ? `${signature.name}()` : `${signature.name}(`,
      kind: 'function',
      detail: signatureOf(signature),
      info: functionInfo(signature.name),
    });
  }
  // The type functions: `cast` gives a value of the type named, `isof` a Boolean.
  if (allowsFunction(options, 'cast') && EDM_TYPES.some((type) => fits(type))) {
    items.push({
      label: 'cast',
      insert: 'cast(',
      kind: 'function',
      detail: 'cast(value, type): type',
      info: "the value converted to the type named, null where it does not convert; for example, cast(EventID, Edm.String) eq '7'",
    });
  }
  if (allowsFunction(options, 'isof') && fits('Edm.Boolean')) {
    items.push({
      label: 'isof',
      insert: 'isof(',
      kind: 'function',
      detail: 'isof(value, type): Edm.Boolean',
      info: 'true when the value is not null and converts to the type named; for example, isof(Description, Edm.DateTimeOffset)',
    });
  }
  return items;
}

/**
 * The model's functions (docs/semantics.md §15) a call can be made of after `written`: at a path's
 * head, the unbound ones and those bound to the row's type; after `Path/`, those bound to the
 * structure's type, or after a collection's path those bound to a collection. Each is tried with every argument null, so that only a result that fits is
 * offered; inserted as `Ns.Fn(` with its first parameter's name, or `Ns.Fn()` without any.
 */
function modelFunctionItems(
  place: Placement,
  written: string,
  bindingType: StructureType | 'collection' | undefined,
  schema: Schema,
  options: EditorOptions,
): Completion[] {
  const items: Completion[] = [];
  for (const [name, overloads] of schema.functions ?? []) {
    if (!allowsFunction(options, name)) continue;
    const callable = overloads.filter((o) =>
      o.binding === undefined
        ? written === ''
        : bindingType === 'collection'
          ? o.binding.collection
          : o.binding.kind === 'structure' &&
            !o.binding.collection &&
            bindingType !== undefined &&
            isOrDerives(bindingType, o.binding.type),
    );
    let readByPath = false;
    const fitting = callable.find((o) => {
      const call = `${written}${name}(${o.parameters.map((p) => `${p.name}=null`).join(',')})`;
      if (place.fits(call)) return true;
      readByPath = resultLeadsToFit(place, call, o.returns, name, options);
      return readByPath;
    });
    if (fitting === undefined) continue;
    const first = fitting.parameters[0];
    items.push({
      label: name,
      // A result read by a path is followed by `/`, as a structure or a collection property is.
      insert: first !== undefined ? `${name}(${first.name}=` : readByPath ? `${name}()/` : `${name}()`,
      kind: 'function',
      detail: `${name}(${fitting.parameters.map((p) => `${p.name}: ${describeValueType(p)}`).join(', ')}): ${describeValueType(fitting.returns)}`,
    });
  }
  return items;
}

/**
 * Whether a path after `call` gives what fits (docs/semantics.md §15), where the call itself does
 * not: a structure result's members (through a type-cast segment too), a collection result's
 * lambdas and count, read as a property of the result's type would be.
 */
function resultLeadsToFit(
  place: Placement,
  call: string,
  returns: DeclaredValueType,
  name: string,
  options: EditorOptions,
): boolean {
  if (returns.kind !== 'structure' && !returns.collection) return false;
  const result = resultElement(returns, name);
  const written = `${call}/`;
  if (result.kind === 'structured' && leadsToFit(place, call, result, NAVIGATION_DEPTH, options)) return true;
  if (result.kind === 'collection' && lambdaItems(place, written, name, options).length > 0) return true;
  return derivedNames(result).some((type) => castItem(place, written, result, type, options) !== undefined);
}

/**
 * What a call written as a segment (`Ns.Fn(A=1)`) returns, read after it as the checker reads it:
 * of the overload bound to `at` (or, at a path's head, unbound), the first whose result has members.
 */
function resultOf(schema: Schema, at: Property | undefined, segment: string, atHead: boolean): Property | undefined {
  const name = segment.slice(0, segment.indexOf('('));
  const type = at?.kind === 'structured' ? at.type : undefined;
  const fitting = (schema.functions?.get(name) ?? []).find(
    (o) =>
      (o.returns.kind === 'structure' || o.returns.collection) &&
      (o.binding === undefined
        ? atHead
        : o.binding.collection
          ? at?.kind === 'collection'
          : o.binding.kind === 'structure' && type !== undefined && isOrDerives(type, o.binding.type)),
  );
  return fitting && resultElement(fitting.returns, name);
}

/** Whether a structure type is the type named or derives from it. */
function isOrDerives(type: StructureType, base: StructureType): boolean {
  return type === base || type.name === base.name || base.derived.has(type.name);
}

/** An item of an `in` list: the literals of the list's type. */
function literalItems(place: Placement, schema: Schema, options: EditorOptions): Completion[] {
  const { type, enum: enumType } = place.facts;
  if (type === undefined) return structureItems(place, schema, options);
  const items: Completion[] = [];
  for (const literal of literalTemplates(type, enumType, options.now ?? new Date(), options.version)) {
    if (place.fits(literal.text))
      items.push({ label: literal.text, insert: literal.text, kind: 'literal', detail: literal.detail });
  }
  return items;
}

/**
 * Where a structure is compared (`Address eq `, an item of `Address in (`): `null`, and a complex
 * value's template stating each of its members (structure-templates.ts), each where the checker
 * takes it.
 */
function structureItems(place: Placement, schema: Schema, options: EditorOptions): Completion[] {
  const structure = comparedStructure(place, schema);
  if (structure === undefined) return [];
  const items: Completion[] = [];
  const template = templateOf(structure, options);
  const valueFits = template !== undefined && place.fits(template);
  if (valueFits)
    items.push({ label: template, insert: template, kind: 'literal', detail: `${nameOf(structure)} value` });
  // In a list null alone is refused: it goes there only beside a value (none where the structure
  // is cast or has derived types, which are compared with null only).
  const nullFits = place.fits('null') && (valueFits || !place.facts.comparedWith!.inList);
  if (nullFits) items.push({ label: 'null', insert: 'null', kind: 'literal', detail: 'no value' });
  return items;
}

/** The structure (a complex value or a related entity) the place is compared with, or is in the `in` list of. */
function comparedStructure(place: Placement, schema: Schema): StructuredProperty | undefined {
  const compared = place.facts.comparedWith;
  const at = compared && propertyAt(compared.path, compared.lambdas, schema);
  return at?.kind === 'structured' ? at : undefined;
}

/**
 * The property a path leads to, read as written from the resource, from the variable of one of
 * `lambdas` (outermost first), or from the result of the call it starts with, as the checker reads
 * a call's result (resultOf). A type-cast segment, or `cast`, is passed over: the property is the
 * one cast, which the checker compares with null only (docs/semantics.md §16).
 */
function propertyAt(path: ComparedExpr, lambdas: readonly LambdaExpr[], schema: Schema): Property | undefined {
  // A cast is read as its operand, as a type-cast segment is.
  if (path.kind === 'typeFunction') return path.operand && propertyAt(path.operand as ComparedExpr, lambdas, schema);
  const call = path.kind === 'functionCall' ? path : path.call;
  const segments = path.kind === 'functionCall' ? [] : path.segments;
  const names = segments.map((segment) => segment.name).filter((name) => !isQualified(name));
  let at: Property | undefined = rootOf(schema);
  let rest = names;
  if (call !== undefined) {
    const { binding, name } = call;
    const bound = binding === undefined ? at : propertyAt(binding, lambdas, schema);
    at = resultOf(schema, bound, `${name}(`, binding === undefined);
  } else {
    for (let i = lambdas.length - 1; i >= 0; i--) {
      if (lambdas[i]!.variable?.name !== names[0]) continue;
      const collection = propertyAt(lambdas[i]!.collection, lambdas.slice(0, i), schema);
      at = collection?.kind === 'collection' ? collection.element : undefined;
      rest = names.slice(1);
      break;
    }
    if (rest === names && names[0] === '$it') rest = names.slice(1);
  }
  for (const name of rest) at = at?.kind === 'structured' ? at.properties.get(name) : undefined;
  return at;
}

/** A structure's type as a detail names it: its model's type, else the property. */
function nameOf(structure: StructuredProperty): string {
  return structure.type?.name ?? structure.name;
}

/** A complex value's template (structure-templates.ts); none for a related entity, which is compared by its key. */
function templateOf(structure: StructuredProperty, options: EditorOptions): string | undefined {
  return structure.relation ? undefined : structureTemplate(structure, options.now ?? new Date());
}

/** After an operand: the operators that take it, `and`/`or` first where it is a condition. */
function operatorItems(place: Placement, schema: Schema, options: EditorOptions): Completion[] {
  // `has` takes an enumeration literal, of whichever of the schema's types the operand has.
  const flags = [...enumTypesOf(schema).values()].map((e) => `has ${e.name}'${e.members.keys().next().value ?? ''}'`);
  const candidates: { operator: FilterOperator; written: string | string[]; detail: string }[] = [
    { operator: 'and', written: `and ${place.operand}`, detail: 'both conditions hold' },
    { operator: 'or', written: `or ${place.operand}`, detail: 'either condition holds' },
    ...COMPARISONS.map((operator) => ({ operator, written: `${operator} ${place.operand}`, detail: 'comparison' })),
    ...ARITHMETIC.map((operator) => ({ operator, written: `${operator} ${place.operand}`, detail: 'arithmetic' })),
    { operator: 'in', written: 'in (null)', detail: 'one of a list' },
    { operator: 'has', written: flags, detail: 'has the flags of an enumeration value' },
  ];
  const items: Completion[] = [];
  for (const { operator, written, detail } of candidates) {
    const fits = typeof written === 'string' ? place.fits(written) : written.some((w) => place.fits(w));
    if (allowsOperator(options, operator) && fits)
      items.push({ label: operator, insert: `${operator} `, kind: 'operator', detail });
  }
  return items;
}

/** After `any(` or `all(`: a variable named after the collection, as lambdaItems() names it. */
function rangeVariableItems(text: string, at: number): Completion[] {
  const before = text.slice(0, at);
  const lambda = /([A-Za-z_][A-Za-z0-9_]*)\/(?:any|all)\(\s*$/i.exec(before);
  if (lambda === null) return [];
  const variable = freshVariable(lambda[1]!, declaredVariables(before));
  return [{ label: variable, insert: `${variable}: `, kind: 'variable', detail: `each element of ${lambda[1]}` }];
}

/**
 * The range variables declared in a text (`x:` after `any(` or `all(`), quoted literals left
 * out: a new variable takes none of their names, so that it never shadows one, in scope or not.
 */
function declaredVariables(text: string): string[] {
  const unquoted = text.replace(/'(?:[^']|'')*'?|"(?:[^"\\]|\\.)*"?/g, ' ');
  return [...unquoted.matchAll(/(?:any|all)\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*:/gi)].map((m) => m[1]!);
}

/** In `cast(…, ` and `isof(…, `: the Edm types, the schema's enumeration types and the model's derived types. */
function typeNameItems(place: Placement, schema: Schema, quote: string): Completion[] {
  const fitting = (names: Iterable<string>): string[] =>
    [...names].filter((name) => place.fits(`${quote}${name}${quote}`));
  // A derived type fits only a structure; a structure's own issue there (it converts to no Edm
  // type) is the stand-in's too, so the Edm types would seem to fit beside it: they do not.
  const derived = fitting(derivedTypesOf(schema));
  const names = derived.length > 0 ? derived : fitting([...EDM_TYPES, ...enumTypesOf(schema).keys()]);
  return names.map((name) => ({
    label: name,
    insert: `${quote}${name}${quote}`,
    kind: 'type' as const,
    detail: 'type',
  }));
}

/** Every type derived from a structure the schema reaches (the row's, its structures', their elements'), by qualified name. */
function derivedTypesOf(schema: Schema): Set<string> {
  const names = new Set<string>();
  const seen = new Set<StructureType>();
  const visit = (type: StructureType | undefined): void => {
    if (type === undefined || seen.has(type)) return;
    seen.add(type);
    for (const [name, derived] of type.derived) {
      names.add(name);
      visitProperties(derived.properties);
    }
    visitProperties(type.properties);
  };
  const visitProperties = (properties: ReadonlyMap<string, Property>): void => {
    for (const property of properties.values()) {
      const structure = property.kind === 'collection' ? property.element : property;
      // Only a model's view has types (and so derived types): its structures all name theirs.
      if (structure.kind === 'structured') visit(structure.type);
    }
  };
  visit(schema.type);
  return names;
}
