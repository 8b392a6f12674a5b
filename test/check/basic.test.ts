// First table of check() cases over the shipped schemas: typed trees, and issues with spans.

import { describe, expect, it } from 'vitest';
import { check, printTyped } from '../../src/index.js';
import { Contact, Event, EventSession, Registration, VenueRoom } from '../../src/examples/events/index.js';
import type { Schema } from '../../src/index.js';
import { issuesOf } from '../support/trees.js';

function typed(filter: string, schema: Schema): string {
  return printTyped(check(filter, schema).root);
}

describe('check on the service schemas', () => {
  it.each([
    [VenueRoom, 'Capacity gt 50', '(Capacity:Int32 gt 50:Int32)'],
    [VenueRoom, 'round(Capacity) eq 5', "(round(convert(Capacity:Int32):Decimal):Decimal eq '5':Decimal)"],
    [VenueRoom, 'Capacity eq 5.5', "(convert(Capacity:Int32):Decimal eq '5.5':Decimal)"],
    [
      Registration,
      "Event/EventID eq 7 and Status eq 'Approved'",
      "((Event/EventID:Int32 eq 7:Int32) and (Status:String eq 'Approved':String))",
    ],
    [Contact, 'ContactID in (1, 2L, null)', '(ContactID:Int32 in [1:Int32, 2:Int32, null:Int32])'],
    [Contact, 'CreatedDateTime gt 2012-01-01T00:00:00Z', '(CreatedDateTime:DateTime gt 1325376000000:DateTime)'],
    [EventSession, 'Presenter/ContactID eq 12', '(Presenter/ContactID:Int32 eq 12:Int32)'],
    [Event, "Description eq 'x'", "(Description:String eq 'x':String)"],
    [
      Event,
      'StartDateTime lt CreatedDateTime',
      '(StartDateTime:DateTimeOffset lt convert(CreatedDateTime:DateTime):DateTimeOffset)',
    ],
  ])('%#: %s', (schema, filter, expected) => {
    expect(typed(filter, schema)).toBe(expected);
  });

  it.each([
    [
      Contact,
      "Stauts eq 'x'",
      [['unknown_property', 'Stauts', "Property 'Stauts' does not exist on Contact. Did you mean 'Status'?"]],
    ],
    [
      VenueRoom,
      'Capacity add 1',
      [['not_boolean', 'Capacity add 1', 'A filter must be Edm.Boolean, but this expression is Edm.Int32']],
    ],
    [
      VenueRoom,
      "Capacity gt '50'",
      [
        [
          'type_mismatch',
          "Capacity gt '50'",
          "Cannot compare Capacity (Edm.Int32) with '50' (Edm.String). Did you mean 50?",
        ],
      ],
    ],
    [
      Contact,
      'ContactID eq 12 or Email eq 12',
      [['type_mismatch', 'Email eq 12', "Cannot compare Email (Edm.String) with 12 (Edm.Int32). Did you mean '12'?"]],
    ],
  ])('%#: %s is rejected', (schema, filter, expected) => {
    expect(issuesOf(filter, schema)).toEqual(expected);
  });
});
