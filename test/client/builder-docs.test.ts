// docs/client.md's typed builder examples, run: each example line is one of the calls below, and the
// comment under it is the text that call builds (or says how it fails).

import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { Contact, Event } from '../../src/examples/events/index.js';
import { and, not, now, where } from '../../src/client/index.js';
import type { BuiltFilter } from '../../src/client/index.js';
import { thrownFilterError } from '../support/thrown.js';

const DOCS = readFileSync(new URL('../../docs/client.md', import.meta.url), 'utf8');

/** The code block of the section "The typed builder". */
const section = DOCS.slice(DOCS.indexOf('## The typed builder'));
const block = section.slice(section.indexOf('```ts\n') + 6, section.indexOf('```\n', section.indexOf('```ts\n') + 6));

const EXAMPLES = new Map<string, () => BuiltFilter>([
  [
    "where(Contact, (c) => c.Status.eq('Active').and(c.CreatedDateTime.gt(new Date(Date.UTC(2012, 0, 1)))));",
    () => where(Contact, (c) => c.Status.eq('Active').and(c.CreatedDateTime.gt(new Date(Date.UTC(2012, 0, 1))))),
  ],
  [
    "where(Event, ($) => and($.Code.contains('x'), $.Sessions.any((s) => s.Status.eq('Open'))));",
    () =>
      where(Event, ($) =>
        and(
          $.Code.contains('x'),
          $.Sessions.any((s) => s.Status.eq('Open')),
        ),
      ),
  ],
  [
    "where(Contact, (c) => c.Status.eq('A').or(c.Status.eq('B')).and(c.Email.tolower().endswith('.org')));",
    () => where(Contact, (c) => c.Status.eq('A').or(c.Status.eq('B')).and(c.Email.tolower().endswith('.org'))),
  ],
  [
    'where(Event, ($) => $.Sessions.any((s) => $.Registrations.all((r) => r.Contact.Email.ne(s.Presenter.Email))));',
    () => where(Event, ($) => $.Sessions.any((s) => $.Registrations.all((r) => r.Contact.Email.ne(s.Presenter.Email)))),
  ],
  [
    'where(Contact, (c) => not(c.PostalAddress.$isNull()).and(c.ContactID.in([1, 2, 3])));',
    () => where(Contact, (c) => not(c.PostalAddress.$isNull()).and(c.ContactID.in([1, 2, 3]))),
  ],
  [
    'where(Event, ($) => $.StartDateTime.year().eq(2024).and($.Sessions.$count.gt(2), $.FinishDateTime.lt(now())));',
    () => where(Event, ($) => $.StartDateTime.year().eq(2024).and($.Sessions.$count.gt(2), $.FinishDateTime.lt(now()))),
  ],
  [
    "where(Contact, (c) => c.ContactID.cast('Edm.String').startswith('12').or(c.Email.isof('Edm.DateTimeOffset')));",
    () => where(Contact, (c) => c.ContactID.cast('Edm.String').startswith('12').or(c.Email.isof('Edm.DateTimeOffset'))),
  ],
]);

it('holds every example of the typed builder to the text it builds', () => {
  const lines = block.split('\n');
  const calls = lines.flatMap((line, i) =>
    line.startsWith('where(') && !line.includes('//') ? [[line, lines[i + 1]!] as const] : [],
  );
  expect(calls.map(([call]) => call)).toEqual([...EXAMPLES.keys()]);
  for (const [call, comment] of calls) expect(comment).toBe(`// ${EXAMPLES.get(call)!().text}`);
});

it('holds the example of a wrong value', () => {
  expect(block).toContain(
    "where(Contact, (c) => c.ContactID.eq('5'));   // a compile error; at run time a FilterError (value_does_not_fit)",
  );
  // @ts-expect-error a string where an Edm.Int32 goes
  const error = thrownFilterError(() => where(Contact, (c) => c.ContactID.eq('5')));
  expect(error.issues[0]!.code).toBe('value_does_not_fit');
});
