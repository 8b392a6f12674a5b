// A third party reads the XML documents: @sap-ux/edmx-parser (SAP's reader of CSDL XML) parses
// each golden model's `$metadata` and sees the model's entity types, properties with their types
// and nullability, keys, navigation properties with partners, complex and enumeration types,
// entity sets and singletons with their bindings, and the restrictions the JSON document states.
//
// What the parser cannot read is left out of the comparison, each for its reason: a key part
// inside a complex value (it looks key names up among the type's own properties), a singleton's
// nullability and an enumeration's IsFlags (it reads both wrongly: a missing Nullable as true,
// IsFlags="true" as false).

import { parse } from '@sap-ux/edmx-parser';
import { describe, expect, it } from 'vitest';
import { eventsModel, SERVICE_SCHEMAS } from '../../src/examples/events/index.js';
import { defineModel, type Model, type ModelProperty, modelOf } from '../../src/index.js';
import { type MetadataOptions, metadataJson, metadataXml } from '../../src/metadata/index.js';
import { people } from '../support/people-model.js';
import { eventKeys } from './event-keys.js';
import { everyConstruct, everyConstruct40 } from './every-construct-model.js';

/** The part of the parser's output the comparison reads. */
interface Parsed {
  readonly schema: {
    readonly entityTypes: readonly {
      fullyQualifiedName: string;
      keys: readonly { name: string }[];
      entityProperties: readonly { name: string; type: string; nullable: boolean }[];
      navigationProperties: readonly {
        name: string;
        targetTypeName: string;
        isCollection: boolean;
        partner?: string;
        containsTarget: boolean;
      }[];
    }[];
    readonly complexTypes: readonly {
      fullyQualifiedName: string;
      properties: readonly { name: string; type: string; nullable: boolean }[];
    }[];
    readonly enumTypes: readonly { fullyQualifiedName: string; members: readonly { name: string; value: number }[] }[];
    readonly typeDefinitions: readonly { fullyQualifiedName: string; underlyingType: string }[];
    readonly entitySets: readonly { name: string; entityTypeName: string; navigationPropertyBinding: object }[];
    readonly singletons: readonly { name: string; entityTypeName: string; navigationPropertyBinding: object }[];
    readonly annotations: {
      readonly [file: string]: readonly {
        target: string;
        annotations: readonly {
          term: string;
          record: {
            propertyValues: readonly { name: string; value: { Collection: readonly Record<string, string>[] } }[];
          };
        }[];
      }[];
    };
  };
}

/** The lists of types in name order: the schemas of a document come in any order. */
function byName<T extends Record<string, readonly unknown[]>>(seen: T): T {
  const name = (item: unknown): string => (item as { fullyQualifiedName?: string }).fullyQualifiedName ?? '';
  return Object.fromEntries(
    Object.entries(seen).map(([kind, list]) => [kind, [...list].sort((a, b) => name(a).localeCompare(name(b)))]),
  ) as unknown as T;
}

const edm = (type: string): string => (type === 'Edm.DateTime' ? 'Edm.DateTimeOffset' : type);

/** What the parser should see of a model: read from the model itself, not from the writer. */
function expectedOf(model: Model, given: MetadataOptions['keys'] = {}) {
  const structural = (properties: Iterable<ModelProperty>) =>
    [...properties]
      .filter((p) => p.kind === 'property')
      .map((p) => {
        const type = typeof p.type === 'string' ? edm(p.type) : p.type.name;
        return { name: p.name, type: p.collection ? `Collection(${type})` : type, nullable: p.nullable };
      });
  const types = [...model.types.values()];
  const container = `${model.namespace}.${model.containerName}`;
  const bindings = (member: { bindings: ReadonlyMap<string, { name: string }> }) =>
    Object.fromEntries([...member.bindings].map(([path, target]) => [path, `${container}/${target.name}`]));
  return {
    entityTypes: types.flatMap((t) =>
      t.kind !== 'entity'
        ? []
        : [
            {
              fullyQualifiedName: t.name,
              // Keys are written where declared; a derived type inherits its base's.
              keys:
                t.key === undefined
                  ? (given[t.name] ?? []).map((name) => ({ name }))
                  : (t.baseType as { key?: unknown } | undefined)?.key === t.key
                    ? []
                    : t.key.filter((k) => k.path.length === 1).map((k) => ({ name: k.alias })),
              entityProperties: structural(t.declaredProperties.values()),
              navigationProperties: [...t.declaredProperties.values()].flatMap((p) =>
                p.kind !== 'navigation'
                  ? []
                  : [
                      {
                        name: p.name,
                        targetTypeName: p.target.name,
                        isCollection: p.collection,
                        partner: p.partner,
                        containsTarget: p.containsTarget,
                      },
                    ],
              ),
            },
          ],
    ),
    complexTypes: types.flatMap((t) =>
      t.kind === 'complex'
        ? [{ fullyQualifiedName: t.name, properties: structural(t.declaredProperties.values()) }]
        : [],
    ),
    enumTypes: types.flatMap((t) =>
      t.kind === 'enum'
        ? [
            {
              fullyQualifiedName: t.name,
              members: [...t.members].map(([name, value]) => ({ name, value: Number(value) })),
            },
          ]
        : [],
    ),
    typeDefinitions: types.flatMap((t) =>
      t.kind === 'definition' ? [{ fullyQualifiedName: t.name, underlyingType: edm(t.underlyingType) }] : [],
    ),
    entitySets: [...model.entitySets.values()].map((s) => ({
      name: s.name,
      entityTypeName: s.entityType.name,
      navigationPropertyBinding: bindings(s),
    })),
    singletons: [...model.singletons.values()].map((s) => ({
      name: s.name,
      entityTypeName: s.entityType.name,
      navigationPropertyBinding: bindings(s),
    })),
  };
}

/** What the parser saw, in the shape of expectedOf(). */
function seenIn({ schema }: Parsed) {
  return {
    entityTypes: schema.entityTypes.map((t) => ({
      fullyQualifiedName: t.fullyQualifiedName,
      keys: t.keys.map((k) => ({ name: k.name })),
      entityProperties: t.entityProperties.map(({ name, type, nullable }) => ({ name, type, nullable })),
      navigationProperties: t.navigationProperties.map(
        ({ name, targetTypeName, isCollection, partner, containsTarget }) => ({
          name,
          targetTypeName,
          isCollection,
          partner,
          containsTarget,
        }),
      ),
    })),
    complexTypes: schema.complexTypes.map((t) => ({
      fullyQualifiedName: t.fullyQualifiedName,
      properties: t.properties.map(({ name, type, nullable }) => ({ name, type, nullable })),
    })),
    enumTypes: schema.enumTypes.map((t) => ({
      fullyQualifiedName: t.fullyQualifiedName,
      members: t.members.map(({ name, value }) => ({ name, value })),
    })),
    typeDefinitions: schema.typeDefinitions.map(({ fullyQualifiedName, underlyingType }) => ({
      fullyQualifiedName,
      underlyingType,
    })),
    entitySets: schema.entitySets.map(({ name, entityTypeName, navigationPropertyBinding }) => ({
      name,
      entityTypeName,
      navigationPropertyBinding,
    })),
    singletons: schema.singletons.map(({ name, entityTypeName, navigationPropertyBinding }) => ({
      name,
      entityTypeName,
      navigationPropertyBinding,
    })),
  };
}

/** The restrictions the parser read, as the JSON document's $Annotations spell them. */
function restrictionsSeen({ schema }: Parsed): Record<string, Record<string, Record<string, string[]>>> {
  return Object.fromEntries(
    Object.values(schema.annotations)
      .flat()
      .map((list) => [
        list.target,
        Object.fromEntries(
          list.annotations.map((a) => [
            `@${a.term}`,
            Object.fromEntries(
              a.record.propertyValues.map((v) => [v.name, v.value.Collection.map((item) => Object.values(item)[1]!)]),
            ),
          ]),
        ),
      ]),
  );
}

const CASES: readonly [string, () => Model, MetadataOptions][] = [
  ['the model of test/model/', () => defineModel(people), {}],
  [
    'a model with every construct, under rules',
    () => defineModel(everyConstruct),
    { rules: { Products: { Tags: { filter: false }, 'Size/Width': { sort: false }, Maker: { expand: false } } } },
  ],
  ['a model with every construct, as a 4.0 document', () => defineModel(everyConstruct40), { version: '4.0' }],
  ["the example service's model", () => eventsModel, {}],
  ...[...SERVICE_SCHEMAS.keys()].map((name): [string, () => Model, MetadataOptions] => {
    const { model } = modelOf(SERVICE_SCHEMAS.get(name)!);
    return [`the example service's ${name}`, () => model, { keys: eventKeys(model) }];
  }),
];

describe('@sap-ux/edmx-parser reads the XML documents', () => {
  it.each(CASES)('%s', (_, make, options) => {
    const model = make();
    const parsed = parse(metadataXml(model, options)) as unknown as Parsed;
    expect(byName(seenIn(parsed))).toEqual(byName(expectedOf(model, options.keys)));
    const json = metadataJson(model, options);
    const annotations = (json[model.namespace] as { $Annotations?: object }).$Annotations ?? {};
    expect(restrictionsSeen(parsed)).toEqual(annotations);
  });

  it('sees the restrictions a model states', () => {
    const parsed = parse(metadataXml(defineModel(everyConstruct), CASES[1]![2])) as unknown as Parsed;
    expect(restrictionsSeen(parsed)['Shop.Store/Products']).toMatchObject({
      '@Org.OData.Capabilities.V1.FilterRestrictions': { NonFilterableProperties: ['Cost', 'Tags'] },
      '@Org.OData.Capabilities.V1.SortRestrictions': { NonSortableProperties: ['Cost', 'Size/Width'] },
      '@Org.OData.Capabilities.V1.ExpandRestrictions': { NonExpandableProperties: ['Maker'] },
    });
  });
});
