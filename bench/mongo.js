// Mongo bench: mingo's Query.test over 100,000 generated rows (with nulls), the document that
// compileMongo writes vs a hand-written Mongo query for the same filter, in one run.
// `npm run build && node bench/mongo.js`
import { Context, evalExpr } from 'mingo/core';
import { Query } from 'mingo/query';
import * as expressionOperators from 'mingo/operators/expression';
import * as queryOperators from 'mingo/operators/query';
import { check } from '../dist/index.js';
import { compileMongo } from '../dist/backends/mongo/index.js';
import { compare } from './harness.js';
import { makeRooms, roomSchema } from './_rooms.js';

const schema = roomSchema;
const rows = makeRooms();

// mingo's regexes are JavaScript's: PCRE's \A and \z become ^ and (?![\s\S]) (same meaning).
function forMingo(value) {
  if (Array.isArray(value)) return value.map(forMingo);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === '$regex' ? new RegExp(v.replace(/\\A/g, '^').replace(/\\z/g, '(?![\\s\\S])')) : forMingo(v),
    ]),
  );
}

// mingo lacks $indexOfCP, and its date parts throw on a null date where MongoDB's return null;
// registered as MongoDB behaves (code points, null for a null or missing string or date, UTC), for
// both queries alike.
const datePart = (part) => (obj, expr, options) => {
  const d = evalExpr(obj, expr, options);
  if (d === null || d === undefined) return null;
  if (!(d instanceof Date)) throw new Error('a date part expects a date');
  return part(d);
};
const context = Context.init({
  query: queryOperators,
  expression: {
    ...expressionOperators,
    $year: datePart((d) => d.getUTCFullYear()),
    $month: datePart((d) => d.getUTCMonth() + 1),
    $dayOfMonth: datePart((d) => d.getUTCDate()),
    $hour: datePart((d) => d.getUTCHours()),
    $minute: datePart((d) => d.getUTCMinutes()),
    $second: datePart((d) => d.getUTCSeconds()),
    $indexOfCP: (obj, expr, options) => {
      const [s, t] = evalExpr(obj, expr, options);
      if (s === null || s === undefined) return null;
      const unit = s.indexOf(t);
      return unit === -1 ? -1 : [...s.slice(0, unit)].length;
    },
  },
});
const query = (document) => new Query(document, { context });

const cases = [
  {
    filter: "Status eq 'Active' and Capacity gt 50 and startswith(Name,'A')",
    hand: { Status: 'Active', Capacity: { $gt: 50 }, Name: { $regex: /^A/ } },
  },
  {
    filter: "Capacity ge 10 and Capacity le 100 or Status eq 'Closed'",
    hand: { $or: [{ Capacity: { $gte: 10, $lte: 100 } }, { Status: 'Closed' }] },
  },
  {
    filter: "Address/City eq 'Paris' and Price lt 100.5d",
    hand: { 'Address.City': 'Paris', Price: { $lt: 100.5 } },
  },
  {
    filter: 'not (Capacity gt 50)',
    hand: { $or: [{ Capacity: { $lte: 50 } }, { Capacity: null }] },
  },
  {
    filter: 'length(Name) gt 8',
    hand: { $expr: { $and: [{ $eq: [{ $type: '$Name' }, 'string'] }, { $gt: [{ $strLenCP: '$Name' }, 8] }] } },
  },
  {
    filter: "indexof(Name,'a') eq 1",
    hand: { $expr: { $eq: [{ $indexOfCP: ['$Name', 'a'] }, 1] } },
  },
  {
    filter: 'Capacity add 5 gt 60',
    hand: { $expr: { $gt: [{ $add: ['$Capacity', 5] }, 60] } },
  },
  {
    filter: 'year(CreatedDateTime) eq 2012',
    hand: {
      $expr: {
        $and: [{ $eq: [{ $type: '$CreatedDateTime' }, 'date'] }, { $eq: [{ $year: '$CreatedDateTime' }, 2012] }],
      },
    },
  },
  {
    filter: 'length(Name) lt 8',
    hand: { $expr: { $and: [{ $eq: [{ $type: '$Name' }, 'string'] }, { $lt: [{ $strLenCP: '$Name' }, 8] }] } },
  },
];

for (const { filter, hand } of cases) {
  const ours = query(forMingo(compileMongo(check(filter, schema))));
  const theirs = query(hand);
  const count = (q) => rows.reduce((n, r) => n + (q.test(r) ? 1 : 0), 0);
  const [a, b] = [count(ours), count(theirs)];
  if (a !== b) throw new Error(`${filter}: compileMongo matches ${a} rows, the hand-written query ${b}`);
  await compare({
    title: `${filter}  (${a} of ${rows.length} rows match)`,
    unit: 'rows',
    inputs: rows,
    baseline: 'hand-written query',
    competitors: [
      { name: 'hand-written query', run: (r) => theirs.test(r) },
      { name: 'compileMongo document', run: (r) => ours.test(r) },
    ],
    rounds: 5,
    ms: 250,
  });
}
