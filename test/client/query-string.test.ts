// writeQuery(): every option percent-encoded once, in either spelling; readQuery(): a URL's
// options decoded as the server reads them — the two inverse for any text.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Contact } from '../../src/examples/events/index.js';
import { filter, readQuery, writeQuery } from '../../src/client/index.js';

describe('writeQuery', () => {
  it('writes each option once encoded, in the OData spelling by default', () => {
    const built = filter(Contact)`Email eq ${'a+b&c#d%e@f'} and PostalAddress/City eq ${'Zürich'}`;
    expect(
      writeQuery({
        filter: built,
        top: 10,
        skip: 20,
        orderby: 'Email desc',
        select: ['ContactID', 'Email'],
        count: true,
      }),
    ).toBe(
      "?$filter=Email%20eq%20'a%2Bb%26c%23d%25e%40f'%20and%20PostalAddress%2FCity%20eq%20'Z%C3%BCrich'&$top=10&$skip=20&$orderby=Email%20desc&$select=ContactID%2CEmail&$count=true",
    );
  });

  it('writes the service spelling, with the server’s own options after', () => {
    expect(
      writeQuery(
        {
          filter: "Status eq 'Active'",
          top: 5,
          select: 'FullName',
          expand: ['Event/TimeZone'],
          count: false,
          extra: { format: 'json', region: 'nz' },
        },
        'service',
      ),
    ).toBe(
      "?filter=Status%20eq%20'Active'&top=5&fields=FullName&expand=Event%2FTimeZone&includeTotalCount=false&format=json&region=nz",
    );
    expect(writeQuery({})).toBe('');
  });

  it.each([-1, 1.5, NaN, 2 ** 53])('refuses top %s', (top) => {
    expect(() => writeQuery({ top })).toThrow(TypeError);
  });

  it('refuses a value no URL can carry (a lone surrogate) with a TypeError', () => {
    expect(() => writeQuery({ orderby: 'a\uD800' })).toThrow(TypeError);
  });
});

describe('readQuery', () => {
  it('reads a pasted URL’s options, the fragment left out, a broken escape kept', () => {
    expect(readQuery("https://host/events/?$filter=Code%20eq%20'a%2Bb'&$top=5#part")).toEqual([
      ['$filter', "Code eq 'a+b'"],
      ['$top', '5'],
    ]);
    expect(readQuery('filter=%E0%A4%A&x&%C3%A9=%C3%A9')).toEqual([
      ['filter', '%E0%A4%A'],
      ['x', ''],
      ['é', 'é'],
    ]);
    expect(readQuery('https://host/events/')).toEqual([]);
  });

  it('reads a + as a space, as parseQuery and form-encoded servers do, and %2B as a plus', () => {
    const query = "?$filter=Name+eq+'a%2Bb+c'&a+b=1+%2B+1";
    const read = readQuery(query);
    expect(read).toEqual([
      ['$filter', "Name eq 'a+b c'"],
      ['a b', '1 + 1'],
    ]);
    expect(read).toEqual([...new URLSearchParams(query)]);
  });

  it('reads back whatever writeQuery wrote', () => {
    const text = fc.string({
      unit: fc.oneof(
        fc.constantFrom('&', '=', '#', '+', '%', '?', ' ', "'", '/', ',', '$', 'é', '😀', '%41'),
        fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
      ),
      maxLength: 20,
    });
    fc.assert(
      fc.property(text, text, fc.nat(), (f, region, top) => {
        const written = writeQuery({ filter: f, top, extra: { region } });
        const read = readQuery(`https://host/x/${written}`);
        expect(read).toEqual([
          ['$filter', f],
          ['$top', String(top)],
          ['region', region],
        ]);
        expect(new URL(`https://host/x/${written}`).searchParams.get('$filter')).toBe(f);
      }),
    );
  });
});
