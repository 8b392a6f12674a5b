// A structure passed to a model's function under a policy (docs/query.md, "Rules"): a path
// argument reads every member of its structure, so one a rule keeps from filters refuses the call,
// as a structure binding with such a member is refused; a JSON object reads nothing of the row.

import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../src/query/index.js';
import type { QueryResource } from '../../src/query/index.js';
import { applyQuery } from '../../src/backends/memory/index.js';
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
