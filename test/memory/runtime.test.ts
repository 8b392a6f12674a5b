// The runtime helpers: code-point string functions, decimal division, rounding, instants.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as rt from '../../src/backends/memory/runtime.js';
import { readInstant } from '../../src/semantics/instant.js';
import { FineTime } from '../../src/semantics/fine-time.js';

describe('strings by code point', () => {
  it.each([
    ['a', 'b', -1],
    ['b', 'a', 1],
    ['a', 'a', 0],
    ['', 'a', -1],
    ['ab', 'a', 1],
    ['\uFFFD', '😀', -1],
    ['😀', '\uFFFD', 1],
    ['\uE000', '𝒳', -1],
    ['😀', '😁', -1],
    ['B', 'a', -1],
  ])('compareStrings(%j, %j) is %i', (a, b, expected) => {
    expect(rt.compareStrings(a, b)).toBe(expected);
  });

  it.each([
    ['', 0],
    ['abc', 3],
    ['a😀b', 3],
    ['e\u0301', 2],
    ['😀😀', 2],
  ])('lengthOf(%j) is %i', (s, n) => expect(rt.lengthOf(s)).toBe(n));

  it.each([
    ['a😀b', 'b', 2],
    ['a😀b', '😀', 1],
    ['abc', '', 0],
    ['abc', 'x', -1],
    ['😀😀x', 'x', 2],
  ])('indexOf(%j, %j) is %i', (s, t, n) => expect(rt.indexOf(s, t)).toBe(n));

  it.each([
    ['abc', 1, undefined, 'bc'],
    ['abc', 5, undefined, ''],
    ['abc', 3, undefined, ''],
    ['abc', -1, undefined, 'abc'],
    ['abc', 0, -1, ''],
    ['abc', 1, 10, 'bc'],
    ['abc', -2, 2, 'ab'],
    ['a😀b', 1, 1, '😀'],
    ['a😀b', 2, undefined, 'b'],
    ['😀😀😀', 1, 1, '😀'],
    ['😀😀', 2, 1, ''],
  ])('substring(%j, %i, %s) is %j', (s, i, n, expected) => expect(rt.substring(s, i, n)).toBe(expected));

  it.each([
    ['  a  ', 'a'],
    ['\ta\u00a0', '\ta\u00a0'],
    ['   ', ''],
    ['', ''],
  ])('trimSpaces(%j) is %j', (s, expected) => expect(rt.trimSpaces(s)).toBe(expected));

  it.each([
    ['aaa', 'aa', 'b', 'ba'],
    ['abc', '', 'x', 'abc'],
    ['abc', 'b', '$&', 'a$&c'],
  ])('replaceAll(%j, %j, %j) is %j', (s, f, w, expected) => expect(rt.replaceAll(s, f, w)).toBe(expected));
});

describe('numbers', () => {
  it.each([
    ['1', '3', '0.3333333333333333333333333333333333'],
    ['2', '3', '0.6666666666666666666666666666666667'],
    ['1', '8', '0.125'],
    ['-1', '3', '-0.3333333333333333333333333333333333'],
    ['10', '4', '2.5'],
  ])('divideDecimals(%s, %s) is %s', (a, b, q) => {
    expect(rt.divideDecimals(rt.decimal(a), rt.decimal(b))!.toString()).toBe(q);
  });

  it('divides and takes remainders by zero as null', () => {
    expect(rt.divideDecimals(rt.decimal('1'), rt.decimal('0'))).toBeNull();
    expect(rt.modDecimals(rt.decimal('1'), rt.decimal('-0'))).toBeNull();
    expect(rt.divideIntegers(1, 0)).toBeNull();
  });

  it('keeps Decimal arithmetic exact beyond 20 digits', () => {
    const a = rt.decimal('1234567890.123456789012345678');
    expect(a.times(a).toFixed()).toBe('1524157875323883675.049535154031397676527968299765279684');
    expect(rt.decimal('1e30').plus(rt.decimal('1e-30')).toFixed()).toBe(
      '1000000000000000000000000000000.000000000000000000000000000001',
    );
  });

  it.each([
    [2.5, 3],
    [-2.5, -3],
    [0.49999999999999994, 0],
    [-0.5, -1],
    [1.4, 1],
    [Infinity, Infinity],
  ])('roundDouble(%d) is %d', (x, r) => expect(rt.roundDouble(x)).toBe(r));

  it.each([
    ['2.5', '3'],
    ['-2.5', '-3'],
    ['-7.5', '-8'],
    ['0.5', '1'],
    ['1.49999999999999999999999', '1'],
  ])('roundDecimal(%s) is %s', (x, r) => expect(rt.roundDecimal(rt.decimal(x)).toFixed()).toBe(r));

  it('truncates integer division toward zero', () => {
    expect(rt.divideIntegers(-7, 2)).toBe(-3);
    expect(rt.divideIntegers(7, -2)).toBe(-3);
    expect(rt.divideIntegers(2 ** 53 - 1, 3)).toBe(3002399751580330);
  });
});

describe('instants', () => {
  it.each([
    ['2012-01-01T00:00:00Z', Date.UTC(2012, 0, 1)],
    ['2012-01-01T00:00', Date.UTC(2012, 0, 1)],
    ['2012-01-01T00:00:00.5+01:00', Date.UTC(2011, 11, 31, 23, 0, 0, 500)],
    ['2000-02-29T00:00:00Z', Date.UTC(2000, 1, 29)],
    ['1900-02-29T00:00:00Z', undefined],
    ['2012-01-01T00:00:00.1234567890123Z', undefined],
    ['2012-01-01T00:00:00.1234567890120Z', new FineTime(Date.UTC(2012, 0, 1, 0, 0, 0, 123), 456_789_012)],
    ['2012-01-01T00:00:00.1230Z', Date.UTC(2012, 0, 1, 0, 0, 0, 123)],
    ['2012-01-01T24:00:00Z', undefined],
    ['2012-01-01T00:00:00+15:00', undefined],
    ['2012-01-01', undefined],
    ['2012-01-01 00:00:00', Date.UTC(2012, 0, 1)],
    ['2012-01-01 00:00:00.123+00', Date.UTC(2012, 0, 1, 0, 0, 0, 123)],
    ['2012-01-01 00:00:00.123456', new FineTime(Date.UTC(2012, 0, 1, 0, 0, 0, 123), 456_000_000)],
    ['2012-01-01 05:00-05', Date.UTC(2012, 0, 1, 10)],
    ['2012-01-01 00:00:00+15', undefined],
    ['2012-01-01 24:00:00', undefined],
  ])('parseInstant(%s) is %s', (text, ms) => expect(rt.parseInstant(text)).toEqual(ms));

  it('keeps the stored-text forms out of date-time literals', () => {
    expect(readInstant('2012-01-01 00:00:00').ok).toBe(false);
    expect(readInstant('2012-01-01T00:00:00+01').ok).toBe(false);
    expect(readInstant('2012-01-01T00:00:00+0100')).toMatchObject({ ok: true, offsetMinutes: 60 });
  });

  it('reads date parts in UTC', () => {
    const ms = Date.UTC(2012, 0, 2, 4, 30, 59, 999);
    expect([rt.yearOf(ms), rt.monthOf(ms), rt.dayOf(ms), rt.hourOf(ms), rt.minuteOf(ms), rt.secondOf(ms)]).toEqual([
      2012, 1, 2, 4, 30, 59,
    ]);
    expect(rt.hourOf(-1)).toBe(23);
  });

  it('reads the date parts a Date reads, over the whole range of instants', () => {
    const parts = (ms: number): number[] => [
      rt.yearOf(ms),
      rt.monthOf(ms),
      rt.dayOf(ms),
      rt.hourOf(ms),
      rt.minuteOf(ms),
      rt.secondOf(ms),
    ];
    const byDate = (ms: number): number[] => {
      const d = new Date(ms);
      return [
        d.getUTCFullYear(),
        d.getUTCMonth() + 1,
        d.getUTCDate(),
        d.getUTCHours(),
        d.getUTCMinutes(),
        d.getUTCSeconds(),
      ];
    };
    const edges = [
      -8.64e15,
      8.64e15,
      0,
      -1,
      1,
      Date.UTC(2000, 1, 29),
      Date.UTC(2000, 2, 1) - 1,
      Date.UTC(1900, 1, 28, 23, 59, 59, 999),
      Date.UTC(-1, 11, 31),
      Date.UTC(0, 0, 1) - 1,
    ];
    for (const ms of edges) expect(parts(ms), String(ms)).toEqual(byDate(ms));
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => {
        expect(parts(ms)).toEqual(byDate(ms));
      }),
      { numRuns: 5_000 },
    );
  });
});
