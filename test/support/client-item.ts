// The properties of the client tests' `Item`: one of each primitive type a value can be written as,
// and a collection of strings. The filter template's tests check against these; the builder's add
// their own beside them.

import type { SchemaDefinition } from '../../src/index.js';

export const ITEM_PROPERTIES = {
  Id: { type: 'Edm.Int32', nullable: false },
  Name: 'Edm.String',
  Key: 'Edm.Guid',
  Big: 'Edm.Int64',
  Price: 'Edm.Decimal',
  Ratio: 'Edm.Double',
  Active: 'Edm.Boolean',
  Created: 'Edm.DateTimeOffset',
  Day: 'Edm.Date',
  At: 'Edm.TimeOfDay',
  Took: 'Edm.Duration',
  Blob: 'Edm.Binary',
  Tags: { collection: 'Edm.String' },
} as const satisfies SchemaDefinition['properties'];

/** The client tests' guid. */
export const GUID = '01234567-89ab-cdef-0123-456789abcdef';
