// metadataJson(): a model as a CSDL JSON document (OData CSDL JSON 4.01; docs/csdl-writer.md),
// the same document metadataXml() writes, as the object JSON.stringify() turns into its text.
// Members whose value is the representation's default are left out, as the specification asks.

import { assertNever } from '../assert-never.js';
import type {
  ComplexType,
  EntityType,
  FunctionValue,
  Model,
  ModelFunction,
  ModelProperty,
  NamedType,
  StructuredType,
  TypeDefinition,
} from '../model/model.js';
import type { EnumType } from '../types/enum-type.js';
import { SchemaDefinitionError } from '../types/schema.js';
import { annotationTarget, CAPABILITIES, type CsdlPlan, type PlannedMember, planCsdl } from './csdl-plan.js';
import { edmName, jsonFacets, typeNameOf } from './csdl-types.js';
import { simpleName } from '../model/model.js';
import type { CsdlVersion, MetadataOptions } from './metadata-options.js';

type JsonObject = { [member: string]: unknown };

/** A CSDL JSON document: its version, its entity container, the vocabularies it references, and a member per schema. */
export interface CsdlJsonDocument {
  readonly $Version: CsdlVersion;
  readonly $EntityContainer: string;
  readonly [member: string]: unknown;
}

/**
 * The CSDL JSON `$metadata` document of a model, as a caller reading under `options.rules` may
 * see it: no property those rules hide is named, and what they forbid is stated as Capabilities
 * annotations of the entity sets.
 */
export function metadataJson(model: Model, options: MetadataOptions = {}): CsdlJsonDocument {
  const plan = planCsdl(model, options);
  const document: JsonObject = {
    $Version: plan.version,
    $EntityContainer: `${plan.namespace}.${plan.containerName}`,
  };
  if (plan.restricted)
    document.$Reference = {
      [CAPABILITIES.json]: { $Include: [{ $Namespace: CAPABILITIES.namespace, $Alias: CAPABILITIES.alias }] },
    };
  for (const [namespace, types] of plan.schemas) {
    const schema: JsonObject = {};
    for (const type of types) schema[simpleName(type.name)] = typeObject(plan, type);
    for (const overloads of plan.functions.get(namespace) ?? [])
      schema[simpleName(overloads[0]!.name)] = overloads.map((overload) => functionObject(overload));
    if (namespace === plan.namespace) {
      schema[plan.containerName] = containerObject(plan);
      const annotations = annotationsObject(plan);
      if (Object.keys(annotations).length > 0) schema.$Annotations = annotations;
    }
    document[namespace] = schema;
  }
  return document as unknown as CsdlJsonDocument;
}

function typeObject(plan: CsdlPlan, type: NamedType): JsonObject {
  switch (type.kind) {
    case 'entity':
    case 'complex':
      return structuredTypeObject(plan, type);
    case 'enum':
      return enumTypeObject(type);
    case 'definition':
      return typeDefinitionObject(type);
  }
  return assertNever(type, 'type kind');
}

function structuredTypeObject(plan: CsdlPlan, type: EntityType | ComplexType): JsonObject {
  const object: JsonObject = { $Kind: type.kind === 'entity' ? 'EntityType' : 'ComplexType' };
  if (type.baseType !== undefined) object.$BaseType = type.baseType.name;
  if (type.abstract) object.$Abstract = true;
  if (type.openType) object.$OpenType = true;
  const key = type.kind === 'entity' ? plan.declaredKeyOf(type) : undefined;
  // A part inside a complex value goes by its alias; one of the type's own properties by its name.
  if (key !== undefined)
    object.$Key = key.map((part) => (part.path.length > 1 ? { [part.alias]: part.path.join('/') } : part.path[0]));
  for (const property of plan.shownProperties(type)) object[property.name] = propertyObject(plan, type, property);
  return object;
}

function propertyObject(plan: CsdlPlan, owner: StructuredType, property: ModelProperty): JsonObject {
  if (property.kind === 'navigation') {
    const object: JsonObject = { $Kind: 'NavigationProperty' };
    if (property.collection) object.$Collection = true;
    object.$Type = property.target.name;
    if (!property.collection && property.nullable) object.$Nullable = true;
    const partner = owner.kind === 'entity' ? plan.partnerOf(property) : undefined;
    if (partner !== undefined) object.$Partner = partner;
    if (property.containsTarget) object.$ContainsTarget = true;
    return object;
  }
  return valueObject(property);
}

/** A function overload (docs/semantics.md §15), its parameters and return type as properties are written. */
function functionObject(overload: ModelFunction): JsonObject {
  const object: JsonObject = { $Kind: 'Function' };
  if (overload.bound) object.$IsBound = true;
  if (overload.composable) object.$IsComposable = true;
  if (overload.parameters.length > 0)
    object.$Parameter = overload.parameters.map((parameter) => ({ $Name: parameter.name, ...valueObject(parameter) }));
  object.$ReturnType = valueObject(overload.returnType);
  return object;
}

/** A typed value (a structural property, a function's parameter or result): its type, nullability and facets. */
function valueObject(value: FunctionValue): JsonObject {
  const object: JsonObject = {};
  if (value.collection) object.$Collection = true;
  const type = typeNameOf(value.type);
  // JSON reads a missing $Type as Edm.String, and a missing $Nullable as false.
  if (type !== 'Edm.String') object.$Type = type;
  if (value.nullable) object.$Nullable = true;
  return Object.assign(object, jsonFacets(value.facets));
}

function enumTypeObject(type: EnumType): JsonObject {
  const object: JsonObject = { $Kind: 'EnumType' };
  if (type.underlyingType !== 'Edm.Int32') object.$UnderlyingType = type.underlyingType;
  if (type.flags) object.$IsFlags = true;
  for (const [member, value] of type.members) {
    // A JSON number holds an integer exactly only up to 2^53; past it, the value would change in the document.
    if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER))
      throw new SchemaDefinitionError(
        type.name,
        '',
        `member '${member}' is ${value}, beyond the integers a JSON number holds exactly; the XML document holds it`,
        'Type',
      );
    object[member] = Number(value);
  }
  return object;
}

function typeDefinitionObject(type: TypeDefinition): JsonObject {
  return { $Kind: 'TypeDefinition', $UnderlyingType: edmName(type.underlyingType), ...jsonFacets(type.facets) };
}

function containerObject(plan: CsdlPlan): JsonObject {
  const container: JsonObject = { $Kind: 'EntityContainer' };
  for (const planned of plan.members) container[planned.member.name] = memberObject(planned);
  return container;
}

function memberObject({ member, bindings }: PlannedMember): JsonObject {
  const object: JsonObject =
    member.kind === 'entitySet'
      ? { $Collection: true, $Type: member.entityType.name }
      : { $Type: member.entityType.name, ...(member.nullable ? { $Nullable: true } : {}) };
  if (bindings.length > 0) object.$NavigationPropertyBinding = Object.fromEntries(bindings);
  return object;
}

/** The restrictions by the entity set they target, as the XML document's Annotations elements hold them. */
function annotationsObject(plan: CsdlPlan): JsonObject {
  const byTarget: JsonObject = {};
  for (const { member, annotations } of plan.members)
    if (annotations.length > 0)
      byTarget[annotationTarget(plan, member.name)] = Object.fromEntries(
        annotations.map((a) => [`@${a.term}`, { [a.property]: [...a.paths] }]),
      );
  return byTarget;
}
