// defineModel(): named types referred to by name, keys, bindings, facets and the views of entity
// sets — including types that lead back to themselves through navigation — and every definition
// it refuses, each with the type and path it names.

import { describe, expect, it } from 'vitest';
import {
  check,
  defineModel,
  enumTypesOf,
  findProperty,
  listPropertyPaths,
  type ModelDefinition,
  SchemaDefinitionError,
  schemaOf,
  viewSourceOf,
} from '../../src/index.js';
import { filterSchemaOf, rulesOf } from '../../src/query/rules.js';
import { parseQuery } from '../../src/query/index.js';
import { complete } from '../../src/client/editor/complete.js';
import { people } from '../support/people-model.js';
import { issuesOf } from '../support/trees.js';

describe('defineModel', () => {
  const model = defineModel(people);

  it('resolves named types by qualified name, with keys, facets, partners and bindings', () => {
    expect([...model.types.keys()]).toEqual([
      'Social.Person',
      'Social.Post',
      'Social.Employee',
      'Social.Address',
      'Social.Place',
      'Social.Mood',
      'Sales.Color',
      'Social.Handle',
    ]);
    const person = model.types.get('Social.Person');
    expect(person?.kind).toBe('entity');
    if (person?.kind !== 'entity') return;
    expect(person.key).toEqual([{ path: ['Id'], alias: 'Id' }]);
    const friends = person.properties.get('Friends');
    expect(friends).toMatchObject({ kind: 'navigation', collection: true, partner: 'Friends' });
    expect(friends?.kind === 'navigation' && friends.target).toBe(person);
    expect(person.properties.get('Balance')).toMatchObject({ facets: { precision: 12, scale: 2 } });
    const employee = model.types.get('Social.Employee');
    expect(employee?.kind === 'entity' && employee.baseType).toBe(person);
    // A derived type has its base's properties first, and its key.
    expect(employee?.kind === 'entity' && [...employee.properties.keys()]).toEqual([
      ...person.properties.keys(),
      'Salary',
      'Manager',
    ]);
    expect(employee?.kind === 'entity' && employee.key).toBe(person.key);
    expect(model.entitySets.get('People')?.bindings.get('Posts')).toBe(model.entitySets.get('Posts'));
    expect(model.singletons.get('Me')).toMatchObject({ kind: 'singleton', nullable: false });
  });

  it("gives a derived type its base's key, the same list whichever of the two is declared first", () => {
    const declared = defineModel({
      namespace: 'Order',
      entityTypes: {
        Manager: { baseType: 'Employee' },
        Employee: { baseType: 'Person' },
        Person: { key: ['Id'], properties: { Id: { type: 'Edm.Int32', nullable: false } } },
      },
    });
    const person = declared.types.get('Order.Person') as { key?: unknown };
    expect(person.key).toEqual([{ path: ['Id'], alias: 'Id' }]);
    for (const name of ['Order.Employee', 'Order.Manager'])
      expect((declared.types.get(name) as { key?: unknown }).key, name).toBe(person.key);
  });

  it('views an entity set as a schema whose structures are shared by type, so cycles are finite', () => {
    const view = schemaOf(model, 'People');
    expect(view.name).toBe('Person');
    expect(schemaOf(model, 'People')).toBe(view);
    expect(viewSourceOf(view)?.of).toBe(model.entitySets.get('People'));
    const friends = view.properties.get('Friends');
    expect(friends).toMatchObject({ kind: 'collection', relation: true, element: { nullable: false } });
    expect(friends?.kind === 'collection' && friends.element.kind === 'structured' && friends.element.properties).toBe(
      view.properties,
    );
    const best = view.properties.get('BestFriend');
    expect(best).toMatchObject({ kind: 'structured', relation: true, nullable: true });
    expect(best?.kind === 'structured' && best.properties).toBe(view.properties);
    expect(view.properties.get('Handle')).toMatchObject({ kind: 'primitive', type: 'Edm.String' });
    expect(view.properties.get('Mood')).toMatchObject({
      kind: 'primitive',
      type: 'Edm.Int32',
      enum: { name: 'Social.Mood' },
    });
    expect(findProperty(view, ['Posts', 'Author', 'BestFriend', 'Place', 'Home', 'City'])).toMatchObject({
      type: 'Edm.String',
    });
  });

  it('checks filters that go round a cycle as often as they like', () => {
    const view = schemaOf(model, 'People');
    for (const filter of [
      "BestFriend/BestFriend/BestFriend/Name eq 'Ann'",
      "Friends/any(f: f/Friends/any(g: g/BestFriend/Place/Home/City eq 'Oslo'))",
      "Posts/any(p: p/Author/Name eq Name and p/Author/Colors/any(c: c has Sales.Color'Red'))",
      "Mood eq Social.Mood'Cross'",
    ])
      expect(() => check(filter, view)).not.toThrow();
    expect(issuesOf("BestFriend/Nmae eq 'x'", view)).toEqual([
      ['unknown_property', 'Nmae', "Property 'Nmae' does not exist on Person/BestFriend. Did you mean 'Name'?"],
    ]);
  });

  it('walks a cyclic view once per structure: enumerations, property paths, completions, rules', () => {
    const view = schemaOf(model, 'People');
    expect([...enumTypesOf(view).keys()]).toEqual(['Social.Mood', 'Sales.Color']);
    const paths = listPropertyPaths(view).map((p) => p.path.join('/'));
    // BestFriend is a Person: the walk stops before entering Person again on the same path.
    expect(paths).toEqual(['Id', 'Name', 'Handle', 'Mood', 'Place/Home/City', 'Place/Home/Zip', 'Balance']);
    for (const path of listPropertyPaths(view)) expect(findProperty(view, path.path)?.kind).toBe('primitive');
    const text = 'BestFriend/BestFriend/';
    expect(complete(text, text.length, view).items.map((i) => i.label)).toContain('Name');
    const restricted = filterSchemaOf(view, rulesOf(view, { 'BestFriend/Name': { filter: false } }));
    expect(issuesOf("BestFriend/Name eq 'x'", restricted).map(([code]) => code)).toEqual(['not_filterable']);
    expect(() => check("Name eq 'x' and BestFriend/BestFriend/Name eq 'y'", restricted)).not.toThrow();
    const hidden = filterSchemaOf(view, rulesOf(view, { BestFriend: { filter: false } }));
    expect(issuesOf("BestFriend/BestFriend/Name eq 'y'", hidden).map(([code]) => code)).toEqual(['not_filterable']);
    // Nothing under a structure kept from filters is offered or suggested.
    expect(complete(text, text.length, hidden).items).toEqual([]);
    expect(issuesOf("BestFriend/Nme eq 'y'", hidden)[0]?.[2]).not.toMatch(/Name/);
  });

  it('keeps what lies under a navigation kept from filters out of completions and messages', () => {
    const m = defineModel({
      namespace: 'N',
      entityTypes: {
        P: {
          key: ['Id'],
          properties: { Id: { type: 'Edm.Int32', nullable: false }, Name: 'Edm.String' },
          navigation: { Secret: { type: 'P', filterable: false } },
        },
      },
      entitySets: { Ps: { type: 'P' } },
    });
    const view = schemaOf(m, 'Ps');
    expect(complete('Secret/', 7, view).items).toEqual([]);
    expect(issuesOf("Secret/Nme eq 'x'", view)).toEqual([
      ['unknown_property', 'Nme', "Property 'Nme' does not exist on P/Secret."],
    ]);
    expect(issuesOf("Secret/Name eq 'x'", view).map(([code]) => code)).toEqual(['not_filterable']);
  });

  it("orders an expansion of a view by the related entity type's key, unless the resource says otherwise", () => {
    const resource = {
      schema: schemaOf(model, 'People'),
      key: ['Id'],
      policy: { spelling: 'odata', defaultTop: 10, maxTop: 50 },
    } as const;
    const plan = parseQuery('$expand=Posts($top=2;$expand=Author($expand=Friends))', resource);
    const posts = plan.expand[0]!;
    expect(posts.many && posts.orderBy.map((k) => k.path.join('/'))).toEqual(['Id']);
    const friends = posts.expand[0]!.expand[0]!;
    expect(friends.schemaPath).toBe('Posts/Author/Friends');
    expect(friends.many && friends.orderBy.map((k) => k.path.join('/'))).toEqual(['Id']);
    const given = parseQuery('$expand=Posts', { ...resource, relations: { Posts: { key: ['Rank', 'Id'] } } });
    expect(given.expand[0]!.many && given.expand[0]!.orderBy.map((k) => k.path.join('/'))).toEqual(['Rank', 'Id']);
  });

  it('reads a key through complex properties and records type definitions and facets', () => {
    const m = defineModel({
      namespace: 'Shop',
      typeDefinitions: { Money: { underlyingType: 'Edm.Decimal', precision: 18, scale: 2 } },
      complexTypes: { Code: { properties: { Value: { type: 'Edm.String', nullable: false } } } },
      entityTypes: {
        Item: {
          key: ['Code/Value'],
          properties: {
            Code: { type: 'Code', nullable: false },
            Price: 'Money',
            Seen: { type: 'Edm.DateTimeOffset', precision: 6 },
          },
        },
      },
      entitySets: { Items: { type: 'Item' } },
    });
    const item = m.types.get('Shop.Item');
    expect(item?.kind === 'entity' && item.key).toEqual([{ path: ['Code', 'Value'], alias: 'Value' }]);
    expect(m.types.get('Shop.Money')).toMatchObject({ kind: 'definition', facets: { precision: 18, scale: 2 } });
    expect(check('Price gt 10.5', schemaOf(m, 'Items')).root.kind).toBe('compare');
  });

  const base = { namespace: 'N', entitySets: {} } as const;
  const entity = (properties: object, more: object = {}) => ({
    key: ['Id'],
    properties: { Id: { type: 'Edm.Int32', nullable: false }, ...properties },
    ...more,
  });

  it.each<[string, object, string, string]>([
    [
      'an unknown type, with a suggestion',
      { entityTypes: { P: entity({ A: 'Adress' }) }, complexTypes: { Address: { properties: { C: 'Edm.String' } } } },
      'A',
      "the type 'Adress' is no type of the model; did you mean 'Address'?",
    ],
    [
      'a primitive the language lacks',
      { entityTypes: { P: entity({ S: 'Edm.Stream' }) } },
      'S',
      "'Edm.Stream' is not a primitive type the filter language has",
    ],
    [
      'an entity type held by value',
      { entityTypes: { P: entity({ Q: 'P' }) } },
      'Q',
      "'N.P' is an entity type: entities are reached through navigation",
    ],
    [
      'navigation to a complex type',
      {
        complexTypes: { C: { properties: { X: 'Edm.String' } } },
        entityTypes: { P: entity({}, { navigation: { C: { type: 'C' } } }) },
      },
      'C',
      "a navigation property leads to an entity type, and 'N.C' is not one",
    ],
    [
      'a complex type that holds itself',
      { complexTypes: { Node: { properties: { Next: 'Node' } } } },
      'Next',
      "the structure contains itself: 'Next' is a 'N.Node' again",
    ],
    [
      'a complex type that holds itself in a collection',
      { complexTypes: { Node: { properties: { Kids: { type: 'Node', collection: true } } } } },
      'Kids',
      "the structure contains itself: 'Kids' is a 'N.Node' again",
    ],
    [
      'a complex type that holds itself two types down',
      { complexTypes: { A: { properties: { B: 'B' } }, B: { properties: { A: 'A' } } } },
      'B/A',
      "the structure contains itself: 'B/A' is a 'N.A' again",
    ],
    [
      'a base type cycle',
      { complexTypes: { A: { baseType: 'B' }, B: { baseType: 'A' } } },
      '',
      'the type derives from itself',
    ],
    [
      'a base type of the other kind',
      { complexTypes: { C: { properties: { X: 'Edm.String' } } }, entityTypes: { P: entity({}, { baseType: 'C' }) } },
      '',
      'the base type of an entity type is an entity type',
    ],
    [
      'a property declared again on a derived type',
      { entityTypes: { P: entity({ Name: 'Edm.String' }), Q: { baseType: 'P', properties: { Name: 'Edm.String' } } } },
      'Name',
      "the base type 'N.P' already has a property of this name",
    ],
    [
      'an entity type without a key',
      { entityTypes: { P: { properties: { X: 'Edm.String' } } } },
      '',
      'an entity type needs a key',
    ],
    [
      'a nullable key',
      { entityTypes: { P: { key: ['X'], properties: { X: 'Edm.String' } } } },
      'X',
      'a key property is never null',
    ],
    [
      'a key that is no property',
      { entityTypes: { P: { key: ['Y'], properties: { X: 'Edm.String' } } } },
      'Y',
      "the key names 'Y', which is no single-valued property of the type",
    ],
    [
      'a key on a type whose base has one',
      { entityTypes: { P: entity({}), Q: { baseType: 'P', key: ['Id'] } } },
      '',
      "the key is given by the base type 'N.P'",
    ],
    [
      'a partner that does not exist',
      { entityTypes: { P: entity({}, { navigation: { Q: { type: 'P', partner: 'Back' } } }) } },
      'Q',
      "the partner 'Back' is no navigation property of 'N.P'",
    ],
    [
      'a partner that does not lead back',
      {
        entityTypes: {
          P: entity({}, { navigation: { Q: { type: 'Q', partner: 'R' } } }),
          Q: entity({}, { navigation: { R: { type: 'Q' } } }),
        },
      },
      'Q',
      "the partner 'R' leads to 'N.Q', not back to 'N.P'",
    ],
    [
      'a collection navigation with nullable',
      { entityTypes: { P: entity({}, { navigation: { Q: { type: 'P', collection: true, nullable: true } } }) } },
      'Q',
      'a collection of related entities has no `nullable`',
    ],
    [
      'maxLength on an integer',
      { entityTypes: { P: entity({ X: { type: 'Edm.Int32', maxLength: 4 } }) } },
      'X',
      '`maxLength` is a facet of Edm.String and Edm.Binary, not of Edm.Int32',
    ],
    [
      'a time precision beyond 12',
      { entityTypes: { P: entity({ X: { type: 'Edm.DateTimeOffset', precision: 13 } }) } },
      'X',
      'fractional seconds digits, 0 to 12',
    ],
    [
      'a scale above the precision',
      { entityTypes: { P: entity({ X: { type: 'Edm.Decimal', precision: 4, scale: 5 } }) } },
      'X',
      '`scale` 5 is more than the precision 4',
    ],
    [
      'a facet the type definition sets',
      {
        typeDefinitions: { T: { underlyingType: 'Edm.String', maxLength: 3 } },
        entityTypes: { P: entity({ X: { type: 'T', maxLength: 4 } }) },
      },
      'X',
      "`maxLength` is set by the type definition 'N.T'",
    ],
    [
      'a reserved property name',
      { entityTypes: { P: entity({ and: 'Edm.String' }) } },
      'and',
      "'and' is a reserved word of the filter language",
    ],
    [
      'a misspelt option',
      { entityTypes: { P: entity({ X: { type: 'Edm.String', nulable: false } }) } },
      'X',
      "'nulable' is not part of this definition",
    ],
    [
      'a name given to two types',
      { complexTypes: { T: { properties: { X: 'Edm.String' } } }, enumTypes: { T: { members: { A: 1 } } } },
      '',
      'the name is given to two types',
    ],
  ])('refuses %s', (_, definition, path, problem) => {
    const attempt = () => defineModel({ ...base, ...definition } as ModelDefinition);
    expect(attempt).toThrow(SchemaDefinitionError);
    expect(attempt).toThrow(problem);
    try {
      attempt();
    } catch (error) {
      expect((error as SchemaDefinitionError).path).toBe(path);
    }
  });

  it.each<[string, object, string]>([
    [
      'a binding that is no navigation path',
      { People: { type: 'Person', bindings: { Name: 'People' } } },
      "'Name' is no navigation property path of 'Social.Person'",
    ],
    [
      'a binding to no entity set',
      { People: { type: 'Person', bindings: { Friends: 'Peple' } } },
      "the binding's target 'Peple' is no entity set or singleton",
    ],
    [
      'a binding to a set of another type',
      { People: { type: 'Person', bindings: { Posts: 'People' } } },
      "'People' holds 'Social.Person', not the 'Social.Post' the navigation leads to",
    ],
    ['an entity set of a complex type', { People: { type: 'Address' } }, 'the type of its members is an entity type'],
  ])('refuses %s', (_, entitySets, problem) => {
    expect(() => defineModel({ ...people, entitySets, singletons: {} } as ModelDefinition)).toThrow(problem);
  });

  it('refuses a containment navigation that is bound, and names an unknown entity set with a suggestion', () => {
    expect(() =>
      defineModel({
        namespace: 'N',
        entityTypes: {
          Order: {
            key: ['Id'],
            properties: { Id: { type: 'Edm.Int32', nullable: false } },
            navigation: { Lines: { type: 'Line', collection: true, containsTarget: true } },
          },
          Line: { key: ['No'], properties: { No: { type: 'Edm.Int32', nullable: false } } },
        },
        entitySets: { Orders: { type: 'Order', bindings: { Lines: 'Lines' } }, Lines: { type: 'Line' } },
      }),
    ).toThrow('a containment navigation property is not bound');
    expect(() => schemaOf(model, 'Peple')).toThrow(
      "Entity set 'Peple': the model has no entity set or singleton of this name; did you mean 'People'?",
    );
  });

  it('finds a structure that contains itself below types that hold one another twice over, level after level', () => {
    // L0 holds two L1s, each L1 two L2s, …: 2^40 paths down to L40, which holds an L0 again.
    // Walking every path never ended; each type is walked once.
    const levels = 40;
    const complexTypes: Record<string, { properties: Record<string, string> }> = {};
    for (let i = 0; i < levels; i++) complexTypes[`L${i}`] = { properties: { A: `L${i + 1}`, B: `L${i + 1}` } };
    complexTypes[`L${levels}`] = { properties: { Back: 'L0' } };
    expect(() => defineModel({ namespace: 'N', complexTypes })).toThrow(
      `property '${'A/'.repeat(levels)}Back': the structure contains itself`,
    );
    complexTypes[`L${levels}`] = { properties: { Value: 'Edm.Int32' } };
    expect(defineModel({ namespace: 'N', complexTypes }).types.size).toBe(levels + 1);
  });

  it('finds a structure that contains itself at the end of a chain of 2,000 types, walking each once', () => {
    // Walking from each type with the path so far took time with the cube of the chain: half a minute.
    const length = 2_000;
    const complexTypes: Record<string, { properties: Record<string, string> }> = {};
    for (let i = 0; i < length; i++) complexTypes[`L${i}`] = { properties: { Next: `L${i + 1}` } };
    complexTypes[`L${length}`] = { properties: { First: 'L0' } };
    expect(() => defineModel({ namespace: 'N', complexTypes })).toThrow(
      `Type 'N.L0', property '${'Next/'.repeat(length)}First': the structure contains itself`,
    );
    complexTypes[`L${length}`] = { properties: { Value: 'Edm.Int32' } };
    expect(defineModel({ namespace: 'N', complexTypes }).types.size).toBe(length + 1);
  });

  it('refuses a namespace that is no name or is reserved', () => {
    for (const namespace of ['', 'Edm', 'odata.x', '1a', 'a..b'])
      expect(() => defineModel({ namespace } as ModelDefinition)).toThrow('`namespace` is a name');
  });
});
