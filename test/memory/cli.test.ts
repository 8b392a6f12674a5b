// `odata-filter eval` through main(argv, io): JSON lines and arrays, stdin and files, bad lines.

import { constants } from 'node:buffer';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const run = runCli;

const rows = [
  { RoomID: 1, Name: 'Atrium', Capacity: 80 },
  { RoomID: 2, Name: 'Boardroom', Capacity: 12 },
  { RoomID: 3, Name: null, Capacity: null },
];

describe('odata-filter eval', () => {
  it('streams JSON lines from stdin and prints the matching rows', async () => {
    const input = rows.map((r) => JSON.stringify(r)).join('\n');
    const { code, out, err } = await run(['eval', 'Capacity gt 50', '--schema', 'VenueRoom'], input);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toBe(`${JSON.stringify(rows[0])}\n`);
  });

  it('reads a JSON array from a file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'odata-eval-'));
    const file = join(dir, 'rows.json');
    writeFileSync(file, JSON.stringify(rows, null, 2));
    const { code, out } = await run(['eval', 'not (Capacity gt 50)', '--schema', 'VenueRoom', file]);
    expect(code).toBe(0);
    expect(
      out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).RoomID),
    ).toEqual([2, 3]);
  });

  it('reports bad lines with their numbers and goes on', async () => {
    const input = [
      '{"RoomID":1,"Capacity":80}',
      '{oops',
      '',
      '{"RoomID":4,"Capacity":"many"}',
      '{"RoomID":5,"Capacity":99}',
    ].join('\n');
    const { code, out, err } = await run(['eval', 'Capacity gt 50', '--schema', 'VenueRoom'], input);
    expect(code).toBe(1);
    expect(
      out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).RoomID),
    ).toEqual([1, 5]);
    expect(err).toMatch(/^line 2: not JSON/m);
    expect(err).toMatch(/^line 4: Row value at 'Capacity' is not an Edm.Int32: "many"/m);
  });

  it('reports a missing or unreadable input file as a usage error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'odata-eval-'));
    const missing = join(dir, 'missing.jsonl');
    const absent = await run(['eval', 'Capacity gt 50', '--schema', 'VenueRoom', missing]);
    expect(absent).toMatchObject({ code: 64, out: '' });
    expect(absent.err).toMatch(new RegExp(`^cannot read ${missing.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}: ENOENT`));
    expect(absent.err).toContain('Usage: odata-filter eval');
    expect(absent.err).not.toMatch(/\n\s+at /);
    const directory = await run(['eval', 'Capacity gt 50', '--schema', 'VenueRoom', dir]);
    expect(directory).toMatchObject({ code: 64, out: '' });
    expect(directory.err).toContain('EISDIR');
  });

  it('reads Int64 and Decimal values exactly and echoes each matching row as written', async () => {
    const schema = join(mkdtempSync(join(tmpdir(), 'odata-eval-')), 'schema.json');
    writeFileSync(
      schema,
      JSON.stringify({ name: 'T', properties: { Id: 'Edm.Int32', Big: 'Edm.Int64', Price: 'Edm.Decimal' } }),
    );
    const input = [
      '{"Id":1,"Big":9007199254740993,"Price":0.10000000000000000001}',
      '{"Id":2,"Big":9007199254740992,"Price":0.1}',
      '{"Id":3, "Big": "9007199254740993", "Price": 1.50, "Extra": 123456789012345678901234567890}',
    ].join('\n');
    const big = await run(['eval', 'Big eq 9007199254740993', '--schema', schema], input);
    expect(big).toEqual({ code: 0, out: `${input.split('\n')[0]}\n${input.split('\n')[2]}\n`, err: '' });
    const price = await run(['eval', 'Price gt 0.1', '--schema', schema], input);
    expect(price).toEqual({ code: 0, out: `${input.split('\n')[0]}\n${input.split('\n')[2]}\n`, err: '' });
    const array = `[\n  ${input.split('\n').join(',\n  ')}\n]`;
    const fromArray = await run(['eval', 'Big eq 9007199254740993 and Price gt 0.1', '--schema', schema], array);
    expect(fromArray).toEqual({
      code: 0,
      out: '{"Id":1,"Big":9007199254740993,"Price":0.10000000000000000001}\n{"Id":3,"Big":"9007199254740993","Price":1.50,"Extra":123456789012345678901234567890}\n',
      err: '',
    });
  });

  it("reads a Binary's base64 text as its bytes, and reports a string that is none as a bad row", async () => {
    const schema = join(mkdtempSync(join(tmpdir(), 'odata-eval-')), 'schema.json');
    writeFileSync(schema, JSON.stringify({ name: 'T', properties: { Id: 'Edm.Int32', Hash: 'Edm.Binary' } }));
    const input = ['{"Id":1,"Hash":"AP8="}', '{"Id":2,"Hash":"AP8"}', '{"Id":3,"Hash":"AAA="}', '{"Id":4,"Hash":"x"}'];
    const { code, out, err } = await run(['eval', "Hash eq X'00FF'", '--schema', schema], input.join('\n'));
    expect(out).toBe(`${input[0]}\n${input[1]}\n`);
    expect(err).toContain("line 4: Row value at 'Hash' is not an Edm.Binary");
    expect(code).toBe(1);
  });

  it('evaluates lambdas over rows with collections, their Int64 and Decimal elements read exactly', async () => {
    const schema = join(mkdtempSync(join(tmpdir(), 'odata-eval-')), 'schema.json');
    const definition = {
      name: 'T',
      properties: {
        Id: 'Edm.Int32',
        Codes: { collection: 'Edm.Int64' },
        Orders: {
          relation: true,
          collection: {
            properties: { Total: 'Edm.Decimal', Lines: { collection: { properties: { Qty: 'Edm.Int64' } } } },
          },
        },
      },
    };
    writeFileSync(schema, JSON.stringify(definition));
    const input = [
      '{"Id":1,"Codes":[1,9007199254740993],"Orders":[{"Total":0.10000000000000000001,"Lines":[{"Qty":"9007199254740993"}]}]}',
      '{"Id":2,"Codes":[9007199254740992],"Orders":[{"Total":0.1,"Lines":[]}]}',
      '{"Id":3,"Codes":null}',
      '{"Id":4,"Codes":[null],"Orders":[{"Total":1,"Lines":[{"Qty":1},{"Qty":"x"}]}]}',
    ].join('\n');
    const lines = input.split('\n');
    const codes = await run(['eval', 'Codes/any(c: c eq 9007199254740993)', '--schema', schema], input);
    expect(codes).toEqual({ code: 0, out: `${lines[0]}\n`, err: '' });
    const totals = await run(['eval', 'Orders/any(o: o/Total gt 0.1)', '--schema', schema], input);
    expect(totals).toEqual({ code: 0, out: `${lines[0]}\n${lines[3]}\n`, err: '' });
    const empty = await run(['eval', 'not Codes/any() or Codes/$count eq 2', '--schema', schema], input);
    expect(empty).toEqual({ code: 0, out: `${lines[0]}\n${lines[2]}\n`, err: '' });
    const nested = await run(
      ['eval', 'Orders/any(o: o/Lines/any(l: l/Qty gt 9007199254740992))', '--schema', schema],
      input,
    );
    expect(nested.code).toBe(1);
    expect(nested.out).toBe(`${lines[0]}\n`);
    expect(nested.err).toBe('line 4: Row value at \'Orders[0]/Lines[1]/Qty\' is not an Edm.Int64: "x" (a string)\n');
  });

  it('reports array elements by their number and a broken array by line and column', async () => {
    const elements = `[\n${JSON.stringify(rows[0])},\n{"RoomID":4,"Capacity":"many"},\n[1],\n5\n]`;
    const bad = await run(['eval', 'Capacity gt 50', '--schema', 'VenueRoom'], elements);
    expect(bad.code).toBe(1);
    expect(bad.out).toBe(`${JSON.stringify(rows[0])}\n`);
    expect(bad.err).toBe(
      [
        'element 2: Row value at \'Capacity\' is not an Edm.Int32: "many" (a string)',
        'element 3: not a JSON object but an array',
        'element 4: not a JSON object but a number',
        '',
      ].join('\n'),
    );
    const broken = await run(
      ['eval', 'Capacity gt 50', '--schema', 'VenueRoom'],
      `\n[\n  {"RoomID": 1},\n  {"RoomID": 2,}\n]`,
    );
    expect(broken.code).toBe(1);
    expect(broken.out).toBe('');
    expect(broken.err).toMatch(/^line 4, column 16: not JSON: /);
  });

  it('reports a JSON line that is an array or a scalar as a bad line', async () => {
    const input = [JSON.stringify(rows[0]), '[1]', '5', 'null', '"x"', JSON.stringify(rows[1])].join('\n');
    const { code, out, err } = await run(['eval', 'Capacity ne 1', '--schema', 'VenueRoom'], input);
    expect(code).toBe(1);
    expect(out).toBe(`${JSON.stringify(rows[0])}\n${JSON.stringify(rows[1])}\n`);
    expect(err).toBe(
      [
        'line 2: not a JSON object but an array',
        'line 3: not a JSON object but a number',
        'line 4: not a JSON object but null',
        'line 5: not a JSON object but a string',
        '',
      ].join('\n'),
    );
  });

  it('answers a bad filter with exit code 2 and a usage error with 64', async () => {
    expect((await run(['eval', 'Capacity gt', '--schema', 'VenueRoom'])).code).toBe(2);
    expect((await run(['eval', 'Capacity gt 5'])).code).toBe(64);
  });

  it('reports a JSON line longer than --max-json-length by its number and goes on', async () => {
    const long = JSON.stringify({ RoomID: 2, Name: 'x'.repeat(100), Capacity: 90 });
    const input = [JSON.stringify(rows[0]), long, JSON.stringify({ RoomID: 4, Capacity: 70 })].join('\n');
    const r = await run(['eval', 'Capacity gt 50', '--schema', 'VenueRoom', '--max-json-length', '60'], input);
    expect(r).toEqual({
      code: 1,
      out: `${JSON.stringify(rows[0])}\n{"RoomID":4,"Capacity":70}\n`,
      err: 'line 2: longer than 60 characters (--max-json-length)\n',
    });
    expect(
      await run(['eval', 'Capacity gt 50', '--schema', 'VenueRoom', '--max-json-length', String(long.length)], input),
    ).toMatchObject({ code: 0, err: '' });
  });

  it('reports a JSON array longer than --max-json-length, counted with its line breaks', async () => {
    const array = JSON.stringify(rows, null, 1);
    const r = await run(
      ['eval', 'Capacity gt 50', '--schema', 'VenueRoom', '--max-json-length', String(array.length - 1)],
      `\n${array}`,
    );
    expect(r).toEqual({
      code: 1,
      out: '',
      err: `line 2: the JSON array is longer than ${String(array.length - 1)} characters (--max-json-length)\n`,
    });
    expect(
      await run(
        ['eval', 'Capacity gt 50', '--schema', 'VenueRoom', '--max-json-length', String(array.length)],
        `\n${array}`,
      ),
    ).toEqual({ code: 0, out: `${JSON.stringify(rows[0])}\n`, err: '' });
  });

  it('bounds --max-json-length by the longest string the engine builds', async () => {
    const longest = constants.MAX_STRING_LENGTH;
    for (const bad of ['0', '-1', '1.5', 'many', String(longest + 1)]) {
      const r = await run(['eval', 'Capacity gt 50', '--schema', 'VenueRoom', `--max-json-length=${bad}`], '');
      expect(r.code, bad).toBe(64);
      expect(r.err).toContain(`--max-json-length must be a whole number from 1 to ${longest}`);
    }
    expect(
      (await run(['eval', 'Capacity gt 50', '--schema', 'VenueRoom', '--max-json-length', String(longest)], '')).code,
    ).toBe(0);
  });
});
