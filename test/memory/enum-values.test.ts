// Enumeration values in the in-memory reference (docs/semantics.md §12, "Row values"): a row may
// hold the value or its members' names; anything that is no value of the type is a RowValueError
// naming the path and the type.

import { describe, expect, it } from 'vitest';
import { check } from '../../src/index.js';
import { RowValueError, compilePredicate } from '../../src/backends/memory/index.js';
import { enumSchema } from '../support/enum-table.js';
import { thrown } from '../support/thrown.js';

const paths = [
  ['generated', {}],
  ['closures', { codegen: false }],
] as const;

describe.each(paths)('enumeration values (%s)', (_name, options) => {
  const matches = (filter: string, row: unknown): boolean => compilePredicate(check(filter, enumSchema), options)(row);

  it.each([
    ["Color eq 'Red,Blue'", { Color: 5 }],
    ["Color eq 'Red,Blue'", { Color: 'Red,Blue' }],
    ["Color eq 'Red,Blue'", { Color: 'Blue, Red' }],
    ["Color has 'Blue'", { Color: 5n }],
    ["Size eq 'Large'", { Size: 'Large' }],
    ["Grants has 'Admin'", { Grants: 'Admin,Read' }],
    ["Grants has 'Admin'", { Grants: 2n ** 62n }],
    ["Colors/any(c: c has 'Green')", { Colors: ['Red', 'Green,Blue'] }],
    ["Color eq Sales.Color'0'", { Color: 0 }],
  ])('%s matches row %#', (filter, row) => {
    expect(matches(filter, { Id: 1, ...row })).toBe(true);
  });

  it.each([
    ['Color', { Color: 8 }],
    ['Color', { Color: -1 }],
    ['Color', { Color: 'Purple' }],
    ['Color', { Color: 'red' }],
    ['Color', { Color: '1' }],
    ['Color', { Color: 1.5 }],
    ['Color', { Color: true }],
    ['Size', { Size: 3 }],
    ['Size', { Size: 'Small,Large' }],
    ['Size', { Size: 'Small,' }],
  ])('refuses %s in row %#', (path, row) => {
    const read = thrown(() => matches(`${path} eq ${path === 'Size' ? "'Small'" : "'Red'"}`, { Id: 1, ...row }));
    expect(read).toBeInstanceOf(RowValueError);
    expect((read as RowValueError).path).toBe(path);
    expect((read as RowValueError).expected).toBe(path === 'Size' ? 'Sales.Size' : 'Sales.Color');
    expect((read as Error).message).toContain(`is not a value of ${path === 'Size' ? 'Sales.Size' : 'Sales.Color'}`);
  });
});
