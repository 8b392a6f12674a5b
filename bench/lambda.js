// Lambda bench: a filter over a child table, compiled by odata-filter (check + compileSql for
// PostgreSQL, every call) and run on PGlite, against the hand-written EXISTS query for the same
// rows, in one run. The goal is at least 0.9× the hand-written query's speed: the compiled
// correlation must serve the foreign-key index as the hand-written one does.
// `npm run build && node bench/lambda.js`
import { PGlite } from '@electric-sql/pglite';
import { check, defineSchema } from '../dist/index.js';
import { compileSql, postgres } from '../dist/backends/sql/index.js';
import { compareAsync } from './harness.js';

const schema = defineSchema({
  name: 'Event',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Status: 'Edm.String',
    Sessions: {
      relation: true,
      collection: { properties: { Status: 'Edm.String', Capacity: 'Edm.Int32' } },
    },
  },
});

const options = {
  dialect: postgres,
  table: 'e',
  collections: { Sessions: { table: 'sessions', foreignKey: 'event_id', key: 'Id' } },
};

// mulberry32, as in _rooms.js: the same rows in every run.
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const EVENTS = 5_000;
const db = await PGlite.create();
await db.exec(`
  CREATE TABLE events ("Id" integer PRIMARY KEY, "Status" text);
  CREATE TABLE sessions (event_id integer NOT NULL REFERENCES events ("Id"), "Status" text, "Capacity" integer);
  CREATE INDEX sessions_event_id ON sessions (event_id);
`);
{
  const rnd = random(20261123);
  const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
  const text = (s) => (s === null ? 'NULL' : `'${s}'`);
  const events = [];
  const sessions = [];
  for (let id = 0; id < EVENTS; id++) {
    events.push(`(${id}, ${text(pick(['Active', 'Active', 'Completed', null]))})`);
    const count = Math.floor(rnd() * 9);
    for (let i = 0; i < count; i++) {
      const status = pick(['Active', 'Active', 'Active', 'Cancelled', null]);
      const capacity = rnd() < 0.05 ? 'NULL' : String(Math.floor(rnd() * 200));
      sessions.push(`(${id}, ${text(status)}, ${capacity})`);
    }
  }
  await db.exec(
    `INSERT INTO events VALUES ${events.join(', ')}; INSERT INTO sessions VALUES ${sessions.join(', ')}; ANALYZE;`,
  );
}

/** Each filter with the hand-written query for the same rows. */
const CASES = [
  {
    filter: 'Sessions/any(s: s/Capacity gt 190)',
    hand: { sql: 'EXISTS (SELECT 1 FROM sessions s WHERE s.event_id = e."Id" AND s."Capacity" > $1)', params: [190] },
  },
  {
    // A null Status fails `all`, so the hand-written query must say so too.
    filter: "Sessions/all(s: s/Status eq 'Active')",
    hand: {
      sql: `NOT EXISTS (SELECT 1 FROM sessions s WHERE s.event_id = e."Id" AND (s."Status" <> $1 OR s."Status" IS NULL))`,
      params: ['Active'],
    },
  },
  {
    filter: "Status eq 'Active' and Sessions/any(s: s/Capacity gt 150 and s/Status eq 'Cancelled')",
    hand: {
      sql: `e."Status" = $1 AND EXISTS (SELECT 1 FROM sessions s WHERE s.event_id = e."Id" AND s."Capacity" > $2 AND s."Status" = $3)`,
      params: ['Active', 150, 'Cancelled'],
    },
  },
];

const count = async ({ sql, params }) =>
  (await db.query(`SELECT count(*)::int AS n FROM events e WHERE ${sql}`, params)).rows[0].n;

// Both must find the same rows before either is timed.
for (const c of CASES) {
  const compiled = compileSql(check(c.filter, schema), options);
  const [ours, theirs] = [await count(compiled), await count(c.hand)];
  if (ours !== theirs)
    throw new Error(`${c.filter}: odata-filter finds ${ours} rows, the hand-written query ${theirs}`);
}

await compareAsync({
  title: `Lambda on PGlite: count of ${EVENTS.toLocaleString('en')} events matching a filter over their sessions (a child table with an index on its foreign key)`,
  competitors: [
    { name: 'odata-filter', run: (c) => count(compileSql(check(c.filter, schema), options)) },
    { name: 'hand-written EXISTS', run: (c) => count(c.hand) },
  ],
  inputs: CASES,
  baseline: 'hand-written EXISTS',
  unit: 'queries',
  rounds: 5,
  ms: 400,
});
await db.close();
