// Hostile requests (docs/query.md): whatever a query string holds, parseQuery() returns a plan or
// throws one FilterError — never another error — and a plan it returns compiles (or is refused
// with a FilterError) and applies without a crash.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../src/query/index.js';
import type { QueryResource } from '../../src/query/index.js';
import { applyQuery } from '../../src/backends/memory/index.js';
import { compileSqlQuery, mysql, postgres, sqlite } from '../../src/backends/sql/index.js';
import { compileMongoQuery } from '../../src/backends/mongo/index.js';
import { Event } from '../../src/examples/events/index.js';
import { isFilterError } from '../../src/errors.js';
import { runs } from '../support/test-size.js';
import { TEST_KEYSET } from '../support/keyset-key.js';

const resource: QueryResource = {
  schema: Event,
  key: ['EventID'],
  policy: {
    spelling: 'odata',
    defaultTop: 5,
    maxTop: 50,
    keyset: TEST_KEYSET,
    functions: ['contains', 'length', 'year', 'tolower'],
  },
  rules: { Description: { filter: false, sort: false, select: false }, 'Sessions/Presenter': { expand: false } },
  rowFilter: 'Status ne @hidden',
  relations: {
    Sessions: { key: ['EventSessionID'], rowFilter: "Status ne 'Cancelled'" },
    Registrations: { key: ['RegistrationID'] },
  },
};

const NAMES = [
  '$filter',
  '$orderby',
  '$top',
  '$skip',
  '$count',
  '$select',
  '$expand',
  '$skiptoken',
  'filter',
  '$FILTER',
  '@a',
  '$search',
  'x',
];
const PIECES = [
  'Sessions',
  'Code',
  'Status',
  'EventID',
  'Description',
  'TimeZone',
  'Presenter',
  'length(Code)',
  '(',
  ')',
  ';',
  ',',
  '/',
  "'",
  '=',
  '$filter=',
  '$top=',
  '$expand=',
  '$select=',
  '$orderby=',
  ' desc',
  ' eq ',
  ' and ',
  '1',
  '-1',
  '99999999999999999999',
  '@a',
  '*',
  'any(s: s/Status eq 1)',
  '%',
  'é',
  '\u0000',
  'eyJvIjoiIn0',
];

/** Values each option takes, for values near valid ones: a piece cut in, or one cut out. */
const VALID: Record<string, readonly string[]> = {
  $filter: ["Code eq 'a'", "Sessions/any(s: s/Status eq 'Open') and length(Code) gt 0", "contains(tolower(Code), 'a')"],
  $orderby: ['Code desc,length(Code)', 'year(StartDateTime) desc', 'TimeZone/Name'],
  $expand: [
    "Sessions($filter=Status eq 'x';$top=1;$orderby=Status desc;$select=Status;$expand=Presenter)",
    'TimeZone,Registrations($top=2;$skip=1)',
    '*',
  ],
  $select: ['Code,Status', '*', 'EventID'],
  $top: ['3', '0'],
  $skip: ['1'],
  $count: ['true'],
};

const arbPieces = fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }).map((parts) => parts.join(''));
const arbOption: fc.Arbitrary<[string, string]> = fc.oneof(
  fc.tuple(fc.constantFrom(...NAMES), arbPieces),
  fc.constantFrom(...Object.entries(VALID)).chain(([name, values]) =>
    fc.tuple(
      fc.constant(name),
      fc.tuple(fc.constantFrom(...values), fc.nat(), fc.nat(3), arbPieces).map(([value, at, cut, piece]) => {
        const i = at % (value.length + 1);
        return cut === 0
          ? value
          : cut === 1
            ? value.slice(0, i) + piece + value.slice(i)
            : cut === 2
              ? value.slice(0, i) + value.slice(i + 1)
              : value;
      }),
    ),
  ),
);
const arbQuery = fc.array(arbOption, { maxLength: 5 }).map((pairs) => new URLSearchParams(pairs));

const rows = [
  {
    EventID: 1,
    Code: 'A',
    Status: 'Open',
    Sessions: [{ EventSessionID: 1, Status: 'Open', Presenter: null }],
    Registrations: [],
    TimeZone: null,
  },
  {
    EventID: 2,
    Code: null,
    Status: 'Hidden',
    Sessions: [],
    Registrations: [{ RegistrationID: 3, Status: 'x', Contact: null }],
    TimeZone: { TimeZoneID: 1, Name: 'NZ' },
  },
];

describe('hostile requests', () => {
  it('end in a plan or one FilterError, and a plan compiles and applies without a crash', () => {
    fc.assert(
      fc.property(arbQuery, (query) => {
        let plan;
        try {
          plan = parseQuery(query, resource, { parameters: { hidden: 'Hidden' } });
        } catch (error) {
          expect(isFilterError(error), String(error)).toBe(true);
          return;
        }
        applyQuery(rows, plan);
        for (const dialect of [postgres, sqlite, mysql]) {
          try {
            compileSqlQuery(plan, {
              dialect,
              from: 'events',
              table: 'events',
              collections: {
                Sessions: { table: 's', foreignKey: 'e', key: 'EventID' },
                Registrations: { table: 'r', foreignKey: 'e', key: 'EventID' },
              },
              relations: {
                TimeZone: { table: 't', key: 'id', reference: 'tz' },
                EventTemplate: { table: 'et', key: 'id', reference: 'et' },
              },
            });
          } catch (error) {
            expect(isFilterError(error), String(error)).toBe(true);
          }
        }
        try {
          compileMongoQuery(plan);
        } catch (error) {
          expect(isFilterError(error), String(error)).toBe(true);
        }
      }),
      { numRuns: runs(1_000, 20_000) },
    );
  });
});
