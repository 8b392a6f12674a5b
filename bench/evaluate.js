// Evaluate bench: compiled predicates over 100,000 generated rows (with nulls), side by side with
// a hand-written function (the baseline), odata-v4-inmemory, and mingo and sift on the equivalent
// Mongo query. `npm run build && node bench/evaluate.js`
import { createFilter } from 'odata-v4-inmemory';
import { Query } from 'mingo';
import sift from 'sift';
import { check } from '../dist/index.js';
import { compilePredicate } from '../dist/backends/memory/index.js';
import { compare } from './harness.js';
import { makeRooms, roomSchema } from './_rooms.js';

const schema = roomSchema;
const rows = makeRooms();

const cases = [
  {
    filter: "Status eq 'Active' and Capacity gt 50 and startswith(Name,'A')",
    hand: (r) => r.Status === 'Active' && r.Capacity !== null && r.Capacity > 50 && r.Name !== null && r.Name.startsWith('A'),
    mongo: { Status: 'Active', Capacity: { $gt: 50 }, Name: { $regex: /^A/ } },
  },
  {
    filter: "Capacity ge 10 and Capacity le 100 or Status eq 'Closed'",
    hand: (r) => (r.Capacity !== null && r.Capacity >= 10 && r.Capacity <= 100) || r.Status === 'Closed',
    mongo: { $or: [{ Capacity: { $gte: 10, $lte: 100 } }, { Status: 'Closed' }] },
  },
  {
    filter: "Address/City eq 'Paris' and Price lt 100.5",
    hand: (r) => r.Address !== null && r.Address.City === 'Paris' && r.Price !== null && r.Price < 100.5,
    mongo: { 'Address.City': 'Paris', Price: { $lt: 100.5 } },
  },
  {
    filter: "contains(Name,'ur') or Price gt 450.5",
    hand: (r) => (r.Name !== null && r.Name.includes('ur')) || (r.Price !== null && r.Price > 450.5),
    mongo: { $or: [{ Name: { $regex: /ur/ } }, { Price: { $gt: 450.5 } }] },
  },
];

for (const { filter, hand, mongo } of cases) {
  const typed = check(filter, schema);
  const generated = compilePredicate(typed);
  const closures = compilePredicate(typed, { codegen: false });
  // odata-v4-inmemory throws on some rows with null fields; those count as non-matches here.
  const peerFilter = createFilter(filter);
  let peerThrows = 0;
  const peer = (r) => {
    try {
      return peerFilter(r);
    } catch {
      peerThrows++;
      return false;
    }
  };
  const mingoQuery = new Query(mongo);
  const siftTest = sift(mongo);
  const expected = rows.filter(hand).length;
  const counts = { generated: rows.filter(generated).length, closures: rows.filter(closures).length };
  if (counts.generated !== expected || counts.closures !== expected) {
    throw new Error(`${filter}: expected ${expected} matches, got ${JSON.stringify(counts)}`);
  }
  await compare({
    title: `evaluate: ${filter} (${expected} of ${rows.length} rows match)`,
    unit: 'rows',
    baseline: 'hand-written',
    inputs: rows,
    rounds: 5,
    ms: 250,
    competitors: [
      { name: 'hand-written', run: hand },
      { name: 'odata-filter (generated)', run: generated },
      { name: 'odata-filter (closures)', run: closures },
      { name: 'odata-v4-inmemory', run: (r) => peer(r) },
      { name: 'mingo', run: (r) => mingoQuery.test(r) },
      { name: 'sift', run: (r) => siftTest(r) },
    ],
  });
  if (peerThrows) console.log(`\nodata-v4-inmemory threw on ${rows.filter((r) => { try { peerFilter(r); return false; } catch { return true; } }).length} of ${rows.length} rows (null fields).`);
}
