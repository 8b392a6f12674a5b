// Derived types (docs/semantics.md §14) on random rows: MongoDB's answer (the mingo harness) is the
// in-memory reference's for every filter of the derived-type table, and the laws the section
// states hold in the reference — a cast's null test is the type test, a collection's elements of a
// type are counted and found alike, a type derived from another is of it.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { check } from '../../src/types/check.js';
import { derivedCases, derivedSchema, derivedStorageSchema } from '../support/derived-table.js';
import { runs } from '../support/test-size.js';
import { mongoQuery, toMongoDocument } from '../engines/mingo.js';

/** A member that is missing, null, or one of the values. */
const maybe = <T>(values: fc.Arbitrary<T>) => fc.option(fc.option(values, { nil: null }), { nil: undefined });

const arbKind = (kinds: readonly string[]) => maybe(fc.constantFrom(...kinds));

/**
 * An address: its Kind one of the model's, another type's or none; City and Zip from a few. City
 * is always there (null or a name): the harness's document builder leaves out an object with no
 * members at all, which MongoDB itself keeps.
 */
const arbAddress = fc.record(
  {
    Kind: arbKind(['A', 'H', 'Z']),
    City: fc.option(fc.constantFrom('Oslo', 'Rome'), { nil: null }),
    Zip: maybe(fc.constantFrom('1', '2')),
  },
  { requiredKeys: ['City'] },
);

const arbRow = (id: number) =>
  fc
    .record(
      {
        Kind: arbKind(['E', 'M', 'X', 'Q']),
        Name: maybe(fc.constantFrom('Ann', 'Bo')),
        Budget: maybe(fc.integer({ min: 0, max: 20 })),
        Level: maybe(fc.integer({ min: 1, max: 3 })),
        Address: maybe(arbAddress),
        Addresses: maybe(fc.array(fc.option(arbAddress, { nil: null }), { maxLength: 3 })),
      },
      { requiredKeys: [] },
    )
    .map((row) => ({ Id: id, ...row }));

const arbRows = fc.tuple(...Array.from({ length: 6 }, (_, i) => arbRow(i + 1)));

/** Strip undefined members: a missing member is what a row without it holds. */
const plain = (row: object): Record<string, unknown> => JSON.parse(JSON.stringify(row));

const compiled = derivedCases.map(({ filter }) => {
  const typed = check(filter, derivedSchema);
  return { filter, memory: compilePredicate(typed), mongo: mongoQuery(compileMongo(typed)) };
});

describe('derived types on random rows', () => {
  it('MongoDB selects the reference rows for every filter of the table', () => {
    fc.assert(
      fc.property(arbRows, (generated) => {
        const rows = generated.map(plain);
        const docs = rows.map((row) => toMongoDocument(derivedStorageSchema, row));
        for (const { filter, memory, mongo } of compiled) {
          const expected = rows.filter((row) => memory(row)).map((row) => row.Id);
          const actual = rows.filter((_, i) => mongo.test(docs[i]!)).map((row) => row.Id);
          expect({ filter, ids: actual }).toEqual({ filter, ids: expected });
        }
      }),
      { numRuns: runs(100) },
    );
  });

  const laws: readonly (readonly [string, string])[] = [
    ['isof(Address, Staff.HomeAddress)', 'Address/Staff.HomeAddress ne null'],
    ['isof(Address, Staff.HomeAddress)', 'cast(Address, Staff.HomeAddress) ne null'],
    ['Addresses/Staff.HomeAddress/$count eq 0', 'not Addresses/Staff.HomeAddress/any()'],
    ['Addresses/Staff.HomeAddress/any()', 'Addresses/any(a: isof(a, Staff.HomeAddress))'],
    [
      "Addresses/Staff.HomeAddress/all(a: a/Zip eq '1')",
      "not Addresses/any(a: isof(a, Staff.HomeAddress) and not (a/Staff.HomeAddress/Zip eq '1'))",
    ],
    ['isof(Staff.Executive)', 'isof(Staff.Executive) and isof(Staff.Manager)'],
    ['isof(Staff.Manager)', '$it/Staff.Manager ne null'],
    ['Staff.Manager/Budget gt 5', 'isof(Staff.Manager) and Staff.Manager/Budget gt 5'],
    ['Addresses/Staff.Address/$count ge Addresses/Staff.HomeAddress/$count', 'true'],
  ];

  it.each(laws)('%s ≡ %s', (left, right) => {
    const [l, r] = [left, right].map((f) => compilePredicate(check(f, derivedSchema)));
    fc.assert(
      fc.property(arbRows, (generated) => {
        for (const row of generated.map(plain)) expect(l!(row)).toBe(r!(row));
      }),
      { numRuns: runs(100) },
    );
  });
});
