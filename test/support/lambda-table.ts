// The lambda evaluation table: rows with collections (of primitives, of structures, nested, and
// to-many relations; empty, null, missing, with null elements) and filters with the ids they must
// match. It is docs/semantics.md, section 8, in examples; every backend must reproduce it.

import { defineSchema } from '../../src/index.js';
import type { Schema, SchemaDefinition } from '../../src/index.js';
import type { EvalCase, EvalRow } from './eval-table.js';

export const lambdaSchemaDefinition: SchemaDefinition = {
  name: 'Owner',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Name: 'Edm.String',
    Limit: 'Edm.Int32',
    Tags: { collection: 'Edm.String' },
    Scores: { collection: 'Edm.Int32' },
    Addresses: {
      collection: {
        properties: {
          City: 'Edm.String',
          Zip: 'Edm.String',
          Phones: { collection: 'Edm.String' },
        },
      },
    },
    Orders: {
      relation: true,
      collection: {
        properties: {
          Id: { type: 'Edm.Int32', nullable: false },
          Status: 'Edm.String',
          Total: 'Edm.Decimal',
          Lines: {
            relation: true,
            collection: { properties: { Qty: 'Edm.Int32', Sku: 'Edm.String' } },
          },
        },
      },
    },
  },
};

export const lambdaSchema: Schema = defineSchema(lambdaSchemaDefinition);

/** Row 2 has empty collections, row 3 lacks them, row 4 has them null; row 5 has null elements. */
export const lambdaRows: readonly EvalRow[] = [
  {
    Id: 1,
    Name: 'red',
    Limit: 5,
    Tags: ['red', 'blue'],
    Scores: [1, 5],
    Addresses: [
      { City: 'Paris', Zip: '75001', Phones: ['111', '222'] },
      { City: 'Lyon', Zip: null, Phones: [] },
    ],
    Orders: [
      {
        Id: 11,
        Status: 'open',
        Total: '10.5',
        Lines: [
          { Qty: 2, Sku: 'x' },
          { Qty: 5, Sku: 'y' },
        ],
      },
      { Id: 12, Status: 'closed', Total: '3', Lines: [] },
    ],
  },
  { Id: 2, Name: 'b', Limit: 0, Tags: [], Scores: [], Addresses: [], Orders: [] },
  { Id: 3 },
  { Id: 4, Name: null, Limit: null, Tags: null, Scores: null, Addresses: null, Orders: null },
  {
    Id: 5,
    Name: 'x',
    Limit: 3,
    Tags: [null, 'red'],
    Scores: [null, 3],
    Addresses: [null, { City: null, Zip: '1', Phones: [null] }],
    Orders: [{ Id: 51, Status: null, Total: null, Lines: [{ Qty: null, Sku: null }] }],
  },
  {
    Id: 6,
    Name: 'green',
    Limit: 100,
    Tags: ['RED', 'green', 'green'],
    Scores: [0, -1, 100],
    Addresses: [{ City: 'Paris', Zip: '1', Phones: ['333'] }],
    Orders: [
      { Id: 61, Status: 'open', Total: '100', Lines: [{ Qty: 1, Sku: 'x' }] },
      { Id: 62, Status: 'open', Total: '0.5', Lines: [{ Qty: 3, Sku: 'z' }] },
    ],
  },
  {
    Id: 7,
    Name: 'blue',
    Limit: 7,
    Tags: ['blue'],
    Scores: [7],
    Addresses: [{ City: 'blue', Zip: null, Phones: null }],
    Orders: [{ Id: 71, Status: 'blue', Total: '7', Lines: null }],
  },
];

const ALL = lambdaRows.map((r) => r.Id);

const table: readonly (readonly [string, readonly number[]])[] = [
  // any() and $count: null and missing collections are empty; null elements count.
  ['Tags/any()', [1, 5, 6, 7]],
  ['not Tags/any()', [2, 3, 4]],
  ['Tags/$count eq 0', [2, 3, 4]],
  ['Tags/$count eq 2', [1, 5]],
  ['Tags/$count gt 2', [6]],
  ['Scores/$count add 1 eq 3', [1, 5]],
  ['Scores/$count eq Tags/$count', ALL],
  ['Orders/$count eq 2', [1, 6]],
  ['Tags/any(t: true)', [1, 5, 6, 7]],
  ['Tags/all(t: false)', [2, 3, 4]],
  ['Tags/any(t: null)', []],
  ['Tags/all(t: null)', [2, 3, 4]],
  // Primitive elements, null elements as values.
  ["Tags/any(t: t eq 'red')", [1, 5]],
  ['Tags/any(t: t eq null)', [5]],
  ['Tags/all(t: t ne null)', [1, 2, 3, 4, 6, 7]],
  ["Tags/all(t: t eq 'red')", [2, 3, 4]],
  ["Tags/any(t: contains(t, 'e'))", [1, 5, 6, 7]],
  // all: an element where the body is null fails it; `not (x le 2)` is true for a null x.
  ['Tags/all(t: length(t) gt 2)', [1, 2, 3, 4, 6, 7]],
  ['not Tags/all(t: length(t) gt 2)', [5]],
  ['Tags/all(t: not (length(t) le 2))', ALL],
  ['Scores/all(s: s mod 2 eq 1)', [1, 2, 3, 4, 7]],
  ['Scores/all(s: s lt Limit)', [2, 3, 4]],
  ['Scores/any(s: s ge Limit)', [1, 5, 6, 7]],
  ['Scores/any(s: s eq null)', [5]],
  // The resource inside a lambda: its properties, and $it.
  ['Tags/any(t: t eq $it/Name)', [1, 6, 7]],
  ['Tags/any(t: t eq Name)', [1, 6, 7]],
  ["$it/Name eq 'red'", [1]],
  // x in C is C/any(v: v eq x).
  ['Name in Tags', [1, 6, 7]],
  ["'red' in Tags", [1, 5]],
  ['null in Tags', [5]],
  ['3 in Scores', [5]],
  ['not (Name in Tags)', [2, 3, 4, 5]],
  // Lambdas as Boolean values, and the laws of section 8.
  ["Tags/any(t: t eq 'red') eq false", [2, 3, 4, 6, 7]],
  ["Tags/any(t: t eq 'red') ne Tags/any(t: t eq 'blue')", [5, 7]],
  ["Tags/any(t: t eq 'red' or t eq 'blue')", [1, 5, 7]],
  ["Tags/any(t: t eq 'red') or Tags/any(t: t eq 'blue')", [1, 5, 7]],
  ["Tags/any(t: t eq 'red' and t eq 'blue')", []],
  ["Tags/any(t: t eq 'red') and Tags/any(t: t eq 'blue')", [1]],
  // Structured elements: members, null elements, nested collections.
  ["Addresses/any(a: a/City eq 'Paris')", [1, 6]],
  ['Addresses/any(a: a eq null)', [5]],
  ['Addresses/any(a: a ne null and a/City eq null)', [5]],
  ['Addresses/any(a: a/City eq null)', [5]],
  ['Addresses/any(a: a/Zip eq null)', [1, 5, 7]],
  ['Addresses/all(a: a/Phones/any())', [2, 3, 4, 6]],
  ["Addresses/any(a: a/Phones/any(p: p eq '222'))", [1]],
  ['Addresses/any(a: a/Phones/any(p: p eq null))', [5]],
  ['Addresses/any(a: a/Phones/$count gt 1)', [1]],
  ['Addresses/any(a: a/City eq $it/Name)', [7]],
  // Relations, nested, with outer variables.
  ["Orders/any(o: o/Status eq 'open')", [1, 6]],
  ["Orders/all(o: o/Status eq 'open')", [2, 3, 4, 6]],
  ["not Orders/any(o: o/Status ne 'open')", [2, 3, 4, 6]],
  ['Orders/any(o: o/Total gt 5)', [1, 6, 7]],
  ['Orders/any(o: o/Lines/any(l: l/Qty gt 4))', [1]],
  ['Orders/any(o: o/Lines/all(l: l/Qty lt 3))', [1, 6, 7]],
  ['Orders/all(o: o/Lines/any())', [2, 3, 4, 5, 6]],
  ['Orders/any(o: o/Lines/any(l: l/Qty eq o/Id sub 60))', [6]],
  ['Orders/any(o: o/Lines/any(l: l/Qty eq $it/Limit))', [1]],
  ['Orders/any(o: o/Lines/$count eq 0)', [1, 7]],
  ["Orders/any(o: o/Status eq 'open' and o/Lines/any(l: l/Sku eq 'z'))", [6]],
  ['Orders/any(o: o/Status eq $it/Name)', [7]],
  // Two collections at different depths.
  ['Tags/any(t: Scores/any(s: s eq length(t)))', [5]],
];

export const lambdaCases: readonly EvalCase[] = table.map(([filter, ids]) => ({
  filter,
  ids: [...ids].sort((a, b) => a - b),
}));
