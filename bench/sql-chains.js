// SQL chains bench: how SQLite's time to prepare a statement grows with the terms of an `or`
// chain, on sql.js. Equalities of one member (`Qty eq 1 or Qty eq 2 or …`) compile to one
// `IN (…)` list (src/lower/equality-lists.ts); SQLite's planner takes time growing with the square
// of the terms of an `OR` of equalities, and about linear time for an `IN` list. Per chain shape
// and length, from 10 to 10,000 terms (the parse limits raised to take them), the median prepare
// time of the compiled SQL beside two hand-written statements over the same bound values, run in
// the same process: the `IN` list and the `OR` chain of the same equalities (nested as the dialect
// nests a long chain), and the time to check and compile the filter. Each shape ends with
// the exponent of a least-squares fit of log(time) on log(terms) over the whole range and over
// 1,000–10,000 terms (1 is linear, 2 quadratic). `npm run build && node bench/sql-chains.js`
import initSqlJs from 'sql.js';
import { performance } from 'node:perf_hooks';
import { check, defineSchema } from '../dist/index.js';
import { compileSql, sqlite } from '../dist/backends/sql/index.js';

const schema = defineSchema({
  name: 'T',
  properties: { Id: { type: 'Edm.Int32', nullable: false }, Qty: 'Edm.Int32', Name: 'Edm.String' },
});
const LIMITS = { maxNodes: 200_000, maxLength: 2_000_000 };
const COMPILE = { dialect: sqlite, maxSqlLength: 10_000_000 };
const SIZES = [10, 30, 100, 300, 1000, 3000, 10_000];

const SQL = await initSqlJs();
const db = new SQL.Database();
db.run('CREATE TABLE T (Id INTEGER NOT NULL, Qty INTEGER, Name TEXT)');

/** Median milliseconds of an operation, over repeats filling at least about 150 ms. */
function medianMs(operation) {
  const times = [];
  const start = performance.now();
  do {
    const t0 = performance.now();
    operation();
    times.push(performance.now() - t0);
  } while (times.length < 3 || (performance.now() - start < 150 && times.length < 500));
  times.sort((a, b) => a - b);
  return times[times.length >> 1];
}

/** Median milliseconds to prepare (and free) a statement. */
const prepareMs = (text) => medianMs(() => db.prepare(text).free());

/**
 * `(a OR b OR …)` as SQLite takes it: at most 12 terms flat, a longer chain as a chain of at most
 * 12 parenthesised chains (SQLite refuses an expression deeper than 1,000), as the dialect writes it.
 */
function nested(items) {
  if (items.length <= 12) return `(${items.join(' OR ')})`;
  let size = 12;
  while (size * 12 < items.length) size *= 12;
  const parts = [];
  for (let i = 0; i < items.length; i += size) parts.push(nested(items.slice(i, i + size)));
  return `(${parts.join(' OR ')})`;
}

const terms = (n, term, op) => Array.from({ length: n }, (_, i) => term(i)).join(` ${op} `);
const placeholders = (n) => Array.from({ length: n }, () => '?').join(', ');

const SHAPES = [
  {
    name: 'Qty eq i or … (one IN list)',
    filter: (n) => terms(n, (i) => `Qty eq ${i}`, 'or'),
    hand: {
      'IN (…)': (n) => `SELECT Id FROM T WHERE ("Qty" IN (${placeholders(n)}))`,
      'OR chain': (n) => `SELECT Id FROM T WHERE ${nested(Array.from({ length: n }, () => '"Qty" = ?'))}`,
    },
  },
  {
    name: "Name eq 'i' or … (one IN list)",
    filter: (n) => terms(n, (i) => `Name eq '${i}'`, 'or'),
    hand: {
      'IN (…)': (n) => `SELECT Id FROM T WHERE ("Name" IN (${placeholders(n)}))`,
      'OR chain': (n) => `SELECT Id FROM T WHERE ${nested(Array.from({ length: n }, () => '"Name" = ?'))}`,
    },
  },
  {
    name: "Qty eq i or Name eq 'i' or … (two IN lists)",
    filter: (n) => terms(n, (i) => (i % 2 ? `Name eq '${i}'` : `Qty eq ${i}`), 'or'),
    hand: {},
  },
  {
    name: 'Qty lt i or … (a chain)',
    filter: (n) => terms(n, (i) => `Qty lt ${i}`, 'or'),
    hand: {},
  },
  {
    name: '(Qty eq i and Id gt i) or … (a chain)',
    filter: (n) => terms(n, (i) => `(Qty eq ${i} and Id gt ${i})`, 'or'),
    hand: {},
  },
];

/** The slope of the least-squares line through (log n, log t). */
function exponent(points) {
  const xs = points.map(([n]) => Math.log(n));
  const ys = points.map(([, t]) => Math.log(t));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return num / den;
}

for (const shape of SHAPES) {
  const hands = Object.keys(shape.hand);
  console.log(`\nprepare on sql.js: ${shape.name}`);
  console.log(
    `| terms | compile ms | odata-filter prepare ms |${hands.map((h) => ` hand-written ${h} ms |`).join('')}`,
  );
  console.log(`|---:|---:|---:|${hands.map(() => '---:|').join('')}`);
  const series = { 'odata-filter': [] };
  for (const h of hands) series[h] = [];
  for (const n of SIZES) {
    const text = shape.filter(n);
    const compile = () => compileSql(check(text, schema, LIMITS), COMPILE).sql;
    const sql = compile();
    const compileMs = medianMs(compile);
    const ours = prepareMs(`SELECT Id FROM T WHERE ${sql}`);
    series['odata-filter'].push([n, ours]);
    const cells = hands.map((h) => {
      const ms = prepareMs(shape.hand[h](n));
      series[h].push([n, ms]);
      return ` ${ms.toFixed(3)} |`;
    });
    console.log(`| ${n} | ${compileMs.toFixed(2)} | ${ours.toFixed(3)} |${cells.join('')}`);
  }
  for (const [name, points] of Object.entries(series)) {
    const tail = points.filter(([n]) => n >= 1000);
    console.log(
      `exponent of ${name}: ${exponent(points).toFixed(2)} over 10–10,000 terms, ${exponent(tail).toFixed(2)} over 1,000–10,000`,
    );
  }
}
db.close();
