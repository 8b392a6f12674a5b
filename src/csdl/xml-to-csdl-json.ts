// A CSDL XML document (4.0, 4.01) or an EDMX of OData 2 and 3, read into CSDL JSON's terms by the
// two specifications' rules for what a missing attribute means (docs/metadata.md, "How XML is
// read"): a missing Nullable is true, a Decimal's missing Scale is 0, members of an enumeration
// without values count from 0. What OData 2 and 3 say differently is turned into OData 4's form:
// associations become navigation properties with their partners (associations.ts), `sap:`
// restrictions become Capabilities annotations. Elements in other namespaces (`atom:link`) are
// not CSDL and are passed over.

import { associationsOf, type PendingNavigation } from './associations.js';
import { CsdlError } from './csdl-error.js';
import {
  CAPABILITIES_NAMESPACE,
  type CsdlSource,
  isObjectKey,
  isReservedAlias,
  type JsonObject,
  ownMember,
} from './csdl-json.js';
import type { ImportReport } from './import-report.js';
import { MAX_COMPLEX_PATHS, sapRestrictionsOf, SapRestrictions } from './sap-restrictions.js';
import { childrenNamed, type XmlElement } from './xml-elements.js';
import { annotationsOf } from './xml-annotations.js';

const EDMX_4 = 'http://docs.oasis-open.org/odata/ns/edmx';
const EDMX_LEGACY = 'http://schemas.microsoft.com/ado/2007/06/edmx';
const DATA_SERVICES_METADATA = 'http://schemas.microsoft.com/ado/2007/08/dataservices/metadata';

/** Converts the root element of a CSDL XML document; `report` takes what the conversion adjusts. */
export function xmlToCsdlJson(root: XmlElement, lines: Map<object, number>, report: ImportReport): CsdlSource {
  if (root.name !== 'Edmx' || (root.uri !== EDMX_4 && root.uri !== EDMX_LEGACY))
    throw new CsdlError('not_csdl', `The root element is <${root.name}>, not the edmx:Edmx of a CSDL document`, {
      line: root.line,
      element: root.name,
    });
  const legacy = root.uri === EDMX_LEGACY;
  const conversion = new Conversion(lines, legacy, report);
  const document: JsonObject = { $Version: legacy ? legacyVersion(root, report) : (root.attributes.Version ?? '') };
  const references: JsonObject = {};
  for (const reference of childrenNamed(root, 'Reference')) {
    const uri = reference.attributes.Uri ?? '';
    if (conversion.refused(reference, uri, uri, 'target')) continue;
    const includes = childrenNamed(reference, 'Include').map((include) => ({
      $Namespace: include.attributes.Namespace,
      ...(include.attributes.Alias === undefined ? {} : { $Alias: include.attributes.Alias }),
    }));
    references[uri] = { $Include: includes };
  }
  if (Object.keys(references).length > 0) document.$Reference = references;
  const services = childrenNamed(root, 'DataServices')[0];
  if (services === undefined)
    throw new CsdlError('not_csdl', 'The document has no edmx:DataServices element', {
      line: root.line,
      element: 'Edmx',
    });
  const schemas = childrenNamed(services, 'Schema');
  for (const schema of schemas) conversion.alias(schema);
  for (const schema of schemas) {
    // A namespace may be written in several Schema elements: they are one schema.
    const namespace = schema.attributes.Namespace ?? '';
    if (conversion.refused(schema, namespace, namespace)) continue;
    const known = ownMember(document, namespace);
    document[namespace] = conversion.schema(
      schema,
      document,
      known !== null && typeof known === 'object' ? (known as JsonObject) : undefined,
    );
  }
  conversion.finish(document);
  return { document, lines, representation: 'xml' };
}

/**
 * The OData version of a v2/v3 service: the highest its DataServices element states
 * (`m:MaxDataServiceVersion` when given). OData 1.0's filters are 2.0's.
 */
function legacyVersion(root: XmlElement, report: ImportReport): string {
  const services = childrenNamed(root, 'DataServices')[0];
  const stated = [
    services?.qualified.get(`${DATA_SERVICES_METADATA} DataServiceVersion`),
    services?.qualified.get(`${DATA_SERVICES_METADATA} MaxDataServiceVersion`),
  ].filter((v): v is string => v !== undefined);
  const highest = stated.map((v) => v.trim()).sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))[0] ?? '2.0';
  if (highest.startsWith('1.')) {
    report.add(
      'adjusted',
      'DataServices',
      'DataServiceVersion',
      `OData ${highest} is read as 2.0, whose filters are its own`,
    );
    return '2.0';
  }
  return highest.startsWith('3.') ? '3.0' : '2.0';
}

/** The elements kept under their name in their schema's or container's object. */
const KEPT_BY_NAME = new Set([
  'EntityType',
  'ComplexType',
  'EnumType',
  'TypeDefinition',
  'EntityContainer',
  'Term',
  'EntitySet',
  'Singleton',
  'FunctionImport',
  'ActionImport',
]);

class Conversion {
  private readonly aliases = new Map<string, string>();
  private readonly pending: PendingNavigation[] = [];
  private readonly associationElements: { readonly namespace: string; readonly element: XmlElement }[] = [];
  private readonly associationSets: XmlElement[] = [];
  private readonly sap = new SapRestrictions();
  /** Entity sets of the container, by name, with their element, for what OData 2 states elsewhere. */
  private readonly entitySets = new Map<string, JsonObject>();
  private containerNamespace: string | undefined;

  constructor(
    private readonly lines: Map<object, number>,
    private readonly legacy: boolean,
    private readonly report: ImportReport,
  ) {}

  /** Records a schema's alias, so names written with it can be read before its types are. */
  alias(schema: XmlElement): void {
    const { Namespace: namespace, Alias: alias } = schema.attributes;
    // A reserved alias is noted by importDefinition(), which reads `$Alias` as JSON gives it.
    if (namespace !== undefined && alias !== undefined && !isReservedAlias(alias)) this.aliases.set(alias, namespace);
  }

  /** A qualified name with its alias replaced by the namespace. */
  qualify(name: string): string {
    const dot = name.lastIndexOf('.');
    if (dot < 0) return name;
    const namespace = this.aliases.get(name.slice(0, dot));
    return namespace === undefined ? name : `${namespace}${name.slice(dot)}`;
  }

  private at<T extends object>(object: T, element: XmlElement): T {
    this.lines.set(object, element.line);
    return object;
  }

  /**
   * Whether an element is left out (and noted) for its name: one that cannot be a member of CSDL
   * JSON's objects (a target or URI may hold `$` and `@`), or one given before to a member of the
   * same object, which CSDL forbids and JSON cannot hold twice. The first of two is read.
   */
  refused(
    element: XmlElement,
    name: string,
    path: string,
    kind: 'name' | 'target' = 'name',
    owner?: JsonObject,
  ): boolean {
    const reason = !isObjectKey(name)
      ? `the name '${name}' is not read: JavaScript gives it a meaning of its own`
      : kind === 'name' && (name.startsWith('$') || name.includes('@'))
        ? `the name '${name}' is not read: CSDL JSON would read it as a keyword or an annotation`
        : owner !== undefined && Object.hasOwn(owner, name) && !Array.isArray(owner[name])
          ? `the name '${name}' is given to an element before it, whose definition is read`
          : undefined;
    if (reason === undefined) return false;
    this.report.add('dropped', element.name, path, reason, this.at({}, element));
    return true;
  }

  schema(schema: XmlElement, document: JsonObject, known: JsonObject | undefined): JsonObject {
    const namespace = schema.attributes.Namespace ?? '';
    const object: JsonObject = known ?? this.at({}, schema);
    if (schema.attributes.Alias !== undefined) object.$Alias = schema.attributes.Alias;
    for (const element of schema.children) {
      // Other vocabularies' elements (`atom:link` in SAP's documents) are no part of the model.
      if (element.uri !== schema.uri) continue;
      const name = element.attributes.Name ?? '';
      // An operation's overloads share its name (a type's is noted below); associations are not kept under theirs.
      const unique = KEPT_BY_NAME.has(element.name);
      if (this.refused(element, name, `${namespace}.${name}`, 'name', unique ? object : undefined)) continue;
      if (unique && Array.isArray(ownMember(object, name)))
        this.dropFunctionOfTypeName(`${namespace}.${name}`, element);
      switch (element.name) {
        case 'EntityType':
        case 'ComplexType':
          object[name] = this.structuredType(element, `${namespace}.${name}`);
          break;
        case 'EnumType':
          object[name] = this.enumType(element, `${namespace}.${name}`);
          break;
        case 'TypeDefinition':
          object[name] = this.at(
            { $Kind: 'TypeDefinition', $UnderlyingType: element.attributes.UnderlyingType },
            element,
          );
          writeFacets(object[name] as JsonObject, element, element.attributes.UnderlyingType);
          break;
        case 'EntityContainer':
          if (this.containerNamespace !== undefined && !isDefaultContainer(element)) {
            object[name] = this.at({ $Kind: 'EntityContainer', $Other: true }, element);
            break;
          }
          this.containerNamespace = namespace;
          document.$EntityContainer = `${namespace}.${name}`;
          object[name] = this.container(element, `${namespace}.${name}`);
          break;
        case 'Function': {
          // JSON holds a function's overloads in an array under its name, which XML lets a type share.
          const overloads = ownMember(object, name);
          if (overloads === undefined) object[name] = [this.function(element)];
          else if (Array.isArray(overloads)) overloads.push(this.function(element));
          else this.dropFunctionOfTypeName(`${namespace}.${name}`, element);
          break;
        }
        case 'Action':
          // One note per overload, here: XML lets an operation share its name with a type, JSON does not.
          this.report.add(
            'not_used_yet',
            element.name,
            `${namespace}.${name}`,
            `actions are not read into the model yet (a filter calls none)${element.attributes.IsBound === 'true' ? ' (bound)' : ''}`,
            this.at({}, element),
          );
          break;
        case 'Term':
          object[name] = this.at({ $Kind: 'Term' }, element);
          break;
        case 'Association':
          this.associationElements.push({ namespace, element });
          break;
        case 'Annotations': {
          const all = (object.$Annotations ??= {}) as JsonObject;
          const target = element.attributes.Target ?? '';
          if (this.refused(element, target, target, 'target')) break;
          all[target] = {
            ...(ownMember(all, target) as JsonObject | undefined),
            ...annotationsOf(element, this.lines),
          };
          break;
        }
        default:
          // Schema-level annotations and what a later CSDL version adds say nothing of the model.
          break;
      }
    }
    return object;
  }

  /** The note for a function whose name a type of its schema has: one of the two is dropped. */
  private dropFunctionOfTypeName(qualifiedName: string, element: XmlElement): void {
    this.report.add(
      'dropped',
      'Function',
      qualifiedName,
      'a type of the schema has its name, which CSDL JSON does not let an operation share',
      this.at({}, element),
    );
  }

  private structuredType(element: XmlElement, qualifiedName: string): JsonObject {
    const a = element.attributes;
    const object: JsonObject = this.at({ $Kind: element.name }, element);
    if (a.BaseType !== undefined) object.$BaseType = this.qualify(a.BaseType);
    if (a.Abstract === 'true') object.$Abstract = true;
    if (a.OpenType === 'true') object.$OpenType = true;
    if (a.HasStream === 'true') object.$HasStream = true;
    this.annotate(object, element);
    for (const child of element.children) {
      const name = child.attributes.Name ?? '';
      if (
        (child.name === 'Property' || child.name === 'NavigationProperty') &&
        this.refused(child, name, `${qualifiedName}/${name}`, 'name', object)
      )
        continue;
      if (child.name === 'Key')
        object.$Key = childrenNamed(child, 'PropertyRef').map(({ attributes: r }) =>
          r.Alias === undefined ? (r.Name ?? '') : { [r.Alias]: r.Name ?? '' },
        );
      else if (child.name === 'Property') {
        object[name] = this.property(child);
        if (this.legacy) this.sap.read(qualifiedName, name, child, (type) => this.qualify(type));
      } else if (child.name === 'NavigationProperty') {
        const navigation = this.navigation(child);
        object[name] = navigation;
        if (this.legacy) this.sap.read(qualifiedName, name, child, (type) => this.qualify(type));
        if (child.attributes.Relationship !== undefined)
          this.pending.push({ owner: qualifiedName, name, object: navigation, element: child });
      }
    }
    return object;
  }

  // Written member by member rather than spread: a large document has tens of thousands of these.
  private property(element: XmlElement): JsonObject {
    const { type, collection } = typeOf(element.attributes.Type, (t) => this.qualify(t));
    const object: JsonObject = {};
    if (collection) object.$Collection = true;
    object.$Type = type;
    // XML: a value (a collection's element) without Nullable may be null; JSON says so with true.
    if (element.attributes.Nullable !== 'false') object.$Nullable = true;
    writeFacets(object, element, type);
    this.annotate(object, element);
    return this.at(object, element);
  }

  /** A function overload as CSDL JSON writes one: its parameters and return type read as properties are. */
  private function(element: XmlElement): JsonObject {
    const a = element.attributes;
    const object: JsonObject = { $Kind: 'Function' };
    if (a.IsBound === 'true') object.$IsBound = true;
    if (a.IsComposable === 'true') object.$IsComposable = true;
    const parameters = childrenNamed(element, 'Parameter').map((p) =>
      this.at({ $Name: p.attributes.Name ?? '', ...this.property(p) }, p),
    );
    if (parameters.length > 0) object.$Parameter = parameters;
    const returns = childrenNamed(element, 'ReturnType')[0];
    if (returns !== undefined) object.$ReturnType = this.property(returns);
    return this.at(object, element);
  }

  private navigation(element: XmlElement): JsonObject {
    const a = element.attributes;
    const object: JsonObject = { $Kind: 'NavigationProperty' };
    this.annotate(object, element);
    this.at(object, element);
    // An OData 2/3 navigation names its association; its type and partner come from there.
    if (a.Relationship !== undefined) return object;
    const { type, collection } = typeOf(a.Type, (t) => this.qualify(t));
    if (collection) object.$Collection = true;
    object.$Type = type;
    if (!collection && a.Nullable !== 'false') object.$Nullable = true;
    if (a.Partner !== undefined) object.$Partner = a.Partner;
    if (a.ContainsTarget === 'true') object.$ContainsTarget = true;
    return object;
  }

  /** Adds the annotations inside an element that bear on filtering (most elements have none). */
  private annotate(object: JsonObject, element: XmlElement): void {
    if (element.children.length > 0) Object.assign(object, annotationsOf(element, this.lines));
  }

  private enumType(element: XmlElement, qualifiedName: string): JsonObject {
    const a = element.attributes;
    const object: JsonObject = this.at({ $Kind: 'EnumType' }, element);
    if (a.UnderlyingType !== undefined) object.$UnderlyingType = a.UnderlyingType;
    if (a.IsFlags === 'true') object.$IsFlags = true;
    // Members without a value count from 0 in the order written.
    let next = 0n;
    for (const member of childrenNamed(element, 'Member')) {
      const name = member.attributes.Name ?? '';
      if (this.refused(member, name, `${qualifiedName}/${name}`, 'name', object)) continue;
      const written = member.attributes.Value;
      // A short integer is read as a number; one of 16 digits and more exactly, as a BigInt.
      const trimmed = written?.trim();
      const value =
        trimmed === undefined
          ? next
          : !/^-?\d+$/.test(trimmed)
            ? trimmed
            : trimmed.length < 16
              ? BigInt(Number(trimmed))
              : BigInt(trimmed);
      if (typeof value === 'bigint') next = value + 1n;
      object[name] =
        typeof value === 'bigint' &&
        value >= BigInt(Number.MIN_SAFE_INTEGER) &&
        value <= BigInt(Number.MAX_SAFE_INTEGER)
          ? Number(value)
          : value;
    }
    return object;
  }

  private container(element: XmlElement, qualifiedName: string): JsonObject {
    const object: JsonObject = this.at({ $Kind: 'EntityContainer' }, element);
    for (const member of element.children) {
      const a = member.attributes;
      const name = a.Name ?? '';
      const kept = KEPT_BY_NAME.has(member.name);
      if (this.refused(member, name, `${qualifiedName}/${name}`, 'name', kept ? object : undefined)) continue;
      switch (member.name) {
        case 'EntitySet':
        case 'Singleton': {
          const bindings = Object.fromEntries(
            childrenNamed(member, 'NavigationPropertyBinding').map((b) => [b.attributes.Path, b.attributes.Target]),
          );
          const set: JsonObject = this.at(
            {
              ...(member.name === 'EntitySet'
                ? { $Collection: true, $Type: this.qualify(a.EntityType ?? '') }
                : { $Type: this.qualify(a.Type ?? ''), ...(a.Nullable === 'true' ? { $Nullable: true } : {}) }),
              ...(Object.keys(bindings).length > 0 ? { $NavigationPropertyBinding: bindings } : {}),
              ...annotationsOf(member, this.lines),
            },
            member,
          );
          object[name] = set;
          if (member.name === 'EntitySet') this.entitySets.set(name, set);
          break;
        }
        case 'FunctionImport':
          object[name] = this.at({ $Function: a.Function ?? name }, member);
          break;
        case 'ActionImport':
          object[name] = this.at({ $Action: a.Action ?? name }, member);
          break;
        case 'AssociationSet':
          this.associationSets.push(member);
          break;
        default:
          break;
      }
    }
    return object;
  }

  /** What OData 2 and 3 state apart from the types: navigation through associations, `sap:` restrictions. */
  finish(document: JsonObject): void {
    const report = this.report;
    if (!this.legacy && this.pending.length === 0) return;
    const types = (qualified: string): JsonObject | undefined => {
      const dot = qualified.lastIndexOf('.');
      const schema = ownMember(document, qualified.slice(0, dot)) as JsonObject | undefined;
      const type = schema === undefined ? undefined : ownMember(schema, qualified.slice(dot + 1));
      return type !== null && typeof type === 'object' && !Array.isArray(type) ? (type as JsonObject) : undefined;
    };
    associationsOf({
      associations: this.associationElements,
      associationSets: this.associationSets,
      pending: this.pending,
      entitySets: this.entitySets,
      qualify: (name) => this.qualify(name),
      report,
    });
    for (const [name, set] of this.entitySets) {
      const restrictions = sapRestrictionsOf(this.sap, this.qualify(String(set.$Type)), types);
      if (restrictions.incomplete)
        report.add(
          'not_applied',
          'EntitySet',
          name,
          `the sap: restrictions inside its complex values beyond the first ${MAX_COMPLEX_PATHS} paths are not read`,
          set,
        );
      mergeRestriction(set, 'FilterRestrictions', 'NonFilterableProperties', restrictions.nonFilterable);
      mergeRestriction(set, 'FilterRestrictions', 'RequiredProperties', restrictions.required);
      mergeRestriction(set, 'SortRestrictions', 'NonSortableProperties', restrictions.nonSortable);
    }
  }
}

/** Adds paths to a Capabilities annotation of an entity set, keeping what it already states. */
function mergeRestriction(set: JsonObject, term: string, property: string, paths: readonly string[]): void {
  if (paths.length === 0) return;
  const key = `@${CAPABILITIES_NAMESPACE}.${term}`;
  const record = (set[key] ??= {}) as JsonObject;
  const known = Array.isArray(record[property]) ? (record[property] as unknown[]) : [];
  const stated = new Set(known);
  record[property] = [...known, ...paths.filter((path) => !stated.has(path))];
}

/** Whether an OData 2/3 container is the service's default one (`m:IsDefaultEntityContainer`). */
function isDefaultContainer(element: XmlElement): boolean {
  return element.qualified.get(`${DATA_SERVICES_METADATA} IsDefaultEntityContainer`) === 'true';
}

/** The element type of a `Type` attribute, qualified, and whether it is a collection. */
function typeOf(written: string | undefined, qualify: (name: string) => string): { type: string; collection: boolean } {
  if (written === undefined) return { type: '', collection: false };
  const match = /^Collection\((.+)\)$/.exec(written.trim());
  return match === null
    ? { type: qualify(written.trim()), collection: false }
    : { type: qualify(match[1]!.trim()), collection: true };
}

/** Writes the facets of a Property or TypeDefinition element as JSON members; values as written when they are no numbers. */
function writeFacets(out: JsonObject, element: XmlElement, type: string | undefined): void {
  const a = element.attributes;
  const number = (value: string): number | string => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : value.trim());
  if (a.MaxLength !== undefined)
    out.$MaxLength = a.MaxLength.trim().toLowerCase() === 'max' ? 'max' : number(a.MaxLength);
  if (a.Precision !== undefined) out.$Precision = number(a.Precision);
  // XML's missing Scale is 0; JSON's is `variable`.
  const scale = a.Scale ?? (type === 'Edm.Decimal' ? '0' : undefined);
  if (scale !== undefined) out.$Scale = number(scale);
}
