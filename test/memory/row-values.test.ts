// Row values: every accepted representation reads as its value; a value that does not fit its
// declared type throws RowValueError naming the path and the value, on both compiled paths.

import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { check, defineSchema } from '../../src/index.js';
import { RowValueError, compilePredicate } from '../../src/backends/memory/index.js';
import { evalSchema } from '../support/eval-table.js';
import { binarySchema } from '../support/binary-table.js';

const paths = [
  ['generated', {}],
  ['closures', { codegen: false }],
] as const;

describe.each(paths)('row values (%s)', (_name, options) => {
  const matches = (filter: string, row: unknown): boolean => compilePredicate(check(filter, evalSchema), options)(row);

  it.each([
    ['Price eq 0.1', { Price: 0.1 }],
    ['Price eq 0.1', { Price: '0.1' }],
    ['Price eq 0.1', { Price: '.1' }],
    ['Price eq 0.1', { Price: '1e-1' }],
    ['Price eq 0.1', { Price: new Decimal('0.1') }],
    ['Big eq 42', { Big: 42 }],
    ['Big eq 42', { Big: 42n }],
    ['Big eq 9007199254740992', { Big: 2 ** 53 }],
    ['Due eq 2012-01-01T00:00:00Z', { Due: new Date(Date.UTC(2012, 0, 1)) }],
    ['Due eq 2012-01-01T00:00:00Z', { Due: '2012-01-01T00:00:00Z' }],
    ['Due eq 2012-01-01T00:00:00Z', { Due: '2012-01-01T00:00' }],
    ['Due eq 2012-01-01T00:00:00Z', { Due: '2012-01-01T01:00:00.000+01:00' }],
    // What the SQL storage conventions write (docs/sql.md): SQLite's epoch milliseconds, and the
    // text MySQL's DATETIME(3) and PostgreSQL's timestamptz come back as, without an offset in UTC.
    ['Due eq 2012-01-01T00:00:00Z', { Due: 1325376000000 }],
    ['Created eq 2012-01-01T00:00:00Z', { Created: 1325376000000 }],
    ['Due eq 1969-12-31T23:59:59.999Z', { Due: -1 }],
    ['Due eq 1970-01-01T00:00:00Z', { Due: -0 }],
    ['Due eq 2012-03-01T09:00:00Z', { Due: '2012-03-01 09:00:00' }],
    ['Created eq 2012-03-01T09:00:00.250Z', { Created: '2012-03-01 09:00:00.250' }],
    ['Due eq 2012-03-01T09:00:00Z', { Due: '2012-03-01 09:00:00+00' }],
    ['Due eq 2012-03-01T09:00:00Z', { Due: '2012-03-01 14:00:00+05' }],
    ['Due eq 2012-03-01T09:00:00Z', { Due: '2012-03-01 03:30:00-05:30' }],
    ['Key eq a1b2c3d4-0000-4000-8000-00000000000a', { Key: 'A1B2C3D4-0000-4000-8000-00000000000A' }],
    ['Address/City eq null', { Address: undefined }],
    ['Name eq null', { Name: undefined }],
    ['Score eq NaN', { Score: NaN }],
  ])('%s accepts %o', (filter, row) => {
    expect(matches(filter, row)).toBe(true);
  });

  it.each([
    ['Qty eq 1', { Qty: '1' }, 'Qty', 'Edm.Int32'],
    ['Qty eq 1', { Qty: 1.5 }, 'Qty', 'Edm.Int32'],
    ['Qty eq 1', { Qty: 2147483648 }, 'Qty', 'Edm.Int32'],
    ['Qty eq 1', { Qty: 1n }, 'Qty', 'Edm.Int32'],
    ['Small eq 1', { Small: 256 }, 'Small', 'Edm.Byte'],
    ['Small eq 1', { Small: -1 }, 'Small', 'Edm.Byte'],
    ['Tiny eq 1', { Tiny: 128 }, 'Tiny', 'Edm.SByte'],
    ['Short eq 1', { Short: 32768 }, 'Short', 'Edm.Int16'],
    ['Big eq 1', { Big: 2n ** 63n }, 'Big', 'Edm.Int64'],
    ['Big eq 1', { Big: 0.5 }, 'Big', 'Edm.Int64'],
    ['Big eq 1', { Big: '1' }, 'Big', 'Edm.Int64'],
    ['Price eq 1', { Price: NaN }, 'Price', 'Edm.Decimal'],
    ['Price eq 1', { Price: 'NaN' }, 'Price', 'Edm.Decimal'],
    ['Price eq 1', { Price: '0x10' }, 'Price', 'Edm.Decimal'],
    ['Price eq 1', { Price: '1e' }, 'Price', 'Edm.Decimal'],
    ['Price eq 1', { Price: Infinity }, 'Price', 'Edm.Decimal'],
    ['Score eq 1', { Score: '1' }, 'Score', 'Edm.Double'],
    ['Active', { Active: 'true' }, 'Active', 'Edm.Boolean'],
    ['Active', { Active: 1 }, 'Active', 'Edm.Boolean'],
    ["Name eq 'x'", { Name: 5 }, 'Name', 'Edm.String'],
    ["Name lt 'x'", { Name: 'a\uD800' }, 'Name', 'Edm.String'],
    ["startswith(Name, 'x')", { Name: ['x'] }, 'Name', 'Edm.String'],
    ['Key eq 00000000-0000-0000-0000-000000000000', { Key: 'not-a-guid' }, 'Key', 'Edm.Guid'],
    ['Due eq 2012-01-01T00:00:00Z', { Due: new Date(NaN) }, 'Due', 'Edm.DateTimeOffset'],
    ['Due eq 2012-01-01T00:00:00Z', { Due: '2012-02-30T00:00:00Z' }, 'Due', 'Edm.DateTimeOffset'],
    ['Due eq 2012-01-01T00:00:00Z', { Due: '2012-01-01T00:00:00.0000000000001Z' }, 'Due', 'Edm.DateTimeOffset'],
    ['Due eq 2012-01-01T00:00:00Z', { Due: 'yesterday' }, 'Due', 'Edm.DateTimeOffset'],
    ['Due eq 2012-01-01T00:00:00Z', { Due: 1325376000000.5 }, 'Due', 'Edm.DateTimeOffset'],
    ['Due eq 2012-01-01T00:00:00Z', { Due: 8.64e15 + 1 }, 'Due', 'Edm.DateTimeOffset'],
    ['Due eq 2012-01-01T00:00:00Z', { Due: NaN }, 'Due', 'Edm.DateTimeOffset'],
    ['Due eq 2012-01-01T00:00:00Z', { Due: Infinity }, 'Due', 'Edm.DateTimeOffset'],
    ['Created eq 2012-01-01T00:00:00Z', { Created: 1325376000000n }, 'Created', 'Edm.DateTime'],
    ['Created eq 2012-01-01T00:00:00Z', { Created: '1325376000000' }, 'Created', 'Edm.DateTime'],
    ['Due eq 2012-01-01T00:00:00Z', { Due: '2012-02-30 00:00:00' }, 'Due', 'Edm.DateTimeOffset'],
    ['Due eq 2012-01-01T00:00:00Z', { Due: '2012-03-01  09:00:00' }, 'Due', 'Edm.DateTimeOffset'],
    ['Due eq 2012-01-01T00:00:00Z', { Due: '2012-03-01 09:00:00 +00' }, 'Due', 'Edm.DateTimeOffset'],
    ['Due eq 2012-01-01T00:00:00Z', { Due: '2012-03-01 09:00:00+15' }, 'Due', 'Edm.DateTimeOffset'],
    ["Address/City eq 'x'", { Address: 'Main St' }, 'Address', 'object'],
    ['Address/Geo/Lat eq 1', { Address: { Geo: 7 } }, 'Address/Geo', 'object'],
    // A structure compared with null must be an object, wherever it is read.
    ['Address eq null', { Address: 'Main St' }, 'Address', 'object'],
    ['Address/Geo ne null', { Address: { Geo: 7 } }, 'Address/Geo', 'object'],
    ['Address/Geo eq null', { Address: 5 }, 'Address', 'object'],
  ])('%s rejects %o', (filter, row, path, expected) => {
    let error: unknown;
    try {
      matches(filter, row);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RowValueError);
    expect((error as RowValueError).path).toBe(path);
    expect((error as RowValueError).expected).toBe(expected);
    expect((error as RowValueError).message).toContain(`'${path}'`);
  });

  // A Binary is a Uint8Array (a Buffer is one), read as its bytes: no string, whatever it spells.
  const binary = (filter: string, row: unknown): boolean => compilePredicate(check(filter, binarySchema), options)(row);

  it.each([
    ["Bin eq X'00FF'", { Bin: Uint8Array.from([0, 255]) }],
    ["Bin eq X'00FF'", { Bin: Buffer.from([0, 255]) }],
    ["Bin eq X'00FF'", { Bin: new Uint8Array(new Uint8Array([9, 0, 255]).buffer, 1, 2) }],
    ["Bin eq X''", { Bin: new Uint8Array() }],
    ["Bins/any(b: b eq X'01')", { Bins: [null, Buffer.from([1])] }],
  ])('%s accepts %o', (filter, row) => {
    expect(binary(filter, row)).toBe(true);
  });

  it.each([
    [{ Bin: 'AP8=' }, '"AP8=" (a string)'],
    [{ Bin: '00ff' }, '"00ff" (a string)'],
    [{ Bin: [0, 255] }, 'an array'],
    [{ Bin: new Uint16Array([0, 255]) }, 'an object'],
    [{ Bin: new Uint8Array(2).buffer }, 'an object'],
    [{ Bin: 255 }, '255 (a number)'],
  ])('Bin eq X00FF rejects %o', (row, shown) => {
    expect(() => binary("Bin eq X'00FF'", row)).toThrow(`Row value at 'Bin' is not an Edm.Binary: ${shown}`);
  });

  it('names the value in the message', () => {
    expect(() => matches('Qty eq 1', { Qty: '12' })).toThrow(`Row value at 'Qty' is not an Edm.Int32: "12" (a string)`);
    expect(() => matches('Due eq 2012-01-01T00:00:00Z', { Due: 1.5 })).toThrow(
      `Row value at 'Due' is not an Edm.DateTimeOffset: 1.5 (a number)`,
    );
    expect(() => matches('Created eq 2012-01-01T00:00:00Z', { Created: '2012-13-01 00:00:00' })).toThrow(
      `Row value at 'Created' is not an Edm.DateTime: "2012-13-01 00:00:00" (a string)`,
    );
  });

  it('rejects a row that is not an object', () => {
    expect(() => matches('Qty eq 1', null)).toThrow(RowValueError);
    expect(() => matches('Qty eq 1', 'row')).toThrow(RowValueError);
  });

  it('reads Object.prototype names only as own properties', () => {
    const schema = defineSchema({
      name: 'Proto',
      properties: { constructor: 'Edm.String' as const, toString: 'Edm.String' as const },
    });
    const p = compilePredicate(check("constructor eq null and toString eq 'x'", schema), options);
    expect(p({ toString: 'x' })).toBe(true);
    expect(p({ constructor: 'y', toString: 'x' })).toBe(false);
  });
});

describe('the closure path', () => {
  it('is chosen when new Function is forbidden', () => {
    const original = globalThis.Function;
    const typed = check("Name eq 'Alpha'", evalSchema);
    // Simulate a Content-Security-Policy without 'unsafe-eval'.
    // biome-ignore lint/complexity/useArrowFunction: `new Function(…)` must reach the throw, and an arrow is no constructor
    globalThis.Function = function () {
      throw new EvalError('Refused to evaluate a string as JavaScript because unsafe-eval is not allowed');
    } as unknown as FunctionConstructor;
    try {
      const p = compilePredicate(typed);
      expect(p({ Name: 'Alpha' })).toBe(true);
      expect(p({ Name: 'beta' })).toBe(false);
    } finally {
      globalThis.Function = original;
    }
  });
});
