// complete(): what each cursor position offers, by kind, written out by hand from the schema.

import { describe, expect, it } from 'vitest';
import { complete, type CompletionKind, type EditorOptions } from '../../../src/client/index.js';
import { FUNCTIONS } from '../../../src/language/functions.js';
import { EDM_TYPES } from '../../../src/language/edm.js';
import { DEFAULT_LIMITS, defineSchema } from '../../../src/index.js';
import { atCursor, Product } from './product-schema.js';
import { derivedSchema } from '../../support/derived-table.js';
import { functionSchema } from '../../support/function-table.js';
import { typedResultSchema } from '../../support/typed-result-table.js';

const now = new Date('2024-05-01T10:00:00Z');
// The function table's, then the type functions: `cast` wherever a value goes, `isof` where a Boolean does.
const ALL_FUNCTIONS = [
  ...FUNCTIONS.map((f) => (f.overloads.every((o) => o.params.length === 0) ? `${f.name}()` : `${f.name}(`)),
  'cast(',
  'isof(',
];
const STRING_FUNCTIONS = ['replace(', 'substring(', 'tolower(', 'toupper(', 'trim(', 'concat(', 'cast('];

/** The inserts of each kind offered at the marked cursor. */
function offered(
  marked: string,
  options: EditorOptions = {},
): Partial<Record<CompletionKind, string[]>> & { range: [number, number] } {
  const { text, cursor } = atCursor(marked);
  const { from, to, items } = complete(text, cursor, Product, { now, ...options });
  const byKind: Partial<Record<CompletionKind, string[]>> = {};
  for (const item of items) (byKind[item.kind] ??= []).push(item.insert);
  return { range: [from, to], ...byKind };
}

describe('complete: where an operand goes', () => {
  it.each<[string, ReturnType<typeof offered>]>([
    [
      '|',
      {
        range: [0, 0],
        variable: ['$it/'],
        property: ['Id', 'Name', 'Price', 'Released', 'Active', 'Color'],
        navigation: ['Maker/'],
        collection: ['Tags/', 'Reviews/'],
        function: ALL_FUNCTIONS,
        keyword: ['not '],
      },
    ],
    ['Na|', { range: [0, 2], property: ['Name'] }],
  ])('%s', (marked, expected) => {
    expect(offered(marked)).toEqual(expected);
  });

  it.each<[string, ReturnType<typeof offered>]>([
    // A string's place: string properties, a relation holding one, the literal, null, string functions.
    [
      'Name eq |',
      {
        range: [8, 8],
        property: ['Name'],
        navigation: ['Maker/'],
        literal: ["''", 'null'],
        function: STRING_FUNCTIONS,
      },
    ],
    // The word under the cursor is replaced whole; the text after it stays and types the place.
    ["Na|me eq 'x'", { range: [0, 4], property: ['Name'] }],
    ['Id eq 1 and Ac|', { range: [12, 14], property: ['Active'] }],
    // `has` takes an enumeration literal of the operand's type.
    ['Color has |', { range: [10, 10], literal: ["Shop.Color'Red'", "Shop.Color'Green'", "Shop.Color'Blue'"] }],
    [
      'Color eq |',
      {
        range: [9, 9],
        property: ['Color'],
        literal: ["Shop.Color'Red'", "Shop.Color'Green'", "Shop.Color'Blue'", 'null'],
      },
    ],
    [
      'Released lt |',
      { range: [12, 12], property: ['Released'], literal: ['2024-05-01', 'null'], function: ['date(', 'cast('] },
    ],
    [
      'contains(|',
      {
        range: [9, 9],
        property: ['Name'],
        navigation: ['Maker/'],
        literal: ["''", 'null'],
        function: STRING_FUNCTIONS,
      },
    ],
    // `not` binds tighter than a comparison but looser than `in` and `has` (`not Price in (1, 2)`).
    [
      'not |',
      {
        range: [4, 4],
        variable: ['$it/'],
        property: ['Id', 'Name', 'Price', 'Released', 'Active', 'Color'],
        navigation: ['Maker/'],
        collection: ['Tags/', 'Reviews/'],
        function: ALL_FUNCTIONS,
        keyword: ['not '],
      },
    ],
    [
      'Price add |',
      {
        range: [10, 10],
        property: ['Id', 'Price'],
        navigation: ['Maker/'],
        collection: ['Tags/', 'Reviews/'],
        literal: ['0', 'null'],
        function: [
          'length(',
          'indexof(',
          'year(',
          'month(',
          'day(',
          'hour(',
          'minute(',
          'second(',
          'fractionalseconds(',
          'totaloffsetminutes(',
          'totalseconds(',
          'round(',
          'floor(',
          'ceiling(',
          'cast(',
        ],
      },
    ],
  ])('%s', (marked, expected) => {
    expect(offered(marked)).toEqual(expected);
  });
});

describe('complete: paths, lambdas and range variables', () => {
  it.each<[string, ReturnType<typeof offered>]>([
    ['Maker/|', { range: [6, 6], property: ['Name', 'Founded'] }],
    ['Maker/Fo|', { range: [6, 8], property: ['Founded'] }],
    ["Maker/|Name eq 'x'", { range: [6, 10], property: ['Name'] }],
    ['Reviews/|', { range: [8, 8], lambda: ['any(r: ', 'all(r: ', '$count'] }],
    ['Reviews/any(|', { range: [12, 12], variable: ['r: '] }],
    ['Reviews/any(r: r/|', { range: [17, 17], property: ['Stars', 'Text'] }],
    ['Reviews/any(r: r/St|ars gt 2)', { range: [17, 22], property: ['Stars'] }],
    [
      'Tags/any(t: t|',
      {
        range: [12, 13],
        variable: ['t'],
        collection: ['Tags/'],
        function: ['tolower(', 'toupper(', 'trim(', 'time(', 'totaloffsetminutes(', 'totalseconds('],
      },
    ],
    ['$it/Ma|', { range: [4, 6], navigation: ['Maker/'] }],
    // Out of the lambda, its variable is out of scope.
    [
      'Reviews/any(r: r/Stars gt 3) and r|',
      { range: [33, 34], property: ['Released'], collection: ['Reviews/'], function: ['replace(', 'round('] },
    ],
    // Nested: the inner variable is named past the outer one's.
    ['Reviews/any(r: Reviews/any(|', { range: [27, 27], variable: ['r2: '] }],
    [
      'Tags/any(t: Reviews/any(r: |',
      {
        range: [27, 27],
        variable: ['t', 'r/', '$it/'],
        property: ['Id', 'Name', 'Price', 'Released', 'Active', 'Color'],
        navigation: ['Maker/'],
        collection: ['Tags/', 'Reviews/'],
        function: ALL_FUNCTIONS,
        keyword: ['not '],
      },
    ],
    // A number's place reaches a collection by its count.
    ['Id eq Re|', { range: [6, 8], collection: ['Reviews/'] }],
    ['Id eq Reviews/|', { range: [14, 14], lambda: ['$count'] }],
  ])('%s', (marked, expected) => {
    expect(offered(marked)).toEqual(expected);
  });
});

describe('complete: operators, lists and type names', () => {
  it.each<[string, ReturnType<typeof offered>]>([
    ['Name |', { range: [5, 5], operator: ['eq ', 'ne ', 'gt ', 'ge ', 'lt ', 'le ', 'in '] }],
    [
      'Price gt 5 |',
      {
        range: [11, 11],
        operator: [
          'and ',
          'or ',
          'eq ',
          'ne ',
          'gt ',
          'ge ',
          'lt ',
          'le ',
          'add ',
          'sub ',
          'mul ',
          'div ',
          'divby ',
          'mod ',
        ],
      },
    ],
    ['Color |', { range: [6, 6], operator: ['eq ', 'ne ', 'gt ', 'ge ', 'lt ', 'le ', 'in ', 'has '] }],
    ['Active |', { range: [7, 7], operator: ['and ', 'or ', 'eq ', 'ne ', 'gt ', 'ge ', 'lt ', 'le ', 'in '] }],
    ["Name eq 'x' a|", { range: [12, 13], operator: ['and '] }],
    // The rest (` Id eq 1`) does not follow an operator, so the place is read with it left out.
    ["Name eq 'x' |or Id eq 1", { range: [12, 14], operator: ['and ', 'or ', 'eq ', 'ne '] }],
    // `in` takes a list in parentheses, or a collection of the operand's type.
    ['Name in |', { range: [8, 8], keyword: ['('], collection: ['Tags'] }],
    ['Name in Ta|', { range: [8, 10], collection: ['Tags'] }],
    ['Id in |', { range: [6, 6], keyword: ['('] }],
    ['Reviews/any(r: r/Text in |', { range: [25, 25], keyword: ['('], collection: ['Tags'] }],
    ['Tags/any(t: t in |', { range: [17, 17], keyword: ['('], collection: ['Tags'] }],
    ['Name in (|', { range: [9, 9], literal: ["''"] }],
    ["Name in ('a', |", { range: [14, 14], literal: ["''"] }],
    // A qualified name is completed whole; only the types cast converts a Decimal to (docs/semantics.md §11).
    ['cast(Price, Edm.D|', { range: [12, 17], type: ['Edm.Decimal', 'Edm.Double'] }],
    ['Color eq Shop.C|', { range: [9, 15], literal: ["Shop.Color'Red'", "Shop.Color'Green'", "Shop.Color'Blue'"] }],
    // A structure is compared with null only.
    ['Maker |', { range: [6, 6], operator: ['eq ', 'ne '] }],
    // What is cast must stay an instant for year(): no comparison (a Boolean casts to no instant).
    ['year(cast(Released |', { range: [19, 19], operator: ['add ', 'sub '] }],
    // Inside calls that still lack arguments, each closed after them.
    [
      'startswith(replace(|',
      {
        range: [19, 19],
        property: ['Name'],
        navigation: ['Maker/'],
        literal: ["''", 'null'],
        function: STRING_FUNCTIONS,
      },
    ],
    ['endswith(cast(Color |', { range: [20, 20], operator: ['eq ', 'ne ', 'gt ', 'ge ', 'lt ', 'le ', 'in ', 'has '] }],
  ])('%s', (marked, expected) => {
    expect(offered(marked)).toEqual(expected);
  });

  it("offers after `in` the collections of a range variable's structure, and only where `in` is allowed", () => {
    const Order = defineSchema({
      name: 'Order',
      properties: {
        Codes: { collection: 'Edm.Int32' },
        Labels: { collection: 'Edm.String' },
        Lines: { collection: { properties: { Notes: { collection: 'Edm.String' }, Qty: 'Edm.Int32' } } },
      },
    });
    const at = (marked: string, options: EditorOptions = {}) => {
      const { text, cursor } = atCursor(marked);
      return complete(text, cursor, Order, options).items.map((i) => `${i.kind} ${i.insert}`);
    };
    expect(at("Lines/any(l: 'x' in |")).toEqual(['keyword (', 'collection l/Notes', 'collection Labels']);
    expect(at('Lines/any(l: l/Qty in |')).toEqual(['keyword (', 'collection Codes']);
    expect(at("Lines/any(l: 'x' in |", { policy: { operators: ['any', 'eq'] } })).toEqual([]);
  });

  it('offers the types cast converts the value to, and every type to isof', () => {
    const types = (marked: string): string[] => {
      const { text, cursor } = atCursor(marked);
      return complete(text, cursor, Product).items.map((i) => i.insert);
    };
    expect(types('cast(Price, |')).toEqual([
      'Edm.String',
      'Edm.Byte',
      'Edm.SByte',
      'Edm.Int16',
      'Edm.Int32',
      'Edm.Int64',
      'Edm.Decimal',
      'Edm.Double',
      'Edm.Single',
    ]);
    expect(types('isof(Price, |')).toEqual([
      'Edm.String',
      'Edm.Boolean',
      'Edm.Byte',
      'Edm.SByte',
      'Edm.Int16',
      'Edm.Int32',
      'Edm.Int64',
      'Edm.Decimal',
      'Edm.Double',
      'Edm.Single',
      'Edm.DateTime',
      'Edm.DateTimeOffset',
      'Edm.Date',
      'Edm.TimeOfDay',
      'Edm.Duration',
      'Edm.Guid',
      'Edm.Binary',
    ]);
    // A string converts to every type, read as the type's literal (docs/semantics.md §11), as isof offers.
    expect(types('cast(Name, |')).toEqual(types('isof(Price, |'));
  });
});

describe('complete: binaries (docs/semantics.md §6)', () => {
  const Files = defineSchema({ name: 'File', properties: { Id: 'Edm.Int32', Hash: 'Edm.Binary' } });
  const labels = (marked: string, version?: '3.0'): string[] => {
    const { text, cursor } = atCursor(marked);
    return complete(text, cursor, Files, { version }).items.map((i) => i.label);
  };

  it('offers the empty binary literal, of the version', () => {
    expect(labels('Hash eq |')).toContain("binary''");
    expect(labels('Hash in (|')).toContain("binary''");
    expect(labels('Hash ne |', '3.0')).toContain("X''");
  });

  it('offers eq, ne and in after a binary, and no order comparison', () => {
    const operators = labels('Hash |');
    expect(operators).toEqual(expect.arrayContaining(['eq', 'ne', 'in']));
    expect(operators.filter((o) => ['gt', 'ge', 'lt', 'le'].includes(o))).toEqual([]);
  });
});

describe('complete: structures compared (docs/semantics.md §16)', () => {
  const Shops = defineSchema({
    name: 'Shop',
    properties: {
      Id: { type: 'Edm.Int32', nullable: false },
      Address: {
        properties: {
          Street: 'Edm.String',
          Zip: { type: 'Edm.String', nullable: false },
          Opened: { type: 'Edm.Date', nullable: false },
          Color: { enum: { name: 'Shop.Color', members: { Red: 1, Green: 2 } }, nullable: false },
          Geo: { nullable: false, properties: { Lat: { type: 'Edm.Double', nullable: false }, Lon: 'Edm.Double' } },
        },
      },
      Branches: { collection: { properties: { City: 'Edm.String', Phones: { collection: 'Edm.String' } } } },
      Owner: { relation: true, properties: { Name: 'Edm.String' } },
      Name: 'Edm.String',
      Tags: { collection: 'Edm.String' },
    },
  });
  const address = '{"Street":null,"Zip":"","Opened":"2024-05-01","Color":"Red","Geo":{"Lat":0,"Lon":null}}';
  const labels = (marked: string): string[] => {
    const { text, cursor } = atCursor(marked);
    return complete(text, cursor, Shops, { now }).items.map((i) => i.label);
  };

  it("offers a complex value's literal stating every member, and null, where it is compared", () => {
    expect(labels('Address eq |')).toEqual([address, 'null']);
    expect(labels('Address ne |')).toEqual([address, 'null']);
    expect(labels('Address in (|')).toEqual([address, 'null']);
    expect(labels(`Address in (${address}, |`)).toEqual([address, 'null']);
    expect(labels('$it/Address eq |')).toEqual([address, 'null']);
  });

  it('offers after `in` on a complex value a list of its values, and no collection', () => {
    expect(labels('Address in |')).toEqual(['(']);
    expect(labels('Name in |')).toEqual(['(', 'Tags']);
  });

  it('offers no value for a structure that is not compared: a related entity, one holding a collection', () => {
    expect(labels('Owner eq |')).toEqual(['null']);
    expect(labels('Owner in |')).toEqual([]);
    expect(labels('Branches/any(b: b in |')).toEqual([]);
    expect(labels('Branches/any(b: b eq |')).toEqual(['null']);
  });

  // A structure that is cast, or whose type has derived types, is compared with null only
  // (docs/semantics.md §16): no list of its values can be written, and null alone is no list.
  it('offers no list after `in` on a structure cast (a segment or cast) or with derived types, nor items', () => {
    const derived = (marked: string): string[] => {
      const { text, cursor } = atCursor(marked);
      return complete(text, cursor, derivedSchema, { now }).items.map((i) => i.label);
    };
    expect(derived('Address/Staff.HomeAddress in |')).toEqual([]);
    expect(derived('Staff.Manager/Address in |')).toEqual([]);
    expect(derived('$it/Staff.Manager/Address in |')).toEqual([]);
    expect(derived('cast(Address, Staff.HomeAddress) in |')).toEqual([]);
    expect(derived('Addresses/any(a: cast(a, Staff.HomeAddress) in |')).toEqual([]);
    expect(derived('Address in (|')).toEqual([]);
    expect(derived('Address in (null, |')).toEqual([]);
  });

  it('offers null where a structure reached through a type-cast segment or cast is compared', () => {
    const derived = (marked: string): string[] => {
      const { text, cursor } = atCursor(marked);
      return complete(text, cursor, derivedSchema, { now }).items.map((i) => i.label);
    };
    expect(derived('Staff.Manager/Address eq |')).toEqual(['null']);
    expect(derived('Address/Staff.HomeAddress ne |')).toEqual(['null']);
    expect(derived('cast(Address, Staff.HomeAddress) eq |')).toEqual(['null']);
  });

  // A model function's result is compared as a property of its type is (docs/semantics.md §15, §16).
  it("offers a function's structure result its value, and no collection after `in`", () => {
    const point = '{"Lat":null,"Lon":null}';
    const called = (marked: string): string[] => {
      const { text, cursor } = atCursor(marked);
      return complete(text, cursor, functionSchema, { now }).items.map((i) => i.label);
    };
    expect(called('Home/Geo.Mirror() eq |')).toEqual([point, 'null']);
    expect(called('Home/Geo.Mirror() in |')).toEqual(['(']);
    expect(called('Home/Geo.Mirror() in (|')).toEqual([point, 'null']);
    expect(called('Stops/any(s: s/Geo.Mirror() in (|')).toEqual([point, 'null']);
    // A place holds collections: it is not compared with a value, nor is it in a list.
    expect(called('Geo.Nearest(Lat=1) in |')).toEqual([]);
  });
});

describe("complete: a model's derived types (docs/semantics.md §14)", () => {
  // What a String casts to: every Edm type, none of the model's.
  const EDM_TYPE_NAMES = EDM_TYPES;
  /** The inserts of kind 'type' offered at the marked cursor against the staff model's Employees. */
  const types = (marked: string): string[] => {
    const { text, cursor } = atCursor(marked);
    return complete(text, cursor, derivedSchema)
      .items.filter((i) => i.kind === 'type')
      .map((i) => i.insert);
  };
  const members = (marked: string): string[] => {
    const { text, cursor } = atCursor(marked);
    return complete(text, cursor, derivedSchema).items.map((i) => i.label);
  };

  it.each<[string, string[]]>([
    // The row's derived types, as type-cast segments where a condition goes.
    ['|', ['Staff.Manager/', 'Staff.Executive/']],
    ['Staff.|', ['Staff.Manager/', 'Staff.Executive/']],
    ["Name eq 'x' and |", ['Staff.Manager/', 'Staff.Executive/']],
    // A derived type's own derived types; a structure's and a collection's element's.
    ['Staff.Manager/|', ['Staff.Executive/']],
    ['Address/|', ['Staff.HomeAddress/']],
    ['Addresses/|', ['Staff.HomeAddress/']],
    ['Addresses/any(a: a/|', ['Staff.HomeAddress/']],
    // `isof` of the row takes a type alone (inside the parentheses an editor closes); of a value,
    // its type after the comma.
    ['isof(|)', ['Staff.Manager', 'Staff.Executive']],
    ['isof(Address, Staff.H|', ['Staff.HomeAddress']],
    // Of a structure, only its derived types: no Edm type converts it.
    ['isof(Address, |', ['Staff.HomeAddress']],
    ['Addresses/any(a: isof(a, |', ['Staff.HomeAddress']],
    ['isof(Name, |', [...EDM_TYPE_NAMES]],
    // Wherever a value goes, a path through a derived type that leads to one that fits.
    ['Name eq |', ['Staff.Manager/', 'Staff.Executive/']],
    // A leaf type has none; a primitive has none.
    ['Staff.Executive/|', []],
    ['Name/|', []],
  ])('%s', (marked, expected) => {
    expect(types(marked)).toEqual(expected);
  });

  it("offers a derived type's members after its type-cast segment, its base type's among them", () => {
    expect(members('Staff.Manager/|')).toEqual(expect.arrayContaining(['Id', 'Name', 'Budget']));
    expect(members('Staff.Manager/|')).not.toContain('Level');
    expect(members('Staff.Executive/|')).toEqual(expect.arrayContaining(['Budget', 'Level']));
    expect(members('Address/Staff.HomeAddress/|')).toEqual(['City', 'Zip']);
    expect(members('Addresses/Staff.HomeAddress/|')).toEqual(['any', 'all', '$count']);
    expect(members('Addresses/Staff.HomeAddress/any(h: h/|')).toEqual(expect.arrayContaining(['Zip']));
  });

  it('offers no derived type for a schema defined without a model', () => {
    const { text, cursor } = atCursor('|');
    expect(complete(text, cursor, Product).items.filter((i) => i.kind === 'type')).toEqual([]);
  });
});

describe("complete: a model's functions (docs/semantics.md §15)", () => {
  const labels = (marked: string, options: EditorOptions = {}): string[] => {
    const { text, cursor } = atCursor(marked);
    return complete(text, cursor, functionSchema, options)
      .items.filter((i) => i.kind === 'function' && i.label.startsWith('Geo.'))
      .map((i) => i.insert);
  };

  it.each<[string, string[]]>([
    // Where a number goes: the unbound Distance and the calls bound to the row that give one; those
    // whose result a path reads to one (a structure's member, a collection's `$count`).
    [
      'Lat gt |',
      [
        'Geo.Distance(FromLat=',
        'Geo.Scaled(Factor=',
        'Geo.Shift(By=',
        'Geo.Near(Lat=',
        'Geo.Nearest(Lat=',
        'Geo.Around()/',
        'Geo.Tags()/',
      ],
    ],
    // Where a condition goes: the Boolean one, and those a comparison may follow, as a property is.
    // An enumeration result too, which compares as a property of its type does.
    [
      '|',
      [
        'Geo.Distance(FromLat=',
        'Geo.Scaled(Factor=',
        'Geo.Shift(By=',
        'Geo.Near(Lat=',
        'Geo.Minutes()',
        'Geo.IsNorth(Lat=',
        'Geo.Nearest(Lat=',
        'Geo.Around()/',
        'Geo.SidesOf()',
        'Geo.Tags()/',
      ],
    ],
    // After a structure: the calls bound to its type, a structure result followed by its `/`.
    ['Home/Geo.|', ['Geo.Near(Lat=', 'Geo.Mirror()/']],
    // After a collection: the calls bound to a collection of its elements' type.
    ['Scores/Geo.|', ['Geo.CountOver(Min=']],
    ['Stops/Geo.|', ['Geo.Total()']],
    // Where a string goes: a structure result's Name (Initial is bound to a String, not to the row).
    ['Name eq |', ['Geo.Nearest(Lat=']],
    // Where an instant goes: no result reaches one.
    ['year(|', []],
  ])('%s', (marked, expected) => {
    expect(labels(marked)).toEqual(expected);
  });

  it('offers none the policy does not allow', () => {
    expect(labels('Lat gt |', { policy: { functions: ['Geo.Scaled'] } })).toEqual(['Geo.Scaled(Factor=']);
  });

  // A path after a call reads its result as a property of its declared type (§15).
  it.each<[string, string[]]>([
    [
      'Geo.Nearest(Lat=1)/|',
      [
        'Id',
        'Name',
        'Lat',
        'Lon',
        'Qty',
        'Home/',
        'Stops/',
        'Scores/',
        'Geo.Scaled(Factor=',
        'Geo.Shift(By=',
        'Geo.Near(Lat=',
        'Geo.Minutes()',
        'Geo.Around()/',
        'Geo.SidesOf()',
        'Geo.Tags()/',
      ],
    ],
    ['Geo.Nearest(Lat=(1))/Home/|', ['Lat', 'Lon', 'Geo.Near(Lat=', 'Geo.Mirror()/']],
    ['Geo.Nearest(Lat=1)/Na|', ['Name']],
    ['Home/Geo.Mirror()/|', ['Lat', 'Lon', 'Geo.Near(Lat=', 'Geo.Mirror()/']],
    ['Geo.Around()/|', ['any(g: ', 'all(g: ', '$count', 'Geo.Total()']],
    ['Geo.Around()/any(p: p/|', ['Lat', 'Lon', 'Geo.Near(Lat=', 'Geo.Mirror()/']],
    ["Name eq 'x' and Geo.Tags()/|", ['any(g: ', 'all(g: ', '$count']],
  ])('%s', (marked, expected) => {
    const { text, cursor } = atCursor(marked);
    expect(complete(text, cursor, functionSchema).items.map((i) => i.insert)).toEqual(expected);
  });
});

describe("complete: a model's functions whose result a path reads (docs/semantics.md §15)", () => {
  const inserts = (marked: string): string[] => {
    const { text, cursor } = atCursor(marked);
    return complete(text, cursor, typedResultSchema).items.map((i) => i.insert);
  };

  it.each<[string, string[]]>([
    // A structure result by its members, a collection result by its count: where a number goes
    // (after the row's derived type, a cast of the row).
    ['Id gt Staff.|', ['Staff.Manager/', 'Staff.Boss(Id=', 'Staff.Team(Id=']],
    // A string: a structure's Name; no count is one.
    ['Name eq Staff.|', ['Staff.Manager/', 'Staff.Boss(Id=']],
    // A condition: a collection's lambda, or a structure's member a comparison follows.
    ['Staff.|', ['Staff.Manager/', 'Staff.Boss(Id=', 'Staff.Team(Id=']],
    // After the call: the members, lambdas and count, and the derived type a cast reaches.
    ['Staff.Boss(Id=1)/|', ['Id', 'Name', 'Staff.Manager/']],
    ['Staff.Team(Id=1)/|', ['any(s: ', 'all(s: ', '$count', 'Staff.Manager/']],
    ['Staff.Team(Id=1)/Staff.Manager/|', ['any(s: ', 'all(s: ', '$count', 'Staff.Budgets()']],
    ['Staff.Team(Id=1)/Staff.Manager/any(m: m/|', ['Id', 'Name', 'Budget']],
  ])('%s', (marked, expected) => {
    expect(inserts(marked)).toEqual(expected);
  });

  it('offers none the policy does not allow', () => {
    const { text, cursor } = atCursor('Id gt Staff.|');
    const items = complete(text, cursor, typedResultSchema, { policy: { functions: ['Staff.Team'] } }).items;
    expect(items.map((i) => i.insert)).toEqual(['Staff.Manager/', 'Staff.Team(Id=']);
  });
});

describe('complete: nothing where nothing can go', () => {
  it.each(["Name eq 'ab|c'", 'Name eq eq |', "Name eq 'x') |", '12|'])('%s', (marked) => {
    const { text, cursor } = atCursor(marked);
    expect(complete(text, cursor, Product).items).toEqual([]);
  });

  it('refuses a policy naming what the language does not have', () => {
    expect(() => complete('Name', 4, Product, { policy: { functions: ['nosuch'] } })).toThrow(TypeError);
  });

  it('refuses a cursor outside the text', () => {
    expect(() => complete('Name', 5, Product)).toThrow(TypeError);
    expect(() => complete('Name', -1, Product)).toThrow(TypeError);
    expect(() => complete('Name', 1.5, Product)).toThrow(TypeError);
  });

  it('offers nothing for a text beyond the limits', () => {
    expect(complete('Name eq 1', 9, Product, { maxLength: 4 }).items).toEqual([]);
  });
});

describe('complete: the policy', () => {
  it('offers only the functions and operators it allows', () => {
    const options: EditorOptions = { policy: { functions: ['contains'], operators: ['eq', 'and'] } };
    expect(offered('|', options)).toEqual({
      range: [0, 0],
      variable: ['$it/'],
      property: ['Id', 'Name', 'Price', 'Released', 'Active', 'Color'],
      navigation: ['Maker/'],
      function: ['contains('],
    });
    expect(offered('Price gt 5 |', options)).toEqual({ range: [11, 11], operator: ['and ', 'eq '] });
  });
});

describe('complete: what items say', () => {
  it('gives a property its type and a function its signatures, summary and example', () => {
    const { items } = complete('contains(Name, |', 15, Product);
    expect(items.find((i) => i.label === 'Name')).toEqual({
      label: 'Name',
      insert: 'Name',
      kind: 'property',
      detail: 'Edm.String, nullable',
    });
    const substring = items.find((i) => i.label === 'substring');
    expect(substring?.detail).toBe(
      'substring(Edm.String, Edm.Int32): Edm.String | substring(Edm.String, Edm.Int32, Edm.Int32): Edm.String',
    );
    expect(substring?.info).toBe(
      "code points from a 0-based position, optionally limited to a length; for example, substring(Code, 0, 2) eq 'EV'",
    );
  });
});

describe('complete: for an OData version', () => {
  const at = (marked: string, version: '3.0' | '4.01'): string[] => {
    const { text, cursor } = atCursor(marked);
    return complete(text, cursor, Product, { now, version }).items.map((i) => i.insert);
  };

  it("offers only what the version has, its literals in the version's form", () => {
    // contains, the bare literals, `in` and `$it` came with 4.0 or later.
    expect(at('contains(Name, |', '4.01')).toContain("''");
    expect(at("Name eq 'x' and |", '3.0')).not.toContain('contains(');
    expect(at("Name eq 'x' and |", '3.0')).toContain('substringof(');
    expect(at("Name eq 'x' and |", '3.0')).not.toContain('$it/');
    expect(at('Name |', '3.0')).toEqual(['eq ', 'ne ', 'gt ', 'ge ', 'lt ', 'le ']);
    expect(at('Name |', '4.01')).toContain('in ');
    expect(at('Price gt |', '3.0').filter((i) => /^[0-9']/.test(i))).toEqual(['0M']);
    // Edm.Date has no literal before 4.0.
    expect(at('Released lt |', '3.0')).not.toContain('2024-05-01');
    expect(at('cast(Price, |', '3.0')).toContain("'Edm.Int32'");
  });
});

describe('complete: inside parentheses, type functions, not, the policy through collections, names', () => {
  it.each<[string, ReturnType<typeof offered>]>([
    // A parenthesised place is the place it encloses.
    ['Reviews/any(r: (r/|', { range: [18, 18], property: ['Stars', 'Text'] }],
    ['Color has (|', { range: [11, 11], literal: ["Shop.Color'Red'", "Shop.Color'Green'", "Shop.Color'Blue'"] }],
    [
      "Name eq 'x' and (|",
      {
        range: [17, 17],
        variable: ['$it/'],
        property: ['Id', 'Name', 'Price', 'Released', 'Active', 'Color'],
        navigation: ['Maker/'],
        collection: ['Tags/', 'Reviews/'],
        function: ALL_FUNCTIONS,
        keyword: ['not '],
      },
    ],
    // `in` and `has` bind tighter than `not`: any value may start its operand.
    ['not Na|', { range: [4, 6], property: ['Name'] }],
    ['not Co|', { range: [4, 6], property: ['Color'], function: ['contains(', 'concat('] }],
    // A variable is named past every one the text declares, in scope or not, strings left out.
    ["Tags/any(t: t eq 'a') and Tags/|", { range: [31, 31], lambda: ['any(t2: ', 'all(t2: ', '$count'] }],
    ["Tags/any(t: t eq 'a') and Tags/any(|", { range: [35, 35], variable: ['t2: '] }],
    ["Name eq 't:' and Tags/any(|", { range: [26, 26], variable: ['t: '] }],
  ])('%s', (marked, expected) => {
    expect(offered(marked)).toEqual(expected);
  });

  it("keeps the value of the text's own alias named as the kit's stand-in", () => {
    // @__cursor is a string here: what follows it is what follows a string.
    expect(offered('@__cursor |', { aliases: { __cursor: "'x'" } })).toEqual({
      range: [10, 10],
      operator: ['eq ', 'ne ', 'gt ', 'ge ', 'lt ', 'le ', 'in '],
    });
    expect(offered('Id eq @__cursor add |', { aliases: { __cursor: '1' } }).property).toEqual(['Id', 'Price']);
  });

  it('offers cast and isof, and what their first argument takes', () => {
    expect(offered('|').function).toEqual(expect.arrayContaining(['cast(', 'isof(']));
    // isof's value is any primitive; an enumeration converts to nothing.
    const inCast = offered('cast(|');
    expect(inCast.property).toEqual(['Id', 'Name', 'Price', 'Released', 'Active']);
    expect(offered('isof(|').property).toEqual(['Id', 'Name', 'Price', 'Released', 'Active']);
    expect(offered('|', { policy: { functions: ['isof'] } }).function).toEqual(['isof(']);
  });

  it('offers no structure whose only way to a fitting value is an operator the policy forbids', () => {
    const Shelf = defineSchema({
      name: 'Shelf',
      properties: { Id: 'Edm.Int32', Box: { properties: { Labels: { collection: 'Edm.String' } } } },
    });
    const inserts = (options: EditorOptions) =>
      complete('Id eq ', 6, Shelf, options)
        .items.filter((i) => i.kind !== 'function')
        .map((i) => i.insert);
    // Box's one number is Box/Labels/$count.
    expect(inserts({})).toEqual(['Id', 'Box/', '0', 'null']);
    expect(inserts({ policy: { operators: ['eq'] } })).toEqual(['Id', '0', 'null']);
  });

  it('narrows the quoted type names of a version before 4.0 by their names', () => {
    const { text, cursor } = atCursor('cast(Price, Edm.Dec|');
    expect(complete(text, cursor, Product, { version: '3.0' })).toEqual({
      from: 12,
      to: 19,
      items: [{ label: 'Edm.Decimal', insert: "'Edm.Decimal'", kind: 'type', detail: 'type' }],
    });
  });

  it('offers nothing in a text longer than the limit, wherever the cursor is', () => {
    const long = `Name eq '${'x'.repeat(DEFAULT_LIMITS.maxLength)}'`;
    expect(complete(long, 0, Product).items).toEqual([]);
  });
});
