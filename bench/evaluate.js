// Evaluate bench: compiled predicates over 100,000 generated rows (with nulls), side by side with
// a hand-written function (the baseline) in one run: the generated predicate in its two modes
// (rows validated, the default; rows trusted, `rows: 'trusted'`), the closures of
// `codegen: false`, and the peers odata-v4-inmemory, mingo and sift on the equivalent query. The
// filters are representative ones (equality, ranges, `or`, `in`, `not`, nested paths, string
// functions, date parts, arithmetic) and a second set written after the code, held out from its
// tuning; then `or` chains of string equalities, 10 to 3,000 terms, against a hand-written chain.
// It ends with each mode's geometric mean and lowest ratio against the hand-written function.
// `npm run build && node bench/evaluate.js` (`--no-peers`: the predicates and the baseline only;
// `--runs 3`: three runs, each in a process of its own, and the median of each filter's ratios).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createFilter } from 'odata-v4-inmemory';
import { Query } from 'mingo';
import sift from 'sift';
import { check } from '../dist/index.js';
import { compilePredicate } from '../dist/backends/memory/index.js';
import { compare } from './harness.js';
import { makeRooms, roomSchema } from './_rooms.js';

const schema = roomSchema;
const rows = makeRooms();
const peers = !process.argv.includes('--no-peers');

const REPRESENTATIVE = [
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

// Written after the code they measure, and not tuned on: where the representative set could flatter it.
const HELD_OUT = [
  {
    filter: "not (Status eq 'Draft') and Id gt 1000",
    hand: (r) => r.Status !== 'Draft' && r.Id > 1000,
    mongo: { Status: { $ne: 'Draft' }, Id: { $gt: 1000 } },
  },
  {
    filter: "Status ne 'Closed' and Price ge 100",
    hand: (r) => r.Status !== 'Closed' && r.Price !== null && r.Price >= 100,
    mongo: { Status: { $ne: 'Closed' }, Price: { $gte: 100 } },
  },
  {
    filter: "Name eq 'Alpha 3' or Name eq 'Echo 5' or Name eq 'Maple 12'",
    hand: (r) => r.Name === 'Alpha 3' || r.Name === 'Echo 5' || r.Name === 'Maple 12',
    mongo: { Name: { $in: ['Alpha 3', 'Echo 5', 'Maple 12'] } },
  },
  {
    filter: "Address/City in ('Paris', 'Rome') and Capacity ge 100",
    hand: (r) =>
      r.Address !== null &&
      (r.Address.City === 'Paris' || r.Address.City === 'Rome') &&
      r.Capacity !== null &&
      r.Capacity >= 100,
    mongo: { 'Address.City': { $in: ['Paris', 'Rome'] }, Capacity: { $gte: 100 } },
  },
  {
    filter: 'Id mod 7 eq 0 and Capacity gt 20',
    hand: (r) => r.Id % 7 === 0 && r.Capacity !== null && r.Capacity > 20,
    mongo: { Id: { $mod: [7, 0] }, Capacity: { $gt: 20 } },
  },
  {
    filter: 'Capacity eq null or Price eq null',
    hand: (r) => r.Capacity === null || r.Price === null,
    mongo: { $or: [{ Capacity: null }, { Price: null }] },
  },
  {
    filter: 'CreatedDateTime ge 2012-01-01T00:00:00Z and CreatedDateTime lt 2013-01-01T00:00:00Z',
    hand: (r) =>
      r.CreatedDateTime !== null &&
      r.CreatedDateTime.getTime() >= 1325376000000 &&
      r.CreatedDateTime.getTime() < 1356998400000,
    mongo: { CreatedDateTime: { $gte: new Date('2012-01-01T00:00:00Z'), $lt: new Date('2013-01-01T00:00:00Z') } },
  },
  {
    filter: "length(Name) gt 8 and Status ne 'Pending'",
    hand: (r) => r.Name !== null && r.Name.length > 8 && r.Status !== 'Pending',
    // Nine code points or more, as length() counts them.
    mongo: { Name: { $regex: /^.{9}/su }, Status: { $ne: 'Pending' } },
  },
];

/** `Name eq 'Alpha 0' or Name eq 'Atrium 1' or …`: n equalities, some of which the rows hold. */
function chainCase(n) {
  const names = Array.from({ length: n }, (_, i) => (i % 3 === 0 ? `Alpha ${i % 97}` : `Nowhere ${i}`));
  const filter = names.map((s) => `Name eq '${s}'`).join(' or ');
  // The hand-written chain as a person would write it, compiled from its own source text.
  const hand = new Function(
    'r',
    `const v = r.Name; return ${names.map((s) => `v === ${JSON.stringify(s)}`).join(' || ')};`,
  );
  return { filter, hand, mongo: { Name: { $in: names } }, label: `${n} equalities of Name` };
}
const CHAINS = [10, 100, 1000, 3000].map(chainCase);

/** A peer's compiled filter, or undefined where the peer cannot read the filter. */
function readable(make) {
  try {
    return make();
  } catch {
    return undefined;
  }
}

const MODES = {
  'odata-filter (trusted)': { rows: 'trusted' },
  'odata-filter (validated)': {},
  'odata-filter (codegen: false)': { codegen: false },
};

/** Per mode, the ratio against the hand-written function of each filter. */
const ratios = Object.fromEntries(Object.keys(MODES).map((m) => [m, []]));

async function measure(set, { filter, hand, mongo, label }) {
  const typed = check(filter, schema, { maxNodes: 100_000, maxLength: 1_000_000 });
  const predicates = Object.entries(MODES).map(([name, options]) => ({ name, run: compilePredicate(typed, options) }));
  const expected = rows.filter(hand).length;
  for (const { name, run } of predicates) {
    const got = rows.filter(run).length;
    if (got !== expected)
      throw new Error(`${filter}: ${name} matches ${got} rows, the hand-written function ${expected}`);
  }
  const competitors = [{ name: 'hand-written', run: hand }, ...predicates];
  if (peers) {
    // odata-v4-inmemory throws on some rows with null fields; those count as non-matches. It
    // cannot read some filters at all (`in`); it is left out of those comparisons. It logs a line
    // per row for some literals: silenced while timed.
    const peerFilter = readable(() => createFilter(filter));
    if (peerFilter) {
      const peer = (r) => {
        try {
          return peerFilter(r);
        } catch {
          return false;
        }
      };
      competitors.push({ name: 'odata-v4-inmemory', run: peer, logging: 'silence' });
    }
    const mingoQuery = readable(() => new Query(mongo));
    const siftTest = readable(() => sift(mongo));
    if (mingoQuery) competitors.push({ name: 'mingo', run: (r) => mingoQuery.test(r) });
    if (siftTest) competitors.push({ name: 'sift', run: (r) => siftTest(r) });
  }
  const table = await compare({
    title: `evaluate (${set}): ${label ?? filter} (${expected} of ${rows.length} rows match)`,
    unit: 'rows',
    baseline: 'hand-written',
    inputs: rows,
    rounds: 5,
    ms: 200,
    competitors,
  });
  for (const mode of Object.keys(MODES))
    ratios[mode].push({ set, filter: label ?? filter, ratio: table.find((r) => r.name === mode).ratio });
}

const summary = (list) => {
  const geomean = Math.exp(list.reduce((sum, r) => sum + Math.log(r.ratio), 0) / list.length);
  const lowest = list.reduce((a, b) => (b.ratio < a.ratio ? b : a));
  return `geometric mean ${geomean.toFixed(2)}×, lowest ${lowest.ratio.toFixed(2)}× (${lowest.filter})`;
};

/** Each mode's geometric mean and lowest ratio, per set of filters; the or chains one by one. */
function report(byMode) {
  console.log('\nAgainst the hand-written function:');
  for (const [mode, list] of Object.entries(byMode)) {
    const filters = list.filter((r) => r.set !== 'or chain');
    for (const set of ['representative', 'held out']) {
      const of = list.filter((r) => r.set === set);
      console.log(`- ${mode}, ${set} (${of.length}): ${summary(of)}`);
    }
    console.log(`- ${mode}, all ${filters.length} filters: ${summary(filters)}`);
    const chains = list.filter((r) => r.set === 'or chain');
    console.log(`- ${mode}, or chains: ${chains.map((r) => `${r.filter} ${r.ratio.toFixed(2)}×`).join(', ')}`);
  }
}

const runsAt = process.argv.indexOf('--runs');
if (runsAt >= 0) {
  // Each run in a fresh process, so that no run's compiled code or type feedback reaches the next.
  const runs = Number(process.argv[runsAt + 1]);
  const args = process.argv.slice(2).filter((_, i) => i !== runsAt - 2 && i !== runsAt - 1);
  const all = [];
  for (let run = 1; run <= runs; run++) {
    const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), ...args], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    const line = out.split('\n').find((l) => l.startsWith('ratios '));
    all.push(JSON.parse(line.slice('ratios '.length)));
    console.log(`run ${run} of ${runs}:\n${out.slice(0, out.indexOf('\nratios '))}`);
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const medians = Object.fromEntries(
    Object.keys(MODES).map((mode) => [
      mode,
      all[0][mode].map((r, i) => ({ ...r, ratio: median(all.map((a) => a[mode][i].ratio)) })),
    ]),
  );
  console.log(`\nPer filter, the median of ${runs} runs' ratios against the hand-written function:`);
  console.log(`| filter | ${Object.keys(MODES).join(' | ')} |`);
  console.log(
    `|---|${Object.keys(MODES)
      .map(() => '---:|')
      .join('')}`,
  );
  const first = medians[Object.keys(MODES)[0]];
  first.forEach((r, i) => {
    console.log(
      `| \`${r.filter}\` | ${Object.keys(MODES)
        .map((m) => `${medians[m][i].ratio.toFixed(2)}×`)
        .join(' | ')} |`,
    );
  });
  report(medians);
} else {
  for (const c of REPRESENTATIVE) await measure('representative', c);
  for (const c of HELD_OUT) await measure('held out', c);
  for (const c of CHAINS) await measure('or chain', c);
  report(ratios);
  // One line the runs above read: per mode, per filter, the ratio.
  console.log(`\nratios ${JSON.stringify(ratios)}`);
}
