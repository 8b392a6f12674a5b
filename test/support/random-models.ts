// Random models whose entity types lead to each other (and to themselves) through navigation:
// 1–4 entity types keyed by `Id`, each with navigation to any of them, 0–2 complex types that
// hold only complex types after them (so none holds itself), and an enumeration.

import fc from 'fast-check';
import type { ModelDefinition } from '../../src/index.js';

const PRIMITIVES = [
  'Edm.String',
  'Edm.Int32',
  'Edm.Int64',
  'Edm.Boolean',
  'Edm.Decimal',
  'Edm.DateTimeOffset',
] as const;

interface PropertyPlan {
  readonly type: number; // < PRIMITIVES.length: a primitive; then the enumeration; then complex types
  readonly collection: boolean;
  readonly nullable: boolean;
  readonly filterable: boolean;
}
interface NavigationPlan {
  readonly target: number;
  readonly collection: boolean;
  readonly filterable: boolean;
}

const arbProperty = (complexTypes: number, lowestComplex: number): fc.Arbitrary<PropertyPlan> =>
  fc.record({
    type: fc.integer({ min: 0, max: PRIMITIVES.length + complexTypes }).map((t) =>
      // A complex type refers only to complex types after it, so none holds itself.
      t > PRIMITIVES.length && t - PRIMITIVES.length - 1 < lowestComplex ? 0 : t,
    ),
    collection: fc.boolean(),
    nullable: fc.boolean(),
    filterable: fc.oneof({ arbitrary: fc.constant(true), weight: 5 }, { arbitrary: fc.constant(false), weight: 1 }),
  });

/** A model of 1–4 entity types, each with navigation to any of them, and 0–2 complex types. */
export const arbModel: fc.Arbitrary<ModelDefinition> = fc
  .record({ entities: fc.integer({ min: 1, max: 4 }), complexes: fc.integer({ min: 0, max: 2 }) })
  .chain(({ entities, complexes }) =>
    fc.record({
      entityTypes: fc.array(
        fc.record({
          properties: fc.array(arbProperty(complexes, 0), { maxLength: 4 }),
          navigation: fc.array(
            fc.record({
              target: fc.integer({ min: 0, max: entities - 1 }),
              collection: fc.boolean(),
              filterable: fc.oneof(
                { arbitrary: fc.constant(true), weight: 5 },
                { arbitrary: fc.constant(false), weight: 1 },
              ),
            }),
            { minLength: 1, maxLength: 3 },
          ),
        }),
        { minLength: entities, maxLength: entities },
      ),
      complexTypes: fc.tuple(
        ...Array.from({ length: complexes }, (_, i) =>
          fc.array(arbProperty(complexes, i + 1), { minLength: 1, maxLength: 3 }),
        ),
      ),
    }),
  )
  .map(({ entityTypes, complexTypes }) => {
    const typeName = (t: number): string =>
      t < PRIMITIVES.length ? PRIMITIVES[t]! : t === PRIMITIVES.length ? 'Color' : `C${t - PRIMITIVES.length - 1}`;
    const properties = (plans: readonly PropertyPlan[]) =>
      Object.fromEntries(
        plans.map((p, i) => [
          `P${i}`,
          { type: typeName(p.type), collection: p.collection, nullable: p.nullable, filterable: p.filterable },
        ]),
      );
    return {
      namespace: 'Random',
      enumTypes: { Color: { members: { Red: 1, Green: 2 } } },
      complexTypes: Object.fromEntries(complexTypes.map((plans, i) => [`C${i}`, { properties: properties(plans) }])),
      entityTypes: Object.fromEntries(
        entityTypes.map((e, i) => [
          `E${i}`,
          {
            key: ['Id'],
            properties: { Id: { type: 'Edm.Int32', nullable: false }, ...properties(e.properties) },
            navigation: Object.fromEntries(
              e.navigation.map((n: NavigationPlan, j) => [
                `N${j}`,
                { type: `E${n.target}`, collection: n.collection, filterable: n.filterable },
              ]),
            ),
          },
        ]),
      ),
      entitySets: Object.fromEntries(entityTypes.map((_, i) => [`S${i}`, { type: `E${i}` }])),
    };
  });
