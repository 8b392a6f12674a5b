// The README's client quick start, run on the README's own schema: each result it shows is what
// the code gives.

import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { complete, diagnose, filter, where, writeQuery } from '../../src/client/index.js';
import { README_CONTACT as Contact, README_CONTACT_SOURCE, readmeDefinition } from '../support/readme-schema.js';
import { thrownFilterError } from '../support/thrown.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

it('defines the schema the examples run on, as test/support/readme-schema.ts has it', () => {
  expect(README_CONTACT_SOURCE.length).toBeGreaterThan(200);
  expect(readmeDefinition(README)).toBe(README_CONTACT_SOURCE);
});

it('shows what the client example gives', () => {
  const f = filter(Contact)`Status eq ${"O'Brien"} and CreatedDateTime gt ${new Date(Date.UTC(2012, 0, 1))}`;
  expect(README).toContain(`f.text;   // ${JSON.stringify(f.text)}`);
  expect(README).toContain(`// ${JSON.stringify(writeQuery({ filter: f, top: 10, count: true }))}`);
  expect(writeQuery({ filter: f, top: 10 }, 'service')).toMatch(/^\?filter=.*&top=10$/);
  expect(README).toContain(`// ${filter(Contact)`Status in ${['Active', 'Pending']}`.text}: one list`);
  const guid = '01234567-89ab-cdef-0123-456789abcdef';
  expect(README).toContain(
    "filter(Contact)`UniqueIdentifier eq ${'01234567-89ab-cdef-0123-456789abcdef'}`; // a guid, bare",
  );
  expect(filter(Contact)`UniqueIdentifier eq ${guid}`.text).toBe(`UniqueIdentifier eq ${guid}`);
  expect(README).toContain(
    "filter(Contact)`Email eq ${'01234567-89ab-cdef-0123-456789abcdef'}`;            // a string, quoted",
  );
  expect(filter(Contact)`Email eq ${guid}`.text).toBe(`Email eq '${guid}'`);
  expect(thrownFilterError(() => filter(Contact)`ContactID eq ${'5'}`).message).toContain(
    'the string "5", which is no Edm.Int32',
  );
});

it('shows what the editor kit example gives', () => {
  expect(README).toContain(
    "complete('Status eq ', 10, Contact).items.map((i) => i.insert);   // string properties, PostalAddress/, '', null, string functions",
  );
  const { items } = complete('Status eq ', 10, Contact);
  const kinds = new Set(items.map((i) => i.kind));
  expect([...kinds]).toEqual(['property', 'navigation', 'literal', 'function']);
  expect(items.filter((i) => i.kind === 'navigation').map((i) => i.insert)).toEqual(['PostalAddress/']);
  for (const item of items.filter((i) => i.kind === 'property')) expect(item.detail).toMatch(/^Edm\.String\b/);
  expect(items.filter((i) => i.kind === 'literal').map((i) => i.insert)).toEqual(["''", 'null']);
  // The string functions, and cast, which gives a value of the type it names.
  for (const item of items.filter((i) => i.kind === 'function' && i.label !== 'cast'))
    expect(item.detail).toMatch(/: Edm\.String$/);
  expect(items.some((i) => i.label === 'cast')).toBe(true);

  expect(README).toContain(
    `diagnose("Stauts eq 'x' and and", Contact);                        // unknown_property (fix: Status), unexpected_token`,
  );
  const found = diagnose("Stauts eq 'x' and and", Contact);
  expect(found.map((d) => [d.code, d.fixes.map((f) => f.insert)])).toEqual([
    ['unknown_property', ['Status']],
    ['unexpected_token', []],
  ]);
});

it('shows what the typed builder example gives', () => {
  const since = new Date(Date.UTC(2012, 0, 1));
  const built = where(Contact, ($) => $.PostalAddress.City.eq('London').and($.CreatedDateTime.gt(since)));
  expect(README).toContain(
    "where(Contact, ($) => $.PostalAddress.City.eq('London').and($.CreatedDateTime.gt(since)));",
  );
  expect(README).toContain(`// ${JSON.stringify(built.text)}`);
});
