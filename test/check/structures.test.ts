// A complex value compared with a structure's literal (docs/semantics.md §16): the typed tree it
// stands for, every issue of the literal at its place, what is not comparable, versions, aliases.
// What the filters select is in the evaluation tables, run on every backend.

import { describe, expect, it } from 'vitest';
import { check, defineModel, defineSchema, parse, print, printTyped, schemaOf } from '../../src/index.js';
import type { Schema } from '../../src/index.js';
import { thrownFilterError } from '../support/thrown.js';

const schema = defineSchema({
  name: 'Shop',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Name: 'Edm.String',
    Address: {
      properties: {
        City: 'Edm.String',
        Key: 'Edm.Guid',
        Geo: { properties: { Lat: 'Edm.Double' } },
      },
    },
    Phones: { properties: { Main: 'Edm.String', Others: { collection: 'Edm.String' } } },
    Manager: { relation: true, properties: { Id: 'Edm.Int32' } },
    Hidden: { filterable: false, properties: { Code: 'Edm.String' } },
    Places: { collection: { properties: { City: 'Edm.String' } } },
    Tags: { collection: 'Edm.String' },
  },
});

const ADDRESS = '{"City":"Oslo","Key":null,"Geo":{"Lat":59.9}}';

const issues = (filter: string, s: Schema = schema) =>
  thrownFilterError(() => check(filter, s)).issues.map((i) => [i.code, filter.slice(i.start, i.end), i.message]);

describe('a structure compared with its value', () => {
  it('holds nothing new in the typed tree', () => {
    const typed = printTyped(check(`Address eq ${ADDRESS}`, schema));
    expect(typed).toContain('Address/Geo/Lat');
    expect(typed).not.toContain('{');
  });

  it('is the comparisons it stands for, in either order and by ne', () => {
    const members =
      "Address ne null and Address/City eq 'Oslo' and Address/Key eq null and (Address/Geo ne null and Address/Geo/Lat eq 59.9)";
    const expected = printTyped(check(members, schema));
    expect(printTyped(check(`Address eq ${ADDRESS}`, schema))).toBe(expected);
    expect(printTyped(check(`${ADDRESS} eq Address`, schema))).toBe(expected);
    expect(printTyped(check(`Address ne ${ADDRESS}`, schema))).toBe(printTyped(check(`not (${members})`, schema)));
  });

  it('reads a JSON string as the guid a Guid member holds', () => {
    const filter = 'Address eq {"City":null,"Key":"01234567-89AB-cdef-0123-456789abcdef","Geo":null}';
    expect(printTyped(check(filter, schema))).toBe(
      printTyped(
        check(
          'Address ne null and Address/City eq null and Address/Key eq 01234567-89ab-cdef-0123-456789abcdef and Address/Geo eq null',
          schema,
        ),
      ),
    );
  });

  it('takes the element of a collection of structures, and in with null items', () => {
    expect(() => check('Places/any(p: p eq {"City":"Oslo"})', schema)).not.toThrow();
    expect(printTyped(check(`Address in (${ADDRESS}, null)`, schema))).toBe(
      printTyped(check(`Address eq ${ADDRESS} or Address eq null`, schema)),
    );
    expect(printTyped(check(`Address in [${ADDRESS}]`, schema))).toBe(
      printTyped(check(`Address eq ${ADDRESS}`, schema)),
    );
  });
});

describe('the issues of a structure compared with its value', () => {
  it.each([
    [
      'Address eq {"Cty":"Oslo","Key":null,"Geo":null}',
      [
        ['missing_member', '{"Cty":"Oslo","Key":null,"Geo":null}', "The structure's value leaves out 'City'"],
        ['unknown_property', '"Cty"', expect.stringContaining("Did you mean 'City'?")],
      ],
    ],
    [
      'Address eq {"City":"Oslo","City":"Rome","Key":null,"Geo":null}',
      [['duplicate_member', '"City"', "'City' is named twice"]],
    ],
    [
      'Address eq {"City":"Oslo","Key":null,"Geo":{}}',
      [['missing_member', '{}', expect.stringContaining("leaves out 'Lat'")]],
    ],
    [
      'Address eq {"City":5,"Key":null,"Geo":null}',
      [['type_mismatch', '"City":5', expect.stringContaining('(Edm.String) with 5 (Edm.Int32)')]],
    ],
    ['Address eq {"City":"Oslo","Key":null,"Geo":1}', [['type_mismatch', '1', "'Geo' is a structure: not 1"]]],
    ['Address eq {"City":{},"Key":null,"Geo":null}', [['type_mismatch', '{}', "'City' is no structure: not {}"]]],
    [
      'Name eq {"a":1}',
      [['type_mismatch', 'Name eq {"a":1}', "Cannot compare Name (no structure) with a structure's value"]],
    ],
    [
      'Tags eq {"a":1}',
      [['type_mismatch', 'Tags eq {"a":1}', "Cannot compare Tags (a collection) with a structure's value"]],
    ],
    [
      `Address gt ${ADDRESS}`,
      [['structure_literal', ADDRESS, "A structure's value is compared with a complex value by eq, ne or in only"]],
    ],
    ['{"a":1}', [['structure_literal', '{"a":1}', expect.any(String)]]],
    ['{"a":1} eq {"a":1}', [['structure_literal', '{"a":1}', expect.any(String)]]],
    ['length({"a":1}) eq 1', [['structure_literal', '{"a":1}', expect.any(String)]]],
    [
      `Address in (${ADDRESS}, 'Oslo')`,
      [['type_mismatch', "'Oslo'", "List item 'Oslo' is no structure's value nor null"]],
    ],
    [
      `Adress in (${ADDRESS}, null, ${ADDRESS})`,
      [['unknown_property', 'Adress', expect.stringContaining("Did you mean 'Address'?")]],
    ],
    [
      'Manager eq {"Id":1}',
      [
        [
          'structure_not_comparable',
          'Manager eq {"Id":1}',
          "Manager is a navigation property (compare its key): it is not compared with a structure's value",
        ],
      ],
    ],
    [
      'Phones eq {"Main":"1","Others":null}',
      [
        [
          'structure_not_comparable',
          'Phones eq {"Main":"1","Others":null}',
          expect.stringContaining("holds the collection 'Others'"),
        ],
      ],
    ],
    [
      '$it eq {"Id":1}',
      [
        [
          'structure_not_comparable',
          '$it eq {"Id":1}',
          "$it is the resource: it is not compared with a structure's value",
        ],
      ],
    ],
    ['Hidden eq {"Code":"x"}', [['not_filterable', expect.any(String), expect.any(String)]]],
  ])('%s', (filter, expected) => {
    expect(issues(filter)).toEqual(expected);
  });

  it('refuses a structure whose type has derived types', () => {
    const model = defineModel({
      namespace: 'Staff',
      complexTypes: {
        Address: { properties: { City: 'Edm.String' } },
        HomeAddress: { baseType: 'Address', properties: { Zip: 'Edm.String' } },
      },
      entityTypes: {
        Employee: { key: ['Id'], properties: { Id: { type: 'Edm.Int32', nullable: false }, Address: 'Address' } },
      },
      entitySets: { Employees: { type: 'Employee' } },
    });
    expect(issues('Address eq {"City":"Oslo"}', schemaOf(model, 'Employees'))).toEqual([
      [
        'structure_not_comparable',
        'Address eq {"City":"Oslo"}',
        "Address has derived types: it is not compared with a structure's value",
      ],
    ]);
  });
});

describe('the literal of a structure', () => {
  it.each([
    [`Address eq ${ADDRESS}`, `Address eq ${ADDRESS}`],
    ['Address eq { "City" : "a\\"b\\u00e9" , "Geo" : { } }', 'Address eq {"City":"a\\"bé","Geo":{}}'],
    ['x in [{"a":1e3}, null]', 'x in ({"a":1e3}, null)'],
    ['x in ({"a":true}, {"b":-0.50})', 'x in ({"a":true}, {"b":-0.50})'],
    ['({"a":1}) ne x', '{"a":1} ne x'],
    ['x in ["2012-12-03", {"a":"2012-12-03"}]', 'x in ["2012-12-03", {"a":"2012-12-03"}]'],
  ])('%s prints as %s and reads back as the same tree', (text, printed) => {
    expect(print(parse(text))).toBe(printed);
    expect(print(parse(printed))).toBe(printed);
  });

  it.each([
    ['x eq {"a":\'b\'}', 'json_object_member', "'b'"],
    ['x eq {"a":Name}', 'json_object_member', 'Name'],
    ['x eq {"a":[1]}', 'collection_literal', '[1]'],
  ])('%s is refused by name', (text, construct, at) => {
    const error = thrownFilterError(() => parse(text));
    expect(error).toMatchObject({ kind: 'unsupported', construct });
    expect(text.slice(error.start, error.end)).toBe(at);
  });

  it.each([['x eq {a:1}'], ['x eq {"a" 1}'], ['x eq {"a":1,}'], ['x eq {"a":1']])('%s is a syntax error', (text) => {
    expect(thrownFilterError(() => parse(text)).kind).toBe('syntax');
  });

  it('nests no deeper than parentheses may', () => {
    const deep = `x eq ${'{"a":'.repeat(101)}1${'}'.repeat(101)}`;
    expect(thrownFilterError(() => parse(deep))).toMatchObject({ kind: 'limit' });
    const fine = `x eq ${'{"a":'.repeat(50)}1${'}'.repeat(50)}`;
    expect(print(parse(fine))).toBe(fine);
  });

  it('is 4.01: print refuses it for 4.0, and check reports it', () => {
    for (const version of ['4.0', '3.0', '2.0'] as const) {
      expect(thrownFilterError(() => print(parse(`Address eq ${ADDRESS}`), { version }))).toMatchObject({
        kind: 'unsupported',
        construct: 'structure_literal',
        target: version,
      });
      expect(
        thrownFilterError(() => check(`Address eq ${ADDRESS}`, schema, { version })).issues.map((i) => i.code),
      ).toContain('not_in_version');
    }
  });

  it('is no value of an alias', () => {
    expect(
      thrownFilterError(() => check('Address in @list', schema, { aliases: { list: `[${ADDRESS}]` } })),
    ).toMatchObject({ kind: 'syntax', issues: [{ code: 'invalid_alias_value' }] });
  });
});
