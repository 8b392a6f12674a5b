// SQL bench: parse + check + compile to a parameterised PostgreSQL WHERE expression, per filter,
// side by side in one run with odata-v4-sql's createFilter (which parses and compiles). Where
// odata-v4-sql cannot translate a node it logs `Unhandled node type` and writes SQL without it
// (every row, or invalid SQL): such a filter counts as one it rejects, and its console is silenced
// while it is timed, so no terminal output is timed as its work.
// `npm run build && node bench/sql.js`
import { createRequire } from 'node:module';
import { check, defineSchema } from '../dist/index.js';
import { compileSql, postgres } from '../dist/backends/sql/index.js';
import { accepted, compare } from './harness.js';

const require = createRequire(import.meta.url);
const { createFilter } = require('odata-v4-sql');

const schema = defineSchema({
  name: 'Event',
  properties: {
    EventID: { type: 'Edm.Int32', nullable: false },
    Status: 'Edm.String',
    Name: 'Edm.String',
    Code: 'Edm.String',
    Email: 'Edm.String',
    Capacity: 'Edm.Int32',
    Booked: 'Edm.Int32',
    Price: 'Edm.Decimal',
    IsPublic: 'Edm.Boolean',
    StartDateTime: 'Edm.DateTimeOffset',
    CreatedDateTime: 'Edm.DateTime',
    LastModifiedDateTime: 'Edm.DateTime',
    PostalAddress: { properties: { City: 'Edm.String' } },
  },
});

export const FILTERS = [
  "Status eq 'Active'",
  "Status eq 'Active' and Capacity gt 50 and startswith(Name,'A')",
  "Status eq 'Active' and year(StartDateTime) eq 2012 and substringof('ann', tolower(Email))",
  "LastModifiedDateTime gt datetime'2010-03-23T09:25:12.313Z'",
  "(PostalAddress/City eq 'London' or PostalAddress/City eq 'Paris') or (Status ne 'Cancelled' and EventID gt 42)",
  'Price mul 2 add 1 gt 30 and Capacity sub Booked ge 5',
  "not endswith(Email, '.org') and IsPublic eq true",
  "substring(Code, 0, 2) eq 'EV' and indexof(Code, '-') gt 0",
];

const competitors = [
  {
    name: 'odata-filter',
    run: (f) => compileSql(check(f, schema), { dialect: postgres }),
  },
  { name: 'odata-v4-sql', run: (f) => createFilter(f), logging: 'refusal' },
];

const label = (f) => (f.length > 60 ? `${f.slice(0, 57)}…` : f);
await compare({
  title: 'SQL: parse + check + compile per filter (PostgreSQL for odata-filter; odata-v4-sql its default)',
  competitors,
  inputs: FILTERS,
  baseline: 'odata-v4-sql',
  unit: 'filters',
  label,
});
// The rates above are over the filters each accepts; these are over the same filters.
const common = FILTERS.filter((f) => competitors.every((c) => accepted(c.run, [f], c.logging).ok.length === 1));
await compare({
  title: `SQL: the ${common.length} filters both translate`,
  competitors,
  inputs: common,
  baseline: 'odata-v4-sql',
  unit: 'filters',
  label,
});
