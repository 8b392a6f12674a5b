// Query options overhead: a whole request — parseQuery (the options, the policy, the rules, the
// row filter) and compileSqlQuery (page and count) — against the same filter alone (check +
// compileSql), on the filters a client of the service sends. The goal: the options layer costs
// well under the filter it carries, i.e. `full request` runs at more than half the speed of
// `filter alone`.
// Run: npm run build && node bench/query.js

import { compare } from './harness.js';
import { check } from '../dist/index.js';
import { Event } from '../dist/examples/events/index.js';
import { compileSql, compileSqlQuery, postgres } from '../dist/backends/sql/index.js';
import { parseQuery } from '../dist/query/index.js';

const FILTERS = [
  "Status eq 'Active' and year(StartDateTime) eq 2012 and substringof('ann', tolower(Code))",
  "LastModifiedDateTime gt datetime'2010-03-23T09:25:12.313Z'",
  "Status in ('Active', 'Completed', 'Pending')",
  "substring(Code, 0, 2) eq 'EV' and indexof(Code, '-') gt 0",
  "Sessions/any(s: s/Presenter/ContactID eq 12 and s/Status eq 'Active')",
  "Registrations/all(r: r/Status ne 'Cancelled') and Sessions/$count ge 2",
];

const storage = {
  dialect: postgres,
  from: 'events',
  table: 'events',
  collections: {
    Sessions: { table: 'sessions', foreignKey: 'event_id', key: 'EventID' },
    Registrations: { table: 'registrations', foreignKey: 'event_id', key: 'EventID' },
  },
};

const plain = { schema: Event, key: ['EventID'], policy: { spelling: 'odata', defaultTop: 100, maxTop: 250 } };
const guarded = {
  ...plain,
  policy: { ...plain.policy, functions: ['substringof', 'tolower', 'year', 'substring', 'indexof'] },
  rules: { Description: { filter: false, sort: false, select: false } },
  rowFilter: 'EventTemplate/EventTemplateID eq @template',
};

const inputs = FILTERS.map((filter) => ({
  filter,
  query: `$filter=${encodeURIComponent(filter)}&$orderby=Code%20desc,StartDateTime&$top=25&$skip=50&$count=true&$select=EventID,Code,Status`,
}));

await compare({
  title: 'Query options: a whole request against the same filter alone (PostgreSQL)',
  competitors: [
    { name: 'filter alone (check + compileSql)', run: (i) => compileSql(check(i.filter, Event), storage) },
    {
      name: 'full request (parseQuery + compileSqlQuery)',
      run: (i) => compileSqlQuery(parseQuery(i.query, plain), storage),
    },
    {
      name: 'full request with rules and a row filter',
      run: (i) => compileSqlQuery(parseQuery(i.query, guarded, { parameters: { template: 7 } }), storage),
    },
  ],
  inputs,
  baseline: 'filter alone (check + compileSql)',
  unit: 'requests',
  label: (i) => i.filter,
});
