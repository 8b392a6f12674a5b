// A collection passed to a model's function under a policy (docs/query.md, "Rules"): a path
// argument reads every element of its collection, so a collection a rule keeps from filters
// refuses the call, as any read of it is refused; a JSON array reads nothing of the row.

import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../src/query/index.js';
import type { QueryResource } from '../../src/query/index.js';
import { applyQuery } from '../../src/backends/memory/index.js';
import { defineFunctions, defineModel, schemaOf } from '../../src/index.js';
import {
  collectionParameterRegistry,
  collectionParameterRows,
  collectionParameterSchema,
} from '../support/collection-parameter-table.js';
import { thrownFilterError } from '../support/thrown.js';

const resource = (rules: QueryResource['rules']): QueryResource => ({
  schema: collectionParameterSchema,
  key: ['Id'],
  policy: { spelling: 'odata', defaultTop: 10, maxTop: 10 },
  rules,
});

const issues = (query: string, rules: QueryResource['rules']) =>
  thrownFilterError(() => parseQuery(query, resource(rules))).issues.map((i) => [
    i.code,
    query.slice('$filter='.length).slice(i.start, i.end),
  ]);

describe('a collection argument under rules that keep members from filters', () => {
  it.each([
    ["$filter=Bag.Tally(Of=Scores) eq '0:0'", { Scores: { filter: false } }, 'Scores'],
    ["$filter=Bag.Tally(Of=Home/Marks) eq '0:0'", { 'Home/Marks': { filter: false } }, 'Home/Marks'],
    ["$filter=Bag.Tally(Of=Home/Marks) eq '0:0'", { Home: { filter: false } }, 'Home/Marks'],
    ["$filter=Visits/any(v: Bag.Tally(Of=v/Marks) eq '0:0')", { 'Visits/Marks': { filter: false } }, 'v/Marks'],
    // A collection of structures passes each element's every member: a hidden one anywhere inside refuses it.
    ["$filter=Bag.Route(Of=Stops) eq ''", { Stops: { filter: false } }, 'Stops'],
    ["$filter=Bag.Route(Of=Stops) eq ''", { 'Stops/Tint': { filter: false } }, 'Stops'],
    ["$filter=Bag.Route(Of=Stops) eq ''", { 'Stops/At/X': { filter: false } }, 'Stops'],
    // An alias's path is read as if written in its place; a call's argument inside another's too.
    ["$filter=Bag.Tally(Of=@a) eq '0:0'&@a=Scores", { Scores: { filter: false } }, '@a'],
    ["$filter=Bag.Tally(Of=Bag.Kept(Of=Scores)) eq '0:0'", { Scores: { filter: false } }, 'Scores'],
  ] as const)('refuses %s under %j', (query, rules, at) => {
    expect(issues(query, rules)).toEqual([['not_filterable', at]]);
  });

  it('calls it with a JSON array, and with a path the rules leave visible', () => {
    const rules = { Scores: { filter: false } };
    const ids = (query: string) =>
      applyQuery(collectionParameterRows, parseQuery(query, resource(rules)), {
        functions: collectionParameterRegistry,
      }).items.map((row) => row.Id);
    expect(ids("$filter=Bag.Tally(Of=[1,2]) eq '2:3'")).toEqual([1, 2, 3, 4]);
    expect(ids("$filter=Bag.Tally(Of=Home/Marks) eq '3:6'")).toEqual([1]);
    expect(ids("$filter=Bag.Tally(Of=@a) eq '2:3'&@a=[1,2]")).toEqual([1, 2, 3, 4]);
    expect(ids("$filter=Bag.Tally(Of=Bag.Kept(Of=@a)) eq '1:1'&@a=[null,1]")).toEqual([1, 2, 3, 4]);
  });

  it('calls it with a JSON array of structures where a member of the path is hidden', () => {
    const rules = { 'Stops/At/X': { filter: false } };
    const ids = (query: string) =>
      applyQuery(collectionParameterRows, parseQuery(query, resource(rules)), {
        functions: collectionParameterRegistry,
      }).items.map((row) => row.Id);
    expect(ids(`$filter=Bag.Route(Of=[{"Place":"a","Tint":null,"At":{"X":2}}]) eq 'a:-:2'`)).toEqual([1, 2, 3, 4]);
  });
});

describe('a collection argument read through a relation a row filter restricts', () => {
  const model = defineModel({
    namespace: 'Crew',
    complexTypes: { Spot: { properties: { X: 'Edm.Int32' } } },
    entityTypes: {
      Boss: {
        key: ['Id'],
        properties: {
          Id: { type: 'Edm.Int32', nullable: false },
          Tenant: 'Edm.Int32',
          Marks: { type: 'Edm.Int32', collection: true },
          Spots: { type: 'Spot', collection: true },
        },
      },
      Task: {
        key: ['Id'],
        properties: { Id: { type: 'Edm.Int32', nullable: false } },
        navigation: { Boss: { type: 'Boss' } },
      },
    },
    entitySets: { Tasks: { type: 'Task' }, Bosses: { type: 'Boss' } },
    functions: {
      Shown: { parameters: { P: { type: 'Edm.Int32', collection: true } }, returnType: 'Edm.String' },
      Xs: { parameters: { P: { type: 'Spot', collection: true } }, returnType: 'Edm.String' },
      // The boss's id, as a collection of one.
      Own: { bound: true, parameters: { boss: 'Boss' }, returnType: { type: 'Edm.Int32', collection: true } },
    },
  });
  type Spots = readonly ({ X: number | null } | null)[];
  const functions = defineFunctions({
    'Crew.Shown': { memory: (a) => (a.P === null ? 'none' : `[${(a.P as number[]).join(',')}]`) },
    'Crew.Own': { memory: (_a, boss) => [boss!('Id')] },
    'Crew.Xs': { memory: (a) => `[${(a.P as Spots).map((s) => (s === null ? '~' : s.X)).join(',')}]` },
  });
  const rows = [
    { Id: 1, Boss: { Id: 1, Tenant: 1, Marks: [1, 2], Spots: [{ X: 1 }, null] } },
    { Id: 2, Boss: { Id: 2, Tenant: 2, Marks: [3, 4], Spots: [{ X: 3 }] } },
    { Id: 3, Boss: null },
  ];
  const tasks: QueryResource = {
    schema: schemaOf(model, 'Tasks'),
    key: ['Id'],
    policy: { spelling: 'odata', defaultTop: 10, maxTop: 10 },
    relations: { Boss: { rowFilter: 'Tenant eq 1' } },
  };

  it('passes no element where the related row is hidden, as if the data held none', () => {
    const shown = (query: string) =>
      applyQuery(rows, parseQuery(query, tasks), { functions }).items.map((row) => row.Id);
    expect(shown("$filter=Crew.Shown(P=Boss/Marks) eq '[]'")).toEqual([2, 3]);
    expect(shown("$filter=Crew.Shown(P=Boss/Marks) eq '[1,2]'")).toEqual([1]);
    expect(shown("$filter=Crew.Shown(P=Boss/Marks) eq '[3,4]'")).toEqual([]);
    // Of structures, each element's members read as the element is.
    expect(shown("$filter=Crew.Xs(P=Boss/Spots) eq '[]'")).toEqual([2, 3]);
    expect(shown("$filter=Crew.Xs(P=Boss/Spots) eq '[1,~]'")).toEqual([1]);
    // A call's result bound to the hidden row is not made: the collection passed is empty.
    expect(shown("$filter=Crew.Shown(P=Boss/Crew.Own()) eq '[]'")).toEqual([2, 3]);
    expect(shown("$filter=Crew.Shown(P=Boss/Crew.Own()) eq '[1]'")).toEqual([1]);
  });

  it("reads a collection of structures in the relation's row filter from the related row", () => {
    const bosses: QueryResource = { ...tasks, relations: { Boss: { rowFilter: "Crew.Xs(P=Spots) eq '[3]'" } } };
    const shown = (query: string) =>
      applyQuery(rows, parseQuery(query, bosses), { functions }).items.map((row) => row.Id);
    expect(shown('$filter=Boss/Tenant ne null')).toEqual([2]);
    expect(shown("$filter=Crew.Xs(P=Boss/Spots) eq '[]'")).toEqual([1, 3]);
  });

  it("checks the relation's row filter against the model's functions, as the resource's is", () => {
    // The related row's schema kept only its properties: every call in its row filter was an unknown function.
    const bosses: QueryResource = { ...tasks, relations: { Boss: { rowFilter: "Crew.Shown(P=Marks) eq '[1,2]'" } } };
    const shown = (query: string) =>
      applyQuery(rows, parseQuery(query, bosses), { functions }).items.map((row) => row.Id);
    expect(shown('$filter=Boss/Tenant ne null')).toEqual([1]);
    expect(shown('$filter=Boss eq null')).toEqual([2, 3]);
  });
});
