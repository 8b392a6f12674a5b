// The README's "Building filters from values" example, run: each result it shows is what the code gives.

import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { Contact, Event } from '../../src/index.js';
import { filter, where, writeQuery } from '../../src/client/index.js';
import { thrownFilterError } from '../support/thrown.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

it('shows what the client example gives', () => {
  const f = filter(Contact)`Status eq ${"O'Brien"} and CreatedDateTime gt ${new Date(Date.UTC(2012, 0, 1))}`;
  expect(README).toContain(`f.text;   // ${JSON.stringify(f.text)}`);
  expect(README).toContain(`// ${JSON.stringify(writeQuery({ filter: f, top: 10, count: true }))}`);
  expect(writeQuery({ filter: f, top: 10 }, 'service')).toMatch(/^\?filter=.*&top=10$/);
  expect(README).toContain(`// ${filter(Contact)`Status in ${['Active', 'Pending']}`.text}: one list`);
  expect(thrownFilterError(() => filter(Contact)`ContactID eq ${'5'}`).message).toContain('the string "5", which is no Edm.Int32');
});

it('shows what the typed builder example gives', () => {
  const since = new Date(Date.UTC(2012, 0, 1));
  const built = where(Event, ($) => $.Code.startswith('EV').and($.Sessions.any((s) => s.StartDateTime.gt(since))));
  expect(README).toContain("where(Event, ($) => $.Code.startswith('EV').and($.Sessions.any((s) => s.StartDateTime.gt(since))));");
  expect(README).toContain(`// ${JSON.stringify(built.text)}`);
});
