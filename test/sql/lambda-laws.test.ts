// The laws of docs/semantics.md, section 8, on the engines, over bodies whose SQL names operands
// once, compares nullable values and reads the row and nested collections from inside a lambda:
// each pair of filters must match the same rows of the lambda table, stored in child tables or
// in JSON columns.

import { describe, expect, it } from 'vitest';
import { compileSql } from '../../src/backends/sql/index.js';
import type { CollectionStorage } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { lambdaRows, lambdaSchema } from '../support/lambda-table.js';
import { loadWithChildTables } from './child-tables.js';
import { engineFor, ENGINES } from './engines.js';

/** A collection, its variable, and bodies over it (each may be null on some element). */
const BODIES: readonly (readonly [string, string, readonly string[]])[] = [
  [
    'Tags',
    't',
    [
      'endswith(t, Name)',
      "startswith(t, 'r')",
      'length(t) gt Limit',
      "indexof(t, 'e') eq 1",
      "substring(t, 1) eq 'ed'",
      "concat(t, Name) eq 'redred'",
      't eq null',
      "t gt 'b'",
      't eq $it/Name',
    ],
  ],
  [
    'Scores',
    's',
    ['s mod 2 eq 1', 'round(s div 2.0) eq 1', 's add Limit gt 5', 's eq null', 's lt Limit', 's in (1, 3, null)'],
  ],
  [
    'Addresses',
    'a',
    [
      'a/City eq Name',
      'a eq null',
      "a/Phones/any(p: endswith(p, '2'))",
      'a/Phones/$count ge 1',
      'a/Zip eq null',
      "a/Phones/all(p: p ne '333')",
    ],
  ],
  [
    'Orders',
    'o',
    [
      "o/Status eq 'open'",
      'o/Total gt Limit',
      'o/Lines/any(l: l/Qty eq o/Id sub 60)',
      'o/Lines/all(l: l/Qty lt 3)',
      'o/Status eq $it/Name',
      'o/Lines/$count eq 0',
    ],
  ],
];

/** Pairs of filters that docs/semantics.md says are equivalent; the second with `not` is the complement. */
function laws(c: string, v: string, p: string, q: string): [string, string, boolean][] {
  return [
    [`not ${c}/any(${v}: ${p})`, `${c}/all(${v}: not ((${p}) eq true))`, false],
    [`${c}/all(${v}: ${p})`, `not ${c}/any(${v}: not ((${p}) eq true))`, false],
    [`${c}/any(${v}: ${p})`, `${c}/any(${v}: ${p}) eq true`, false],
    [`${c}/any(${v}: ${p})`, `${c}/any(${v}: ${p}) eq false`, true],
    [`${c}/any(${v}: (${p}) or (${q}))`, `${c}/any(${v}: ${p}) or ${c}/any(${v}: ${q})`, false],
    [`${c}/all(${v}: (${p}) and (${q}))`, `${c}/all(${v}: ${p}) and ${c}/all(${v}: ${q})`, false],
    [`${c}/$count eq 0`, `not ${c}/any()`, false],
  ];
}

const CASES = BODIES.flatMap(([c, v, bodies]) =>
  bodies.flatMap((p, i) => laws(c, v, p, bodies[(i + 1) % bodies.length]!)),
);
const ALL_IDS = lambdaRows.map((r) => r.Id as number);

for (const setup of ENGINES)
  for (const json of [false, true]) {
    describe.skipIf(!setup.available())(
      `${setup.name}: the laws of lambdas, collections in ${json ? 'JSON columns (relations in child tables)' : 'child tables'}`,
      () => {
        const engine = engineFor(setup);
        let collections: CollectionStorage;
        const ids = (filter: string) =>
          engine().ids(
            compileSql(check(filter, lambdaSchema), { dialect: setup.dialect, table: 'items', collections }),
          );

        it.each(CASES)('%s ≡ %s (complement: %s)', async (a, b, complement) => {
          collections ??= await loadWithChildTables(engine(), lambdaSchema, lambdaRows, json);
          const left = await ids(a);
          const right = await ids(b);
          expect(right).toEqual(complement ? ALL_IDS.filter((id) => !left.includes(id)) : left);
        });
      },
    );
  }
