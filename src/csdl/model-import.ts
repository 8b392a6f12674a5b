// A CSDL JSON document (or an XML one read into its terms) as a model definition for defineModel()
// (docs/metadata.md, "What is read"). Whatever defineModel() would refuse but a service may well
// publish — a property of a type the filter language cannot read, a partner that does not lead
// back, a binding through a type cast — is imported as close as the model allows or left out,
// and either way noted in the report. What leaves no model at all (a key naming no property, a
// base type that does not exist) is a CsdlError naming the element.

import { type EdmType, type IntegerType, isEdmType, isInteger } from '../language/edm.js';
import { isIdentifier, isNamespace } from '../language/identifiers.js';
import { resolveFacets } from '../model/facets.js';
import type {
  BindingsDefinition,
  ComplexTypeDefinition,
  EntitySetDefinition,
  EntityTypeDefinition,
  EnumTypeDefinition,
  FunctionDefinition,
  FunctionValueDefinition,
  ModelDefinition,
  NavigationPropertyDefinition,
  SingletonDefinition,
  StructuralPropertyDefinition,
  TypeDefinitionDefinition,
} from '../model/model-definition.js';
import { isPropertyName } from '../types/schema.js';
import { CsdlError } from './csdl-error.js';
import {
  type CsdlSource,
  isJsonObject,
  isObjectKey,
  isReservedAlias,
  type JsonObject,
  ownMember,
} from './csdl-json.js';
import type { ImportReport } from './import-report.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Facets = { maxLength?: number | 'max'; precision?: number; scale?: number | 'variable' | 'floating' };

/** What the type of a property is held as when the filter language cannot read it. */
export const PLACEHOLDER_TYPE: EdmType = 'Edm.Binary';

/**
 * The most base types a type is read with, above it. Services derive a few levels deep; every
 * type's properties and key are gathered through its base types, so a chain of thousands would
 * cost time with its square (half a minute for 10,000 levels).
 */
export const MAX_BASE_TYPE_DEPTH = 64;

/** OData 2 and 3 names of primitive types that OData 4 names otherwise. */
const LEGACY_NAMES: Readonly<Record<string, EdmType>> = { 'Edm.Time': 'Edm.TimeOfDay' };

interface StructuredEntry {
  readonly kind: 'entity' | 'complex';
  readonly name: string;
  readonly object: JsonObject;
  readonly definition: Mutable<EntityTypeDefinition>;
  /** Declared navigation, kept apart to check partners across the inheritance chain. */
  readonly navigation: Record<string, Mutable<NavigationPropertyDefinition>>;
  readonly properties: Record<string, Exclude<StructuralPropertyDefinition, string>>;
}

/** The container's entity sets and singletons as the document wrote them, for the rules. */
export interface ContainerMember {
  readonly name: string;
  readonly object: JsonObject;
}

export interface ImportedDefinition {
  readonly definition: ModelDefinition;
  /** The container's qualified name (`Ns.Container`). */
  readonly container: string;
  readonly members: readonly ContainerMember[];
  /** Alias and namespace: a qualified name with the namespace in place of an alias. */
  readonly qualify: (name: string) => string;
  /** Each schema's `$Annotations`, by target. */
  readonly annotations: readonly (readonly [target: string, annotations: JsonObject])[];
  /** The 1-based line of an element, by the qualified name of a type or the name of a container member. */
  readonly lineOf: (name: string) => number | undefined;
}

export function importDefinition(source: CsdlSource, report: ImportReport): ImportedDefinition {
  return new Import(source, report).run();
}

class Import {
  private readonly aliases = new Map<string, string>();
  private readonly schemas: [namespace: string, schema: JsonObject][] = [];
  private readonly structured = new Map<string, StructuredEntry>();
  private readonly enums = new Map<string, EnumTypeDefinition>();
  private readonly definitions = new Map<string, TypeDefinitionDefinition | 'unrepresentable'>();
  private readonly objects = new Map<string, object>();
  private readonly operationsToRead: [name: string, overloads: readonly unknown[]][] = [];

  constructor(
    private readonly source: CsdlSource,
    private readonly report: ImportReport,
  ) {}

  run(): ImportedDefinition {
    const document = this.source.document;
    for (const [key, value] of Object.entries(document)) {
      if (key.startsWith('$') || key.startsWith('@') || !isJsonObject(value)) continue;
      this.schemas.push([key, value]);
      if (typeof value.$Alias === 'string') this.alias(value.$Alias, key, value);
    }
    if (isJsonObject(document.$Reference))
      for (const reference of Object.values(document.$Reference))
        for (const include of isJsonObject(reference) && Array.isArray(reference.$Include) ? reference.$Include : [])
          if (isJsonObject(include) && typeof include.$Alias === 'string' && typeof include.$Namespace === 'string')
            this.alias(include.$Alias, include.$Namespace, include);

    const containerName = typeof document.$EntityContainer === 'string' ? this.qualify(document.$EntityContainer) : '';
    let container: JsonObject | undefined;
    for (const [namespace, schema] of this.schemas)
      for (const [name, value] of Object.entries(schema)) {
        if (name.startsWith('$') || name.includes('@')) continue;
        const qualified = `${namespace}.${name}`;
        if (Array.isArray(value)) {
          this.operations(qualified, value);
          continue;
        }
        if (!isJsonObject(value)) continue;
        this.objects.set(qualified, value);
        switch (value.$Kind) {
          case 'EntityType':
          case 'ComplexType':
            this.declareStructured(qualified, value);
            break;
          case 'EnumType':
            this.declareEnum(qualified, value);
            break;
          case 'TypeDefinition':
            this.declareTypeDefinition(qualified, value);
            break;
          case 'EntityContainer':
            if (qualified === containerName) container = value;
            else
              this.report.add(
                'dropped',
                'EntityContainer',
                qualified,
                'a service has one entity container; this one is not its default',
                value,
              );
            break;
          case 'Term':
            break;
          default:
            this.report.add(
              'dropped',
              String(value.$Kind ?? 'element'),
              qualified,
              'no CSDL schema element the model holds',
              value,
            );
        }
      }
    if (container === undefined)
      throw new CsdlError('not_csdl', 'The document has no entity container ($EntityContainer names none)', {
        element: 'EntityContainer',
      });
    for (const entry of this.structured.values()) this.boundBaseTypes(entry);
    for (const entry of this.structured.values()) this.resolveMembers(entry);
    for (const entry of this.structured.values()) this.keyStatedAgain(entry);
    for (const entry of this.structured.values()) this.checkPartners(entry);
    for (const entry of this.structured.values()) this.keyless(entry);
    this.breakValueCycles();
    const dot = containerName.lastIndexOf('.');
    const namespace = containerName.slice(0, dot);
    const { entitySets, singletons, members } = this.container(containerName, container);

    const group = (kind: 'entity' | 'complex') =>
      Object.fromEntries(
        [...this.structured.values()].filter((e) => e.kind === kind).map((e) => [e.name, e.definition]),
      );
    const definition: ModelDefinition = {
      namespace: isNamespace(namespace) ? namespace : 'Default',
      containerName: containerName.slice(dot + 1),
      entityTypes: group('entity') as Record<string, EntityTypeDefinition>,
      complexTypes: group('complex') as Record<string, ComplexTypeDefinition>,
      enumTypes: Object.fromEntries(this.enums),
      typeDefinitions: Object.fromEntries(
        [...this.definitions].filter((e): e is [string, TypeDefinitionDefinition] => e[1] !== 'unrepresentable'),
      ),
      entitySets,
      singletons,
      functions: this.functions(),
    };
    // The aliases of the document's own schemas that hold a type (a filter may write a name with
    // one); a vocabulary's (`Core`, `Capabilities`) names no type a filter could use.
    const typed = new Set(
      [...this.structured.keys(), ...this.enums.keys(), ...this.definitions.keys()].map((name) =>
        name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : definition.namespace,
      ),
    );
    const aliases = [...this.aliases].filter(([alias, of]) => typed.has(of) && !typed.has(alias));
    if (aliases.length > 0) Object.assign(definition, { aliases: Object.fromEntries(aliases) });
    const annotations = this.schemas.flatMap(([, schema]) =>
      isJsonObject(schema.$Annotations)
        ? Object.entries(schema.$Annotations).filter((e): e is [string, JsonObject] => isJsonObject(e[1]))
        : [],
    );
    return {
      definition,
      container: containerName,
      members,
      qualify: (name) => this.qualify(name),
      annotations,
      lineOf: (name) => {
        const object = this.objects.get(name) ?? container[name];
        return object !== null && typeof object === 'object' ? this.source.lines.get(object) : undefined;
      },
    };
  }

  private alias(alias: string, namespace: string, at: object): void {
    if (!isReservedAlias(alias)) {
      this.aliases.set(alias, namespace);
      return;
    }
    this.report.add(
      'dropped',
      'Alias',
      alias,
      `the alias of '${namespace}' is not read: CSDL reserves '${alias}' for its own names`,
      at,
    );
  }

  private qualify(name: string): string {
    const dot = name.lastIndexOf('.');
    if (dot < 0) return name;
    const namespace = this.aliases.get(name.slice(0, dot));
    return namespace === undefined ? name : `${namespace}${name.slice(dot)}`;
  }

  /** A function's overloads, read once the types are declared (functions()); an action's, noted. */
  private operations(qualified: string, overloads: readonly unknown[]): void {
    const first = overloads.find(isJsonObject);
    if (first?.$Kind === 'Function') {
      this.operationsToRead.push([qualified, overloads]);
      return;
    }
    const bound = overloads.filter((o) => isJsonObject(o) && o.$IsBound === true).length;
    this.report.add(
      'not_used_yet',
      'Action',
      qualified,
      `actions are not read into the model yet, as a filter calls none (${overloads.length} overload${overloads.length === 1 ? '' : 's'}, ${bound} bound)`,
      first,
    );
  }

  /**
   * The functions (docs/semantics.md §15): each overload whose name, parameters and types the
   * model can hold; any other is noted and left out, as is an overload a call could not tell from
   * one read before it.
   */
  private functions(): Record<string, FunctionDefinition[]> {
    const out: Record<string, FunctionDefinition[]> = {};
    for (const [name, overloads] of this.operationsToRead) {
      if (!this.nameable(name, overloads[0] as JsonObject, 'Function')) continue;
      const seen = new Set<string>();
      for (const overload of overloads.filter(isJsonObject)) {
        const note = (why: string) => this.report.add('dropped', 'Function', name, why, overload);
        const written = Array.isArray(overload.$Parameter) ? overload.$Parameter.filter(isJsonObject) : [];
        const parameters: Record<string, FunctionValueDefinition> = {};
        let problem: string | undefined;
        for (const parameter of written) {
          const parameterName = String(parameter.$Name ?? '');
          if (!isIdentifier(parameterName) || !isObjectKey(parameterName) || Object.hasOwn(parameters, parameterName)) {
            problem = `the parameter name '${parameterName}' is no identifier, or is given twice`;
            break;
          }
          const value = this.functionValue(parameter);
          if (typeof value === 'string') {
            problem = `the parameter '${parameterName}' ${value}`;
            break;
          }
          parameters[parameterName] = value;
        }
        const bound = overload.$IsBound === true;
        const returns = isJsonObject(overload.$ReturnType) ? this.functionValue(overload.$ReturnType) : 'is missing';
        if (problem === undefined && typeof returns === 'string') problem = `the return type ${returns}`;
        if (problem === undefined && bound && written.length === 0) problem = 'a bound function without parameters';
        const names = Object.keys(parameters)
          .slice(bound ? 1 : 0)
          .sort();
        const binding = bound ? JSON.stringify(Object.values(parameters)[0]) : '';
        const key = `${binding}(${names.join(',')})`;
        if (problem === undefined && seen.has(key))
          problem =
            'an overload read before it has the same binding and parameter names, so no call could tell them apart';
        if (problem !== undefined) {
          note(`the overload is not read: ${problem}`);
          continue;
        }
        seen.add(key);
        (out[name] ??= []).push({
          ...(bound ? { bound } : {}),
          ...(overload.$IsComposable === true ? { composable: true } : {}),
          parameters,
          returnType: returns as FunctionValueDefinition,
        });
      }
    }
    return out;
  }

  /** A parameter or return type the model can hold, or why not. */
  private functionValue(value: JsonObject): FunctionValueDefinition | string {
    const written = this.qualify(typeof value.$Type === 'string' ? value.$Type : 'Edm.String');
    const shape = { ...(value.$Collection === true ? { collection: true } : {}), nullable: value.$Nullable === true };
    if (written.startsWith('Edm.')) {
      const type = this.primitive(written);
      if (type === undefined) return `is of ${written}, a type the filter language cannot read`;
      return { type, ...shape, ...this.facets(value, type, written, undefined) };
    }
    const definition = this.definitions.get(written);
    if (definition === 'unrepresentable')
      return `is of '${written}', which stands for values the filter language cannot read`;
    if (definition !== undefined || this.enums.has(written) || this.structured.has(written))
      return { type: written, ...shape };
    return `is of '${written}', no type of the document`;
  }

  private declareStructured(name: string, object: JsonObject): void {
    if (!this.nameable(name, object, object.$Kind as string)) return;
    const kind = object.$Kind === 'EntityType' ? 'entity' : 'complex';
    const definition: Mutable<EntityTypeDefinition> = {};
    if (typeof object.$BaseType === 'string') definition.baseType = this.qualify(object.$BaseType);
    if (object.$Abstract === true) definition.abstract = true;
    if (object.$OpenType === true) definition.openType = true;
    this.structured.set(name, { kind, name, object, definition, navigation: {}, properties: {} });
  }

  /** Whether a type's name is one the model can hold (ASCII identifiers); if not, noted. */
  private nameable(name: string, object: JsonObject, element: string): boolean {
    const simple = name.slice(name.lastIndexOf('.') + 1);
    if (isIdentifier(simple) && isNamespace(name) && !name.startsWith('Edm.')) return true;
    this.report.add('dropped', element, name, 'the name is no identifier the filter language can write', object);
    return false;
  }

  private declareEnum(name: string, object: JsonObject): void {
    if (!this.nameable(name, object, 'EnumType')) return;
    const members: Record<string, number | bigint> = {};
    for (const [member, value] of Object.entries(object)) {
      if (member.startsWith('$') || member.includes('@')) continue;
      if (!isIdentifier(member) || !isObjectKey(member)) {
        this.report.add(
          'dropped',
          'Member',
          `${name}/${member}`,
          'the name is no identifier the filter language can write',
          object,
        );
        continue;
      }
      if (typeof value !== 'number' && typeof value !== 'bigint')
        throw this.invalid(`the member '${member}' has no integer value`, name, object);
      members[member] = value;
    }
    if (Object.keys(members).length === 0) {
      // The model has no enumeration without members; a property of one is read as unrepresentable.
      this.report.add(
        'dropped',
        'EnumType',
        name,
        'an enumeration without members, which the model cannot hold',
        object,
      );
      this.definitions.set(name, 'unrepresentable');
      return;
    }
    const underlying = object.$UnderlyingType ?? 'Edm.Int32';
    if (typeof underlying !== 'string' || !isEdmType(underlying) || !isInteger(underlying))
      throw this.invalid(`the underlying type '${String(underlying)}' is no integer type`, name, object);
    this.enums.set(name, {
      members,
      ...(object.$IsFlags === true ? { flags: true } : {}),
      ...(underlying === 'Edm.Int32' ? {} : { underlyingType: underlying as IntegerType }),
    });
  }

  private declareTypeDefinition(name: string, object: JsonObject): void {
    if (!this.nameable(name, object, 'TypeDefinition')) return;
    const underlying = this.primitive(String(object.$UnderlyingType ?? ''));
    if (underlying === undefined) {
      this.definitions.set(name, 'unrepresentable');
      return;
    }
    this.definitions.set(name, { underlyingType: underlying, ...this.facets(object, underlying, name, undefined) });
  }

  /** An Edm type the filter language reads, under its OData 4 name; undefined for any other. */
  private primitive(name: string): EdmType | undefined {
    const mapped =
      this.source.document.$Version === '4.0' || this.source.document.$Version === '4.01'
        ? name
        : (LEGACY_NAMES[name] ?? name);
    return isEdmType(mapped) ? mapped : undefined;
  }

  /** The facets of a property or type definition the model takes; any other is noted and left out. */
  private facets(object: JsonObject, type: EdmType, path: string, fixed: Facets | undefined): Facets {
    const written: Facets = {};
    if (object.$MaxLength !== undefined) written.maxLength = object.$MaxLength as Facets['maxLength'];
    if (object.$Precision !== undefined) written.precision = object.$Precision as number;
    // A Decimal's missing $Scale is `variable`, which is what the model's "not stated" reads as.
    if (object.$Scale !== undefined && object.$Scale !== 'variable') written.scale = object.$Scale as Facets['scale'];
    const kept: Facets = {};
    for (const facet of ['maxLength', 'precision', 'scale'] as const) {
      if (written[facet] === undefined) continue;
      if (fixed?.[facet] !== undefined) {
        this.report.add(
          'adjusted',
          'Property',
          path,
          `\`${facet}\` is the type definition's own; the property's is not read`,
          object,
        );
        continue;
      }
      const attempt = { ...kept, [facet]: written[facet] };
      try {
        resolveFacets(attempt, type, (problem) => {
          throw new Error(problem);
        });
        Object.assign(kept, { [facet]: written[facet] });
      } catch (error) {
        this.report.add('dropped', 'Property', path, `the facet is not read: ${(error as Error).message}`, object);
      }
    }
    return kept;
  }

  private resolveMembers(entry: StructuredEntry): void {
    const { object, name: typeName } = entry;
    for (const [name, value] of Object.entries(object)) {
      if (name.startsWith('$') || name.includes('@') || !isJsonObject(value)) continue;
      const path = `${typeName}/${name}`;
      const element = value.$Kind === 'NavigationProperty' ? 'NavigationProperty' : 'Property';
      if (!isPropertyName(name) || !isObjectKey(name)) {
        this.report.add(
          'dropped',
          element,
          path,
          isIdentifier(name) && isObjectKey(name)
            ? `'${name}' is a reserved word of the filter language, so no filter could name it`
            : 'the name is no identifier the filter language can write',
          value,
        );
        continue;
      }
      if (element === 'NavigationProperty') this.navigation(entry, name, value, path);
      else entry.properties[name] = this.property(value, path);
    }
    if (Object.keys(entry.properties).length > 0) entry.definition.properties = entry.properties;
    if (Object.keys(entry.navigation).length > 0) entry.definition.navigation = entry.navigation;
    if (entry.kind === 'entity' && Array.isArray(object.$Key)) this.key(entry, object.$Key);
  }

  private property(value: JsonObject, path: string): Exclude<StructuralPropertyDefinition, string> {
    const written = this.qualify(typeof value.$Type === 'string' ? value.$Type : 'Edm.String');
    const collection = value.$Collection === true;
    const nullable = value.$Nullable === true;
    const shape = { ...(collection ? { collection: true } : {}), nullable };
    const unrepresentable = (why: string) => {
      this.report.add(
        'unrepresentable',
        'Property',
        path,
        `${why}: imported as not filterable nor sortable, held as ${PLACEHOLDER_TYPE}`,
        value,
      );
      return { type: PLACEHOLDER_TYPE, ...shape, filterable: false };
    };
    if (written.startsWith('Edm.')) {
      const type = this.primitive(written);
      if (type === undefined) return unrepresentable(`${written} is a type the filter language cannot read`);
      return { type, ...shape, ...this.facets(value, type, path, undefined) };
    }
    const definition = this.definitions.get(written);
    if (definition === 'unrepresentable')
      return unrepresentable(`'${written}' stands for values the filter language cannot read`);
    if (definition !== undefined)
      return { type: written, ...shape, ...this.facets(value, definition.underlyingType, path, definition) };
    if (this.enums.has(written) || this.structured.get(written)?.kind === 'complex') return { type: written, ...shape };
    if (this.structured.has(written))
      return unrepresentable(`'${written}' is an entity type, which a property cannot hold`);
    return unrepresentable(`'${written}' is no type of the document`);
  }

  private navigation(entry: StructuredEntry, name: string, value: JsonObject, path: string): void {
    if (typeof value.$Unresolved === 'string') {
      this.report.add('dropped', 'NavigationProperty', path, value.$Unresolved, value);
      return;
    }
    const target = this.qualify(typeof value.$Type === 'string' ? value.$Type : '');
    if (this.structured.get(target)?.kind !== 'entity') {
      this.report.add(
        'dropped',
        'NavigationProperty',
        path,
        `its type '${target}' is no entity type of the document`,
        value,
      );
      return;
    }
    const collection = value.$Collection === true;
    entry.navigation[name] = {
      type: target,
      ...(collection ? { collection: true } : { nullable: value.$Nullable === true }),
      ...(typeof value.$Partner === 'string' ? { partner: value.$Partner } : {}),
      ...(value.$ContainsTarget === true ? { containsTarget: true } : {}),
    };
  }

  private key(entry: StructuredEntry, written: readonly unknown[]): void {
    const paths: string[] = [];
    for (const part of written) {
      let path: string | undefined;
      if (typeof part === 'string') path = part;
      else if (isJsonObject(part)) {
        const [alias, value] = Object.entries(part)[0] ?? [];
        if (typeof value === 'string') {
          path = value;
          if (alias !== value.slice(value.lastIndexOf('/') + 1))
            this.report.add(
              'adjusted',
              'PropertyRef',
              `${entry.name}/${value}`,
              `the key part goes by '${value.slice(value.lastIndexOf('/') + 1)}', not its alias '${alias}'`,
              entry.object,
            );
        }
      }
      if (path === undefined) throw this.invalid('a key part is no property path', entry.name, entry.object);
      paths.push(path);
    }
    entry.definition.key = paths;
    // A key property is never null, whatever the document forgets to say.
    for (const path of paths) {
      const segments = path.split('/');
      let properties: Record<string, Exclude<StructuralPropertyDefinition, string>> | undefined =
        this.allProperties(entry);
      for (const [i, segment] of segments.entries()) {
        const property: Exclude<StructuralPropertyDefinition, string> | undefined =
          properties === undefined ? undefined : ownMember(properties, segment);
        if (property === undefined)
          throw this.invalid(`the key names '${path}', which is no property of the type`, entry.name, entry.object);
        if (i < segments.length - 1) properties = this.structured.get(property.type)?.properties;
        else if (property.nullable !== false) {
          (property as { nullable?: boolean }).nullable = false;
          this.report.add(
            'adjusted',
            'Property',
            `${entry.name}/${path}`,
            'a key property is never null; the document does not say Nullable="false"',
            this.writtenAt(entry, path),
          );
        }
      }
    }
  }

  /** The object a type (or one of its base types) declares a member with, for the report's line. */
  private writtenAt(entry: StructuredEntry, name: string): object {
    const written = this.chain(entry).find((e) => isJsonObject(e.object[name]))?.object[name];
    return isJsonObject(written) ? written : entry.object;
  }

  /**
   * A complex type may hold itself (a tree of values, through a collection) in CSDL; the model
   * cannot hold a value without end, so each property that closes a cycle of complex values is
   * read as unrepresentable. One depth-first walk over every complex type finds them: a property
   * that leads back to a type the walk is inside closes a cycle.
   */
  private breakValueCycles(): void {
    const done = new Set<StructuredEntry>();
    const open: StructuredEntry[] = [];
    const walk = (at: StructuredEntry): void => {
      open.push(at);
      for (const owner of this.chain(at))
        for (const [name, property] of Object.entries(owner.properties)) {
          const inner = this.structured.get(property.type);
          if (inner?.kind !== 'complex' || done.has(inner)) continue;
          if (!open.includes(inner)) {
            walk(inner);
            continue;
          }
          owner.properties[name] = {
            type: PLACEHOLDER_TYPE,
            ...(property.collection ? { collection: true } : {}),
            nullable: property.nullable !== false,
            filterable: false,
          };
          const cycle = [...open.slice(open.indexOf(inner)).map((e) => e.name), inner.name].join(' → ');
          this.report.add(
            'unrepresentable',
            'Property',
            `${owner.name}/${name}`,
            `it holds a '${inner.name}' inside one (${cycle}), a value the model cannot hold: imported as not filterable nor sortable, held as ${PLACEHOLDER_TYPE}`,
            owner.object[name] as object,
          );
        }
      open.pop();
      done.add(at);
    };
    for (const entry of this.structured.values()) if (entry.kind === 'complex' && !done.has(entry)) walk(entry);
  }

  /**
   * CSDL forbids a derived entity type to state a key: its base type's is its own. A service that
   * states it again is read with the base type's key, noted, rather than refused as a whole.
   */
  private keyStatedAgain(entry: StructuredEntry): void {
    if (entry.kind !== 'entity' || entry.definition.key === undefined) return;
    const base = this.chain(entry)
      .slice(1)
      .find((e) => e.definition.key !== undefined);
    if (base === undefined) return;
    const same = JSON.stringify(entry.definition.key) === JSON.stringify(base.definition.key);
    delete entry.definition.key;
    this.report.add(
      'adjusted',
      'Key',
      entry.name,
      `CSDL lets a derived type state no key: it is read with the key of its base type '${base.name}'${same ? '' : ', which names other properties'}`,
      entry.object,
    );
  }

  /**
   * CSDL 4.01 lets an entity type that only singletons and single-valued containment hold go
   * without a key; the model holds a keyless entity type only as abstract, and so reads it.
   */
  private keyless(entry: StructuredEntry): void {
    if (entry.kind !== 'entity' || entry.definition.abstract === true) return;
    if (this.chain(entry).some((e) => e.definition.key !== undefined)) return;
    entry.definition.abstract = true;
    this.report.add(
      'adjusted',
      'EntityType',
      entry.name,
      'an entity type without a key, which the model holds as abstract',
      entry.object,
    );
  }

  /**
   * Refuses a type with more than MAX_BASE_TYPE_DEPTH base types above it. A cycle of base types
   * ends the walk: defineModel() names it.
   */
  private boundBaseTypes(entry: StructuredEntry): void {
    const seen = new Set<StructuredEntry>();
    let at: StructuredEntry | undefined = entry;
    while (at !== undefined && !seen.has(at)) {
      if (seen.size > MAX_BASE_TYPE_DEPTH)
        throw new CsdlError(
          'too_deep',
          `${entry.name}: the type has more than ${MAX_BASE_TYPE_DEPTH} base types above it, more than the package reads`,
          { element: entry.name, line: this.source.lines.get(entry.object) },
        );
      seen.add(at);
      at = at.definition.baseType === undefined ? undefined : this.structured.get(at.definition.baseType);
    }
  }

  /** The entries of a type and its base types, most derived first (a cycle of bases ends it; boundBaseTypes() bounds it). */
  private chain(entry: StructuredEntry): StructuredEntry[] {
    const chain: StructuredEntry[] = [];
    let at: StructuredEntry | undefined = entry;
    while (at !== undefined && !chain.includes(at)) {
      chain.push(at);
      at = at.definition.baseType === undefined ? undefined : this.structured.get(at.definition.baseType);
    }
    return chain;
  }

  // Without a prototype, so a name read from the document finds only the type's members.
  private allProperties(entry: StructuredEntry): Record<string, Exclude<StructuralPropertyDefinition, string>> {
    return Object.assign(
      Object.create(null),
      ...this.chain(entry)
        .reverse()
        .map((e) => e.properties),
    );
  }

  private allNavigation(entry: StructuredEntry): Record<string, Mutable<NavigationPropertyDefinition>> {
    return Object.assign(
      Object.create(null),
      ...this.chain(entry)
        .reverse()
        .map((e) => e.navigation),
    );
  }

  private related(a: string, b: string): boolean {
    const derives = (from: string, to: string) => this.chain(this.structured.get(from)!).some((e) => e.name === to);
    return derives(a, b) || derives(b, a);
  }

  /** A partner that does not lead back (as defineModel() requires it) is left out, and noted. */
  private checkPartners(entry: StructuredEntry): void {
    for (const [name, navigation] of Object.entries(entry.navigation)) {
      if (navigation.partner === undefined) continue;
      const target = this.structured.get(navigation.type)!;
      const back = this.allNavigation(target)[navigation.partner];
      const problem =
        entry.kind === 'complex'
          ? 'a navigation property of a complex type has no partner the model holds'
          : back === undefined
            ? `'${navigation.type}' has no navigation property '${navigation.partner}'`
            : !this.related(entry.name, back.type)
              ? `'${navigation.partner}' leads to '${back.type}', not back to '${entry.name}'`
              : back.partner !== undefined && back.partner !== name
                ? `'${navigation.partner}' names '${back.partner}' as its partner`
                : undefined;
      if (problem === undefined) continue;
      delete navigation.partner;
      this.report.add(
        'dropped',
        'Partner',
        `${entry.name}/${name}`,
        `the partner is not read: ${problem}`,
        entry.object[name] as object,
      );
    }
  }

  private container(
    qualified: string,
    container: JsonObject,
  ): {
    entitySets: Record<string, EntitySetDefinition>;
    singletons: Record<string, SingletonDefinition>;
    members: ContainerMember[];
  } {
    const entitySets: Record<string, EntitySetDefinition> = {};
    const singletons: Record<string, SingletonDefinition> = {};
    const members: ContainerMember[] = [];
    const bindings: [name: string, object: JsonObject, entry: StructuredEntry, out: BindingsDefinition][] = [];
    for (const [name, value] of Object.entries(container)) {
      if (name.startsWith('$') || name.includes('@') || !isJsonObject(value)) continue;
      const path = `${qualified}/${name}`;
      if (value.$Function !== undefined || value.$Action !== undefined) {
        const kind = value.$Function !== undefined ? 'FunctionImport' : 'ActionImport';
        this.report.add(
          'not_used_yet',
          kind,
          path,
          'function and action imports are not read into the model yet',
          value,
        );
        continue;
      }
      const set = value.$Collection === true;
      const element = set ? 'EntitySet' : 'Singleton';
      const type = this.qualify(typeof value.$Type === 'string' ? value.$Type : '');
      const entry = this.structured.get(type);
      if (!isIdentifier(name) || !isObjectKey(name) || entry?.kind !== 'entity') {
        this.report.add(
          'dropped',
          element,
          path,
          !isIdentifier(name) || !isObjectKey(name)
            ? 'the name is no identifier'
            : `its type '${type}' is no entity type of the document`,
          value,
        );
        continue;
      }
      if (set && !this.chain(entry).some((e) => e.definition.key !== undefined)) {
        this.report.add(
          'dropped',
          element,
          path,
          `its type '${type}' has no key, which an entity set's type needs`,
          value,
        );
        continue;
      }
      const out: Mutable<BindingsDefinition> = {};
      bindings.push([name, value, entry, out]);
      if (set) entitySets[name] = { type, bindings: out };
      else singletons[name] = { type, ...(value.$Nullable === true ? { nullable: true } : {}), bindings: out };
      members.push({ name, object: value });
    }
    const types = new Map<string, string>([
      ...Object.entries(entitySets).map(([n, s]) => [n, s.type] as const),
      ...Object.entries(singletons).map(([n, s]) => [n, s.type] as const),
    ]);
    for (const [name, object, entry, out] of bindings)
      if (isJsonObject(object.$NavigationPropertyBinding))
        for (const [path, target] of Object.entries(object.$NavigationPropertyBinding))
          this.binding(
            `${qualified}/${name}`,
            object,
            entry,
            path,
            String(target),
            qualified,
            types,
            out as Mutable<BindingsDefinition>,
          );
    return { entitySets, singletons, members };
  }

  private binding(
    member: string,
    object: JsonObject,
    entry: StructuredEntry,
    path: string,
    written: string,
    container: string,
    types: ReadonlyMap<string, string>,
    out: Mutable<BindingsDefinition>,
  ): void {
    const note = (kind: 'dropped' | 'not_used_yet', reason: string) =>
      this.report.add(kind, 'NavigationPropertyBinding', `${member}/${path}`, reason, object);
    const segments = path.split('/');
    if (segments.some((segment) => segment.includes('.')))
      return note('not_used_yet', 'a binding path through a type-cast segment waits for derived types in filters');
    let at: StructuredEntry | undefined = entry;
    let navigation: NavigationPropertyDefinition | undefined;
    for (const [i, segment] of segments.entries()) {
      if (at === undefined) break;
      if (i === segments.length - 1) navigation = this.allNavigation(at)[segment];
      else at = this.structured.get(this.allProperties(at)[segment]?.type ?? '');
    }
    if (navigation === undefined) return note('dropped', `'${path}' is no navigation property path of '${entry.name}'`);
    if (navigation.containsTarget === true) return note('dropped', 'a containment navigation property is not bound');
    const target = written.startsWith(`${container}/`)
      ? written.slice(container.length + 1)
      : written.startsWith(`${container.slice(container.lastIndexOf('.') + 1)}/`)
        ? written.slice(container.lastIndexOf('.') + 1 + container.slice(container.lastIndexOf('.') + 1).length + 1)
        : written;
    if (target.includes('/')) return note('not_used_yet', `the target '${written}' is a path into a containment`);
    const targetType = types.get(target);
    if (targetType === undefined)
      return note('dropped', `the target '${written}' is no entity set or singleton of the container`);
    if (!this.chain(this.structured.get(targetType)!).some((e) => e.name === navigation.type))
      return note('dropped', `'${target}' holds '${targetType}', not the '${navigation.type}' the navigation leads to`);
    out[path] = target;
  }

  private invalid(problem: string, name: string, object: object): CsdlError {
    return new CsdlError('invalid_model', `${name}: ${problem}`, {
      element: name,
      line: this.source.lines.get(object),
    });
  }
}
