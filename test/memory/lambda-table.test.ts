// The lambda evaluation table through both compiled paths and the oracle, and the row values a
// collection may hold: an array, null or missing; anything else, or an element that does not fit
// its type, is a RowValueError naming the path with the element's index.

import { describe, expect, it } from 'vitest';
import { check } from '../../src/index.js';
import { RowValueError, compilePredicate } from '../../src/backends/memory/index.js';
import { lambdaCases, lambdaRows, lambdaSchema } from '../support/lambda-table.js';
import { evaluateOracle } from '../support/oracle.js';
import { thrown } from '../support/thrown.js';

function matching(test: (row: unknown) => boolean): number[] {
  return lambdaRows.filter((row) => test(row)).map((row) => row.Id);
}

describe('the lambda evaluation table', () => {
  it('has each filter once', () => {
    expect(lambdaCases.length).toBeGreaterThanOrEqual(60);
    expect(new Set(lambdaCases.map((c) => c.filter)).size).toBe(lambdaCases.length);
  });

  describe.each(lambdaCases.map((c, i) => [i, c.filter, c.ids] as const))('%i: %s', (_i, filter, ids) => {
    const typed = check(filter, lambdaSchema);
    it('generated code', () => expect(matching(compilePredicate(typed))).toEqual(ids));
    it('closures', () => expect(matching(compilePredicate(typed, { codegen: false }))).toEqual(ids));
    it('oracle', () => expect(matching((row) => evaluateOracle(typed, row))).toEqual(ids));
  });
});

const paths = [
  ['generated', {}],
  ['closures', { codegen: false }],
] as const;

describe.each(paths)('collection row values (%s)', (_name, options) => {
  const matches = (filter: string, row: unknown): boolean =>
    compilePredicate(check(filter, lambdaSchema), options)(row);

  it.each([
    ["Tags/any(t: t eq 'a')", { Tags: ['b', 'a'] }, true],
    ['Tags/any()', { Tags: [null] }, true],
    ['Tags/any()', { Tags: undefined }, false],
    ['Tags/all(t: false)', { Tags: null }, true],
    ['Tags/$count eq 3', { Tags: [null, undefined, 'x'] }, true],
    // A missing element (a hole, or undefined) is a null element.
    ['Tags/any(t: t eq null)', { Tags: [undefined] }, true],
    ['Addresses/any(a: a eq null)', { Addresses: [undefined] }, true],
    ["Addresses/any(a: a/City eq 'x')", { Addresses: [{ City: 'x', Phones: 'not read' }] }, true],
    ['Orders/any(o: o/Total eq 0.1)', { Orders: [{ Id: 1, Total: 0.1 }] }, true],
    // A read shared by the operands of the body is the current element's, never the previous one's.
    ["Addresses/any(a: a/City eq null and a/City eq 'Paris')", { Addresses: [{ City: 'Paris' }, null] }, false],
    ['Tags/any(t: t eq null and length(t) eq 1)', { Tags: ['a', null] }, false],
    // The deciding element stops the loop: a bad element after it is not read.
    ["Tags/any(t: t eq 'a')", { Tags: ['a', 5] }, true],
    ["Tags/all(t: t eq 'a')", { Tags: ['b', 5] }, false],
  ])('%s on %o is %s', (filter, row, expected) => {
    expect(matches(filter, row)).toBe(expected);
  });

  it.each([
    ["Tags/any(t: t eq 'a')", { Tags: 'a' }, 'Tags', 'array', 'Row value at \'Tags\' is not an array: "a" (a string)'],
    [
      'Tags/$count eq 1',
      { Tags: { 0: 'a', length: 1 } },
      'Tags',
      'array',
      "Row value at 'Tags' is not an array: an object",
    ],
    ['Tags/any()', { Tags: 1 }, 'Tags', 'array', "Row value at 'Tags' is not an array: 1 (a number)"],
    [
      "Tags/any(t: t eq 'a')",
      { Tags: ['b', 'c', 5] },
      'Tags[2]',
      'Edm.String',
      "Row value at 'Tags[2]' is not an Edm.String: 5 (a number)",
    ],
    ["Tags/any(t: t gt 'a')", { Tags: ['\uD800'] }, 'Tags[0]', 'Edm.String', undefined],
    ['Scores/any(s: s gt 1)', { Scores: [1, 1.5] }, 'Scores[1]', 'Edm.Int32', undefined],
    [
      'Addresses/any(a: a eq null)',
      { Addresses: [{}, 'Main St'] },
      'Addresses[1]',
      'object',
      'Row value at \'Addresses[1]\' is not an object: "Main St" (a string)',
    ],
    ["Addresses/any(a: a/City eq 'x')", { Addresses: [7] }, 'Addresses[0]', 'object', undefined],
    ["Addresses/any(a: a/City eq 'x')", { Addresses: [{ City: 1 }] }, 'Addresses[0]/City', 'Edm.String', undefined],
    [
      'Addresses/any(a: a/Phones/any())',
      { Addresses: [{ Phones: [] }, { Phones: 'x' }] },
      'Addresses[1]/Phones',
      'array',
      undefined,
    ],
    [
      "Addresses/any(a: a/Phones/any(p: p eq 'x'))",
      { Addresses: [{ Phones: [] }, { Phones: ['y', 2] }] },
      'Addresses[1]/Phones[1]',
      'Edm.String',
      undefined,
    ],
    ['Orders/any(o: o/Total gt 1)', { Orders: [{ Id: 1, Total: 'ten' }] }, 'Orders[0]/Total', 'Edm.Decimal', undefined],
    [
      'Orders/any(o: o/Lines/any(l: l/Qty gt 4))',
      {
        Orders: [
          { Id: 1, Lines: [] },
          { Id: 2, Lines: [{ Qty: 1 }, { Qty: '5' }] },
        ],
      },
      'Orders[1]/Lines[1]/Qty',
      'Edm.Int32',
      'Row value at \'Orders[1]/Lines[1]/Qty\' is not an Edm.Int32: "5" (a string)',
    ],
    // An outer variable read in an inner lambda is re-rooted at the outer element.
    [
      'Orders/any(o: o/Lines/any(l: l/Qty eq o/Id))',
      { Orders: [{ Id: 'one', Lines: [{ Qty: 1 }] }] },
      'Orders[0]/Id',
      'Edm.Int32',
      undefined,
    ],
    // The resource read inside a lambda keeps its own path.
    ['Tags/any(t: t eq $it/Name)', { Name: 3, Tags: ['a'] }, 'Name', 'Edm.String', undefined],
    [
      'Orders/any(o: o/Lines/any(l: l/Qty eq $it/Limit))',
      { Limit: 'x', Orders: [{ Id: 1, Lines: [{ Qty: 1 }] }] },
      'Limit',
      'Edm.Int32',
      undefined,
    ],
  ])('%s on %o throws at %s', (filter, row, path, expected, message) => {
    const error = thrown(() => matches(filter, row));
    expect(error).toBeInstanceOf(RowValueError);
    expect((error as Error).constructor).toBe(RowValueError);
    expect((error as RowValueError).path).toBe(path);
    expect((error as RowValueError).expected).toBe(expected);
    if (message !== undefined) expect((error as RowValueError).message).toBe(message);
  });
});
