// Random models, with bindings, partners, containment, a derived type, a singleton, flags, type
// definitions and random rules, written in both representations: the XML document read in CSDL
// JSON's terms is the JSON document, and both name every type, property, entity set, singleton
// and binding of the model, but for what the rules hide, which neither names.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defineModel, type ModelDefinition, type NavigationPropertyDefinition } from '../../src/index.js';
import { type MetadataOptions, metadataJson, metadataXml } from '../../src/metadata/index.js';
import type { PropertyRules } from '../../src/query/rules.js';
import { arbModel } from '../support/random-models.js';
import { rulesOfChoices } from '../support/random-rules.js';
import { runs } from '../support/test-size.js';
import { csdlXmlToJson } from './csdl-xml-to-json.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Navigation = Mutable<NavigationPropertyDefinition>;

interface Choices {
  readonly definition: ModelDefinition;
  readonly bound: readonly boolean[];
  readonly contained: readonly boolean[];
  readonly partnered: boolean;
  readonly flags: boolean;
  readonly derived: boolean;
  readonly singleton: boolean;
  readonly version: '4.0' | '4.01';
  readonly rules: readonly {
    readonly set: number;
    readonly path: number;
    readonly rule: keyof PropertyRules[string];
  }[];
}

/** Every navigation property of a definition: its type, name and definition, to edit in place. */
function navigationOf(definition: ModelDefinition): [string, string, Navigation][] {
  return Object.entries(definition.entityTypes!).flatMap(([type, t]) =>
    Object.entries(t.navigation ?? {}).map(([name, n]): [string, string, Navigation] => [type, name, n as Navigation]),
  );
}

/** The definition the choices make of a random model, and the options its document is written with. */
function build(choices: Choices): { definition: ModelDefinition; options: MetadataOptions } {
  const definition = structuredClone(choices.definition) as Mutable<ModelDefinition>;
  const types = definition.entityTypes as Record<string, Mutable<NonNullable<ModelDefinition['entityTypes']>[string]>>;
  const sets: Record<string, { type: string; bindings: Record<string, string> }> = Object.fromEntries(
    Object.keys(types).map((t) => [`S${t.slice(1)}`, { type: t, bindings: {} }]),
  );
  for (const [i, [type, name, navigation]] of navigationOf(definition).entries()) {
    if (choices.contained[i] === true) navigation.containsTarget = true;
    else if (choices.bound[i] === true) sets[`S${type.slice(1)}`]!.bindings[name] = `S${navigation.type.slice(1)}`;
  }
  if (choices.partnered) {
    const paired = new Set<Navigation>();
    for (const [type, name, navigation] of navigationOf(definition)) {
      if (paired.has(navigation)) continue;
      const back = Object.entries(types[navigation.type]!.navigation ?? {}).find(
        ([, n]) => n.type === type && !paired.has(n as Navigation) && n !== navigation,
      );
      if (back === undefined) continue;
      navigation.partner = back[0];
      (back[1] as Navigation).partner = name;
      paired.add(navigation).add(back[1] as Navigation);
    }
  }
  (definition.enumTypes as Record<string, { flags?: boolean }>).Color!.flags = choices.flags;
  definition.typeDefinitions = {
    Money: { underlyingType: 'Edm.Decimal', precision: 12, scale: 2 },
    Note: { underlyingType: 'Edm.String', maxLength: 'max' },
  };
  types.E0 = {
    ...types.E0,
    properties: {
      ...types.E0!.properties,
      Amount: 'Money',
      Remark: 'Note',
      Label: { type: 'Edm.String', maxLength: 20, nullable: false },
      Rate: { type: 'Edm.Decimal', precision: 9, scale: 'variable' },
      Stamp: { type: 'Edm.DateTime', precision: 3 },
    },
  };
  if (choices.derived) {
    types.Derived = { baseType: 'E0', openType: true, properties: { Extra: 'Edm.Int64' } };
    sets.SDerived = { type: 'Derived', bindings: {} };
  }
  definition.entitySets = sets;
  if (choices.singleton)
    definition.singletons = { One: { type: 'E0', nullable: choices.version === '4.01', bindings: sets.S0!.bindings } };

  // Rules on the entity sets' views, by index: a primitive path (never a key), or a relation for `expand`.
  const rules = rulesOfChoices(defineModel(definition), choices.rules);
  return { definition, options: { version: choices.version, rules } };
}

const arbChoices: fc.Arbitrary<Choices> = arbModel.chain((definition) => {
  const navigation = navigationOf(definition).length;
  const flags = fc.array(fc.boolean(), { minLength: navigation, maxLength: navigation });
  return fc.record({
    definition: fc.constant(definition),
    bound: flags,
    contained: fc.array(
      fc.oneof({ arbitrary: fc.constant(false), weight: 4 }, { arbitrary: fc.constant(true), weight: 1 }),
      {
        minLength: navigation,
        maxLength: navigation,
      },
    ),
    partnered: fc.boolean(),
    flags: fc.boolean(),
    derived: fc.boolean(),
    singleton: fc.boolean(),
    version: fc.constantFrom('4.0' as const, '4.01' as const),
    rules: fc.array(
      fc.record({
        set: fc.nat(),
        path: fc.nat(),
        rule: fc.constantFrom('filter', 'sort', 'select', 'expand') as fc.Arbitrary<'filter'>,
      }),
      { maxLength: 4 },
    ),
  });
});

describe('the XML and JSON documents of random models', () => {
  it('say the same, and name everything the model has but what the rules hide', () => {
    fc.assert(
      fc.property(arbChoices, (choices) => {
        const { definition, options } = build(choices);
        const model = defineModel(definition);
        const json = JSON.parse(JSON.stringify(metadataJson(model, options))) as Record<
          string,
          Record<string, Record<string, unknown>>
        >;
        expect(csdlXmlToJson(metadataXml(model, options))).toEqual(json);

        // What the rules hide: the property at the end of each `select: false` path.
        const hidden = new Set<string>();
        for (const [name, rules] of Object.entries(options.rules ?? {})) {
          const set = model.entitySets.get(name)!;
          for (const [path, rule] of Object.entries(rules)) {
            if (rule.select !== false) continue;
            let type = set.entityType as { name: string; properties: ReadonlyMap<string, unknown>; baseType?: unknown };
            const segments = path.split('/');
            for (const segment of segments.slice(0, -1)) {
              const step = type.properties.get(segment) as { kind: string; type: typeof type; target: typeof type };
              type = step.kind === 'navigation' ? step.target : step.type;
            }
            const last = segments[segments.length - 1]!;
            // Named by the type that declares it: a base type's property is the base type's.
            let owner = type as typeof type & { declaredProperties: ReadonlyMap<string, unknown> };
            while (!owner.declaredProperties.has(last)) owner = owner.baseType as typeof owner;
            hidden.add(`${owner.name}/${last}`);
          }
        }

        const schema = json.Random!;
        for (const type of model.types.values()) {
          const simple = type.name.slice(type.name.lastIndexOf('.') + 1);
          expect(schema[simple], type.name).toBeDefined();
          if (type.kind !== 'entity' && type.kind !== 'complex') continue;
          for (const name of type.declaredProperties.keys())
            expect(Object.hasOwn(schema[simple]!, name), `${type.name}/${name}`).toBe(
              !hidden.has(`${type.name}/${name}`),
            );
        }
        const container = schema.Container as Record<string, { $NavigationPropertyBinding?: Record<string, string> }>;
        for (const member of [...model.entitySets.values(), ...model.singletons.values()]) {
          expect(container[member.name], member.name).toBeDefined();
          for (const [path, target] of member.bindings) {
            const navigation = member.entityType.properties.get(path)!;
            const owner = [...model.types.values()].find(
              (t) => (t.kind === 'entity' || t.kind === 'complex') && t.declaredProperties.get(path) === navigation,
            )!;
            const shown = !hidden.has(`${owner.name}/${path}`);
            expect(container[member.name]!.$NavigationPropertyBinding?.[path], `${member.name}: ${path}`).toBe(
              shown ? target.name : undefined,
            );
          }
        }
      }),
      { numRuns: runs(100, 2000, 20) },
    );
  });
});
