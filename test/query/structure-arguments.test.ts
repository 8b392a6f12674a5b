// A structure passed to a model's function under a policy (docs/query.md, "Rules"): a path
// argument reads every member of its structure, so one a rule keeps from filters refuses the call,
// as a structure binding with such a member is refused; a JSON object reads nothing of the row.

import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../src/query/index.js';
import type { QueryResource } from '../../src/query/index.js';
import { applyQuery } from '../../src/backends/memory/index.js';
import { defineFunctions, defineModel, schemaOf } from '../../src/index.js';
import {
  structureParameterRegistry,
  structureParameterRows,
  structureParameterSchema,
} from '../support/structure-parameter-table.js';
import { thrownFilterError } from '../support/thrown.js';

const resource = (rules: QueryResource['rules']): QueryResource => ({
  schema: structureParameterSchema,
  key: ['Id'],
  policy: { spelling: 'odata', defaultTop: 10, maxTop: 10 },
  rules,
});

const issues = (query: string, rules: QueryResource['rules']) =>
  thrownFilterError(() => parseQuery(query, resource(rules))).issues.map((i) => [
    i.code,
    query.slice('$filter='.length).slice(i.start, i.end),
  ]);

describe('a structure argument under rules that keep members from filters', () => {
  it.each([
    ["$filter=Trip.Describe(At=Home) eq 'a'", { 'Home/Zip': { filter: false } }, 'Home'],
    ["$filter=Trip.Describe(At=Home) eq 'a'", { 'Home/Geo/Y': { filter: false } }, 'Home'],
    ['$filter=Trip.Apart(A=Home/Geo, B=null) eq 1', { 'Home/Geo/X': { filter: false } }, 'Home/Geo'],
    ['$filter=Visits/any(v: Trip.Describe(At=v) eq null)', { 'Visits/City': { filter: false } }, 'v'],
  ] as const)('refuses %s under %j', (query, rules, at) => {
    expect(issues(query, rules)).toEqual([['not_filterable', at]]);
  });

  it('names the member the function could read', () => {
    const error = thrownFilterError(() =>
      parseQuery("$filter=Trip.Describe(At=Home) eq 'a'", resource({ 'Home/Geo/Y': { filter: false } })),
    );
    expect(error.issues[0]!.message).toContain("could read 'Geo/Y'");
  });

  it('calls it with a JSON object, and with a path whose members are all visible', () => {
    const rules = { 'Home/Zip': { filter: false } };
    const ids = (query: string) =>
      applyQuery(structureParameterRows, parseQuery(query, resource(rules)), {
        functions: structureParameterRegistry,
      }).items.map((row) => row.Id);
    expect(ids(`$filter=Trip.Describe(At={"City":"a","Zip":"b","Geo":null}) eq 'a|b|-'`)).toEqual([1, 2, 3, 4]);
    expect(ids('$filter=Trip.Apart(A=Home/Geo, B=Work/Geo) eq 3')).toEqual([1]);
  });
});

describe('a structure argument read through a relation a row filter restricts', () => {
  const model = defineModel({
    namespace: 'Crew',
    complexTypes: { Point: { properties: { X: 'Edm.Int32', Y: 'Edm.Int32' } } },
    entityTypes: {
      Boss: {
        key: ['Id'],
        properties: { Id: { type: 'Edm.Int32', nullable: false }, Tenant: 'Edm.Int32', At: 'Point' },
      },
      Task: {
        key: ['Id'],
        properties: { Id: { type: 'Edm.Int32', nullable: false } },
        navigation: { Boss: { type: 'Boss' } },
      },
    },
    entitySets: { Tasks: { type: 'Task' }, Bosses: { type: 'Boss' } },
    functions: { Shown: { parameters: { P: 'Point' }, returnType: 'Edm.String' } },
  });
  const functions = defineFunctions({
    'Crew.Shown': {
      memory: (a) => {
        const p = a.P as { X: number | null; Y: number | null } | null;
        return p === null ? 'none' : `${p.X},${p.Y}`;
      },
    },
  });
  const rows = [
    { Id: 1, Boss: { Id: 1, Tenant: 1, At: { X: 1, Y: 2 } } },
    { Id: 2, Boss: { Id: 2, Tenant: 2, At: { X: 3, Y: 4 } } },
    { Id: 3, Boss: null },
  ];
  const tasks: QueryResource = {
    schema: schemaOf(model, 'Tasks'),
    key: ['Id'],
    policy: { spelling: 'odata', defaultTop: 10, maxTop: 10 },
    relations: { Boss: { rowFilter: 'Tenant eq 1' } },
  };

  it('passes null where the related row is hidden, as if the data held null', () => {
    const shown = (query: string) =>
      applyQuery(rows, parseQuery(query, tasks), { functions }).items.map((row) => row.Id);
    expect(shown("$filter=Crew.Shown(P=Boss/At) eq 'none'")).toEqual([2, 3]);
    expect(shown("$filter=Crew.Shown(P=Boss/At) eq '1,2'")).toEqual([1]);
    expect(shown("$filter=Crew.Shown(P=Boss/At) eq '3,4'")).toEqual([]);
  });
});
