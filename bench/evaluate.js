// Evaluate bench: compiled predicates over 100,000 generated rows (with nulls), side by side with
// a hand-written function (the baseline), odata-v4-inmemory, and mingo and sift on the equivalent
// Mongo query, over representative filters (equality, ranges, `or`, `in`, `not`, nested paths,
// string functions, date parts, arithmetic); it ends with the generated predicate's geometric
// mean and lowest ratio against the hand-written function. `npm run build && node bench/evaluate.js`
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
    hand: (r) =>
      r.Status === 'Active' && r.Capacity !== null && r.Capacity > 50 && r.Name !== null && r.Name.startsWith('A'),
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
  {
    filter: "Status in ('Active', 'Pending') and not (Capacity lt 20)",
    // `Capacity lt 20` is false, not null, on a null Capacity (docs/semantics.md, section 2), so its negation matches.
    hand: (r) => (r.Status === 'Active' || r.Status === 'Pending') && !(r.Capacity !== null && r.Capacity < 20),
    mongo: { Status: { $in: ['Active', 'Pending'] }, Capacity: { $not: { $lt: 20 } } },
  },
  {
    filter: "tolower(Name) eq 'alpha 3' or endswith(Name, ' 7')",
    hand: (r) => r.Name !== null && (r.Name.toLowerCase() === 'alpha 3' || r.Name.endsWith(' 7')),
    mongo: { $or: [{ Name: { $regex: /^alpha 3$/i } }, { Name: { $regex: / 7$/ } }] },
  },
  {
    filter: 'year(CreatedDateTime) eq 2012 and month(CreatedDateTime) le 6',
    hand: (r) =>
      r.CreatedDateTime !== null && r.CreatedDateTime.getUTCFullYear() === 2012 && r.CreatedDateTime.getUTCMonth() < 6,
    mongo: { CreatedDateTime: { $gte: new Date('2012-01-01T00:00:00Z'), $lt: new Date('2012-07-01T00:00:00Z') } },
  },
  {
    filter: 'Price mul 2 gt 500 and Capacity add 10 lt 100',
    hand: (r) => r.Price !== null && r.Price * 2 > 500 && r.Capacity !== null && r.Capacity + 10 < 100,
    mongo: { Price: { $gt: 250 }, Capacity: { $lt: 90 } },
  },
];

/** A peer's compiled filter, or undefined where the peer cannot read the filter. */
function readable(make) {
  try {
    return make();
  } catch {
    return undefined;
  }
}

/** The generated predicate's speed against the hand-written function, per filter. */
const ratios = [];

for (const { filter, hand, mongo } of cases) {
  const typed = check(filter, schema);
  const generated = compilePredicate(typed);
  const closures = compilePredicate(typed, { codegen: false });
  // odata-v4-inmemory throws on some rows with null fields; those count as non-matches here. It
  // cannot read some filters at all (`in`); it is left out of those comparisons.
  const peerFilter = readable(() => createFilter(filter));
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
  const table = await compare({
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
      ...(peerFilter ? [{ name: 'odata-v4-inmemory', run: (r) => peer(r) }] : []),
      { name: 'mingo', run: (r) => mingoQuery.test(r) },
      { name: 'sift', run: (r) => siftTest(r) },
    ],
  });
  ratios.push({ filter, ratio: table.find((r) => r.name === 'odata-filter (generated)').ratio });
  if (peerThrows)
    console.log(
      `\nodata-v4-inmemory threw on ${
        rows.filter((r) => {
          try {
            peerFilter(r);
            return false;
          } catch {
            return true;
          }
        }).length
      } of ${rows.length} rows (null fields).`,
    );
}

const geomean = Math.exp(ratios.reduce((sum, r) => sum + Math.log(r.ratio), 0) / ratios.length);
const lowest = ratios.reduce((a, b) => (b.ratio < a.ratio ? b : a));
console.log(
  `\nGenerated predicate against the hand-written function over ${ratios.length} filters: geometric mean ${geomean.toFixed(2)}×, lowest ${lowest.ratio.toFixed(2)}× (${lowest.filter})`,
);
