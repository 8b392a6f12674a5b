// The editor kit's cost per keystroke, against check() of the same filter: complete() at a cut of
// each service filter (where a user is typing), diagnose() and hover() of the whole text. complete()
// writes each item it may offer at the cursor and checks the filter, so it costs many checks; the
// goal is that it stays within 100 checks of the filter (a few milliseconds: well inside a frame),
// and that diagnose() of a valid filter costs about one check.
// Run: npm run build && node bench/editor.js

import { compare } from './harness.js';
import { check } from '../dist/index.js';
import { Contact, Event, EventSession, Registration, VenueRoom } from '../dist/examples/events/index.js';
import { complete, diagnose, hover } from '../dist/client/index.js';

const CASES = [
  [
    Event,
    "Status eq 'Active' and year(StartDateTime) eq 2012 and substringof('ann', tolower(Code))",
    "Status eq 'Active' and ",
  ],
  [Contact, "(PostalAddress/City eq 'London' or PostalAddress/City eq 'Paris') and ContactID gt 42", '(PostalAddress/'],
  [VenueRoom, 'Capacity mul 2 add 1 gt 30 and Capacity sub VenueRoomID ge 5', 'Capacity mul 2 '],
  [EventSession, "startswith(tolower(trim(Presenter/Email)), 'dr') and length(Status) lt 20", 'startswith(tolower('],
  [Registration, "Event/EventID eq 7 and Status eq 'Approved'", 'Event/EventID eq 7 and Status eq '],
  [Event, "Sessions/any(s: s/Presenter/ContactID eq 12 and s/Status eq 'Active')", 'Sessions/any(s: s/'],
  // An unfinished cast: each item is tried after every type the cast may name.
  [Event, 'year(cast(StartDateTime, Edm.DateTimeOffset)) eq 2012', 'year(cast(StartDateTime '],
];

const inputs = CASES.map(([schema, text, cut]) => ({ schema, text, cut, middle: Math.floor(text.length / 2) }));

await compare({
  title: 'Editor kit: complete() at a cut, diagnose() and hover() of the whole, against check()',
  competitors: [
    { name: 'check', run: (i) => check(i.text, i.schema) },
    { name: 'complete at the cut', run: (i) => complete(i.cut, i.cut.length, i.schema).items.length > 0 },
    { name: 'diagnose', run: (i) => diagnose(i.text, i.schema).length === 0 },
    { name: 'hover', run: (i) => hover(i.text, i.middle, i.schema) !== undefined },
  ],
  inputs,
  baseline: 'check',
  unit: 'filters',
  label: (i) => `${i.cut}|`,
});
