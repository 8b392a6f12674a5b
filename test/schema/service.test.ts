// The shipped service schemas: their fields, and the filters that real clients of the service send.

import { describe, expect, it } from 'vitest';
import { check, Contact, Event, EventSession, EventTemplate, isFilterError, listPropertyPaths, Organisation, printTyped, Registration, SERVICE_SCHEMAS, VenueRoom } from '../../src/index.js';
import type { Schema } from '../../src/index.js';

const SYNC = [
  "LastModifiedDateTime gt datetime('2010-03-23T09:25:12.313Z')",
  "(LastModifiedDateTime gt datetime('2012-01-01T00:00:00Z')) OR (LastModifiedDateTime eq datetime('2012-01-01T00:00:00Z') AND CreatedDateTime lt datetime('2012-01-01T00:00:00Z'))",
  "CreatedDateTime ge datetime'2012-02-01T00:00:00' and CreatedDateTime lt datetime'2012-03-01T00:00:00'",
];

const CLIENT_FILTERS: [Schema, string][] = [
  ...[...SERVICE_SCHEMAS.values()].flatMap((schema) => SYNC.map((f): [Schema, string] => [schema, f])),
  [Event, "(LastModifiedDateTime gt datetime('2010-03-23T09:25:12.313Z')) OR (LastModifiedDateTime eq datetime('2010-03-23T09:25:12.313Z') AND EventID gt 42)"],
  [Event, "Status eq 'Active' and year(StartDateTime) eq 2012"],
  [Event, "Status eq 'Active' AND StartDateTime ge datetimeoffset('2012-06-01T00:00:00+12:00')"],
  [Event, "EventTemplate/Code eq 'EV01' and not (Status eq 'Completed')"],
  [Event, "UniqueIdentifier eq guid'0f8fad5b-d9cb-469f-a165-70867728950e'"],
  [Event, "startswith(Code, 'EV') and FinishDateTime gt StartDateTime"],
  [Event, "substringof('Wellington', LocationName) eq true"],
  [Event, 'day(datetime(CreatedDateTime)) eq 1'],
  [Contact, "Status eq 'Active' and substringof('ann', tolower(Email))"],
  [Contact, "PostalAddress/City eq 'Wellington' and Status eq 'Active'"],
  [Contact, "endswith(Email, '.org') or ContactID in (1, 2, 3)"],
  [Organisation, "Name eq 'Acme' and PostalAddress/Country eq 'New Zealand'"],
  [Organisation, "PostalAddress/City eq 'Auckland' or CreatedDateTime gt datetime('2011-01-01T00:00:00Z')"],
  [VenueRoom, 'Capacity gt 50'],
  [VenueRoom, 'Capacity ge 10 and Capacity le 100'],
  [EventTemplate, "Code eq 'EV01'"],
  [EventTemplate, "startswith(tolower(Code), 'ev')"],
  [EventSession, "Presenter/ContactID eq 12 and Status eq 'Active'"],
  [EventSession, "StartDateTime gt datetime('2012-01-01T00:00:00Z')"],
  [Registration, "Event/EventID eq 7 and Status eq 'Approved'"],
  [Registration, "Contact/LastModifiedDateTime gt datetime('2017-07-01T10:00:00+1200')"],
  [Registration, "CreatedDateTime gt datetime('2012-01-01T00:00:00Z') and Contact/Email eq 'ann@example.org'"],
  [Registration, "Event/EventTemplate/Code eq 'EV01'"],
];

describe('the service schemas', () => {
  it('are named and keyed as the service names them', () => {
    expect([...SERVICE_SCHEMAS.keys()]).toEqual(['Event', 'Contact', 'Organisation', 'VenueRoom', 'EventTemplate', 'EventSession', 'Registration']);
    const paths = (s: Schema): string[] => listPropertyPaths(s).map((p) => p.path.join('/'));
    expect(paths(Event).slice(0, 10)).toEqual([
      'EventID', 'UniqueIdentifier', 'Code', 'StartDateTime', 'FinishDateTime', 'Description', 'LocationName', 'Status', 'CreatedDateTime', 'LastModifiedDateTime',
    ]);
    expect(paths(Contact)).toEqual(expect.arrayContaining(['PostalAddress/City', 'Status', 'Email', 'CreatedDateTime', 'LastModifiedDateTime', 'ContactID']));
    expect(paths(Organisation)).toEqual(expect.arrayContaining(['Name', 'PostalAddress/City', 'PostalAddress/Country', 'CreatedDateTime']));
    expect(paths(EventSession)).toEqual(expect.arrayContaining(['Presenter/ContactID', 'Status', 'StartDateTime']));
    expect(paths(Registration)).toEqual(expect.arrayContaining(['CreatedDateTime', 'Contact/ContactID', 'Event/EventID', 'Event/EventTemplate/Code']));
  });

  it.each(CLIENT_FILTERS.map(([s, f]) => [s.name, f, s] as const))('%s accepts %s', (_name, filter, schema) => {
    expect(check(filter, schema).root.type).toBe('Edm.Boolean');
  });

  it('reads a date-time literal with an offset as the instant it names', () => {
    expect(printTyped(check("Contact/LastModifiedDateTime gt datetime('2017-07-01T10:00:00+1200')", Registration).root)).toBe(
      `(Contact/LastModifiedDateTime:DateTime gt ${Date.UTC(2017, 5, 30, 22)}:DateTime)`,
    );
  });

  it.each([
    [Event, "Description eq 'x'", 'not_filterable'],
    [VenueRoom, "Capacity gt '50'", 'type_mismatch'],
    [Contact, 'Status eq 1', 'type_mismatch'],
    [Contact, "CreatedDateTime gt 'yesterday'", 'type_mismatch'],
    [Contact, 'PostalAddress eq null', 'structured_value'],
    [Registration, "Event/Stauts eq 'Active'", 'unknown_property'],
    [EventSession, 'Presenter/ContactId eq 1', 'unknown_property'],
  ])('%#: rejects %s', (schema, filter, code) => {
    try {
      check(filter, schema);
      expect.unreachable();
    } catch (error) {
      expect(isFilterError(error) && error.issues.map((i) => i.code)).toEqual([code]);
    }
  });
});
