// Expansions (docs/query.md, "Expansion"): `$expand` with nested options and the service's
// `expand` paths read into the plan — merged, bounded in depth, under the rules and the row
// filters — every bad item a 400 naming it; and the rows applyQuery() gives back with them.

import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../src/query/index.js';
import { SERVICE_INTERFACE_A, Event } from '../../src/examples/events/index.js';
import type { ExpandItem, QueryResource } from '../../src/query/index.js';
import { applyQuery } from '../../src/backends/memory/index.js';
import { printTyped } from '../../src/index.js';
import { thrownFilterError } from '../support/thrown.js';

const relations = { Sessions: { key: ['EventSessionID'] }, Registrations: { key: ['RegistrationID'] } };
const odata: QueryResource = {
  schema: Event,
  key: ['EventID'],
  policy: { spelling: 'odata', defaultTop: 10, maxTop: 50, maxSkip: 1000 },
  relations,
};
const service: QueryResource = { schema: Event, key: ['EventID'], policy: SERVICE_INTERFACE_A, relations };

/** An expansion as a short text: path, options, and the relations under it. */
function summary(items: readonly ExpandItem[]): unknown[] {
  return items.map((item) => ({
    path: item.schemaPath,
    ...(item.filter ? { filter: printTyped(item.filter) } : {}),
    ...(item.many
      ? {
          order: item.orderBy.map((k) => `${k.path.join('/')}${k.descending ? ' desc' : ''}`),
          top: item.top,
          skip: item.skip,
        }
      : {}),
    ...(item.select ? { select: item.select.map((s) => s.path.join('/')) } : {}),
    ...(item.expand.length > 0 ? { expand: summary(item.expand) } : {}),
  }));
}
const expanded = (query: string, resource: QueryResource = odata) => summary(parseQuery(query, resource).expand);

describe('reading an expansion', () => {
  it("reads the service's paths, with or without the type name, each level once", () => {
    expect(expanded('expand=Event', service)).toEqual([]);
    expect(parseQuery('expand=Event', service).inline).toBe(true);
    expect(parseQuery('', service).inline).toBe(false);
    expect(parseQuery('', odata).inline).toBe(true);
    expect(expanded('expand=Event,Event/TimeZone,event/sessions/presenter,Sessions', service)).toEqual([
      { path: 'TimeZone' },
      {
        path: 'Sessions',
        order: ['EventSessionID'],
        top: undefined,
        skip: 0,
        expand: [{ path: 'Sessions/Presenter' }],
      },
    ]);
  });

  it('reads nested options in the odata spelling', () => {
    expect(
      expanded(
        "$expand=Sessions($filter=Status eq 'Open';$orderby=StartDateTime desc;$top=2;$skip=1;$select=Status;$expand=Presenter($select=Email)),EventTemplate",
      ),
    ).toEqual([
      {
        path: 'Sessions',
        filter: "(Status:String eq 'Open':String)",
        order: ['StartDateTime desc', 'EventSessionID'],
        top: 2,
        skip: 1,
        select: ['Status'],
        expand: [{ path: 'Sessions/Presenter', select: ['Email'] }],
      },
      { path: 'EventTemplate' },
    ]);
    expect(expanded('$expand=*')).toEqual([
      { path: 'EventTemplate' },
      { path: 'TimeZone' },
      { path: 'Sessions', order: ['EventSessionID'], top: undefined, skip: 0 },
      { path: 'Registrations', order: ['RegistrationID'], top: undefined, skip: 0 },
    ]);
    // A quoted `;`, `,` or parenthesis belongs to the filter.
    expect(expanded("$expand=Sessions($filter=Status eq 'a;b,(c'')')")).toEqual([
      {
        path: 'Sessions',
        filter: "(Status:String eq 'a;b,(c'')':String)",
        order: ['EventSessionID'],
        top: undefined,
        skip: 0,
      },
    ]);
  });

  it.each([
    [
      '$expand=Sessionz',
      [['unknown_property', "Option '$expand': property 'Sessionz' does not exist (did you mean 'Sessions'?)", 0, 8]],
    ],
    ['$expand=Code', [['not_expandable', "Option '$expand': 'Code' is Edm.String, not a relation: select it", 0, 4]]],
    [
      '$expand=Sessions(',
      [['invalid_option_value', "Option '$expand': a parenthesis or quote is left open, or closes nothing", 0, 9]],
    ],
    ['$expand=Sessions,,TimeZone', [['invalid_option_value', "Option '$expand': an item is empty", 9, 9]]],
    [
      '$expand=Sessions($filter=Nope eq 1)',
      [
        [
          'unknown_property',
          "Option '$expand=Sessions($filter)': Property 'Nope' does not exist on Event/Sessions. Its properties are 'EventSessionID', 'Status', 'StartDateTime', 'FinishDateTime', 'Presenter', 'CreatedDateTime', 'LastModifiedDateTime'.",
          17,
          21,
        ],
      ],
    ],
    [
      '$expand=Sessions($top=51)',
      [['top_beyond_maximum', "Option '$expand=Sessions($top)' is 51, beyond the largest page of 50 rows", 14, 16]],
    ],
    // The page bounds hold at every level, as at the top (src/query/page-bounds.ts).
    [
      '$expand=Sessions($skip=1001)',
      [
        [
          'skip_beyond_maximum',
          "Option '$expand=Sessions($skip)' is 1001, beyond the most rows a request may skip, 1000",
          15,
          19,
        ],
      ],
    ],
    [
      '$expand=Sessions($skip=1000),Registrations($skip=99999999999999999999)',
      [
        [
          'skip_beyond_maximum',
          "Option '$expand=Registrations($skip)' is 9007199254740991, beyond the most rows a request may skip, 1000",
          41,
          61,
        ],
      ],
    ],
    [
      '$expand=Sessions($top=x;$top=2)',
      [
        ['repeated_option', "Option '$expand': '$top' is given twice in the options of 'Sessions'", 16, 22],
        [
          'invalid_option_value',
          "Option '$expand=Sessions($top)' must be a non-negative whole number in digits, not 'x'",
          14,
          15,
        ],
      ],
    ],
    [
      '$expand=Sessions($count=true)',
      [
        [
          'unsupported',
          "Option '$expand': '$count=true' in the options of 'Sessions' is not supported in an expansion yet",
          9,
          20,
        ],
      ],
    ],
    [
      '$expand=Sessions($frob=1)',
      [
        [
          'unknown_option',
          "Option '$expand': '$frob=1' in the options of 'Sessions' is no option an expansion takes ($filter, $select, $orderby, $top, $skip, $expand)",
          9,
          16,
        ],
      ],
    ],
    [
      "$expand=TimeZone($filter=Name eq 'x')",
      [
        [
          'invalid_option_value',
          "Option '$expand': '$filter' orders, filters or pages the rows of a to-many relation; 'TimeZone' is one row",
          17,
          28,
        ],
      ],
    ],
  ] as const)('refuses %s', (query, expected) => {
    const error = thrownFilterError(() => parseQuery(query, odata));
    expect(error.issues.map((i) => [i.code, i.message, i.start, i.end])).toEqual(expected);
    expect(error.issues.every((i) => i.option === '$expand')).toBe(true);
  });

  it("names the relations an expansion's $select names apart from what its rows keep", () => {
    const [sessions] = parseQuery('$expand=Sessions($select=Presenter)', odata).expand;
    expect(sessions!.selectedRelations).toEqual(['Presenter']);
    expect(sessions!.select!.map((item) => item.path.join('/'))).toEqual(['EventSessionID']);
    expect(sessions!.selected).toBe(true);
    const [plain] = parseQuery('$expand=Sessions', odata).expand;
    expect([plain!.selected, plain!.selectedRelations]).toEqual([false, []]);
  });

  it('refuses options in the service spelling, and an expansion deeper than the policy allows', () => {
    expect(thrownFilterError(() => parseQuery('expand=Sessions($top=1)', service)).issues.map((i) => i.code)).toEqual([
      'invalid_option_value',
    ]);
    const error = thrownFilterError(() =>
      parseQuery('$expand=Sessions($expand=Presenter)', { ...odata, policy: { ...odata.policy, maxExpandDepth: 1 } }),
    );
    expect(error.issues.map((i) => [i.code, i.message])).toEqual([
      [
        'too_deep_expand',
        "Option '$expand': 'Sessions/Presenter' is expanded 2 levels deep, beyond the 1 levels a request may expand",
      ],
    ]);
  });

  it("holds the rules and the relation's row filter", () => {
    const ruled: QueryResource = {
      ...odata,
      rules: { 'Sessions/Presenter': { expand: false }, 'Sessions/Status': { filter: false, select: false } },
      relations: { ...relations, Sessions: { key: ['EventSessionID'], rowFilter: "Status ne 'Cancelled'" } },
    };
    expect(thrownFilterError(() => parseQuery('$expand=Sessions/Presenter', ruled)).issues.map((i) => i.code)).toEqual([
      'not_expandable',
    ]);
    expect(
      thrownFilterError(() => parseQuery("$expand=Sessions($filter=Status eq 'x')", ruled)).issues.map((i) => i.code),
    ).toEqual(['not_filterable']);
    const [sessions] = parseQuery('$expand=Sessions', ruled).expand;
    expect(printTyped(sessions!.filter!)).toBe("(Status:String ne 'Cancelled':String)");
    expect(sessions!.select!.map((s) => s.path.join('/'))).not.toContain('Status');
  });

  it("refuses a to-many relation the resource gives no key for (a 400), and a key that is none (the server's mistake)", () => {
    expect(
      thrownFilterError(() => parseQuery('$expand=Sessions', { ...odata, relations: {} })).issues.map((i) => [
        i.code,
        i.message,
      ]),
    ).toEqual([
      [
        'not_expandable',
        "Option '$expand': relation 'Sessions' of Event cannot be expanded: the resource gives no key to order its rows",
      ],
    ]);
    expect(() => parseQuery('', { ...odata, relations: { Sessions: { key: ['Status'] } } })).toThrow(
      "Resource Event: relations['Sessions'].key names 'Status', no non-nullable primitive property of its rows",
    );
    expect(() => parseQuery('', { ...odata, relations: { TimeZone: { key: ['TimeZoneID'] } } })).toThrow(
      "Resource Event: relations['TimeZone'].key orders the rows of a to-many relation; 'TimeZone' is one row",
    );
    expect(() => parseQuery('', { ...odata, relations: { Code: {} } })).toThrow(
      "Resource Event: `relations` names 'Code', which is no relation of the schema",
    );
  });
});

describe('applyQuery with an expansion', () => {
  const event = {
    EventID: 1,
    Code: 'E1',
    TimeZone: { TimeZoneID: 5, Name: 'NZ' },
    EventTemplate: null,
    Sessions: [
      { EventSessionID: 3, Status: 'Open', Presenter: { ContactID: 9, Email: 'a@b' } },
      { EventSessionID: 1, Status: 'Cancelled', Presenter: null },
      { EventSessionID: 2, Status: 'Open', Presenter: { ContactID: 8, Email: null } },
    ],
    Registrations: [{ RegistrationID: 4 }],
  };

  it('inlines what it expands, shaped by its options, and leaves out every relation it does not', () => {
    const plan = parseQuery(
      "$expand=Sessions($filter=Status eq 'Open';$orderby=EventSessionID desc;$top=1;$select=EventSessionID;$expand=Presenter($select=Email)),TimeZone,EventTemplate",
      odata,
    );
    expect(applyQuery([event], plan).items).toEqual([
      {
        EventID: 1,
        Code: 'E1',
        TimeZone: { TimeZoneID: 5, Name: 'NZ' },
        EventTemplate: null,
        Sessions: [{ EventSessionID: 3, Presenter: { Email: 'a@b' } }],
      },
    ]);
    expect(applyQuery([event], parseQuery('$select=Code', odata)).items).toEqual([{ Code: 'E1' }]);
    expect(applyQuery([event], parseQuery('', odata)).items).toEqual([{ EventID: 1, Code: 'E1' }]);
  });

  it("keeps only the rows a relation's row filter keeps", () => {
    const plan = parseQuery('$expand=Sessions($skip=1)', {
      ...odata,
      relations: { ...relations, Sessions: { key: ['EventSessionID'], rowFilter: "Status ne 'Cancelled'" } },
    });
    expect(applyQuery([event], plan).items[0]).toMatchObject({ Sessions: [{ EventSessionID: 3, Status: 'Open' }] });
  });
});
