// A model written as `$metadata` (metadataXml, metadataJson) and read back by fromMetadata() is
// the same model: the same types with the same properties (types, collections, nullability),
// enumerations, navigation (targets, multiplicity, partners, containment), bindings and functions
// (overloads, binding, parameters, results); and each
// entity set filters and orders the same paths, its model's `filterable: false` and its rules
// coming back as rules. Filterability is compared on the paths inside an entity (not through
// navigation): a document states a relation target's unfilterable properties on the target's own
// entity set (docs/csdl-writer.md, "Rules"), which is all a reader can know of them.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromMetadata } from '../../src/csdl/index.js';
import { defineModel, type ModelDefinition, schemaOf } from '../../src/index.js';
import { metadataJson, metadataXml } from '../../src/metadata/index.js';
import { type PropertyRules, rulesOf } from '../../src/query/rules.js';
import { arbModel } from '../support/random-models.js';
import { rulesOfChoices } from '../support/random-rules.js';
import { runs } from '../support/test-size.js';
import { describeFunctions, describePaths, describeType } from './model-description.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

interface Case {
  readonly definition: ModelDefinition;
  readonly rules: Record<string, PropertyRules>;
  readonly version: '4.0' | '4.01';
  readonly json: boolean;
}

/** Random models with bindings, partners, containment, a derived type, and random filter, sort and expand rules. */
const arbCase: fc.Arbitrary<Case> = arbModel.chain((base) =>
  fc
    .record({
      bind: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
      contain: fc.array(
        fc.oneof({ arbitrary: fc.constant(false), weight: 4 }, { arbitrary: fc.constant(true), weight: 1 }),
        {
          minLength: 12,
          maxLength: 12,
        },
      ),
      partnered: fc.boolean(),
      derived: fc.boolean(),
      rules: fc.array(fc.record({ set: fc.nat(), path: fc.nat(), rule: fc.constantFrom('filter', 'sort', 'expand') }), {
        maxLength: 4,
      }),
      version: fc.constantFrom('4.0' as const, '4.01' as const),
      json: fc.boolean(),
      flags: fc.boolean(),
      functions: fc.array(
        fc.record({
          bound: fc.boolean(),
          composable: fc.boolean(),
          parameters: fc.nat(3),
          nullable: fc.boolean(),
          collection: fc.boolean(),
          returns: fc.constantFrom('Edm.Int32', 'Edm.String', 'Color', 'Money', 'E0'),
        }),
        { maxLength: 3 },
      ),
    })
    .map((choices) => {
      const definition = structuredClone(base) as Mutable<ModelDefinition>;
      const types = definition.entityTypes as Record<
        string,
        Mutable<NonNullable<ModelDefinition['entityTypes']>[string]>
      >;
      const navigation = Object.entries(types).flatMap(([type, t]) =>
        Object.entries(t.navigation ?? {}).map(
          ([name, n]) => [type, name, n as unknown as Record<string, unknown>] as const,
        ),
      );
      const sets: Record<string, { type: string; bindings: Record<string, string> }> = Object.fromEntries(
        Object.keys(types).map((t) => [`S${t.slice(1)}`, { type: t, bindings: {} }]),
      );
      for (const [i, [type, name, n]] of navigation.entries()) {
        if (choices.contain[i % 12]) n.containsTarget = true;
        else if (choices.bind[i % 12]) sets[`S${type.slice(1)}`]!.bindings[name] = `S${String(n.type).slice(1)}`;
      }
      if (choices.partnered) {
        const paired = new Set<object>();
        for (const [type, name, n] of navigation) {
          if (paired.has(n)) continue;
          const back = navigation.find(
            ([t, , other]) => t === n.type && other.type === type && other !== n && !paired.has(other),
          );
          if (back === undefined) continue;
          n.partner = back[1];
          back[2].partner = name;
          paired.add(n).add(back[2]);
        }
      }
      (definition.enumTypes as Record<string, { flags?: boolean }>).Color!.flags = choices.flags;
      definition.typeDefinitions = { Money: { underlyingType: 'Edm.Decimal', precision: 12, scale: 2 } };
      types.E0 = { ...types.E0, properties: { ...types.E0!.properties, Amount: 'Money' } };
      if (choices.derived) {
        types.Derived = { baseType: 'E0', openType: true, properties: { Extra: 'Edm.Int64' } };
        sets.SDerived = { type: 'Derived', bindings: {} };
      }
      definition.entitySets = sets;
      // One function's overloads: each with parameter names of its own, so that calls tell them apart.
      if (choices.functions.length > 0)
        definition.functions = {
          F: choices.functions.map((f, i) => ({
            ...(f.bound ? { bound: true } : {}),
            ...(f.composable ? { composable: true } : {}),
            parameters: Object.fromEntries([
              ...(f.bound ? [['b', { type: 'E0', nullable: f.nullable }]] : []),
              ...Array.from({ length: f.parameters + 1 }, (_, k) => [
                `P${i}_${k}`,
                k % 2 === 0 ? 'Edm.Decimal' : 'Color',
              ]),
            ]),
            returnType: { type: f.returns, collection: f.collection, nullable: f.nullable },
          })),
        };
      const rules = rulesOfChoices(defineModel(definition), choices.rules);
      return { definition, rules, version: choices.version, json: choices.json };
    }),
);

describe('a model written as $metadata and read back', () => {
  it('is the same model, with the same paths, types, nullability, filterability, enumerations and relations', () => {
    fc.assert(
      fc.property(arbCase, ({ definition, rules, version, json }) => {
        const model = defineModel(definition);
        const text = json
          ? JSON.stringify(metadataJson(model, { rules, version }))
          : metadataXml(model, { rules, version });
        const imported = fromMetadata(text);
        expect(imported.version).toBe(version);
        expect([...imported.model.types.keys()].sort()).toEqual([...model.types.keys()].sort());
        for (const [name, type] of model.types)
          expect(describeType(imported.model.types.get(name)!), name).toEqual(describeType(type));
        expect(describeFunctions(imported.model)).toEqual(describeFunctions(model));
        for (const [name, set] of model.entitySets) {
          const back = imported.model.entitySets.get(name)!;
          expect(back.entityType.name).toBe(set.entityType.name);
          expect([...back.bindings].map(([p, t]) => [p, t.name])).toEqual(
            [...set.bindings].map(([p, t]) => [p, t.name]),
          );
          expect(describePaths(imported.model, name, imported.rules[name]), name).toEqual(
            describePaths(model, name, rules[name]),
          );
          // Expansion rules come back on the relations they name.
          for (const property of schemaOf(model, name).properties.values())
            if (property.kind !== 'primitive' && property.relation)
              expect(
                rulesOf(schemaOf(imported.model, name), imported.rules[name]).allows('expand', [property.name]),
              ).toBe(rulesOf(schemaOf(model, name), rules[name]).allows('expand', [property.name]));
        }
        // The writer's documents hold nothing the model could not hold.
        expect(imported.report).toEqual([]);
      }),
      { numRuns: runs(100, 2000, 20) },
    );
  });
});
