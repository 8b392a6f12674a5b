// Projections (docs/query.md, "Projection"): `$select` and the service's `fields` read into the
// plan's items — names in any case for `fields`, the resource's defaults, `*`, structures kept
// whole — every bad item a 400 naming it; and the rows applyQuery() gives back.

import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../src/query/index.js';
import {
  SERVICE_INTERFACE_B,
  Event,
  PublicEventTemplateCategoryItem,
  PublicPresenter,
  PublicVenue,
} from '../../src/examples/events/index.js';
import type { QueryResource } from '../../src/query/index.js';
import { applyQuery } from '../../src/backends/memory/index.js';
import { thrownFilterError } from '../support/thrown.js';
import { defineSchema } from '../../src/index.js';

const presenters: QueryResource = {
  schema: PublicPresenter,
  key: ['PresenterID'],
  policy: SERVICE_INTERFACE_B,
  defaultSelect: ['PresenterID', 'FullName', 'ViewUri'],
};
const venues: QueryResource = {
  schema: PublicVenue,
  key: ['VenueID'],
  policy: SERVICE_INTERFACE_B,
  defaultSelect: ['VenueID', 'Name', 'ViewUri'],
};
const events: QueryResource = {
  schema: Event,
  key: ['EventID'],
  policy: { spelling: 'odata', defaultTop: 10, maxTop: 100 },
};

const selected = (query: string, resource: QueryResource) =>
  parseQuery(query, resource).select?.map((item) => item.path.join('/'));

describe('reading a projection', () => {
  it.each([
    ['', presenters, ['PresenterID', 'FullName', 'ViewUri']],
    ['', venues, ['VenueID', 'Name', 'ViewUri']],
    ['fields=fullname,VIEWURI', presenters, ['FullName', 'ViewUri']],
    ['FIELDS= Name , geodata ', venues, ['Name', 'GeoData']],
    ['fields=Profile,profile/interests,PresenterID,presenterid', presenters, ['Profile', 'PresenterID']],
    ['fields=Profile/Interests/Text,Profile/Interests', presenters, ['Profile/Interests']],
    ['', events, undefined],
    ['$select=*', events, undefined],
    ['$select=Code,*', events, undefined],
  ] as const)('%s', (query, resource, expected) => {
    expect(selected(query, resource)).toEqual(expected);
  });

  it('keeps the property each item names, as the schema spells it', () => {
    const [item] = parseQuery('fields=geodata/pointlatitude', venues).select!;
    expect(item!.path).toEqual(['GeoData', 'PointLatitude']);
    expect(item!.property).toMatchObject({ kind: 'primitive', type: 'Edm.Double' });
  });

  it.each([
    [
      'fields=FullNam',
      presenters,
      [
        [
          'unknown_property',
          'fields',
          "Option 'fields': property 'FullNam' does not exist on PublicPresenter (did you mean 'FullName'?)",
          0,
          7,
        ],
      ],
    ],
    [
      'fields=PresenterID,,Name',
      presenters,
      [
        ['invalid_option_value', 'fields', "Option 'fields': an item is empty", 12, 12],
        ['unknown_property', 'fields', "Option 'fields': property 'Name' does not exist on PublicPresenter", 13, 17],
      ],
    ],
    [
      'fields=',
      presenters,
      [
        [
          'invalid_option_value',
          'fields',
          "Option 'fields' is empty: name the properties to keep, or leave the option out",
          0,
          0,
        ],
      ],
    ],
    ['fields=*', presenters, [['invalid_option_value', 'fields', "Option 'fields': '*' is not a property name", 0, 1]]],
    [
      'fields=FullName/First',
      presenters,
      [['not_structured', 'fields', "Option 'fields': 'FullName' is Edm.String and has no properties", 0, 14]],
    ],
    [
      '$select=code',
      events,
      [
        [
          'unknown_property',
          '$select',
          "Option '$select': property 'code' does not exist on Event (did you mean 'Code'?)",
          0,
          4,
        ],
      ],
    ],
    [
      'fields=Code,TimeZone',
      { ...events, policy: { ...events.policy, spelling: 'service' } },
      [
        [
          'not_selectable',
          'fields',
          "Option 'fields': 'TimeZone' is a relation to other rows, which a projection does not hold: expand it",
          5,
          13,
        ],
      ],
    ],
    [
      '$select=Code,TimeZone',
      { ...events, rules: { TimeZone: { select: false } } },
      [['not_selectable', '$select', "Option '$select': property 'TimeZone' of Event cannot be selected", 5, 13]],
    ],
    [
      '$select=Sessions/Status',
      events,
      [
        [
          'not_selectable',
          '$select',
          "Option '$select': 'Sessions' is a relation to other rows, which a projection does not hold: expand it",
          0,
          15,
        ],
      ],
    ],
    [
      '$select=length(Code)',
      events,
      [['invalid_option_value', '$select', "Option '$select': 'length(Code)' is not a property path", 0, 12]],
    ],
  ] as const)('refuses %s', (query, resource, expected) => {
    const error = thrownFilterError(() => parseQuery(query, resource));
    expect(error.issues.map((i) => [i.code, i.option, i.message, i.start, i.end])).toEqual(expected);
  });

  it('names relations in $select apart from what the rows keep, and keeps the key where it names only relations', () => {
    // OData's `$select=CategoryName,Products`: the navigation link, which minimal metadata leaves out.
    const both = parseQuery('$select=Code, TimeZone,Sessions,TimeZone', events);
    expect(both.select!.map((item) => item.path.join('/'))).toEqual(['Code']);
    expect(both.selectedRelations).toEqual(['TimeZone', 'Sessions']);
    const alone = parseQuery('$select=TimeZone', events);
    expect(alone.select!.map((item) => item.path.join('/'))).toEqual(['EventID']);
    expect(alone.selectedRelations).toEqual(['TimeZone']);
    expect(parseQuery('$select=Code', events).selectedRelations).toEqual([]);
    expect(parseQuery('', events).selectedRelations).toEqual([]);
  });

  it('keeps only the key members the rules show where $select names only relations', () => {
    // A hidden key member is never in a row, and no message names it: the caller did not.
    const Order = defineSchema({
      name: 'Order',
      properties: {
        OrderID: { type: 'Edm.Int32', nullable: false },
        Line: { type: 'Edm.Int32', nullable: false },
        Customer: { relation: true, properties: { CustomerID: { type: 'Edm.Int32', nullable: false } } },
      },
    });
    const orders = { schema: Order, key: ['OrderID', 'Line'], policy: events.policy };
    const partly = { ...orders, rules: { OrderID: { select: false } } };
    expect(parseQuery('$select=Customer', partly).select!.map((item) => item.path.join('/'))).toEqual(['Line']);
    const hidden = { ...orders, rules: { OrderID: { select: false }, Line: { select: false } } };
    const error = thrownFilterError(() => parseQuery('$select=Customer', hidden));
    expect(error.issues.map((i) => [i.code, i.option, i.message, i.start, i.end])).toEqual([
      [
        'not_selectable',
        '$select',
        "Option '$select': it names only relations, and Order shows no key to keep in their place: name a property too",
        0,
        8,
      ],
    ]);
  });

  it('refuses a path through a collection of values, which is selected whole', () => {
    const error = thrownFilterError(() =>
      parseQuery('$select=AdvertisedPresenters/Name', {
        schema: PublicEventTemplateCategoryItem,
        key: ['CategoryID'],
        policy: events.policy,
      }),
    );
    expect(error.issues.map((i) => [i.code, i.message])).toEqual([
      ['collection_path', "Option '$select': 'AdvertisedPresenters' is a collection; select it whole"],
    ]);
  });

  it('has no projection option where the policy says so', () => {
    const error = thrownFilterError(() =>
      parseQuery('$select=Code', { ...events, policy: { ...events.policy, select: false } }),
    );
    expect(error.issues.map((i) => i.code)).toEqual(['unknown_option']);
  });

  it('refuses a default projection the schema cannot give, as a programmer error', () => {
    expect(() => parseQuery('', { ...presenters, defaultSelect: ['Nope'] })).toThrow(
      /Resource PublicPresenter: `defaultSelect`: property 'Nope' does not exist/,
    );
    expect(() => parseQuery('', { ...presenters, defaultSelect: 'FullName' as unknown as string[] })).toThrow(
      TypeError,
    );
  });
});

describe('applyQuery with a projection', () => {
  const rows = [
    {
      PresenterID: 1,
      FullName: 'Ana Ñúñez',
      FirstName: 'Ana',
      Profile: { Interests: { Text: 'Chess', ContentType: 'text/plain' }, Qualifications: null },
      ViewUri: null,
    },
    { PresenterID: 2, FullName: "D'Arcy", Profile: null, SocialNetworkInfo: { NetworkAID: '@d' } },
    { PresenterID: 3 },
  ];

  it('keeps the selected properties of each row, as the row holds them, and nothing else', () => {
    const page = applyQuery(rows, parseQuery('fields=profile/interests,ViewUri,FullName', presenters));
    expect(page.items).toEqual([
      { FullName: 'Ana Ñúñez', Profile: { Interests: { Text: 'Chess', ContentType: 'text/plain' } }, ViewUri: null },
      // A null structure stays null; a property the row lacks stays missing.
      { FullName: "D'Arcy", Profile: null },
      {},
    ]);
    // The rows themselves are not changed.
    expect(rows[0]!.Profile!.Qualifications).toBeNull();
  });

  it("keeps the resource's default properties without the option, and every property without a default", () => {
    expect(applyQuery(rows, parseQuery('top=1', presenters)).items).toEqual([
      { PresenterID: 1, FullName: 'Ana Ñúñez', ViewUri: null },
    ]);
    expect(
      applyQuery(rows, parseQuery('$top=1', { ...presenters, policy: events.policy, defaultSelect: undefined }))
        .items[0],
    ).toBe(rows[0]);
  });
});
