// Reading eval's JSON rows exactly: which numbers a double changes, the exact parser, array
// elements and compaction, and the row representation for Int64 and Decimal properties.

import { describe, expect, it } from 'vitest';
import { defineSchema } from '../../src/index.js';
import {
  arrayElements,
  compactJson,
  ExactNumber,
  hasLossyNumber,
  isLossy,
  JsonSyntaxError,
  parseJsonExact,
  rowReader,
} from '../../src/cli/json-rows.js';

describe('isLossy', () => {
  it.each([
    ['9007199254740993', true],
    ['9007199254740992', false],
    ['-9223372036854775808', true],
    ['0.1', false],
    ['0.10000000000000000001', true],
    ['123456789012345678', true],
    ['12345678901234.56', false],
    ['1234567890123456.7', true],
    ['1e400', true],
    ['1e-400', true],
    ['1.5e-3', false],
    ['1E+21', false],
    ['100000000000000000000000', false],
    ['-0.0', false],
    ['0.000000000000000000', false],
  ])('%s: %s', (token, lossy) => {
    expect(isLossy(token)).toBe(lossy);
  });

  it('looks at numbers only, not at digits inside strings', () => {
    expect(hasLossyNumber('{"g":"12345678901234567890","h":"1e999"}')).toBe(false);
    expect(hasLossyNumber('{"g":"x","n":12345678901234567890}')).toBe(true);
    expect(hasLossyNumber('{"id":"3e4b1c2d-0000-4000-8000-1e5f00000000","n":1}')).toBe(false);
  });
});

describe('parseJsonExact', () => {
  it('parses like JSON.parse, keeping lossy numbers as text', () => {
    const text = '{"a":[1,-0.5e2,9007199254740993,{"__proto__":2}],"b":"x\\u0041\\n","c":true,"d":null,"e":{}}';
    const exact = parseJsonExact(text) as { a: unknown[] };
    expect(exact.a[2]).toEqual(new ExactNumber('9007199254740993'));
    expect({ ...exact, a: [...exact.a.slice(0, 2), 9007199254740992, exact.a[3]] }).toEqual(JSON.parse(text));
    expect(Object.getPrototypeOf(exact.a[3])).toBe(Object.prototype);
    expect(Object.keys(exact.a[3] as object)).toEqual(['__proto__']);
  });

  it.each([
    ['[1,\n2,}', 6],
    ['{oops', 1],
    ['{"a" 1}', 5],
    ['[1] 2', 4],
    ['"\t"', 0],
    ['01', 1],
    ['', 0],
  ])('reports the offset of the problem in %j', (text, position) => {
    expect(() => JSON.parse(text)).toThrow();
    let thrown: unknown;
    try {
      parseJsonExact(text);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(JsonSyntaxError);
    expect((thrown as JsonSyntaxError).position).toBe(position);
  });
});

describe('arrays and compaction', () => {
  it('splits a valid array into the text of its elements', () => {
    expect(arrayElements('[ {"a":"],[{"} ,\n [1, [2]] ,3 ]')).toEqual(['{"a":"],[{"}', '[1, [2]]', '3']);
    expect(arrayElements('[]')).toEqual([]);
    expect(arrayElements(' [ \n ] ')).toEqual([]);
  });

  it('drops whitespace outside strings only', () => {
    expect(compactJson('{ "a b" : 1.50,\n  "c": [ 1e2 ] }')).toBe('{"a b":1.50,"c":[1e2]}');
  });
});

describe('rowReader', () => {
  const schema = defineSchema({
    name: 'T',
    properties: {
      Big: 'Edm.Int64',
      Price: 'Edm.Decimal',
      Score: 'Edm.Double',
      Nested: { properties: { Big: 'Edm.Int64' } },
    },
  });
  const read = rowReader(schema);

  it('reads Int64 beyond 2^53 as bigint and long Decimals as their text', () => {
    expect(
      read(
        '{"Big":9007199254740993,"Price":0.10000000000000000001,"Score":0.10000000000000000001,"Other":9007199254740993}',
      ),
    ).toEqual({
      row: {
        Big: 9007199254740993n,
        Price: '0.10000000000000000001',
        Score: 0.1,
        Other: new ExactNumber('9007199254740993'),
      },
    });
    expect(read('{"Nested":{"Big":-9223372036854775808}}')).toEqual({
      row: { Nested: { Big: -9223372036854775808n } },
    });
  });

  it("reads a Binary's base64 text as its bytes, either alphabet, padding or none, and nothing else", () => {
    const blobs = rowReader(
      defineSchema({
        name: 'B',
        properties: { Hash: 'Edm.Binary', Parts: { collection: 'Edm.Binary' }, Note: 'Edm.String' },
      }),
    );
    const bytes = (...values: number[]) => Uint8Array.from(values);
    expect(blobs('{"Hash":"AP8=","Note":"AP8="}')).toEqual({ row: { Hash: bytes(0, 255), Note: 'AP8=' } });
    expect(blobs('{"Hash":"-_8"}')).toEqual({ row: { Hash: bytes(0xfb, 0xff) } });
    expect(blobs('{"Hash":"+/8="}')).toEqual({ row: { Hash: bytes(0xfb, 0xff) } });
    expect(blobs('{"Hash":"","Parts":["AA==",null,"T0RhdGE"]}')).toEqual({
      row: { Hash: bytes(), Parts: [bytes(0), null, bytes(0x4f, 0x44, 0x61, 0x74, 0x61)] },
    });
    // No base64 (a character outside it, a length no bytes have, bits beyond the last byte): left for the predicate to refuse.
    expect(blobs('{"Hash":"A"}')).toEqual({ row: { Hash: 'A' } });
    expect(blobs('{"Hash":"AP9="}')).toEqual({ row: { Hash: 'AP9=' } });
    expect(blobs('{"Hash":"00 ff"}')).toEqual({ row: { Hash: '00 ff' } });
    expect(blobs('{"Hash":[0,255]}')).toEqual({ row: { Hash: [0, 255] } });
  });

  it('reads a JSON string of an integer at an Int64 property as that integer, and nothing else', () => {
    expect(read('{"Big":"9223372036854775807","Nested":{"Big":"12"},"Price":"1.5"}')).toEqual({
      row: { Big: 9223372036854775807n, Nested: { Big: 12n }, Price: '1.5' },
    });
    expect(read('{"Big":"12.5"}')).toEqual({ row: { Big: '12.5' } });
  });

  it('keeps numbers a double holds as numbers', () => {
    expect(read('{"Big":42,"Price":0.1,"Score":-0}')).toEqual({ row: { Big: 42, Price: 0.1, Score: -0 } });
  });

  it.each([
    ['[1]', 'not a JSON object but an array'],
    ['5', 'not a JSON object but a number'],
    ['"x"', 'not a JSON object but a string'],
    ['null', 'not a JSON object but null'],
    ['{oops', 'not JSON: '],
  ])('refuses %s', (text, problem) => {
    const reading = read(text);
    expect('problem' in reading && reading.problem).toContain(problem);
  });
});
