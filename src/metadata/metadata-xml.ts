// metadataXml(): a model as a CSDL XML document (OData CSDL XML 4.01; docs/csdl-writer.md), one
// Schema per namespace, the entity container in the model's. Every value, names included, goes
// through escapeXml(); what the document holds is decided by planCsdl().

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
import { annotationTarget, CAPABILITIES, type CsdlPlan, type PlannedMember, planCsdl } from './csdl-plan.js';
import { edmName, typeNameOf, xmlFacets } from './csdl-types.js';
import { simpleName } from '../model/model.js';
import type { MetadataOptions } from './metadata-options.js';
import { escapeXml } from './xml-escape.js';

const EDMX = 'http://docs.oasis-open.org/odata/ns/edmx';
const EDM = 'http://docs.oasis-open.org/odata/ns/edm';

type Attributes = readonly (readonly [name: string, value: string | undefined])[];

/** The lines of a document being written, indented two spaces a level. */
class XmlLines {
  readonly lines: string[] = ['<?xml version="1.0" encoding="utf-8"?>'];

  empty(depth: number, name: string, attributes: Attributes): void {
    this.lines.push(`${'  '.repeat(depth)}<${name}${attributesOf(attributes)}/>`);
  }

  open(depth: number, name: string, attributes: Attributes): void {
    this.lines.push(`${'  '.repeat(depth)}<${name}${attributesOf(attributes)}>`);
  }

  close(depth: number, name: string): void {
    this.lines.push(`${'  '.repeat(depth)}</${name}>`);
  }

  text(depth: number, name: string, text: string): void {
    this.lines.push(`${'  '.repeat(depth)}<${name}>${escapeXml(text, `<${name}>`)}</${name}>`);
  }
}

function attributesOf(attributes: Attributes): string {
  return attributes
    .filter((a): a is readonly [string, string] => a[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeXml(value, `the ${name} attribute`)}"`)
    .join('');
}

/**
 * The CSDL XML `$metadata` document of a model, as a caller reading under `options.rules` may see
 * it: no property those rules hide is named, and what they forbid is stated as Capabilities
 * annotations of the entity sets.
 */
export function metadataXml(model: Model, options: MetadataOptions = {}): string {
  const plan = planCsdl(model, options);
  const out = new XmlLines();
  out.open(0, 'edmx:Edmx', [
    ['xmlns:edmx', EDMX],
    ['Version', plan.version],
  ]);
  if (plan.restricted) {
    out.open(1, 'edmx:Reference', [['Uri', CAPABILITIES.xml]]);
    out.empty(2, 'edmx:Include', [
      ['Namespace', CAPABILITIES.namespace],
      ['Alias', CAPABILITIES.alias],
    ]);
    out.close(1, 'edmx:Reference');
  }
  out.open(1, 'edmx:DataServices', []);
  for (const [namespace, types] of plan.schemas) {
    out.open(2, 'Schema', [
      ['xmlns', EDM],
      ['Namespace', namespace],
    ]);
    for (const type of types) writeType(out, plan, type);
    for (const overloads of plan.functions.get(namespace) ?? [])
      for (const overload of overloads) writeFunction(out, plan, overload);
    if (namespace === plan.namespace) {
      writeContainer(out, plan);
      writeAnnotations(out, plan);
    }
    out.close(2, 'Schema');
  }
  out.close(1, 'edmx:DataServices');
  out.close(0, 'edmx:Edmx');
  return `${out.lines.join('\n')}\n`;
}

function writeType(out: XmlLines, plan: CsdlPlan, type: NamedType): void {
  switch (type.kind) {
    case 'entity':
    case 'complex':
      return writeStructuredType(out, plan, type);
    case 'enum':
      return writeEnumType(out, type);
    case 'definition':
      return writeTypeDefinition(out, plan, type);
  }
  return assertNever(type, 'type kind');
}

function writeStructuredType(out: XmlLines, plan: CsdlPlan, type: EntityType | ComplexType): void {
  const element = type.kind === 'entity' ? 'EntityType' : 'ComplexType';
  out.open(3, element, [
    ['Name', simpleName(type.name)],
    ['BaseType', type.baseType?.name],
    ['Abstract', type.abstract ? 'true' : undefined],
    ['OpenType', type.openType ? 'true' : undefined],
  ]);
  const key = type.kind === 'entity' ? plan.declaredKeyOf(type) : undefined;
  if (key !== undefined) {
    out.open(4, 'Key', []);
    for (const part of key) {
      // An alias only for a part inside a complex value: CSDL forbids one on the type's own property.
      const path = part.path.join('/');
      out.empty(5, 'PropertyRef', [
        ['Name', path],
        ['Alias', part.path.length > 1 ? part.alias : undefined],
      ]);
    }
    out.close(4, 'Key');
  }
  for (const property of plan.shownProperties(type)) writeProperty(out, plan, type, property);
  out.close(3, element);
}

function writeProperty(out: XmlLines, plan: CsdlPlan, owner: StructuredType, property: ModelProperty): void {
  if (property.kind === 'navigation') {
    const target = property.target.name;
    out.empty(4, 'NavigationProperty', [
      ['Name', property.name],
      ['Type', property.collection ? `Collection(${target})` : target],
      ['Nullable', !property.collection && !property.nullable ? 'false' : undefined],
      // Navigation properties of complex types have no partner in CSDL.
      ['Partner', owner.kind === 'entity' ? plan.partnerOf(property) : undefined],
      ['ContainsTarget', property.containsTarget ? 'true' : undefined],
    ]);
    return;
  }
  out.empty(4, 'Property', [['Name', property.name], ...valueAttributes(plan, property)]);
}

/** A function overload (docs/semantics.md §15): its parameters in order, the binding one first, and its return type. */
function writeFunction(out: XmlLines, plan: CsdlPlan, overload: ModelFunction): void {
  out.open(3, 'Function', [
    ['Name', simpleName(overload.name)],
    ['IsBound', overload.bound ? 'true' : undefined],
    ['IsComposable', overload.composable ? 'true' : undefined],
  ]);
  for (const parameter of overload.parameters)
    out.empty(4, 'Parameter', [['Name', parameter.name], ...valueAttributes(plan, parameter)]);
  out.empty(4, 'ReturnType', valueAttributes(plan, overload.returnType));
  out.close(3, 'Function');
}

/** A typed value's attributes (a property's, a parameter's, a result's): its type, whether it (or an element) may be null, its facets. */
function valueAttributes(plan: CsdlPlan, value: FunctionValue): Attributes {
  const name = typeNameOf(value.type);
  return [
    ['Type', value.collection ? `Collection(${name})` : name],
    // A single value may be null unless it says otherwise; a 4.01 collection always says whether its elements may.
    ['Nullable', value.collection ? String(value.nullable) : value.nullable ? undefined : 'false'],
    ...xmlFacets(value.facets, typeof value.type === 'string' ? value.type : undefined, plan.version),
  ];
}

function writeEnumType(out: XmlLines, type: EnumType): void {
  out.open(3, 'EnumType', [
    ['Name', simpleName(type.name)],
    ['UnderlyingType', type.underlyingType === 'Edm.Int32' ? undefined : type.underlyingType],
    ['IsFlags', type.flags ? 'true' : undefined],
  ]);
  for (const [member, value] of type.members)
    out.empty(4, 'Member', [
      ['Name', member],
      ['Value', String(value)],
    ]);
  out.close(3, 'EnumType');
}

function writeTypeDefinition(out: XmlLines, plan: CsdlPlan, type: TypeDefinition): void {
  out.empty(3, 'TypeDefinition', [
    ['Name', simpleName(type.name)],
    ['UnderlyingType', edmName(type.underlyingType)],
    ...xmlFacets(type.facets, type.underlyingType, plan.version),
  ]);
}

function writeContainer(out: XmlLines, plan: CsdlPlan): void {
  out.open(3, 'EntityContainer', [['Name', plan.containerName]]);
  for (const planned of plan.members) writeMember(out, planned);
  out.close(3, 'EntityContainer');
}

function writeMember(out: XmlLines, { member, bindings }: PlannedMember): void {
  const element = member.kind === 'entitySet' ? 'EntitySet' : 'Singleton';
  const attributes: Attributes =
    member.kind === 'entitySet'
      ? [
          ['Name', member.name],
          ['EntityType', member.entityType.name],
        ]
      : [
          ['Name', member.name],
          ['Type', member.entityType.name],
          ['Nullable', member.nullable ? 'true' : undefined],
        ];
  if (bindings.length === 0) return out.empty(4, element, attributes);
  out.open(4, element, attributes);
  for (const [path, target] of bindings)
    out.empty(5, 'NavigationPropertyBinding', [
      ['Path', path],
      ['Target', target],
    ]);
  out.close(4, element);
}

/** The restrictions, each entity set's in an Annotations element that targets it (what most CSDL readers look for). */
function writeAnnotations(out: XmlLines, plan: CsdlPlan): void {
  for (const { member, annotations } of plan.members) {
    if (annotations.length === 0) continue;
    out.open(3, 'Annotations', [['Target', annotationTarget(plan, member.name)]]);
    for (const annotation of annotations) {
      out.open(4, 'Annotation', [['Term', annotation.term]]);
      out.open(5, 'Record', []);
      out.open(6, 'PropertyValue', [['Property', annotation.property]]);
      out.open(7, 'Collection', []);
      for (const path of annotation.paths) out.text(8, annotation.pathKind, path);
      out.close(7, 'Collection');
      out.close(6, 'PropertyValue');
      out.close(5, 'Record');
      out.close(4, 'Annotation');
    }
    out.close(3, 'Annotations');
  }
}
