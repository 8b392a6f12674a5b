// Type-cast segments, `isof` and `cast` with a model's types (docs/semantics.md §14): the issues of
// each, at the type name, with suggestions; versions; rules kept through a cast. What the filters
// select is in the evaluation table (test/support/derived-table.ts), run on every backend.

import { describe, expect, it } from 'vitest';
import { check, parse, print, defineSchema } from '../../src/index.js';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { applyQuery, compilePredicate } from '../../src/backends/memory/index.js';
import { importedModel } from '../csdl/real-models.js';
import { parseQuery } from '../../src/query/index.js';
import { derivedModel, derivedSchema } from '../support/derived-table.js';
import { typedResultSchema } from '../support/typed-result-table.js';
import { defineModel, schemaOf } from '../../src/index.js';
import { thrownFilterError } from '../support/thrown.js';

const issues = (filter: string, schema = derivedSchema) =>
  thrownFilterError(() => check(filter, schema)).issues.map((i) => ({
    code: i.code,
    at: filter.slice(i.start, i.end),
    message: i.message,
  }));

describe('the issues of derived types', () => {
  it.each([
    [
      'isof(Staff.Manger)',
      'unknown_type',
      'Staff.Manger',
      "Unknown type 'Staff.Manger' for the Employee being filtered, which is a 'Staff.Employee'; did you mean 'Staff.Manager'?",
    ],
    [
      'Staff.Contractor/Id eq 1',
      'not_derived_type',
      'Staff.Contractor',
      "Type 'Staff.Contractor' does not derive from 'Staff.Employee', the type of the Employee being filtered: a cast names 'Staff.Employee', 'Staff.Manager', 'Staff.Executive'",
    ],
    [
      'Addresses/Staff.Manager/any()',
      'not_derived_type',
      'Staff.Manager',
      "Type 'Staff.Manager' does not derive from 'Staff.Address', the type of the elements of 'Addresses': a cast names 'Staff.Address', 'Staff.HomeAddress'",
    ],
    // A cast does not go up: a Manager's type-cast segment names Manager or a type derived from it.
    [
      'Staff.Manager/Staff.Employee/Name eq null',
      'not_derived_type',
      'Staff.Employee',
      "Type 'Staff.Employee' does not derive from 'Staff.Manager', the type of the Employee being filtered: a cast names 'Staff.Manager', 'Staff.Executive'",
    ],
    [
      'isof(Address, Staff.HomeAdress)',
      'unknown_type',
      'Staff.HomeAdress',
      "Unknown type 'Staff.HomeAdress' for 'Address', which is a 'Staff.Address'; did you mean 'Staff.HomeAddress'?",
    ],
    [
      'Address/Other.Thing/City eq null',
      'unknown_type',
      'Other.Thing',
      "Unknown type 'Other.Thing' for 'Address', which is a 'Staff.Address'; a cast names 'Staff.Address', 'Staff.HomeAddress'",
    ],
  ])('%s: %s at %s', (filter, code, at, message) => {
    expect(issues(filter)).toEqual([{ code, at, message }]);
  });

  it('reads a derived type’s properties only through its type-cast segment', () => {
    expect(issues('Budget gt 5').map((i) => i.code)).toEqual(['unknown_property']);
    expect(issues("Address/Zip eq '1'").map((i) => i.code)).toEqual(['unknown_property']);
    expect(check('Staff.Manager/Budget gt 5', derivedSchema).root.kind).toBe('compare');
  });

  it.each([
    ["cast(Address, Staff.HomeAddress) eq 'x'", 'structured_value', 'cast(Address, Staff.HomeAddress)'],
    ['Address/Staff.HomeAddress eq 1', 'structured_value', 'Address/Staff.HomeAddress'],
    ['isof(Addresses, Staff.HomeAddress)', 'collection_value', 'Addresses'],
    ['isof(Name, Staff.Manager)', 'not_derived_type', 'Staff.Manager'],
    ['isof(Name, Staff.Nothing)', 'unknown_type', 'Staff.Nothing'],
    ["Addresses/Staff.HomeAddress/Zip eq '1'", 'collection_path', 'Staff.HomeAddress/Zip'],
    ['Name/Staff.Manager/Budget eq 1', 'not_structured', 'Staff.Manager/Budget'],
    ['Addresses/Staff.HomeAddress/$count/x eq 1', undefined, undefined],
  ])('%s is %s', (filter, code, at) => {
    if (code === undefined) {
      expect(() => parse(filter)).toThrow();
      return;
    }
    expect(issues(filter).map(({ code, at }) => ({ code, at }))).toEqual([{ code, at }]);
  });

  // A collection a function returns takes a type-cast segment where a property's collection does
  // (docs/semantics.md §15), and nowhere else.
  it.each([
    ['Staff.Team(Id=Id)/Staff.Manager/Budget eq 1', 'collection_path', 'Staff.Manager/Budget'],
    ['Staff.Team(Id=Id)/Staff.Manger/$count eq 1', 'unknown_type', 'Staff.Manger'],
    ['Staff.Team(Id=Id)/Staff.Manager eq null', 'collection_value', 'Staff.Team(Id=Id)/Staff.Manager'],
    ['Staff.Team(Id=Id)/Staff.Manager/any(m: m/Nope eq 1)', 'unknown_property', 'Nope'],
  ])('after a collection result, %s is %s', (filter, code, at) => {
    expect(issues(filter, typedResultSchema).map(({ code, at }) => ({ code, at }))).toEqual([{ code, at }]);
  });

  it('names no derived type against a schema of the short form, which has none', () => {
    const short = defineSchema({
      name: 'Thing',
      properties: { Id: 'Edm.Int32', Address: { properties: { City: 'Edm.String' } } },
    });
    expect(issues('isof(Ns.Thing)', short).map((i) => i.code)).toEqual(['unknown_type']);
    expect(issues("Address/Ns.Home/City eq 'x'", short).map((i) => [i.code, i.at])).toEqual([
      ['unknown_type', 'Ns.Home'],
    ]);
  });
});

describe("a namespace's alias", () => {
  const aliased = defineModel({
    namespace: 'Org.Staff',
    aliases: { Self: 'Org.Staff' },
    enumTypes: { Level: { members: { Low: 1, High: 2 } } },
    entityTypes: {
      Employee: { key: ['Id'], properties: { Id: { type: 'Edm.Int32', nullable: false }, Level: 'Level' } },
      Manager: { baseType: 'Employee', properties: { Budget: 'Edm.Int32' } },
    },
    entitySets: { Employees: { type: 'Employee' } },
  });
  const employees = schemaOf(aliased, 'Employees');

  it('stands for the namespace in a type-cast segment, isof, cast and an enumeration literal', () => {
    for (const [written, full] of [
      ['Self.Manager/Budget gt 1', 'Org.Staff.Manager/Budget gt 1'],
      ['isof(Self.Manager)', 'isof(Org.Staff.Manager)'],
      ["Level eq Self.Level'High'", "Level eq Org.Staff.Level'High'"],
    ]) {
      const rows = [
        { Id: 1, Level: 2, '@odata.type': '#Org.Staff.Manager', Budget: 5 },
        { Id: 2, Level: 1, '@odata.type': '#Org.Staff.Employee' },
      ];
      const matching = (filter: string) => rows.filter(compilePredicate(check(filter, employees))).map((r) => r.Id);
      expect(matching(written!), written).toEqual(matching(full!));
      expect(matching(written!), written).toEqual([1]);
    }
  });

  it('is refused by defineModel where it is no identifier, names a namespace, or stands for none of the model', () => {
    const base = {
      namespace: 'Org.Staff',
      entityTypes: { E: { key: ['Id'], properties: { Id: { type: 'Edm.Int32', nullable: false } } } },
    } as const;
    expect(() => defineModel({ ...base, aliases: { 'Not.One': 'Org.Staff' } })).toThrow(/alias 'Not.One'/);
    expect(() => defineModel({ ...base, aliases: { Self: 'Elsewhere' } })).toThrow(
      /alias 'Self' stands for a namespace/,
    );
  });

  it('is unknown to a model without it', () => {
    expect(issues('isof(Self.Manager)')[0]?.code).toBe('unknown_type');
  });
});

describe('derived types in versions', () => {
  it('are read as written by 4.0 and 4.01', () => {
    for (const version of ['4.0', '4.01'] as const) {
      expect(print(parse('Staff.Manager/Budget gt 5'), { version })).toBe('Staff.Manager/Budget gt 5');
      expect(() => check('Addresses/Staff.HomeAddress/any()', derivedSchema, { version })).not.toThrow();
    }
  });

  it('refuse a type-cast segment before 4.0, and quote a type name as v2 and v3 do', () => {
    for (const version of ['2.0', '3.0'] as const) {
      const error = thrownFilterError(() => print(parse('Staff.Manager/Budget gt 5'), { version }));
      expect([error.kind, error.construct, error.target]).toEqual(['unsupported', 'type_cast', version]);
      const checked = thrownFilterError(() => check('Staff.Manager/Budget gt 5', derivedSchema, { version }));
      expect(checked.issues.map((i) => i.code)).toEqual(['not_in_version']);
      expect(print(parse('isof(Staff.Manager)'), { version })).toBe("isof('Staff.Manager')");
      expect(print(parse('isof(Address, Staff.HomeAddress)'), { version })).toBe("isof(Address, 'Staff.HomeAddress')");
    }
  });
});

describe('rules through a type-cast segment', () => {
  it('keep a property kept from filters kept when it is read through a cast', () => {
    const resource = {
      schema: derivedSchema,
      key: ['Id'],
      policy: { spelling: 'odata', defaultTop: 10, maxTop: 10 },
      rules: { 'Address/City': { filter: false }, Name: { filter: false } },
    } as const;
    for (const filter of ["Address/Staff.HomeAddress/City eq 'x'", "Staff.Manager/Name eq 'x'"]) {
      const error = thrownFilterError(() => parseQuery(`$filter=${filter}`, resource));
      expect(error.issues.map((i) => i.code)).toEqual(['not_filterable']);
    }
    expect(() =>
      parseQuery('$filter=Staff.Manager/Budget gt 1 and isof(Address, Staff.HomeAddress)', resource),
    ).not.toThrow();
  });
});

describe('the default discriminator', () => {
  const odata = defineModel({
    namespace: 'Ns',
    entityTypes: {
      Person: { key: ['Id'], properties: { Id: { type: 'Edm.Int32', nullable: false } } },
      Vip: { baseType: 'Person', properties: { Tier: 'Edm.Int32' } },
    },
    entitySets: { People: { type: 'Person' } },
  });

  it('is @odata.type holding # and the qualified name', () => {
    expect(odata.discriminator.property).toBe('@odata.type');
    expect(odata.discriminator.values.get('Ns.Vip')).toBe('#Ns.Vip');
    expect(derivedModel.discriminator.values.get('Staff.Manager')).toBe('M');
  });

  it('is refused by MongoDB unless mapped, since its name holds a dot', () => {
    const typed = check('isof(Ns.Vip)', schemaOf(odata, 'People'));
    const error = thrownFilterError(() => compileMongo(typed));
    expect([error.kind, error.construct]).toEqual(['unsupported', 'field_name']);
    expect(compileMongo(typed, { fields: { '@odata.type': 'odataType' } })).toEqual({
      odataType: { $in: ['#Ns.Vip'] },
    });
  });
});

describe('a count of elements of a type over a relation a row filter restricts', () => {
  const staff = defineModel({
    namespace: 'Org',
    entityTypes: {
      Person: {
        key: ['Id'],
        properties: { Id: { type: 'Edm.Int32', nullable: false }, Hidden: 'Edm.Boolean' },
        navigation: { Reports: { type: 'Person', collection: true } },
      },
      Boss: { baseType: 'Person' },
    },
    entitySets: { People: { type: 'Person', bindings: { Reports: 'People' } } },
  });
  const resource = {
    schema: schemaOf(staff, 'People'),
    key: ['Id'],
    policy: { spelling: 'odata', defaultTop: 10, maxTop: 10 },
    relations: { Reports: { key: ['Id'], rowFilter: 'Hidden ne true' } },
  } as const;
  const boss = { '@odata.type': '#Org.Boss' };
  const rows = [
    { Id: 1, Reports: [{ Id: 2, ...boss }, { Id: 3, ...boss, Hidden: true }, { Id: 4 }] },
    { Id: 5, Reports: [{ Id: 6, ...boss, Hidden: true }] },
  ];

  it('counts the elements of the type that the row filter keeps, both conditions held', () => {
    const ids = (filter: string) =>
      applyQuery(rows, parseQuery(`$filter=${filter}`, resource)).items.map((r) => (r as { Id: number }).Id);
    expect(ids('Reports/Org.Boss/$count eq 1')).toEqual([1]);
    expect(ids('Reports/Org.Boss/$count eq 0')).toEqual([5]);
    expect(ids('Reports/$count eq 2')).toEqual([1]);
  });
});

describe("derived types of an imported service's model", () => {
  const ns = 'Microsoft.OData.SampleService.Models.TripPin';
  const people = schemaOf(importedModel('trippin').model, 'People');

  it("reach TripPin's flights and event locations through type-cast segments", () => {
    const filter = `Trips/any(t: t/PlanItems/${ns}.Flight/any(f: f/FlightNumber eq 'FM0001')) and AddressInfo/${ns}.EventLocation/$count eq 0`;
    const predicate = compilePredicate(check(filter, people));
    const flight = { '@odata.type': `#${ns}.Flight`, FlightNumber: 'FM0001' };
    const event = { '@odata.type': `#${ns}.Event`, Description: 'FM0001' };
    expect(predicate({ Trips: [{ PlanItems: [event, flight] }], AddressInfo: [{ City: null }] })).toBe(true);
    expect(predicate({ Trips: [{ PlanItems: [event] }], AddressInfo: [] })).toBe(false);
    expect(
      predicate({ Trips: [{ PlanItems: [flight] }], AddressInfo: [{ '@odata.type': `#${ns}.EventLocation` }] }),
    ).toBe(false);
  });

  it('name the types a cast may take where one is misspelt', () => {
    const issue = thrownFilterError(() => check(`Trips/any(t: t/PlanItems/${ns}.Flihgt/any())`, people)).issues[0]!;
    expect([issue.code, issue.message.endsWith(`did you mean '${ns}.Flight'?`)]).toEqual(['unknown_type', true]);
  });
});
