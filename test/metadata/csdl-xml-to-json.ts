// A CSDL XML document in CSDL JSON's terms, by the two specifications' rules for what a missing
// attribute or member means: how the tests hold the XML and JSON writers to the same document.
// It reads only what the writers write, and fails on anything else.

import { childrenNamed, parseXml, type XmlTree } from '../../service/test/support/xml-tree.js';

type JsonObject = { [member: string]: unknown };

const TYPE_ELEMENTS = ['EntityType', 'ComplexType', 'EnumType', 'TypeDefinition'];

export function csdlXmlToJson(xml: string): JsonObject {
  const root = parseXml(xml);
  expectName(root, 'edmx:Edmx');
  const document: JsonObject = { $Version: root.attributes.Version };
  const references = childrenNamed(root, 'edmx:Reference');
  if (references.length > 0)
    document.$Reference = Object.fromEntries(
      references.map((reference) => [
        // The vocabulary's JSON document is beside its XML one.
        reference.attributes.Uri!.replace(/\.xml$/, '.json'),
        {
          $Include: childrenNamed(reference, 'edmx:Include').map((include) => ({
            $Namespace: include.attributes.Namespace,
            ...(include.attributes.Alias === undefined ? {} : { $Alias: include.attributes.Alias }),
          })),
        },
      ]),
    );
  const [services] = childrenNamed(root, 'edmx:DataServices');
  for (const schema of childrenNamed(services!, 'Schema')) {
    const namespace = schema.attributes.Namespace!;
    const object: JsonObject = {};
    for (const element of schema.children) {
      const name = element.attributes.Name!;
      if (TYPE_ELEMENTS.includes(element.name)) object[name] = typeObject(element);
      else if (element.name === 'EntityContainer') {
        document.$EntityContainer = `${namespace}.${name}`;
        object[name] = containerObject(element);
      } else if (element.name === 'Annotations') {
        const annotations = (object.$Annotations ??= {}) as JsonObject;
        annotations[element.attributes.Target!] = annotationsObject(element);
      } else throw new Error(`a Schema does not hold <${element.name}> here`);
    }
    document[namespace] = object;
  }
  return document;
}

function expectName(element: XmlTree, name: string): void {
  if (element.name !== name) throw new Error(`expected <${name}>, found <${element.name}>`);
}

function typeObject(element: XmlTree): JsonObject {
  const a = element.attributes;
  switch (element.name) {
    case 'EnumType':
      return {
        $Kind: 'EnumType',
        // A missing UnderlyingType is Edm.Int32 in both representations.
        ...(a.UnderlyingType === undefined || a.UnderlyingType === 'Edm.Int32'
          ? {}
          : { $UnderlyingType: a.UnderlyingType }),
        ...(a.IsFlags === 'true' ? { $IsFlags: true } : {}),
        ...Object.fromEntries(
          childrenNamed(element, 'Member').map((m) => [m.attributes.Name!, Number(m.attributes.Value)]),
        ),
      };
    case 'TypeDefinition':
      return { $Kind: 'TypeDefinition', $UnderlyingType: a.UnderlyingType, ...facets(a, a.UnderlyingType!) };
  }
  const object: JsonObject = { $Kind: element.name };
  if (a.BaseType !== undefined) object.$BaseType = a.BaseType;
  if (a.Abstract === 'true') object.$Abstract = true;
  if (a.OpenType === 'true') object.$OpenType = true;
  for (const child of element.children) {
    const name = child.attributes.Name!;
    if (child.name === 'Key')
      object.$Key = childrenNamed(child, 'PropertyRef').map(({ attributes: r }) =>
        r.Alias === undefined ? r.Name : { [r.Alias]: r.Name },
      );
    else if (child.name === 'Property') object[name] = propertyObject(child.attributes);
    else if (child.name === 'NavigationProperty') object[name] = navigationObject(child.attributes);
    else throw new Error(`a type does not hold <${child.name}> here`);
  }
  return object;
}

/** The element type of a `Type` attribute, and whether it is a collection. */
function typeOf(written: string): { type: string; collection: boolean } {
  const match = /^Collection\((.+)\)$/.exec(written);
  return match === null ? { type: written, collection: false } : { type: match[1]!, collection: true };
}

function propertyObject(a: Readonly<Record<string, string>>): JsonObject {
  const { type, collection } = typeOf(a.Type!);
  // XML: a single value without Nullable may be null; a 4.01 collection always says. JSON: true if it may.
  if (collection && a.Nullable === undefined) throw new Error('a collection states Nullable');
  const nullable = a.Nullable !== 'false';
  return {
    ...(collection ? { $Collection: true } : {}),
    ...(type === 'Edm.String' ? {} : { $Type: type }),
    ...(nullable ? { $Nullable: true } : {}),
    ...facets(a, type),
  };
}

function facets(a: Readonly<Record<string, string>>, type: string): JsonObject {
  const out: JsonObject = {};
  // `max` has no JSON form; JSON's missing $MaxLength means any length, as `max` does.
  if (a.MaxLength !== undefined && a.MaxLength !== 'max') out.$MaxLength = Number(a.MaxLength);
  if (a.Precision !== undefined) out.$Precision = Number(a.Precision);
  // XML's missing Scale is 0; JSON's is `variable`.
  const scale = a.Scale ?? (type === 'Edm.Decimal' ? '0' : undefined);
  if (scale !== undefined && scale !== 'variable') out.$Scale = /^\d+$/.test(scale) ? Number(scale) : scale;
  return out;
}

function navigationObject(a: Readonly<Record<string, string>>): JsonObject {
  const { type, collection } = typeOf(a.Type!);
  return {
    $Kind: 'NavigationProperty',
    ...(collection ? { $Collection: true } : {}),
    $Type: type,
    // XML: a missing Nullable is true; JSON: a missing $Nullable is false.
    ...(!collection && a.Nullable !== 'false' ? { $Nullable: true } : {}),
    ...(a.Partner === undefined ? {} : { $Partner: a.Partner }),
    ...(a.ContainsTarget === 'true' ? { $ContainsTarget: true } : {}),
  };
}

function containerObject(element: XmlTree): JsonObject {
  const object: JsonObject = { $Kind: 'EntityContainer' };
  for (const member of element.children) {
    const a = member.attributes;
    const bindings = childrenNamed(member, 'NavigationPropertyBinding').map((b) => [
      b.attributes.Path,
      b.attributes.Target,
    ]);
    object[a.Name!] = {
      ...(member.name === 'EntitySet'
        ? { $Collection: true, $Type: a.EntityType }
        : { $Type: a.Type, ...(a.Nullable === 'true' ? { $Nullable: true } : {}) }),
      ...(bindings.length > 0 ? { $NavigationPropertyBinding: Object.fromEntries(bindings) } : {}),
    };
  }
  return object;
}

function annotationsObject(element: XmlTree): JsonObject {
  return Object.fromEntries(
    childrenNamed(element, 'Annotation').map((annotation) => {
      const [record] = childrenNamed(annotation, 'Record');
      const values = childrenNamed(record!, 'PropertyValue').map((value) => {
        const [collection] = childrenNamed(value, 'Collection');
        return [value.attributes.Property, collection!.children.map((path) => path.text)];
      });
      return [`@${annotation.attributes.Term}`, Object.fromEntries(values)];
    }),
  );
}
