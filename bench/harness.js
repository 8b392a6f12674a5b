// Shared bench harness: runs competitors side by side in one process, interleaved over several
// rounds so machine noise hits all of them alike, and prints a table of ratios against a baseline.
// Each competitor is timed in a loop of its own (timingLoop). Figures are medians of rounds;
// absolute numbers vary between machines, the ratios much less.

import { performance } from 'node:perf_hooks';

/**
 * @typedef {object} Competitor
 * @property {string} name
 * @property {() => (unknown | Promise<unknown>)} [setup] runs once; not timed
 * @property {(input: any) => unknown} run   one operation on one input
 * @property {'silence' | 'refusal'} [logging] what the competitor's console output is: silenced
 *   while it runs, so the terminal's time is not timed as its own ('silence'); or, besides, the
 *   sign that it could not handle the input, which then counts as rejected ('refusal')
 */

const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug'];

/**
 * Runs `f` with the console's methods replaced by one that counts calls: a peer's logging is
 * neither printed nor timed. Returns f's result and the number of calls.
 */
export function silenced(f) {
  const saved = CONSOLE_METHODS.map((m) => console[m]);
  let calls = 0;
  const count = () => {
    calls++;
  };
  for (const m of CONSOLE_METHODS) console[m] = count;
  try {
    return { result: f(), calls: () => calls };
  } finally {
    CONSOLE_METHODS.forEach((m, i) => {
      console[m] = saved[i];
    });
  }
}

/** Loops made so far in this process: the number makes each loop's source text its own. */
let loopsMade = 0;

/**
 * A timing loop of its own for one competitor. A loop shared by every competitor calls each `run`
 * through one call site, which V8 then sees as megamorphic: it stops inlining and the figures
 * measure the call, not the competitor. So each competitor gets a loop compiled from its own
 * source text (V8 shares type feedback between functions made from identical text, so the text
 * names the competitor and numbers the loop: a competitor of the same name in the next comparison
 * of a bench gets a loop of its own too). The loop returns operations per second over about `ms` milliseconds,
 * reading the clock after each pass of at least 16 operations, so the clock is not what is timed.
 * @param {string} name
 * @returns {(run: (input: any) => unknown, inputs: unknown[], ms: number) => number}
 */
export function timingLoop(name) {
  const source = `// timing loop ${++loopsMade} of ${JSON.stringify(name)}
return function measure(run, inputs, ms) {
  const passes = Math.max(1, Math.ceil(16 / inputs.length));
  let ops = 0;
  let sink = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    for (let p = 0; p < passes; p++) {
      for (let i = 0; i < inputs.length; i++) {
        if (run(inputs[i])) sink++;
      }
    }
    ops += passes * inputs.length;
    elapsed = performance.now() - start;
  } while (elapsed < ms);
  globalThis.__benchSink = sink;
  return (ops * 1000) / elapsed;
};`;
  return new Function('performance', source)(performance);
}

/**
 * An asynchronous timing loop of its own for one competitor (see timingLoop), for operations that
 * return a promise, such as a query on an embedded database: each is awaited before the next.
 * @param {string} name
 * @returns {(run: (input: any) => Promise<unknown>, inputs: unknown[], ms: number) => Promise<number>}
 */
export function timingLoopAsync(name) {
  const source = `// asynchronous timing loop ${++loopsMade} of ${JSON.stringify(name)}
return async function measure(run, inputs, ms) {
  let ops = 0;
  let sink = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    for (let i = 0; i < inputs.length; i++) {
      if (await run(inputs[i])) sink++;
    }
    ops += inputs.length;
    elapsed = performance.now() - start;
  } while (elapsed < ms);
  globalThis.__benchSink = sink;
  return (ops * 1000) / elapsed;
};`;
  return new Function('performance', source)(performance);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Splits inputs into those a competitor accepts and rejects (throws or returns `undefined`, or,
 * where its logging is a refusal, logs).
 */
export function accepted(run, inputs, logging) {
  const ok = [];
  const rejected = [];
  for (const input of inputs) {
    const { result: r, calls } = silenced(() => {
      try {
        return run(input);
      } catch {
        return undefined;
      }
    });
    if (r === undefined || (logging === 'refusal' && calls() > 0)) rejected.push(input);
    else ok.push(input);
  }
  return { ok, rejected };
}

/**
 * Benchmarks competitors on the same inputs and prints a table.
 * @param {object} options
 * @param {string} options.title
 * @param {Competitor[]} options.competitors
 * @param {unknown[]} options.inputs
 * @param {string} options.baseline name of the competitor the ratios are relative to
 * @param {string} [options.unit] what one operation is, e.g. "filters" or "rows"
 * @param {number} [options.rounds]
 * @param {number} [options.ms] time per competitor per round
 * @param {(input: unknown) => string} [options.label] how to name a rejected input
 */
export async function compare({
  title,
  competitors,
  inputs,
  baseline,
  unit = 'ops',
  rounds = 5,
  ms = 300,
  label = String,
}) {
  const prepared = [];
  for (const c of competitors) {
    if (c.setup) await c.setup();
    const { ok, rejected } = accepted(c.run, inputs, c.logging);
    const loop = timingLoop(c.name);
    // A peer that logs is timed with its console silenced: its own work, not the terminal's.
    const measure = c.logging ? (run, xs, time) => silenced(() => loop(run, xs, time)).result : loop;
    prepared.push({ ...c, ok, rejected, samples: [], measure });
  }
  for (const c of prepared) if (c.ok.length) c.measure(c.run, c.ok, Math.min(ms, 100)); // warm-up
  for (let round = 0; round < rounds; round++) {
    for (const c of prepared) if (c.ok.length) c.samples.push(c.measure(c.run, c.ok, ms));
  }
  const base = prepared.find((c) => c.name === baseline);
  if (!base) throw new Error(`no baseline ${baseline}`);
  const baseRate = median(base.samples);
  const rows = prepared.map((c) => {
    const rate = c.samples.length ? median(c.samples) : 0;
    return {
      name: c.name,
      rate,
      ratio: baseRate ? rate / baseRate : 0,
      accepted: `${c.ok.length}/${inputs.length}`,
      rejected: c.rejected.map(label),
    };
  });
  printTable(title, rows, unit, baseline);
  return rows;
}

/**
 * As compare(), for competitors whose `run` returns a promise (awaited, each in its own
 * asynchronous loop). Every competitor must accept every input.
 */
export async function compareAsync({ title, competitors, inputs, baseline, unit = 'ops', rounds = 5, ms = 300 }) {
  const prepared = competitors.map((c) => ({ ...c, samples: [], measure: timingLoopAsync(c.name) }));
  for (const c of prepared) await c.measure(c.run, inputs, Math.min(ms, 100)); // warm-up
  for (let round = 0; round < rounds; round++) {
    for (const c of prepared) c.samples.push(await c.measure(c.run, inputs, ms));
  }
  const base = prepared.find((c) => c.name === baseline);
  if (!base) throw new Error(`no baseline ${baseline}`);
  const baseRate = median(base.samples);
  const rows = prepared.map((c) => {
    const rate = median(c.samples);
    return { name: c.name, rate, ratio: rate / baseRate, accepted: `${inputs.length}/${inputs.length}`, rejected: [] };
  });
  printTable(title, rows, unit, baseline);
  return rows;
}

function fmt(n) {
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)} M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)} k`;
  return n.toFixed(1);
}

function printTable(title, rows, unit, baseline) {
  console.log(`\n${title}`);
  console.log(`| competitor | ${unit}/s | vs ${baseline} | accepted |`);
  console.log('|---|---:|---:|---:|');
  for (const r of rows) {
    console.log(`| ${r.name} | ${fmt(r.rate)} | ${r.ratio.toFixed(2)}× | ${r.accepted} |`);
  }
  for (const r of rows) {
    if (r.rejected.length) console.log(`\n${r.name} rejects: ${r.rejected.map((s) => `\`${s}\``).join(', ')}`);
  }
}
