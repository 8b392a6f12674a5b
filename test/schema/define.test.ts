// defineSchema(): resolution of definitions, and definition-time errors for unusable ones.

import { describe, expect, it } from 'vitest';
import { check, defineSchema, findProperty, listPropertyPaths, SchemaDefinitionError } from '../../src/index.js';
import type { SchemaDefinition } from '../../src/index.js';

describe('defineSchema', () => {
  it('resolves collections: of primitives, of structures with nested collections, and relations', () => {
    const schema = defineSchema({
      name: 'Owner',
      properties: {
        Id: { type: 'Edm.Int32', nullable: false },
        Tags: { collection: 'Edm.String' },
        Scores: { collection: { type: 'Edm.Int32', nullable: false }, filterable: false },
        Addresses: { collection: { properties: { City: 'Edm.String', Phones: { collection: 'Edm.String' } } } },
        Orders: { relation: true, collection: { properties: { Id: 'Edm.Int32' } } },
        Manager: { relation: true, properties: { Name: 'Edm.String' } },
      },
    });
    expect(findProperty(schema, ['Tags'])).toEqual({
      kind: 'collection',
      name: 'Tags',
      filterable: true,
      relation: false,
      element: { kind: 'primitive', name: 'Tags', type: 'Edm.String', nullable: true, filterable: true },
    });
    expect(findProperty(schema, ['Scores'])).toMatchObject({
      filterable: false,
      element: { nullable: false, filterable: false },
    });
    // A path through a collection reaches its element's members, as a range variable does.
    expect(findProperty(schema, ['Addresses', 'Phones'])).toMatchObject({
      kind: 'collection',
      element: { type: 'Edm.String' },
    });
    // A relation's elements are rows: never null.
    expect(findProperty(schema, ['Orders'])).toMatchObject({
      relation: true,
      element: { kind: 'structured', nullable: false },
    });
    expect(findProperty(schema, ['Manager'])).toMatchObject({ kind: 'structured', relation: true });
    // Collections are reached only through lambdas, so they are not among the paths a filter reads directly.
    expect(listPropertyPaths(schema).map((p) => p.path.join('/'))).toEqual(['Id', 'Manager/Name']);
  });

  it('resolves primitives, options and nested structures, nullable unless said otherwise', () => {
    const schema = defineSchema({
      name: 'Contact',
      properties: {
        ContactID: { type: 'Edm.Int32', nullable: false },
        Email: 'Edm.String',
        Secret: { type: 'Edm.String', filterable: false },
        PostalAddress: { properties: { City: 'Edm.String', Country: { type: 'Edm.String', nullable: false } } },
      },
    });
    expect(schema.name).toBe('Contact');
    expect([...schema.properties.keys()]).toEqual(['ContactID', 'Email', 'Secret', 'PostalAddress']);
    expect(findProperty(schema, ['ContactID'])).toEqual({
      kind: 'primitive',
      name: 'ContactID',
      type: 'Edm.Int32',
      nullable: false,
      filterable: true,
    });
    expect(findProperty(schema, ['Secret'])).toMatchObject({ filterable: false, nullable: true });
    expect(findProperty(schema, ['PostalAddress'])).toMatchObject({ kind: 'structured', nullable: true });
    expect(findProperty(schema, ['PostalAddress', 'Country'])).toMatchObject({ type: 'Edm.String', nullable: false });
    expect(findProperty(schema, ['PostalAddress', 'Street'])).toBeUndefined();
    expect(findProperty(schema, ['Email', 'Domain'])).toBeUndefined();
    expect(listPropertyPaths(schema).map((p) => [p.path.join('/'), p.nullable, p.filterable])).toEqual([
      ['ContactID', false, true],
      ['Email', true, true],
      ['Secret', true, false],
      ['PostalAddress/City', true, true],
      // Country itself is not nullable, but a missing address makes it null.
      ['PostalAddress/Country', true, true],
    ]);
  });

  it('resolves structures to any depth and inherits filterable: false', () => {
    const schema = defineSchema({
      name: 'R',
      properties: {
        A: {
          filterable: false,
          properties: { B: { nullable: false, properties: { C: { type: 'Edm.Guid', filterable: true } } } },
        },
      },
    });
    expect(listPropertyPaths(schema)).toMatchObject([{ path: ['A', 'B', 'C'], nullable: true, filterable: false }]);
  });

  const bad: [string, unknown, string][] = [
    [
      'an unknown type name',
      { name: 'S', properties: { A: 'Edm.Strin' } },
      "Schema 'S', property 'A': unknown type 'Edm.Strin'; expected one of Edm.String, ",
    ],
    [
      'an unknown type in options',
      { name: 'S', properties: { A: { type: 'String' } } },
      "Schema 'S', property 'A': unknown type 'String'",
    ],
    [
      'an empty property name',
      { name: 'S', properties: { '': 'Edm.String' } },
      "Schema 'S': a property name cannot be empty",
    ],
    [
      'a name with /',
      { name: 'S', properties: { 'A/B': 'Edm.String' } },
      "Schema 'S', property 'A/B': a property name cannot contain '/'",
    ],
    [
      'a nested name with /',
      { name: 'S', properties: { A: { properties: { 'B/C': 'Edm.Int32' } } } },
      "Schema 'S', property 'A/B/C': a property name cannot contain '/'",
    ],
    [
      'a name that is not an identifier',
      { name: 'S', properties: { 'first name': 'Edm.String' } },
      "Schema 'S', property 'first name': a property name must be an identifier",
    ],
    [
      'a reserved word',
      { name: 'S', properties: { Not: 'Edm.Boolean' } },
      "Schema 'S', property 'Not': 'Not' is a reserved word",
    ],
    [
      'NaN, a Double literal',
      { name: 'S', properties: { NaN: 'Edm.Double' } },
      "Schema 'S', property 'NaN': 'NaN' is a reserved word",
    ],
    [
      'INF, a Double literal',
      { name: 'S', properties: { A: { properties: { INF: 'Edm.Double' } } } },
      "Schema 'S', property 'A/INF': 'INF' is a reserved word",
    ],
    [
      'an empty structure',
      { name: 'S', properties: { A: { properties: {} } } },
      "Schema 'S', property 'A': a structured property needs at least one property",
    ],
    ['no properties', { name: 'S', properties: {} }, "Schema 'S': a schema needs at least one property"],
    [
      'an empty schema name',
      { name: '', properties: { A: 'Edm.String' } },
      "Schema '': the schema needs a non-empty name",
    ],
    [
      'a non-boolean nullable',
      { name: 'S', properties: { A: { type: 'Edm.String', nullable: 'no' } } },
      "Schema 'S', property 'A': `nullable` must be true or false",
    ],
    [
      'both type and properties',
      { name: 'S', properties: { A: { type: 'Edm.String', properties: { B: 'Edm.String' } } } },
      'one of `type`, `enum`, `properties` or `collection`, not `type` and `properties`',
    ],
    [
      'neither type nor properties',
      { name: 'S', properties: { A: { nullable: true } } },
      'needs a `type`, nested `properties` or a `collection`',
    ],
    [
      'a collection and a type',
      { name: 'S', properties: { A: { type: 'Edm.String', collection: 'Edm.String' } } },
      'not `type` and `collection`',
    ],
    [
      'a collection with nullable',
      { name: 'S', properties: { A: { collection: 'Edm.String', nullable: false } } },
      'a collection has no `nullable`',
    ],
    [
      'a collection of an unknown type',
      { name: 'S', properties: { A: { collection: 'Edm.Strin' } } },
      "unknown type 'Edm.Strin'",
    ],
    [
      'a collection of collections',
      { name: 'S', properties: { A: { collection: { collection: 'Edm.String' } } } },
      'cannot hold collections directly',
    ],
    [
      'an element with filterable',
      { name: 'S', properties: { A: { collection: { type: 'Edm.String', filterable: false } } } },
      '`filterable` belongs to the collection',
    ],
    [
      'a relation of primitives',
      { name: 'S', properties: { A: { collection: 'Edm.String', relation: true } } },
      'a relation is a collection of structures',
    ],
    [
      'a primitive relation',
      { name: 'S', properties: { A: { type: 'Edm.String', relation: true } } },
      'only a structure or a collection of structures',
    ],
    [
      'relation not a Boolean',
      { name: 'S', properties: { A: { properties: { B: 'Edm.String' }, relation: 'yes' } } },
      '`relation` must be true or false',
    ],
    [
      'an unknown type inside an element',
      { name: 'S', properties: { A: { collection: { properties: { B: 'Edm.Nope' } } } } },
      "property 'A/B': unknown type",
    ],
    ['a number as a property', { name: 'S', properties: { A: 3 } }, 'a property is an Edm type name'],
    ['properties as an array', { name: 'S', properties: ['Edm.String'] }, '`properties` must be an object'],
    ['not an object', 'Contact', 'a definition must be an object'],
    ['has, an operator', { name: 'S', properties: { has: 'Edm.Boolean' } }, "'has' is a reserved word"],
    // Enumerations (docs/semantics.md §12)
    [
      'an enumeration without a qualified name',
      { name: 'S', properties: { C: { enum: { name: 'Color', members: { Red: 1 } } } } },
      'a qualified name outside the Edm namespace',
    ],
    [
      'an enumeration in the Edm namespace',
      { name: 'S', properties: { C: { enum: { name: 'Edm.Color', members: { Red: 1 } } } } },
      'a qualified name outside the Edm namespace',
    ],
    [
      'an enumeration without members',
      { name: 'S', properties: { C: { enum: { name: 'NS.Color', members: {} } } } },
      'at least one member',
    ],
    [
      'a member that is no identifier',
      { name: 'S', properties: { C: { enum: { name: 'NS.Color', members: { 'Light Red': 1 } } } } },
      "member 'Light Red' is not an identifier",
    ],
    [
      'a member value that is no integer',
      { name: 'S', properties: { C: { enum: { name: 'NS.Color', members: { Red: 1.5 } } } } },
      "member 'Red' needs an integer value",
    ],
    [
      'a member beyond the underlying type',
      {
        name: 'S',
        properties: { C: { enum: { name: 'NS.Color', members: { Red: 300 }, underlyingType: 'Edm.Byte' } } },
      },
      "member 'Red' is 300, beyond Edm.Byte",
    ],
    [
      'a negative flag',
      { name: 'S', properties: { C: { enum: { name: 'NS.Color', members: { Red: -1 }, flags: true } } } },
      "member 'Red' of a flags enumeration is negative",
    ],
    [
      'a non-integer underlying type',
      {
        name: 'S',
        properties: { C: { enum: { name: 'NS.Color', members: { Red: 1 }, underlyingType: 'Edm.String' } } },
      },
      '`underlyingType` is one of',
    ],
    [
      'flags not a Boolean',
      { name: 'S', properties: { C: { enum: { name: 'NS.Color', members: { Red: 1 }, flags: 'yes' } } } },
      '`flags` must be true or false',
    ],
    [
      'one enumeration defined twice otherwise',
      {
        name: 'S',
        properties: {
          C: { enum: { name: 'NS.Color', members: { Red: 1 } } },
          D: { collection: { enum: { name: 'NS.Color', members: { Red: 2 } } } },
        },
      },
      "property 'D': enumeration 'NS.Color' is defined differently",
    ],
    [
      'an enumeration and a type',
      { name: 'S', properties: { C: { type: 'Edm.Int32', enum: { name: 'NS.Color', members: { Red: 1 } } } } },
      'not `type` and `enum`',
    ],
  ];
  it.each(bad)('throws a SchemaDefinitionError (a TypeError) for %s', (_what, definition, message) => {
    let thrown: unknown;
    try {
      defineSchema(definition as SchemaDefinition);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SchemaDefinitionError);
    expect(thrown).toBeInstanceOf(TypeError);
    expect((thrown as Error).message).toContain(message);
  });

  describe('a definition that holds itself', () => {
    /** Definitions whose objects refer back to an enclosing one: a structure without end. */
    const person: { [name: string]: unknown } = { Name: 'Edm.String' };
    person.Friends = { collection: { properties: person }, relation: true };
    const node: { [name: string]: unknown } = { Value: 'Edm.Int32' };
    node.Parent = { properties: node };
    const deep: { [name: string]: unknown } = { Id: 'Edm.Int32' };
    deep.A = { properties: { B: { collection: { properties: { C: { properties: deep } } } } } };
    const selfReferring: [string, { [name: string]: unknown }, string, string][] = [
      ['through a to-many relation', person, 'Friends', 'the schema'],
      ['through a nested structure', node, 'Parent', 'the schema'],
      ['three levels down, through a collection', deep, 'A/B/C', 'the schema'],
    ];
    it.each(selfReferring)('is refused by name, not a stack overflow: %s', (_what, properties, path, outer) => {
      let thrown: unknown;
      try {
        defineSchema({ name: 'S', properties } as SchemaDefinition);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(SchemaDefinitionError);
      expect((thrown as SchemaDefinitionError).path).toBe(path);
      expect((thrown as Error).message).toContain(`contains itself: its properties are those of ${outer}`);
    });

    it('names the enclosing structure it repeats', () => {
      const address: { [name: string]: unknown } = { City: 'Edm.String' };
      address.Previous = { properties: address };
      expect(() =>
        defineSchema({ name: 'S', properties: { Id: 'Edm.Int32', Home: { properties: address } } } as SchemaDefinition),
      ).toThrow("property 'Home/Previous': the structure contains itself: its properties are those of 'Home'");
    });

    it('allows one definition object used for two structures side by side', () => {
      const address = { City: 'Edm.String', Zip: 'Edm.String' } as const;
      const schema = defineSchema({
        name: 'S',
        properties: {
          Home: { properties: address },
          Work: { properties: address },
          Past: { collection: { properties: address } },
        },
      });
      expect(listPropertyPaths(schema).map((p) => p.path.join('/'))).toEqual([
        'Home/City',
        'Home/Zip',
        'Work/City',
        'Work/Zip',
      ]);
      expect(findProperty(schema, ['Past'])?.kind).toBe('collection');
    });
  });

  it('allows the other spellings of NaN and INF, which the parser reads as names', () => {
    const schema = defineSchema({
      name: 'S',
      properties: { Inf: 'Edm.Double', nan: 'Edm.Double', NAN: 'Edm.Double', inf: 'Edm.Double' },
    });
    for (const name of ['Inf', 'nan', 'NAN', 'inf']) {
      expect(check(`${name} eq 1`, schema).root).toMatchObject({ left: { kind: 'member', path: [name] } });
    }
  });
});
