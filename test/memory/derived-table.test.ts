// The derived-type evaluation table through both compiled paths and the oracle (docs/semantics.md §14).

import { describe, expect, it } from 'vitest';
import { check, defineModel, schemaOf } from '../../src/index.js';
import { compilePredicate, RowValueError } from '../../src/backends/memory/index.js';
import { evaluateOracle } from '../support/oracle.js';
import { derivedCases, derivedRows, derivedSchema } from '../support/derived-table.js';

function matching(test: (row: unknown) => boolean): number[] {
  return derivedRows.filter((row) => test(row)).map((row) => row.Id);
}

describe('the derived-type evaluation table', () => {
  it('has each filter once', () => {
    expect(new Set(derivedCases.map((c) => c.filter)).size).toBe(derivedCases.length);
  });

  describe.each(derivedCases.map((c, i) => [i, c.filter, c.ids] as const))('%i: %s', (_i, filter, ids) => {
    const typed = check(filter, derivedSchema);
    it('generated code', () => expect(matching(compilePredicate(typed))).toEqual(ids));
    it('closures', () => expect(matching(compilePredicate(typed, { codegen: false }))).toEqual(ids));
    it('oracle', () => expect(matching((row) => evaluateOracle(typed, row))).toEqual(ids));
  });
});

describe('the default discriminator in memory', () => {
  const model = defineModel({
    namespace: 'Ns',
    complexTypes: { Place: { properties: { City: 'Edm.String' } }, Home: { baseType: 'Place' } },
    entityTypes: {
      Person: { key: ['Id'], properties: { Id: { type: 'Edm.Int32', nullable: false }, At: 'Place' } },
      Vip: { baseType: 'Person', properties: { Tier: 'Edm.Int32' } },
    },
    entitySets: { People: { type: 'Person' } },
  });
  const people = schemaOf(model, 'People');
  const rows = [
    { Id: 1, '@odata.type': '#Ns.Vip', Tier: 2, At: { '@odata.type': '#Ns.Home', City: 'Oslo' } },
    { Id: 2, At: { City: 'Rome' } },
    { Id: 3, '@odata.type': '#Ns.Person', At: null },
  ];
  const ids = (filter: string) => rows.filter(compilePredicate(check(filter, people))).map((r) => r.Id);

  it('reads @odata.type as OData JSON writes it', () => {
    expect(ids('isof(Ns.Vip)')).toEqual([1]);
    expect(ids('isof(Ns.Person)')).toEqual([1, 2, 3]);
    expect(ids('Ns.Vip/Tier eq 2')).toEqual([1]);
    expect(ids('isof(At, Ns.Home)')).toEqual([1]);
    expect(ids('isof(At, Ns.Place)')).toEqual([1, 2]);
  });

  it('reports a discriminator that is not a string, as any String member', () => {
    const predicate = compilePredicate(check('isof(Ns.Vip)', people));
    expect(() => predicate({ Id: 4, '@odata.type': 7 })).toThrow(RowValueError);
  });
});
