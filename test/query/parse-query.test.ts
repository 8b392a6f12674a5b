// parseQuery() (docs/query.md): option strings to plans, and to the one FilterError that lists
// every problem of every option, each naming its option; the service document's presets.

import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../src/query/index.js';
import { SERVICE_INTERFACE_A, SERVICE_INTERFACE_B, Event } from '../../src/examples/events/index.js';
import type { QueryPolicy, QueryResource } from '../../src/query/index.js';
import { printTyped } from '../../src/index.js';
import { thrownFilterError } from '../support/thrown.js';

const A: QueryResource = { schema: Event, key: ['EventID'], policy: SERVICE_INTERFACE_A };
const B: QueryResource = { schema: Event, key: ['EventID'], policy: SERVICE_INTERFACE_B };
/** One record of interface B: no page to choose, whatever the keyset. */
const ONE_RECORD: QueryResource = {
  ...B,
  policy: {
    ...SERVICE_INTERFACE_B,
    defaultTop: 1,
    maxTop: 1,
    count: false,
    paging: false,
    passThrough: ['format', 'callback'],
    keyset: { key: new Uint8Array(32) },
  },
};
const ODATA: QueryResource = {
  schema: Event,
  key: ['EventID'],
  policy: { spelling: 'odata', defaultTop: 50, maxTop: 1000, maxSkip: 10_000 },
};

const summary = (query: string, resource: QueryResource) => {
  const plan = parseQuery(query, resource);
  return { filter: plan.filter && printTyped(plan.filter), top: plan.top, skip: plan.skip, count: plan.count };
};

describe('parseQuery', () => {
  it.each([
    ['', A, { filter: undefined, top: 100, skip: 0, count: false }],
    ['?top=10&skip=30', A, { filter: undefined, top: 10, skip: 30, count: false }],
    ["filter=Code eq 'EV1'&top=250", A, { filter: "(Code:String eq 'EV1':String)", top: 250, skip: 0, count: false }],
    ['TOP=007&Skip=0', A, { filter: undefined, top: 7, skip: 0, count: false }],
    ['', B, { filter: undefined, top: 20, skip: 0, count: false }],
    [
      'includeTotalCount=true&top=200&format=json&callback=cb&region=nz',
      B,
      { filter: undefined, top: 200, skip: 0, count: true },
    ],
    ['includetotalcount=FALSE', B, { filter: undefined, top: 20, skip: 0, count: false }],
    ['$top=0&$count=true', ODATA, { filter: undefined, top: 0, skip: 0, count: true }],
    [
      '$filter=EventID gt @c&@c=5&top=3',
      ODATA,
      { filter: '(EventID:Int32 gt 5:Int32)', top: 3, skip: 0, count: false },
    ],
    [
      '%24filter=Code%20eq%20%27a%26b%27&%24skip=10000',
      ODATA,
      { filter: "(Code:String eq 'a&b':String)", top: 50, skip: 10_000, count: false },
    ],
    [
      'custom=1',
      { ...ODATA, policy: { ...ODATA.policy, unknownOptions: 'ignore' } },
      { filter: undefined, top: 50, skip: 0, count: false },
    ],
  ] as const)('%s', (query, resource, expected) => {
    expect(summary(query, resource)).toEqual(expected);
  });

  it('orders as the request asks, then by the key', () => {
    const order = (query: string) =>
      parseQuery(query, ODATA).orderBy.map((k) => [k.path.join('/'), k.descending, k.nullable, k.property.type]);
    expect(order('$orderby=Code desc,StartDateTime')).toEqual([
      ['Code', true, true, 'Edm.String'],
      ['StartDateTime', false, true, 'Edm.DateTimeOffset'],
      ['EventID', false, false, 'Edm.Int32'],
    ]);
    expect(order('$orderby= EventID DESC , EventTemplate/Code ASC')).toEqual([
      ['EventID', true, false, 'Edm.Int32'],
      ['EventTemplate/Code', false, true, 'Edm.String'],
    ]);
  });

  it('orders by expressions, commas inside them kept, each checked and typed', () => {
    const keys = parseQuery('$orderby=substring(Code, 1, 2) desc, year(StartDateTime),Code', ODATA).orderBy;
    expect(keys.map((k) => [k.property.name, k.descending, k.property.type, k.expression === undefined])).toEqual([
      ['substring(Code, 1, 2)', true, 'Edm.String', false],
      ['year(StartDateTime)', false, 'Edm.Int32', false],
      ['Code', false, 'Edm.String', true],
      ['EventID', false, 'Edm.Int32', true],
    ]);
  });

  it('keeps the options as written, in order, for the links, and orders by the key', () => {
    const plan = parseQuery('filter=Code%20eq%20%27x%27&top=5', A);
    expect(plan.options).toEqual([
      ['filter', "Code eq 'x'"],
      ['top', '5'],
    ]);
    expect(plan.orderBy.map((k) => [k.path.join('/'), k.descending, k.nullable])).toEqual([['EventID', false, false]]);
    expect(plan.skipOption).toBe('skip');
    expect(parseQuery('$top=5', ODATA).skipOption).toBe('$skip');
    expect(parseQuery('SKIP=5', A).skipOption).toBe('SKIP');
  });

  it.each([
    ['top=251', A, [['top_beyond_maximum', 'top', "Option 'top' is 251, beyond the largest page of 250 rows"]]],
    ['top=201', B, [['top_beyond_maximum', 'top', "Option 'top' is 201, beyond the largest page of 200 rows"]]],
    [
      'top=-1',
      A,
      [['invalid_option_value', 'top', "Option 'top' must be a non-negative whole number in digits, not '-1'"]],
    ],
    [
      'skip=1.5',
      A,
      [['invalid_option_value', 'skip', "Option 'skip' must be a non-negative whole number in digits, not '1.5'"]],
    ],
    [
      'skip= 1',
      A,
      [['invalid_option_value', 'skip', "Option 'skip' must be a non-negative whole number in digits, not ' 1'"]],
    ],
    [
      'top=',
      A,
      [['invalid_option_value', 'top', "Option 'top' must be a non-negative whole number in digits, not ''"]],
    ],
    [
      '$skip=10001',
      ODATA,
      [['skip_beyond_maximum', '$skip', "Option '$skip' is 10001, beyond the most rows a request may skip, 10000"]],
    ],
    [
      'top=99999999999999999999999',
      A,
      [['top_beyond_maximum', 'top', "Option 'top' is 9007199254740991, beyond the largest page of 250 rows"]],
    ],
    [
      'top=1&TOP=2',
      A,
      [['repeated_option', 'TOP', "Option 'TOP' is given twice (first as 'top'); give each option once"]],
    ],
    [
      '$top=1&top=2',
      ODATA,
      [['repeated_option', 'top', "Option 'top' is given twice (first as '$top'); give each option once"]],
    ],
    [
      'includeTotalCount=yes',
      B,
      [['invalid_option_value', 'includeTotalCount', "Option 'includeTotalCount' must be true or false, not 'yes'"]],
    ],
    [
      'includeTotalCount=true',
      A,
      [
        [
          'unknown_option',
          'includeTotalCount',
          "Unknown option 'includeTotalCount'; this collection takes 'filter', 'top', 'skip', 'expand'",
        ],
      ],
    ],
    [
      "filter=Code eq 'x'",
      B,
      [
        [
          'unknown_option',
          'filter',
          "Unknown option 'filter'; this collection takes 'top', 'skip', 'includeTotalCount', 'fields', 'format', 'callback', 'region', 'categoryIDs'",
        ],
      ],
    ],
    [
      'filter=',
      A,
      [['invalid_option_value', 'filter', "Option 'filter' is empty: give a filter, or leave the option out"]],
    ],
    [
      'fields=Code',
      A,
      [
        [
          'unknown_option',
          'fields',
          "Unknown option 'fields'; this collection takes 'filter', 'top', 'skip', 'expand'",
        ],
      ],
    ],
    [
      'orderby=Code',
      A,
      [
        [
          'unknown_option',
          'orderby',
          "Unknown option 'orderby'; this collection takes 'filter', 'top', 'skip', 'expand'",
        ],
      ],
    ],
    [
      '$orderby=Cod',
      ODATA,
      [
        [
          'unknown_property',
          '$orderby',
          "Option '$orderby': property 'Cod' does not exist on Event (did you mean 'Code'?)",
        ],
      ],
    ],
    [
      '$orderby=Code desc, EventTemplate',
      ODATA,
      [
        [
          'structured_value',
          '$orderby',
          "Option '$orderby': 'EventTemplate' is a structured property; order by one of its properties",
        ],
      ],
    ],
    [
      '$orderby=Code/Length',
      ODATA,
      [['not_structured', '$orderby', "Option '$orderby': 'Code' is Edm.String and has no properties"]],
    ],
    [
      '$orderby=Code,code,Code desc',
      ODATA,
      [
        [
          'unknown_property',
          '$orderby',
          "Option '$orderby': property 'code' does not exist on Event (did you mean 'Code'?)",
        ],
        ['invalid_option_value', '$orderby', "Option '$orderby' orders by 'Code' twice"],
      ],
    ],
    [
      '$orderby=Code upward',
      ODATA,
      [
        [
          'unexpected_token',
          '$orderby',
          "Option '$orderby': Unexpected 'upward' at position 5; expected an operator or end of input",
        ],
      ],
    ],
    [
      '$orderby=Code eq',
      ODATA,
      [
        [
          'unexpected_end',
          '$orderby',
          "Option '$orderby': Unexpected end of input at position 7; expected an expression",
        ],
      ],
    ],
    [
      '$orderby=now() sub StartDateTime',
      ODATA,
      [
        [
          'unsupported',
          '$orderby',
          "Option '$orderby': ordering by now() is not supported: it is one instant for every row",
        ],
      ],
    ],
    [
      '$orderby=year(StartDateTime), length(Cod)',
      ODATA,
      [
        [
          'unknown_property',
          '$orderby',
          "Option '$orderby': Property 'Cod' does not exist on Event. Did you mean 'Code'?",
        ],
      ],
    ],
    [
      '$search=x',
      { ...ODATA, policy: { ...ODATA.policy, unknownOptions: 'ignore' } },
      [
        [
          'unknown_option',
          '$search',
          "Unknown option '$search'; this collection takes '$filter', '$orderby', '$top', '$skip', '$count', '$select', '$expand'",
        ],
      ],
    ],
    ...['top=1', 'skip=0', 'skiptoken=x'].map(
      (query) =>
        [
          query,
          ONE_RECORD,
          [
            [
              'unknown_option',
              query.slice(0, query.indexOf('=')),
              `Unknown option '${query.slice(0, query.indexOf('='))}'; a single record takes 'fields', 'format', 'callback'`,
            ],
          ],
        ] as const,
    ),
  ] as const)('refuses %s', (query, resource, expected) => {
    const error = thrownFilterError(() => parseQuery(query, resource));
    expect(error.code).toBe('BadRequest');
    expect(error.issues.map((i) => [i.code, i.option, i.message])).toEqual(expected);
  });

  it('reports every problem of every option at once, the filter issues at their positions in it', () => {
    const error = thrownFilterError(() => parseQuery('top=300&skip=x&filter=Nope eq 1 and Code eq 5&bogus=1', A));
    expect(error.issues.map((i) => [i.code, i.option, i.start, i.end])).toEqual([
      ['unknown_option', 'bogus', 0, 0],
      ['top_beyond_maximum', 'top', 0, 3],
      ['invalid_option_value', 'skip', 0, 1],
      ['unknown_property', 'filter', 0, 4],
      ['type_mismatch', 'filter', 14, 23],
    ]);
    // The error's kind is its first issue's.
    expect(error.kind).toBe('syntax');
  });

  it("reads the filter's aliases from the request, and names a missing one", () => {
    const error = thrownFilterError(() => parseQuery('$filter=EventID gt @c', ODATA));
    expect(error.issues.map((i) => [i.code, i.option])).toEqual([['unknown_alias', '$filter']]);
  });

  it("bounds an order's items by the policy's maxOrderKeys, at every level, before reading them", () => {
    const items = (n: number) => Array.from({ length: n }, (_, i) => `EventID add ${i}`).join(',');
    expect(parseQuery(`$orderby=${items(32)}`, ODATA).orderBy).toHaveLength(33);
    const error = thrownFilterError(() => parseQuery(`$orderby=${items(33)},Nope`, ODATA));
    expect(error.issues.map((i) => [i.code, i.option, i.message])).toEqual([
      ['too_many_order_keys', '$orderby', "Option '$orderby' lists 34 items; an order has at most 32"],
    ]);
    expect(error.issues[0]!.start).toBe(items(32).length + 1);
    const policy: QueryPolicy = { ...ODATA.policy, maxOrderKeys: 2 };
    expect(
      thrownFilterError(() =>
        parseQuery('$expand=Sessions($orderby=Status,EventSessionID,StartDateTime desc)', {
          ...ODATA,
          policy,
          relations: { Sessions: { key: ['EventSessionID'] } },
        }),
      ).issues.map((i) => i.code),
    ).toEqual(['too_many_order_keys']);
    expect(() => parseQuery('', { ...ODATA, policy: { ...ODATA.policy, maxOrderKeys: 0 } })).toThrow(
      "Resource Event: the policy's maxOrderKeys is 0, not a whole number of items from 1",
    );
  });

  it("applies the policy's filter limits", () => {
    const policy: QueryPolicy = { ...SERVICE_INTERFACE_A, filterLimits: { maxLength: 10 } };
    const error = thrownFilterError(() => parseQuery("filter=Code eq 'abcdefgh'", { ...A, policy }));
    expect(error.issues.map((i) => [i.code, i.option])).toEqual([['too_long', 'filter']]);
  });

  it('refuses a policy whose page bounds are not whole numbers, or whose default is beyond its maximum, as a programmer error', () => {
    expect(() => parseQuery('', { ...A, policy: { ...SERVICE_INTERFACE_A, defaultTop: 300 } })).toThrow(
      "Resource Event: the policy's defaultTop (300) is beyond its maxTop (250)",
    );
    expect(() => parseQuery('', { ...A, policy: { ...SERVICE_INTERFACE_A, maxTop: 2.5 } })).toThrow(
      "Resource Event: the policy's maxTop is 2.5, not a whole number of rows",
    );
    expect(() => parseQuery('', { ...A, policy: { ...SERVICE_INTERFACE_A, maxSkip: -1 } })).toThrow(TypeError);
    expect(() => parseQuery('', { ...A, policy: { ...SERVICE_INTERFACE_A, spelling: 'sql' as 'odata' } })).toThrow(
      TypeError,
    );
  });

  it('refuses a key that is no non-nullable primitive, as a programmer error', () => {
    expect(() => parseQuery('', { ...A, key: ['Code'] })).toThrow(TypeError);
    expect(() => parseQuery('', { ...A, key: [] })).toThrow(TypeError);
  });
});
