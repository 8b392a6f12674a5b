// The function-call table (docs/semantics.md §15) in memory: the registry's `memory`
// implementations, called by compilePredicate with and without code generation (a filter that
// calls a model's function is compiled to closures either way).

import { describe, expect, it } from 'vitest';
import { check, defineFunctions } from '../../src/index.js';
import { compilePredicate, RowValueError } from '../../src/backends/memory/index.js';
import {
  aliasCase,
  functionCases,
  functionRegistry,
  functionRows,
  functionSchema,
  resultCases,
} from '../support/function-table.js';

function matching(test: (row: unknown) => boolean): number[] {
  return functionRows.filter((row) => test(row)).map((row) => row.Id);
}

describe('the function-call table in memory', () => {
  it('has each filter once', () => {
    const filters = [...functionCases, ...resultCases].map((c) => c.filter);
    expect(new Set(filters).size).toBe(filters.length);
  });

  describe.each([...functionCases, ...resultCases].map((c, i) => [i, c.filter, c.ids] as const))(
    '%i: %s',
    (_i, filter, ids) => {
      const typed = check(filter, functionSchema);
      it('default', () => expect(matching(compilePredicate(typed, { functions: functionRegistry }))).toEqual(ids));
      it('closures', () =>
        expect(matching(compilePredicate(typed, { functions: functionRegistry, codegen: false }))).toEqual(ids));
    },
  );

  it('takes a parameter alias as an argument', () => {
    const typed = check(aliasCase.filter, functionSchema, { aliases: aliasCase.aliases });
    expect(matching(compilePredicate(typed, { functions: functionRegistry }))).toEqual(aliasCase.ids);
  });
});

describe("a result that does not fit the function's declared type", () => {
  const returning = (name: string, value: unknown) =>
    defineFunctions({ ...Object.fromEntries(functionRegistry.functions), [name]: { memory: () => value } });
  const row = functionRows[0]!;

  const cases: [filter: string, name: string, value: unknown, message: string][] = [
    // A structure that is no object, a member of another type, a collection that is no array,
    // an element of another type, an enumeration value no member has.
    [
      'Geo.Nearest(Lat=Lat)/Name eq null',
      'Geo.Nearest',
      'Oslo',
      "Function 'Geo.Nearest' returned a value that is no object",
    ],
    [
      "Geo.Nearest(Lat=Lat)/Name eq 'N'",
      'Geo.Nearest',
      { Name: 5 },
      "Function 'Geo.Nearest' returned a value at 'Name' that is no Edm.String",
    ],
    [
      'Geo.Nearest(Lat=Lat)/Home/Lat eq null',
      'Geo.Nearest',
      { Home: 5 },
      "Function 'Geo.Nearest' returned a value at 'Home' that is no object",
    ],
    ['Geo.Around()/any()', 'Geo.Around', { Lat: 1 }, "Function 'Geo.Around' returned a value that is no array"],
    [
      'Geo.Around()/any(p: p/Lat eq 1)',
      'Geo.Around',
      [{ Lat: 'x' }],
      "Function 'Geo.Around' returned a value at '[0]/Lat' that is no Edm.Double",
    ],
    ["'a' in Geo.Tags()", 'Geo.Tags', ['b', 7], "Function 'Geo.Tags' returned a value at '[1]' that is no Edm.String"],
    [
      "Geo.SidesOf() eq 'North'",
      'Geo.SidesOf',
      'West',
      'Function \'Geo.SidesOf\' returned the string "West", which is no Geo.Sides value',
    ],
    [
      "Geo.SidesOf() eq 'North'",
      'Geo.SidesOf',
      4,
      "Function 'Geo.SidesOf' returned the number 4, which is no Geo.Sides value",
    ],
  ];

  it.each(cases)('%s, %s returning %j', (filter, name, value, message) => {
    const predicate = compilePredicate(check(filter, functionSchema), { functions: returning(name, value) });
    expect(() => predicate(row)).toThrow(TypeError);
    expect(() => predicate(row)).toThrow(message);
  });

  // A result is trusted as the rows are (docs/memory.md, "Trusted rows"): a boolean that is not
  // specified, or a RowValueError, never another error.
  it.each(cases)('%s, %s returning %j over trusted rows', (filter, name, value) => {
    for (const codegen of [true, false]) {
      const predicate = compilePredicate(check(filter, functionSchema), {
        functions: returning(name, value),
        rows: 'trusted',
        codegen,
      });
      try {
        expect(typeof predicate(row)).toBe('boolean');
      } catch (error) {
        expect(error).toBeInstanceOf(RowValueError);
      }
    }
  });

  it('leaves a row value that does not fit a RowValueError of the row', () => {
    const predicate = compilePredicate(check("Geo.Nearest(Lat=Lat)/Name eq 'N'", functionSchema), {
      functions: functionRegistry,
    });
    expect(() => predicate({ ...row, Lat: 'ten' })).toThrow(RowValueError);
  });
});
