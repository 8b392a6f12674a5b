// Parse throughput against the peer OData filter parsers, on filters a client of the service
// sends, plus a size sweep that shows parse time growing linearly with input length.
// Run: npm run build && node bench/parse.js

import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { accepted, compare, timingLoop } from './harness.js';
import { parse } from '../dist/index.js';

const require = createRequire(import.meta.url);
const odataParser = require('@odata/parser');
const odataV4Parser = require('odata-v4-parser');
const legacyOdataParser = require('odata-parser');

/** Filters a client of the service sends (shared with test/parse/fast-path.prop.test.ts). */
export const FILTERS = require('./parse-filters.json');

/** Each competitor's call, as its package documents it; odata-parser reports failure in the result. */
const competitors = [
  { name: 'odata-filter', run: (f) => parse(f) },
  { name: '@odata/parser', run: (f) => odataParser.defaultParser.filter(f) },
  { name: 'odata-v4-parser', run: (f) => odataV4Parser.filter(f) },
  {
    name: 'odata-parser',
    run: (f) => {
      const r = legacyOdataParser.parse(`$filter=${f}`);
      return r.error ? undefined : r;
    },
  },
];

const label = (f) => (f.length > 60 ? `${f.slice(0, 57)}…` : f);

const all = await compare({
  title: 'Parse: representative filters (each parser timed on the filters it accepts)',
  competitors,
  inputs: FILTERS,
  baseline: 'odata-filter',
  unit: 'filters',
  label,
});

// The same comparison restricted to filters every parser accepts, so no one is timed on easier input.
const common = FILTERS.filter((f) => competitors.every((c) => accepted(c.run, [f]).ok.length === 1));
const fair = await compare({
  title: `Parse: the ${common.length} filters every parser accepts`,
  competitors,
  inputs: common,
  baseline: 'odata-filter',
  unit: 'filters',
  label,
});
for (const [name, rows] of [
  ['all filters', all],
  ['common filters', fair],
]) {
  const ours = rows.find((r) => r.name === 'odata-filter').rate;
  const fastestPeer = Math.max(...rows.filter((r) => r.name !== 'odata-filter').map((r) => r.rate));
  console.log(`\nodata-filter vs the fastest peer (${name}): ${(ours / fastestPeer).toFixed(1)}×`);
}

// Per filter: our rate, the fastest peer that accepts that filter, and the ratio, so no aggregate
// hides a filter where a peer is close. Competitors are interleaved in rounds; rates are medians.
console.log(
  '\nParse: per filter, against the fastest peer that accepts it (filters/s, median of 5 interleaved rounds)',
);
console.log('| filter | odata-filter | fastest peer | peer | ratio |');
console.log('|---|---:|---|---:|---:|');
const ratios = [];
const loops = new Map(competitors.map((c) => [c.name, timingLoop(c.name)]));
const rate = (c, input, ms) => loops.get(c.name)(c.run, [input], ms);
for (const filter of FILTERS) {
  const takers = competitors.filter((c) => accepted(c.run, [filter]).ok.length === 1);
  const samples = new Map(takers.map((c) => [c.name, []]));
  for (const c of takers) rate(c, filter, 50); // warm-up
  for (let round = 0; round < 5; round++) {
    for (const c of takers) samples.get(c.name).push(rate(c, filter, 80));
  }
  const rates = takers.map((c) => ({ name: c.name, rate: median(samples.get(c.name)) }));
  const ours = rates.find((r) => r.name === 'odata-filter').rate;
  const peers = rates.filter((r) => r.name !== 'odata-filter').sort((a, b) => b.rate - a.rate);
  const best = peers[0];
  if (best) ratios.push(ours / best.rate);
  const cells = best ? [best.name, fmt(best.rate), `${(ours / best.rate).toFixed(1)}×`] : ['none accepts it', '–', '–'];
  console.log(`| \`${label(filter)}\` | ${fmt(ours)} | ${cells.join(' | ')} |`);
}
const geomean = Math.exp(ratios.reduce((sum, r) => sum + Math.log(r), 0) / ratios.length);
console.log(
  `\nPer-filter ratio over the ${ratios.length} filters some peer accepts: lowest ${Math.min(...ratios).toFixed(1)}×, geometric mean ${geomean.toFixed(1)}×`,
);

// Against JSON.parse of the tree itself: the same tree read from its JSON text, the least a
// reader of a tree from text can do. Each filter's tree is written as JSON beforehand (a bigint as
// its digits); one input holds both texts, so both competitors read the same field of it.
const trees = FILTERS.map((filter) => ({
  filter,
  json: JSON.stringify(parse(filter), (_key, v) => (typeof v === 'bigint' ? String(v) : v)),
}));
const againstJson = await compare({
  title: "Parse against JSON.parse of the filter's tree written as JSON",
  competitors: [
    { name: 'odata-filter', run: (i) => parse(i.filter) },
    { name: 'JSON.parse of the tree', run: (i) => JSON.parse(i.json) },
  ],
  inputs: trees,
  baseline: 'odata-filter',
  unit: 'filters',
  label: (i) => label(i.filter),
});
const jsonRate = againstJson.find((r) => r.name === 'JSON.parse of the tree').rate;
console.log(
  `\nodata-filter vs JSON.parse of the tree: ${(againstJson.find((r) => r.name === 'odata-filter').rate / jsonRate).toFixed(2)}×`,
);

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

// Size sweep: the same shapes at 1×, 10×, 100× length; characters per second should stay flat.
const SHAPES = {
  'or chain': (n) => Array.from({ length: n }, (_, i) => `Id eq ${i}`).join(' or '),
  'add chain': (n) => `Id ${Array.from({ length: n }, (_, i) => `add ${i}`).join(' ')} gt 0`,
  'string literal': (n) => `Name eq '${"it''s ".repeat(n * 4)}'`,
  'nested parentheses': (n) => `${'('.repeat(n)}Id eq 1${')'.repeat(n)}`,
};
const limits = { maxLength: 10_000_000, maxDepth: 100_000, maxNodes: 10_000_000 };
console.log('\nParse: size sweep (raised limits), characters per second at 1×, 10×, 100× input size');
console.log('| shape | chars at 1× | 1× | 10× | 100× |');
console.log('|---|---:|---:|---:|---:|');
for (const [name, make] of Object.entries(SHAPES)) {
  const base = name === 'nested parentheses' ? 10 : 20;
  const rates = [1, 10, 100].map((k) => {
    const text = make(base * k);
    return charsPerSecond(() => parse(text, limits), text.length);
  });
  console.log(`| ${name} | ${make(base).length} | ${rates.map(fmt).join(' | ')} |`);
}

function charsPerSecond(fn, chars) {
  for (let i = 0; i < 5; i++) fn();
  const samples = [];
  for (let round = 0; round < 5; round++) {
    let n = 0;
    const start = performance.now();
    do {
      fn();
      n++;
    } while (performance.now() - start < 150);
    samples.push((n * chars * 1000) / (performance.now() - start));
  }
  return samples.sort((a, b) => a - b)[2];
}

function fmt(n) {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)} M` : `${(n / 1e3).toFixed(0)} k`;
}
