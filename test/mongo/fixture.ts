// Fixture schema and rows for the Mongo tables: nulls, missing nested objects, astral characters,
// regex metacharacters, trailing newlines, extreme integers, 28-digit decimals, NaN and ±INF.

import { defineSchema } from '../../src/types/schema.js';
import type { Schema } from '../../src/types/schema.js';
import { check } from '../../src/types/check.js';
import type { TypedFilter } from '../../src/types/typed.js';

export const schema: Schema = defineSchema({
  name: 'Item',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Name: 'Edm.String',
    Code: 'Edm.String',
    Qty: 'Edm.Int32',
    Small: 'Edm.Byte',
    Big: 'Edm.Int64',
    Price: 'Edm.Decimal',
    Score: 'Edm.Double',
    Ratio: 'Edm.Single',
    Active: 'Edm.Boolean',
    Due: 'Edm.DateTimeOffset',
    Created: 'Edm.DateTime',
    Key: 'Edm.Guid',
    Address: { properties: { City: 'Edm.String', Zip: 'Edm.Int32' } },
  },
});

export const rows: Record<string, unknown>[] = [
  { Id: 1, Name: 'Anna', Code: 'EV-01', Qty: 5, Small: 255, Big: 9007199254740993n, Price: '1.50', Score: 2.5, Ratio: 0.5, Active: true, Due: new Date('2012-01-01T23:30:00Z'), Created: new Date('2012-01-01T23:30:00Z'), Key: '0F8FAD5B-D9CB-469F-A165-70867728950E', Address: { City: 'Wellington', Zip: 6011 } },
  { Id: 2, Name: null, Code: null, Qty: null, Big: null, Price: null, Score: null, Active: null, Due: null, Key: null, Address: null },
  { Id: 3 },
  { Id: 4, Name: 'a😀b', Code: '.*+?^$()[]{}|', Qty: -7, Small: 0, Big: -9223372036854775808n, Price: '0.3', Score: NaN, Ratio: -1.5, Active: false, Due: new Date('2013-01-01T00:00:00.000Z'), Created: new Date('1969-12-31T23:59:59.999Z'), Key: '7c9e6679-7425-40de-944b-e07fc1f90ae7', Address: { City: 'x\n' } },
  { Id: 5, Name: '\uFFFD', Code: '$Name', Qty: 2147483647, Small: 1, Big: 9223372036854775807n, Price: '1234567890123456789.012345678', Score: Infinity, Ratio: 2.5, Active: true, Due: new Date('2100-12-31T23:59:59.999Z'), Created: new Date('2000-02-29T12:00:00Z'), Key: 'ffffffff-ffff-ffff-ffff-ffffffffffff', Address: { City: 'a.b', Zip: null } },
  { Id: 6, Name: ' padded ', Code: 'a.c', Qty: 0, Small: 7, Big: 0n, Price: '-9999999999999999999999999999', Score: -2.5, Ratio: 0, Active: false, Due: new Date('1900-01-01T00:00:00Z'), Created: new Date('1900-01-01T00:00:00Z'), Key: '00000000-0000-0000-0000-000000000000', Address: { City: 'İstanbul', Zip: -1 } },
  { Id: 7, Name: 'İstanbul', Code: 'EV\n', Qty: -2147483648, Small: 128, Big: 1n, Price: '0.0000000000000000000000000001', Score: 0.49999999999999994, Ratio: -0, Active: true, Due: new Date('2012-06-15T10:30:00.500Z'), Key: '0f8fad5b-d9cb-469f-a165-70867728950e', Address: { City: 'ß' } },
  { Id: 8, Name: 'e\u0301', Code: 'ev-01', Qty: 100, Small: 42, Big: -1n, Price: '2.5', Score: -Infinity, Ratio: 1e30, Active: false, Due: new Date('1999-12-31T23:59:59.999Z'), Address: {} },
];

export const typed = (text: string): TypedFilter => check(text, schema);
