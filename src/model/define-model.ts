// defineModel(): validates a model definition once, up front, and resolves it (docs/schemas.md).
// Types are made as empty shells first and filled after, so a type may refer to any other and to
// itself; what cannot be — a value that holds itself, a base type that derives from itself — is
// refused with a SchemaDefinitionError naming the type and the path.

import { type EdmType, EDM_TYPES, isEdmType } from '../language/edm.js';
import { isIdentifier, isNamespace } from '../language/identifiers.js';
import { suggestName } from '../language/suggest-name.js';
import { resolveEnumType } from '../types/enum-type.js';
import { SchemaDefinitionError, isPropertyName } from '../types/schema.js';
import { resolveDiscriminator } from './discriminator.js';
import { resolveFacets } from './facets.js';
import { resolveFunctions } from './model-functions.js';
import type { ModelDefinition } from './model-definition.js';
import {
  type ComplexType,
  type EntitySet,
  type EntityType,
  type Facets,
  type KeyProperty,
  type Model,
  type ModelProperty,
  type NamedType,
  type NavigationProperty,
  type Singleton,
  type StructuralProperty,
  type StructuredType,
  type TypeDefinition,
  derivesFrom,
  isStructuredType,
  simpleName,
} from './model.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Shell = Mutable<EntityType> | Mutable<ComplexType>;
type Spec = Record<string, unknown>;

/** A failure at a type (or entity set) and a path under it. */
type Fail = (problem: string, path?: string) => never;

const GROUPS = ['entityTypes', 'complexTypes', 'enumTypes', 'typeDefinitions'] as const;
const GROUP_KIND = {
  entityTypes: 'entity type',
  complexTypes: 'complex type',
  enumTypes: 'enumeration type',
  typeDefinitions: 'type definition',
} as const;

/**
 * Validates a model definition and resolves it into a {@link Model}. Throws a
 * SchemaDefinitionError naming the type (or entity set) and the property path that is wrong.
 */
export function defineModel(definition: ModelDefinition): Model {
  const modelFail = (problem: string): never => {
    throw new SchemaDefinitionError(
      String((definition as { namespace?: unknown })?.namespace ?? '?'),
      '',
      problem,
      'Model',
    );
  };
  if (definition === null || typeof definition !== 'object' || Array.isArray(definition))
    modelFail('a model definition is an object with a namespace and its types');
  const namespace: unknown = definition.namespace;
  if (typeof namespace !== 'string' || !isNamespace(namespace) || /^(Edm|odata|System|Transient)(\.|$)/.test(namespace))
    modelFail(
      "`namespace` is a name such as 'Events' or 'Org.Events' (identifiers joined by dots), outside Edm, odata, System and Transient",
    );
  const containerName = definition.containerName ?? 'Container';
  if (typeof containerName !== 'string' || !isIdentifier(containerName)) modelFail('`containerName` is an identifier');
  const known = new Set([
    'namespace',
    'containerName',
    ...GROUPS,
    'entitySets',
    'singletons',
    'discriminator',
    'functions',
    'aliases',
  ]);
  for (const key of Object.keys(definition))
    if (!known.has(key)) modelFail(`'${key}' is not part of a model definition; it has ${[...known].join(', ')}`);
  return new ModelResolution(namespace as string, containerName as string, definition).model();
}

class ModelResolution {
  private readonly types = new Map<string, NamedType>();
  private readonly specs = new Map<string, Spec>();
  private readonly structured: Shell[] = [];
  /** The types whose `properties` are complete. */
  private readonly inherited = new Set<Shell>();

  constructor(
    private readonly namespace: string,
    private readonly containerName: string,
    private readonly definition: ModelDefinition,
  ) {}

  model(): Model {
    this.declareTypes();
    for (const type of this.structured) this.resolveBaseType(type, []);
    for (const type of this.structured) this.resolveDeclaredProperties(type);
    for (const type of this.structured) this.inheritProperties(type);
    // A base's key may be resolved already, for a derived type declared before it: resolved once,
    // it stays the one list its derived types share.
    for (const type of this.structured) if (type.kind === 'entity' && type.key === undefined) this.resolveKey(type);
    this.refuseValueCycles();
    for (const type of this.structured) this.checkPartners(type);
    const { entitySets, singletons } = this.resolveContainer();
    const discriminator = resolveDiscriminator(
      this.definition.discriminator,
      this.structured,
      (written) => {
        const fail = this.failAt(this.namespace, 'Model');
        const type = this.lookUp(written, fail, '', 'the discriminator value of a type');
        return isStructuredType(type) ? type : fail(`'${written}' is no entity or complex type`);
      },
      this.failAt(this.namespace, 'Model'),
    );
    return {
      namespace: this.namespace,
      containerName: this.containerName,
      types: this.types,
      entitySets,
      singletons,
      discriminator,
      functions: resolveFunctions(this.definition.functions, {
        qualified: (name) => this.qualified(name),
        lookUp: (written, fail, path, what) => this.lookUp(written, fail, path, what),
      }),
      aliases: this.resolveAliases(),
    };
  }

  /**
   * The aliases of namespaces (CSDL's `Alias`): each an identifier that is no namespace of the
   * model's, for a namespace some type or function of the model is in.
   */
  private resolveAliases(): ReadonlyMap<string, string> {
    const given: unknown = this.definition.aliases;
    const aliases = new Map<string, string>();
    if (given === undefined) return aliases;
    const fail = this.failAt(this.namespace, 'Model');
    if (given === null || typeof given !== 'object' || Array.isArray(given))
      fail('`aliases` is an object of namespaces by alias');
    const namespaces = new Set(
      [...this.types.keys(), ...(this.definition.functions === undefined ? [] : [this.namespace])].map((name) =>
        name.slice(0, name.lastIndexOf('.')),
      ),
    );
    namespaces.add(this.namespace);
    for (const [alias, namespace] of Object.entries(given as Record<string, unknown>)) {
      if (!isIdentifier(alias) || namespaces.has(alias))
        fail(`the alias '${alias}' is an identifier that is no namespace of the model`, 'aliases');
      if (typeof namespace !== 'string' || !namespaces.has(namespace))
        fail(`the alias '${alias}' stands for a namespace of the model's types, not ${String(namespace)}`, 'aliases');
      aliases.set(alias, namespace as string);
    }
    return aliases;
  }

  private qualified(name: string): string {
    return name.includes('.') ? name : `${this.namespace}.${name}`;
  }

  private failAt(typeName: string, subject = 'Type'): Fail {
    return (problem, path = '') => {
      throw new SchemaDefinitionError(typeName, path, problem, subject);
    };
  }

  /** Makes every named type: enumerations and type definitions whole, structured types as shells to fill. */
  private declareTypes(): void {
    for (const group of GROUPS) {
      const entries = this.definition[group];
      if (entries === undefined) continue;
      if (entries === null || typeof entries !== 'object' || Array.isArray(entries))
        this.failAt(this.namespace, 'Model')(`\`${group}\` is an object of ${GROUP_KIND[group]}s by name`);
      for (const [name, spec] of Object.entries(entries as Record<string, unknown>)) {
        const qualified = this.qualified(name);
        const fail: Fail = this.failAt(qualified);
        const simple = simpleName(qualified);
        if (!isIdentifier(simple) || !isNamespace(qualified) || qualified.startsWith('Edm.'))
          fail(`'${name}' is not a type name: an identifier, or one qualified by a namespace outside Edm`);
        if (this.types.has(qualified)) fail(`the name is given to two types`);
        if (spec === null || typeof spec !== 'object' || Array.isArray(spec))
          fail(`a ${GROUP_KIND[group]} is defined by an object`);
        this.specs.set(qualified, spec as Spec);
        this.types.set(qualified, this.declareType(group, qualified, spec as Spec, fail));
      }
    }
  }

  private declareType(group: (typeof GROUPS)[number], name: string, spec: Spec, fail: Fail): NamedType {
    if (group === 'enumTypes') return resolveEnumType({ ...spec, name }, fail);
    if (group === 'typeDefinitions') {
      allowOnly(spec, ['underlyingType', 'maxLength', 'precision', 'scale'], fail);
      const underlying = spec.underlyingType;
      if (typeof underlying !== 'string' || !isEdmType(underlying))
        fail(`\`underlyingType\` is a primitive type: ${EDM_TYPES.join(', ')}`);
      const type: TypeDefinition = {
        kind: 'definition',
        name,
        underlyingType: underlying as EdmType,
        facets: resolveFacets(spec, underlying as EdmType, fail),
      };
      return type;
    }
    const kind = group === 'entityTypes' ? 'entity' : 'complex';
    allowOnly(
      spec,
      ['properties', 'navigation', 'baseType', 'abstract', 'openType', ...(kind === 'entity' ? ['key'] : [])],
      fail,
    );
    for (const flag of ['abstract', 'openType'] as const)
      if (spec[flag] !== undefined && typeof spec[flag] !== 'boolean') fail(`\`${flag}\` must be true or false`);
    const shell = {
      kind,
      name,
      baseType: undefined,
      abstract: spec.abstract === true,
      openType: spec.openType === true,
      declaredProperties: new Map<string, ModelProperty>(),
      properties: new Map<string, ModelProperty>(),
      ...(kind === 'entity' ? { key: undefined } : {}),
    } as Shell;
    this.structured.push(shell);
    return shell;
  }

  /** Finds a named type, or fails with the names it could have meant. */
  private lookUp(written: unknown, fail: Fail, path: string, what: string): NamedType | EdmType {
    if (typeof written !== 'string' || written === '') return fail(`${what} is a type name`, path);
    if (written.startsWith('Edm.')) {
      if (isEdmType(written)) return written;
      return fail(`'${written}' is not a primitive type the filter language has: ${EDM_TYPES.join(', ')}`, path);
    }
    const found = this.types.get(this.qualified(written));
    if (found !== undefined) return found;
    const suggestion = suggestName(
      written,
      [...this.types.keys()].flatMap((q) => [q, q.slice(this.namespace.length + 1)]),
    );
    return fail(
      `${what} '${written}' is no type of the model${suggestion === undefined ? '' : `; did you mean '${suggestion}'?`}`,
      path,
    );
  }

  private resolveBaseType(type: Shell, chain: readonly Shell[]): void {
    const written = this.specs.get(type.name)!.baseType;
    if (written === undefined || type.baseType !== undefined) return;
    const fail: Fail = this.failAt(type.name);
    if (chain.includes(type)) fail(`the type derives from itself: ${[...chain, type].map((t) => t.name).join(' → ')}`);
    const base = this.lookUp(written, fail, '', 'the base type');
    if (!isStructuredType(base) || base.kind !== type.kind)
      fail(`the base type of ${article(type.kind)} ${type.kind} type is ${article(type.kind)} ${type.kind} type`);
    this.resolveBaseType(base as Shell, [...chain, type]);
    type.baseType = base as StructuredType;
  }

  private resolveDeclaredProperties(type: Shell): void {
    const spec = this.specs.get(type.name)!;
    const fail: Fail = this.failAt(type.name);
    const declared = type.declaredProperties as Map<string, ModelProperty>;
    for (const group of ['properties', 'navigation'] as const) {
      const entries = spec[group];
      if (entries === undefined) continue;
      if (entries === null || typeof entries !== 'object' || Array.isArray(entries))
        fail(`\`${group}\` is an object of ${group === 'properties' ? 'properties' : 'navigation properties'} by name`);
      for (const [name, value] of Object.entries(entries as Record<string, unknown>)) {
        if (!isPropertyName(name))
          fail(
            isIdentifier(name)
              ? `'${name}' is a reserved word of the filter language and could never be referenced`
              : 'a property name must be an identifier (a letter or _, then letters, digits or _)',
            name,
          );
        if (declared.has(name)) fail('the name is given to a property and a navigation property', name);
        declared.set(
          name,
          group === 'properties'
            ? this.resolveStructuralProperty(name, value, fail)
            : this.resolveNavigationProperty(name, value, fail),
        );
      }
    }
  }

  private resolveStructuralProperty(name: string, value: unknown, fail: Fail): StructuralProperty {
    const spec: Spec = typeof value === 'string' ? { type: value } : (value as Spec);
    if (spec === null || typeof spec !== 'object' || Array.isArray(spec))
      fail(
        'a property is a type name or { type, collection?, nullable?, maxLength?, precision?, scale?, filterable? }',
        name,
      );
    allowOnly(spec, ['type', 'collection', 'nullable', 'maxLength', 'precision', 'scale', 'filterable'], fail, name);
    for (const flag of ['collection', 'nullable', 'filterable'] as const)
      if (spec[flag] !== undefined && typeof spec[flag] !== 'boolean') fail(`\`${flag}\` must be true or false`, name);
    const type = this.lookUp(spec.type, fail, name, 'the type');
    if (typeof type === 'object' && type.kind === 'entity')
      fail(
        `'${type.name}' is an entity type: entities are reached through navigation (\`navigation: { ${name}: { type: '${spec.type as string} } }\`)`,
        name,
      );
    const underlying: EdmType | undefined =
      typeof type === 'string' ? type : type.kind === 'definition' ? type.underlyingType : undefined;
    let facets: Facets = {};
    if (underlying !== undefined && (typeof type === 'string' || type.kind !== 'enum')) {
      facets = resolveFacets(spec, underlying, (problem) => fail(problem, name));
      const fixed = typeof type === 'object' && type.kind === 'definition' ? Object.keys(type.facets) : [];
      const again = Object.keys(facets).find((facet) => fixed.includes(facet));
      if (again !== undefined)
        fail(`\`${again}\` is set by the type definition '${(type as TypeDefinition).name}'`, name);
    } else {
      const facet = (['maxLength', 'precision', 'scale'] as const).find((f) => spec[f] !== undefined);
      if (facet !== undefined)
        fail(`\`${facet}\` is a facet of primitive types, not of '${(type as NamedType).name}'`, name);
    }
    return {
      kind: 'property',
      name,
      type: type as StructuralProperty['type'],
      collection: spec.collection === true,
      nullable: spec.nullable !== false,
      facets,
      filterable: spec.filterable !== false,
    };
  }

  private resolveNavigationProperty(name: string, value: unknown, fail: Fail): NavigationProperty {
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      fail('a navigation property is { type, collection?, nullable?, partner?, containsTarget?, filterable? }', name);
    const spec = value as Spec;
    allowOnly(spec, ['type', 'collection', 'nullable', 'partner', 'containsTarget', 'filterable'], fail, name);
    for (const flag of ['collection', 'nullable', 'containsTarget', 'filterable'] as const)
      if (spec[flag] !== undefined && typeof spec[flag] !== 'boolean') fail(`\`${flag}\` must be true or false`, name);
    const target = this.lookUp(spec.type, fail, name, 'the target type');
    if (typeof target !== 'object' || target.kind !== 'entity')
      fail(
        `a navigation property leads to an entity type, and '${typeof target === 'string' ? target : target.name}' is not one`,
        name,
      );
    const collection = spec.collection === true;
    if (collection && spec.nullable !== undefined)
      fail('a collection of related entities has no `nullable`: none related is an empty collection', name);
    if (spec.partner !== undefined && (typeof spec.partner !== 'string' || !isIdentifier(spec.partner)))
      fail('`partner` is the name of a navigation property of the target type', name);
    return {
      kind: 'navigation',
      name,
      target: target as EntityType,
      collection,
      nullable: !collection && spec.nullable !== false,
      partner: spec.partner as string | undefined,
      containsTarget: spec.containsTarget === true,
      filterable: spec.filterable !== false,
    };
  }

  /** Gives a type its base types' properties first, then its own; a name declared twice along the chain is refused. */
  private inheritProperties(type: Shell): void {
    if (this.inherited.has(type)) return;
    this.inherited.add(type);
    const all = type.properties as Map<string, ModelProperty>;
    if (type.baseType !== undefined) {
      this.inheritProperties(type.baseType as Shell);
      for (const [name, property] of type.baseType.properties) all.set(name, property);
    }
    for (const [name, property] of type.declaredProperties) {
      if (all.has(name))
        this.failAt(type.name)(`the base type '${type.baseType!.name}' already has a property of this name`, name);
      all.set(name, property);
    }
  }

  private resolveKey(type: Mutable<EntityType>): void {
    const fail: Fail = this.failAt(type.name);
    const written = this.specs.get(type.name)!.key;
    const inherited = type.baseType === undefined ? undefined : this.inheritedKey(type.baseType as Mutable<EntityType>);
    if (written === undefined) {
      type.key = inherited;
      if (inherited === undefined && !type.abstract)
        fail("an entity type needs a key (`key: ['Id']`), unless it is abstract or derives one from its base type");
      return;
    }
    if (inherited !== undefined) fail(`the key is given by the base type '${type.baseType!.name}'`);
    if (!Array.isArray(written) || written.length === 0 || written.some((p) => typeof p !== 'string'))
      fail("`key` is a non-empty list of property names or paths (`['Id']`)");
    const parts: KeyProperty[] = [];
    for (const path of written as string[]) {
      const segments = path.split('/');
      let properties = type.properties;
      let property: ModelProperty | undefined;
      for (const [i, segment] of segments.entries()) {
        property = properties.get(segment);
        if (property === undefined || property.kind !== 'property' || property.collection)
          fail(
            `the key names '${path}', which is no single-valued property of the type`,
            segments.slice(0, i + 1).join('/'),
          );
        if (i < segments.length - 1) {
          if (!isStructuredType(property.type as NamedType))
            fail(`the key names '${path}', but '${segment}' has no properties`, path);
          properties = (property.type as StructuredType).properties;
        }
      }
      const leaf = property as StructuralProperty;
      if (isStructuredType(leaf.type as NamedType)) fail('a key property is primitive, not a complex value', path);
      if (leaf.nullable) fail('a key property is never null: give it `nullable: false`', path);
      const alias = segments[segments.length - 1]!;
      if (parts.some((p) => p.alias === alias)) fail(`two key properties go by the name '${alias}'`, path);
      parts.push({ path: segments, alias });
    }
    type.key = parts;
  }

  private inheritedKey(base: Mutable<EntityType>): readonly KeyProperty[] | undefined {
    for (let at: EntityType | undefined = base; at !== undefined; at = at.baseType as EntityType | undefined) {
      const written = this.specs.get(at.name)!.key;
      if (written !== undefined) {
        if (at.key === undefined) this.resolveKey(at as Mutable<EntityType>);
        return at.key;
      }
    }
    return undefined;
  }

  /**
   * A complex type that holds itself by value (directly, in a collection, or deeper) would be a
   * value without end. One depth-first walk over every complex type finds each: a property that
   * leads back to a type the walk is inside closes a cycle. Each type is walked once — walking from
   * every type, or along every path, took time with the cube of a chain of nested types or
   * doubling with each level of types that hold one another twice over.
   */
  private refuseValueCycles(): void {
    const done = new Set<StructuredType>();
    // The types the walk is inside, each with the property it was entered through.
    const open: { readonly type: StructuredType; readonly through: string }[] = [];
    const walk = (at: StructuredType): void => {
      for (const property of at.properties.values()) {
        if (property.kind !== 'property' || !isStructuredType(property.type as NamedType)) continue;
        const inner = property.type as StructuredType;
        if (done.has(inner)) continue;
        const from = open.findIndex((entry) => entry.type === inner);
        if (from >= 0) {
          const path = [...open.slice(from + 1).map((entry) => entry.through), property.name].join('/');
          this.failAt(inner.name)(
            `the structure contains itself: '${path}' is a '${inner.name}' again, so a value would have no end; refer to entities through navigation instead`,
            path,
          );
        }
        open.push({ type: inner, through: property.name });
        walk(inner);
        open.pop();
      }
      done.add(at);
    };
    for (const type of this.structured)
      if (type.kind === 'complex' && !done.has(type)) {
        open.push({ type, through: '' });
        walk(type);
        open.pop();
      }
  }

  private checkPartners(type: StructuredType): void {
    for (const property of type.declaredProperties.values()) {
      if (property.kind !== 'navigation' || property.partner === undefined) continue;
      const fail = (problem: string): never => this.failAt(type.name)(problem, property.name);
      const partner = property.target.properties.get(property.partner);
      if (partner === undefined || partner.kind !== 'navigation')
        fail(`the partner '${property.partner}' is no navigation property of '${property.target.name}'`);
      const back = (partner as NavigationProperty).target;
      if (!derivesFrom(type as EntityType, back) && !derivesFrom(back, type as EntityType))
        fail(`the partner '${property.partner}' leads to '${back.name}', not back to '${type.name}'`);
      const further = (partner as NavigationProperty).partner;
      if (further !== undefined && further !== property.name)
        fail(`the partner '${property.partner}' names '${further}' as its own partner, not '${property.name}'`);
    }
  }

  private resolveContainer(): {
    entitySets: ReadonlyMap<string, EntitySet>;
    singletons: ReadonlyMap<string, Singleton>;
  } {
    const entitySets = new Map<string, Mutable<EntitySet>>();
    const singletons = new Map<string, Mutable<Singleton>>();
    const specs = new Map<string, Spec>();
    for (const group of ['entitySets', 'singletons'] as const) {
      const entries = this.definition[group];
      if (entries === undefined) continue;
      const subject = group === 'entitySets' ? 'Entity set' : 'Singleton';
      if (entries === null || typeof entries !== 'object' || Array.isArray(entries))
        this.failAt(this.namespace, 'Model')(`\`${group}\` is an object of ${subject.toLowerCase()}s by name`);
      for (const [name, value] of Object.entries(entries as Record<string, unknown>)) {
        const fail: Fail = this.failAt(name, subject);
        if (!isIdentifier(name)) fail('the name must be an identifier');
        if (specs.has(name)) fail('the name is given to two members of the container');
        if (value === null || typeof value !== 'object' || Array.isArray(value))
          fail(`${article(subject)} ${subject.toLowerCase()} is { type, bindings? }`);
        const spec = value as Spec;
        allowOnly(spec, group === 'entitySets' ? ['type', 'bindings'] : ['type', 'nullable', 'bindings'], fail);
        const type = this.lookUp(spec.type, fail, '', 'the type');
        if (typeof type !== 'object' || type.kind !== 'entity') fail('the type of its members is an entity type');
        const bindings = new Map<string, EntitySet | Singleton>();
        specs.set(name, spec);
        if (group === 'entitySets')
          entitySets.set(name, { kind: 'entitySet', name, entityType: type as EntityType, bindings });
        else {
          if (spec.nullable !== undefined && typeof spec.nullable !== 'boolean')
            fail('`nullable` must be true or false');
          singletons.set(name, {
            kind: 'singleton',
            name,
            entityType: type as EntityType,
            nullable: spec.nullable === true,
            bindings,
          });
        }
      }
    }
    for (const member of [...entitySets.values(), ...singletons.values()])
      this.resolveBindings(
        member,
        specs.get(member.name)!.bindings,
        (name) => entitySets.get(name) ?? singletons.get(name),
      );
    return { entitySets, singletons };
  }

  private resolveBindings(
    member: EntitySet | Singleton,
    written: unknown,
    find: (name: string) => EntitySet | Singleton | undefined,
  ): void {
    if (written === undefined) return;
    const fail: Fail = this.failAt(member.name, member.kind === 'entitySet' ? 'Entity set' : 'Singleton');
    if (written === null || typeof written !== 'object' || Array.isArray(written))
      fail('`bindings` is an object of navigation property paths and the entity sets they lead to');
    for (const [path, targetName] of Object.entries(written as Record<string, unknown>)) {
      const navigation = navigationAt(member.entityType, path.split('/'));
      if (navigation === undefined)
        fail(`'${path}' is no navigation property path of '${member.entityType.name}'`, path);
      if (navigation.containsTarget)
        fail('a containment navigation property is not bound: its targets live inside each entity', path);
      const target = typeof targetName === 'string' ? find(targetName) : undefined;
      if (target === undefined)
        fail(`the binding's target '${String(targetName)}' is no entity set or singleton of the container`, path);
      if (!derivesFrom(target.entityType, navigation.target))
        fail(
          `'${target.name}' holds '${target.entityType.name}', not the '${navigation.target.name}' the navigation leads to`,
          path,
        );
      (member.bindings as Map<string, EntitySet | Singleton>).set(path, target);
    }
  }
}

/** The navigation property at a path through complex properties, or undefined. */
function navigationAt(type: StructuredType, segments: readonly string[]): NavigationProperty | undefined {
  let properties = type.properties;
  for (const [i, segment] of segments.entries()) {
    const property = properties.get(segment);
    if (property === undefined) return undefined;
    if (i === segments.length - 1) return property.kind === 'navigation' ? property : undefined;
    if (property.kind !== 'property' || !isStructuredType(property.type as NamedType)) return undefined;
    properties = (property.type as StructuredType).properties;
  }
  return undefined;
}

function allowOnly(spec: Spec, keys: readonly string[], fail: Fail, path?: string): void {
  for (const key of Object.keys(spec))
    if (!keys.includes(key)) fail(`'${key}' is not part of this definition; it has ${keys.join(', ')}`, path);
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}
