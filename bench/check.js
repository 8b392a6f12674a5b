// Check throughput: parse + check against parse alone, on filters a client of the service sends,
// each against its shipped schema. The goal is that checking costs less than parsing, i.e. that
// `check only` runs faster than `parse only` and `parse + check` at more than half its speed.
// Run: npm run build && node bench/check.js

import { compare } from './harness.js';
import { check, parse } from '../dist/index.js';
import { Contact, Event, EventSession, Organisation, Registration, VenueRoom } from '../dist/examples/events/index.js';

const CASES = [
  [Event, "Status eq 'Active' and year(StartDateTime) eq 2012 and substringof('ann', tolower(Code))"],
  [Event, "LastModifiedDateTime gt datetime('2010-03-23T09:25:12.313Z')"],
  [Event, "LastModifiedDateTime gt datetime'2010-03-23T09:25:12.313Z'"],
  [Contact, 'CreatedDateTime ge 2012-01-01T00:00:00Z and CreatedDateTime lt 2013-01-01T00:00:00+01:00'],
  [
    Contact,
    "(PostalAddress/City eq 'London' OR PostalAddress/City eq 'Paris') OR (Status ne 'Cancelled' AND ContactID gt 42)",
  ],
  [VenueRoom, 'Capacity mul 2 add 1 gt 30 and Capacity sub VenueRoomID ge 5'],
  [Event, "Status in ('Active', 'Completed', 'Pending')"],
  [EventSession, "startswith(tolower(trim(Presenter/Email)), 'dr') and length(concat(Status, Presenter/Email)) lt 20"],
  [Organisation, 'day(datetime(CreatedDateTime)) eq 1 and month(CreatedDateTime) eq 12'],
  [Contact, "not endswith(Email, '.org') and Status eq 'Active'"],
  [EventSession, 'Presenter/ContactID eq 123456789012L or round(Presenter/ContactID) eq 2.345M'],
  [Event, "substring(Code, 0, 2) eq 'EV' and indexof(Code, '-') gt 0"],
  [Registration, "Event/EventID eq 7 and Status eq 'Approved'"],
  [Registration, "Contact/LastModifiedDateTime gt datetime('2017-07-01T10:00:00+1200')"],
  [Event, "Sessions/any(s: s/Presenter/ContactID eq 12 and s/Status eq 'Active')"],
  [Event, "Registrations/all(r: r/Status ne 'Cancelled') and Sessions/$count ge 2"],
];

const inputs = CASES.map(([schema, text]) => ({ schema, text, tree: parse(text) }));

await compare({
  title: 'Check: parse + check against parse alone, on the service filters',
  competitors: [
    { name: 'parse only', run: (i) => parse(i.text) },
    { name: 'parse + check', run: (i) => check(i.text, i.schema) },
    { name: 'check only (pre-parsed)', run: (i) => check(i.tree, i.schema) },
  ],
  inputs,
  baseline: 'parse only',
  unit: 'filters',
  label: (i) => i.text,
});
