// The filter the page starts with for each resource: one that checks, compiles on every target
// and matches some of the sample rows but not all, so that every panel has something to show.

import { listPropertyPaths } from 'odata-filter';
import type { Schema } from 'odata-filter';

const EXAMPLES: ReadonlyMap<string, string> = new Map([
  ['Event', "Status eq 'Active' and StartDateTime ge 2024-03-01T00:00:00Z"],
  ['Contact', "Status eq 'Active' and PostalAddress/Country ne 'Ireland'"],
  ['Organisation', "contains(tolower(Name), 'acme') or PostalAddress/Country eq 'Japan'"],
  ['VenueRoom', 'Capacity ge 40 and Capacity le 250'],
  ['EventTemplate', "startswith(Code, 'CONF') or Code eq null"],
  ['EventSession', "Status eq 'Active' and hour(StartDateTime) eq 23"],
  ['Registration', "Status in ('Confirmed', 'Waitlisted')"],
  ['TimeZone', "UtcOffset gt 0 or TzNames/any(n: startswith(n, 'Europe/'))"],
  ['PublicPresenter', "startswith(FullName, 'S') or LastName eq 'Silva'"],
  ['PublicVenue', 'GeoData/PointLatitude lt 0'],
  ['PublicTimeZone', "TzNames/any(n: contains(n, 'Australia'))"],
  ['PublicEventTemplateCategoryItem', "Tags/any(t: t eq 'data') and SequenceIndex eq 1"],
]);

/** The starting filter of a resource; for a schema without one, its first property compared with null. */
export function exampleFilter(schema: Schema): string {
  const example = EXAMPLES.get(schema.name);
  if (example !== undefined) return example;
  const first = listPropertyPaths(schema).find((p) => p.filterable);
  return first === undefined ? 'true' : `${first.path.join('/')} ne null`;
}
