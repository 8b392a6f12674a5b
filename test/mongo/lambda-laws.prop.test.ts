// The laws of docs/semantics.md, section 8, on MongoDB documents over random rows: a lambda's
// plain form (`$elemMatch`) and its `$expr` form, and the two sides of each law, match the same
// rows. Element predicates are drawn from small tables and combined with and/or/not; rows hold
// empty, null and missing collections, null elements and elements without members.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { check } from '../../src/types/check.js';
import { lambdaSchema } from '../support/lambda-table.js';
import { decimal128, mongoQuery, toMongoDocument } from '../engines/mingo.js';
import { LONG, runs } from '../support/test-size.js';

/** A collection and tests of one element (`@` stands for the variable). */
const COLLECTIONS = [
  {
    path: 'Tags',
    tests: [
      "@ eq 'red'",
      "@ ne 'red'",
      '@ eq null',
      '@ ne null',
      "startswith(@, 'r')",
      "not contains(@, 'e')",
      "@ gt 'b'",
      "not (@ le 'c')",
      "@ in ('red', null)",
      'length(@) gt 2',
      '@ eq Name',
    ],
  },
  {
    path: 'Scores',
    tests: [
      '@ gt 2',
      '@ le 1',
      '@ eq null',
      '@ mod 2 eq 1',
      '@ in (0, 7, null)',
      'not (@ lt 3)',
      '@ gt 2.5',
      '@ ge Limit',
      '@ eq 2147483647',
    ],
  },
  {
    path: 'Addresses',
    tests: [
      "@/City eq 'Paris'",
      '@/City eq null',
      "@/Zip ne '1'",
      '@ eq null',
      '@ ne null',
      '@/Phones/any()',
      "@/Phones/any(p: p eq '222')",
      '@/Phones/all(p: p ne null)',
      '@/Phones/$count eq 1',
      "not (@/City gt 'M')",
      "startswith(@/City, 'P')",
      '@/City eq $it/Name',
      "@/City in ('Lyon', null)",
    ],
  },
] as const;

/** An element predicate over `@`: a test, or an and/or/not of predicates. */
const arbPredicate = (tests: readonly string[]): fc.Arbitrary<string> =>
  fc.letrec<{ p: string }>((tie) => ({
    p: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constantFrom(...tests),
      fc.tuple(tie('p'), fc.constantFrom('and', 'or'), tie('p')).map(([a, op, b]) => `(${a} ${op} ${b})`),
      tie('p').map((a) => `not (${a})`),
    ),
  })).p;

const arbCase = fc
  .constantFrom(...COLLECTIONS)
  .chain((c) => fc.tuple(fc.constant(c.path), arbPredicate(c.tests), arbPredicate(c.tests)));

const pick = <T>(...values: T[]) => fc.constantFrom(...values);
/** A collection's value: an array, empty, null, or missing (undefined, left out of the row). */
const arbCollection = <T>(element: fc.Arbitrary<T>) =>
  fc.oneof(fc.array(element, { maxLength: 4 }), pick<T[] | null | undefined>([], null, undefined));

const arbAddress = fc.oneof(
  pick(null, {}),
  fc.record(
    {
      City: pick('Paris', 'Lyon', 'blue', null),
      Zip: pick('1', '75001', null),
      Phones: arbCollection(pick('111', '222', null)),
    },
    { requiredKeys: [] },
  ),
);

const arbRows = fc.array(
  fc.record({
    Name: pick('red', 'Paris', 'blue', null),
    Limit: pick(0, 3, 7, null),
    Tags: arbCollection(pick('red', 'blue', 'RED', 'a', 'Paris', null)),
    Scores: arbCollection(pick(0, 1, 2, 3, 7, -1, 2147483647, null)),
    Addresses: arbCollection(arbAddress),
  }),
  { minLength: 1, maxLength: 6 },
);

/** The ids of the rows the filter's document matches, with and without a Decimal128 factory (which must agree). */
function idsOf(filter: string, rows: readonly Record<string, unknown>[]): number[] {
  const docs = rows.map((row) => toMongoDocument(lambdaSchema, row));
  const [withFactory, without] = [{ decimal: decimal128 }, {}].map((options) => {
    const query = mongoQuery(compileMongo(check(filter, lambdaSchema), options));
    return rows.filter((_, i) => query.test(docs[i]!)).map((row) => row.Id as number);
  });
  expect(without, filter).toEqual(withFactory);
  return withFactory!;
}

describe('lambda laws on MongoDB documents', () => {
  it(
    'hold on random rows',
    () => {
      fc.assert(
        fc.property(arbCase, arbRows, ([path, p, q], generated) => {
          const rows = generated.map((row, i) => ({
            Id: i + 1,
            ...Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined)),
          }));
          const [P, Q] = [p, q].map((text) => text.replaceAll('@', 'x'));
          const law = (left: string, right: string) =>
            expect(idsOf(left, rows), `${left}\n≡ ${right}`).toEqual(idsOf(right, rows));
          // The plain form and the $expr form (a conjunct reading the row forces it) agree.
          law(`${path}/any(x: ${P})`, `${path}/any(x: ${P} and Id ge 0)`);
          law(`${path}/all(x: ${P})`, `${path}/all(x: ${P} or Id lt 0)`);
          law(`${path}/any(x: ${P} or ${Q})`, `${path}/any(x: ${P}) or ${path}/any(x: ${Q})`);
          law(`${path}/all(x: ${P} and ${Q})`, `${path}/all(x: ${P}) and ${path}/all(x: ${Q})`);
          law(`not ${path}/any(x: ${P})`, `${path}/all(x: not ((${P}) eq true))`);
          law(`${path}/all(x: ${P})`, `not ${path}/any(x: not ((${P}) eq true))`);
          law(`${path}/$count eq 0`, `not ${path}/any()`);
        }),
        { numRuns: runs(1_000, 20_000) },
      );
    },
    LONG ? 600_000 : 60_000,
  );
});
