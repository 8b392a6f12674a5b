// check() of `in` with a JSON array: the usual `in` over the literals the parenthesised list would
// hold, and a string that spells a guid or a date-time read as that value against such an operand.

import { describe, expect, it } from 'vitest';
import { check, defineSchema, printTyped } from '../../src/index.js';
import { thrownFilterError } from '../support/thrown.js';

const schema = defineSchema({
  name: 'Item',
  properties: {
    Name: 'Edm.String',
    Qty: 'Edm.Int32',
    Price: 'Edm.Decimal',
    Flag: 'Edm.Boolean',
    Key: 'Edm.Guid',
    Due: 'Edm.DateTimeOffset',
    Created: 'Edm.DateTime',
  },
});

const typed = (filter: string): string => printTyped(check(filter, schema));

describe('check: JSON arrays as the list of in', () => {
  it.each([
    ['Name in ["Active", "Draft"]', "Name in ('Active', 'Draft')"],
    ['Qty in [1, 2.5, null]', 'Qty in (1, 2.5, null)'],
    ['Price in [1e3, -0.50]', 'Price in (1e3m, -0.50)'],
    ['Flag in [true]', 'Flag in (true)'],
    ['Name in []', 'Name in ()'],
    // A string is a string wherever the operand is not a guid or a date-time.
    [
      'Name in ["01234567-89ab-cdef-0123-456789abcdef", "2012-12-03T07:16:23Z"]',
      "Name in ('01234567-89ab-cdef-0123-456789abcdef', '2012-12-03T07:16:23Z')",
    ],
  ])('%s is typed as %s', (json, parenthesised) => {
    expect(typed(json)).toBe(typed(parenthesised));
  });

  it.each([
    [
      'Key in ["01234567-89AB-cdef-0123-456789abcdef", null]',
      "(Key:Guid in ['01234567-89ab-cdef-0123-456789abcdef':Guid, null:Guid])",
    ],
    [
      'Due in ["2012-12-03T07:16:23Z", "2012-12-03T08:16:23+01:00"]',
      '(Due:DateTimeOffset in [1354518983000:DateTimeOffset, 1354518983000:DateTimeOffset])',
    ],
    ['Created in ["2012-12-03T07:16:23Z"]', '(Created:DateTime in [1354518983000:DateTime])'],
  ])('reads a string that spells a guid or a date-time as that value against one: %s', (filter, expected) => {
    expect(typed(filter)).toBe(expected);
  });

  it('types the guid as the parenthesised list with the bare literal does', () => {
    expect(typed('Key in ["01234567-89ab-cdef-0123-456789abcdef"]')).toBe(
      typed('Key in (01234567-89ab-cdef-0123-456789abcdef)'),
    );
  });

  it.each([
    // A string that spells neither is a string, which a guid or a date-time does not compare with.
    ['Key in ["nope"]', 'List item "nope" (Edm.String) does not fit Key (Edm.Guid) on the left of \'in\''],
    [
      'Due in ["2012-12-03"]',
      'List item "2012-12-03" (Edm.String) does not fit Due (Edm.DateTimeOffset) on the left of \'in\'. Did you mean 2012-12-03T00:00:00Z?',
    ],
    // A string against a number stays a string, as in the parenthesised list.
    ['Qty in ["5"]', 'List item "5" (Edm.String) does not fit Qty (Edm.Int32) on the left of \'in\'. Did you mean 5?'],
  ])('%s is a type_mismatch at the item', (filter, message) => {
    const error = thrownFilterError(() => check(filter, schema));
    expect(error.issues.map((i) => i.code)).toEqual(['type_mismatch']);
    expect(error.message).toBe(message);
  });

  it('keeps the parenthesised form strict: a quoted guid there is a string', () => {
    const error = thrownFilterError(() => check("Key in ('01234567-89ab-cdef-0123-456789abcdef')", schema));
    expect(error.issues.map((i) => i.code)).toEqual(['type_mismatch']);
  });
});
