// A load run: a fixed mix of both interfaces' requests, each with the status and media type it
// must be answered with, sent by concurrent clients over one keep-alive agent until a count of
// requests is reached or a time runs out; what it reports is how many, how many answered wrongly
// (the first few named), and the latencies.

import { Agent, request as httpRequest } from 'node:http';

export const A = '/demo/api/2012-02-01/auth/resources/';
export const B = '/api/2012-02-01/pub/resources/';

/** One request of the mix, as sent, with what must come back. */
export interface LoadRequest {
  readonly api: 'A' | 'B';
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The user it is sent as (interface A), for the report. */
  readonly user?: string;
  readonly status: number;
  /** Other statuses that are right answers too, any media type (a statement timeout's 503). */
  readonly alternatives?: readonly number[];
  /** The media type the Content-Type must name (parameters and case aside); undefined when none is required (406). */
  readonly contentType: string | undefined;
}

export interface LatencyStats {
  readonly count: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
}

export interface LoadReport {
  /** Requests answered or failed (less than asked for when the time ran out first). */
  readonly requests: number;
  readonly errors: number;
  /** At most 10: the request, what was expected and what came. */
  readonly firstErrors: string[];
  /** From the first request sent to the last one finished. */
  readonly seconds: number;
  readonly perSecond: number;
  /** Milliseconds; `costly`, the repeated request's, is not in the others (nor in `requests`). */
  readonly latency: {
    readonly all: LatencyStats;
    readonly a: LatencyStats;
    readonly b: LatencyStats;
    readonly costly: LatencyStats;
  };
  readonly clients: number;
  readonly seed: number;
}

export interface LoadOptions {
  /** The service's scheme and authority, `http://127.0.0.1:8080`. */
  readonly base: string;
  readonly clients: number;
  readonly requests: number;
  readonly seconds: number;
  /** The PRNG's seed for the requests drawn from the mix; 1 by default. */
  readonly seed?: number;
  /**
   * A request one more client repeats, one at a time, while the others run the mix (the costliest
   * a user may send: costliest-request.ts); its answers are checked and counted apart.
   */
  readonly costly?: LoadRequest;
}

/** How long a request may still take once the time is up, before it counts as failed. */
const GRACE_MS = 10_000;
const MOST_ERRORS_SHOWN = 10;

const BASIC = {
  admin: `Basic ${Buffer.from('admin:admin-demo').toString('base64')}`,
  'events-only': `Basic ${Buffer.from('events-only:events-demo').toString('base64')}`,
} as const;

const XML = 'application/xml';
const JSON_TYPE = 'application/json';
const JAVASCRIPT = 'application/javascript';

/** An interface A request: `query` is the option string, its values percent-encoded here. */
function a(
  collection: string,
  query: Record<string, string | number> = {},
  user: keyof typeof BASIC = 'admin',
  status = 200,
): LoadRequest {
  return {
    api: 'A',
    path: `${A}${collection}${queryString(query)}`,
    headers: { Authorization: BASIC[user] },
    user,
    status,
    contentType: XML,
  };
}

function b(
  collection: string,
  query: Record<string, string | number> = {},
  headers: Record<string, string> = { Accept: 'application/json' },
  status = 200,
  contentType: string | undefined = JSON_TYPE,
): LoadRequest {
  return { api: 'B', path: `${B}${collection}${queryString(query)}`, headers, status, contentType };
}

function queryString(query: Record<string, string | number>): string {
  // Percent-encoded, but for the characters a query may hold as they are (RFC 3986), as a user writes them.
  const encode = (value: string): string =>
    encodeURIComponent(value).replace(/%(2F|2C|3A)/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const pairs = Object.entries(query).map(([name, value]) => `${name}=${encode(String(value))}`);
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}

/** A number in [0, n) from the PRNG. */
const below = (random: () => number, n: number): number => Math.floor(random() * n);

/** One entry of the mix: how often it is drawn, and the request it makes (some draw an id or a page). */
export interface MixEntry {
  readonly weight: number;
  readonly make: (random: () => number) => LoadRequest;
}

const fixed = (weight: number, request: LoadRequest): MixEntry => ({ weight, make: () => request });

/** The demo data's events are 1–640 (DEMO_SIZES). */
const EVENTS = 640;

/** The mix: about two thirds interface A (the heavier one), a refusal of each kind now and then. */
export const MIX: readonly MixEntry[] = [
  // Interface A, as admin: filtered pages, paging, expansion, members, the other collections.
  fixed(4, a('events/', { filter: "Status eq 'Active'", top: 20 })),
  fixed(3, a('events/', { filter: 'year(StartDateTime) eq 2012', skip: 20, top: 20 })),
  fixed(3, a('events/', { filter: "substringof('a', LocationName)", top: 50 })),
  fixed(3, a('events/', { filter: "Sessions/any(s: s/Status eq 'Active')", top: 25, expand: 'Event/TimeZone' })),
  fixed(
    2,
    a('events/', {
      filter: "Status eq 'Active' and Registrations/any(r: r/Contact/PostalAddress/City eq 'Sydney')",
      top: 10,
    }),
  ),
  { weight: 4, make: (random) => a('events/', { skip: below(random, EVENTS), top: 10 }) },
  fixed(3, a('events/', { top: 20, expand: 'Event/TimeZone' })),
  fixed(2, a('events/', { top: 10, expand: 'Event/Sessions/Presenter' })),
  { weight: 6, make: (random) => a(`events/${1 + below(random, EVENTS)}/`) },
  fixed(2, a('contacts/', { top: 50 })),
  fixed(2, a('registrations/', { top: 25, expand: 'Registration/Contact' })),
  fixed(2, a('timezones/')),
  // Interface A, refused: a user who may read events only, and a misspelt property.
  fixed(1, a('contacts/', { top: 10 }, 'events-only', 403)),
  fixed(1, a('events/', { filter: "Staus eq 'Active'" }, 'admin', 400)),
  // Interface B.
  fixed(3, b('presenters/', { fields: 'PresenterID,FullName,Profile', top: 20 })),
  fixed(2, b('presenters/', { skip: 10, top: 10, includeTotalCount: 'true' })),
  fixed(2, b('venues/', { region: 'nz', top: 50 })),
  fixed(2, b('timezones/', { format: 'json', fields: 'Name,UtcOffset,TzNames' }, {})),
  fixed(
    2,
    b('eventtemplatecategoryitems/', {
      categoryIDs: '1,7,10',
      fields: 'CategoryID,Title,Uri,BestAdvertisedOffers',
      region: 'nz',
    }),
  ),
  fixed(1, b('timezones/', { callback: 'app.on.data', top: 5 }, { Accept: '*/*' }, 200, JAVASCRIPT)),
  fixed(2, b('presenters/', { top: 50 }, { Accept: 'application/json', 'Accept-Encoding': 'gzip' })),
  // Interface B, refused: neither an Accept nor format=json.
  fixed(1, { ...b('timezones/', {}, {}, 406), contentType: undefined }),
];

const TOTAL_WEIGHT = MIX.reduce((sum, entry) => sum + entry.weight, 0);

/** A request drawn from the mix, by weight. */
export function drawRequest(random: () => number): LoadRequest {
  let left = random() * TOTAL_WEIGHT;
  for (const entry of MIX) {
    left -= entry.weight;
    if (left < 0) return entry.make(random);
  }
  return MIX[MIX.length - 1]!.make(random);
}

/** mulberry32: a small, fast, seeded PRNG of numbers in [0, 1). */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The request as the report names it. */
export function describeRequest(request: LoadRequest): string {
  const extras = Object.entries(request.headers)
    .filter(([name]) => name !== 'Authorization')
    .map(([name, value]) => `${name}: ${value}`);
  if (request.user !== undefined) extras.unshift(`as ${request.user}`);
  return `GET ${request.path}${extras.length === 0 ? '' : ` (${extras.join(', ')})`}`;
}

const expectation = (request: LoadRequest): string =>
  `${request.status}${request.contentType === undefined ? '' : ` ${request.contentType}`}`;

/**
 * Whether the answer fits the request: its status the expected one, and its Content-Type the
 * expected media type (any, or none, where none is required). Undefined when it fits, else what is
 * wrong, naming the request, what was expected and what came.
 */
export function checkResponse(
  request: LoadRequest,
  status: number,
  contentType: string | undefined,
): string | undefined {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  const fits =
    (status === request.status && (request.contentType === undefined || mediaType === request.contentType)) ||
    (request.alternatives?.includes(status) ?? false);
  if (fits) return undefined;
  return `${describeRequest(request)}: expected ${expectation(request)}, got ${status} ${contentType ?? '(no Content-Type)'}`;
}

interface Outcome {
  readonly ms: number;
  /** Undefined when the answer fits. */
  readonly error: string | undefined;
}

/** Sends one request and reads its answer to the end (so the socket goes back to the agent). */
function send(agent: Agent, url: URL, request: LoadRequest, timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const elapsed = (): number => Number(process.hrtime.bigint() - started) / 1e6;
    let settled = false;
    const settle = (error: string | undefined): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ms: elapsed(), error });
    };
    const outgoing = httpRequest(
      { agent, host: url.hostname, port: url.port, path: request.path, method: 'GET', headers: request.headers },
      (response) => {
        const error = checkResponse(request, response.statusCode ?? 0, response.headers['content-type']);
        response.on('data', () => {});
        response.on('end', () => settle(error));
        response.on('error', (failure) =>
          settle(
            `${describeRequest(request)}: expected ${expectation(request)}, got a broken response (${failure.message})`,
          ),
        );
        response.on('close', () => {
          if (!response.complete)
            settle(`${describeRequest(request)}: expected ${expectation(request)}, got a response cut short`);
        });
      },
    );
    const timer = setTimeout(() => {
      settle(
        `${describeRequest(request)}: expected ${expectation(request)}, got no answer within ${(timeoutMs / 1000).toFixed(1)} s`,
      );
      outgoing.destroy();
    }, timeoutMs);
    outgoing.on('error', (failure: NodeJS.ErrnoException) =>
      settle(
        `${describeRequest(request)}: expected ${expectation(request)}, got a connection failure (${failure.code ?? failure.message})`,
      ),
    );
    outgoing.end();
  });
}

/** Nearest-rank percentiles of the latencies, in ms; zeros when there are none. */
function statsOf(latencies: number[]): LatencyStats {
  const sorted = Float64Array.from(latencies).sort();
  const rank = (p: number): number =>
    sorted.length === 0 ? 0 : sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return {
    count: sorted.length,
    p50: rank(50),
    p90: rank(90),
    p99: rank(99),
    max: sorted.length === 0 ? 0 : sorted[sorted.length - 1]!,
  };
}

/**
 * Runs `clients` workers that share one counter, so that exactly `requests` are sent unless
 * `seconds` runs out first (then no new request starts, and one under way gets a few more seconds).
 * The requests are drawn from the mix in order by a PRNG seeded with `seed`: the same seed sends
 * the same requests. Never rejects for a failed request: that is an error of the report.
 */
export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const { clients, requests, seconds } = options;
  for (const [name, value] of [
    ['clients', clients],
    ['requests', requests],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, not ${value}`);
  }
  if (!(seconds > 0)) throw new RangeError(`seconds must be positive, not ${seconds}`);
  const seed = options.seed ?? 1;
  const url = new URL(options.base);
  const random = prng(seed);
  const agent = new Agent({ keepAlive: true, maxSockets: clients + 1 });
  const latencies = { all: [] as number[], a: [] as number[], b: [] as number[], costly: [] as number[] };
  const firstErrors: string[] = [];
  let errors = 0;
  let issued = 0;

  const started = process.hrtime.bigint();
  const deadline = Date.now() + seconds * 1000;
  const worker = async (): Promise<void> => {
    while (issued < requests && Date.now() < deadline) {
      issued += 1;
      const request = drawRequest(random);
      const outcome = await send(agent, url, request, deadline - Date.now() + GRACE_MS);
      latencies.all.push(outcome.ms);
      (request.api === 'A' ? latencies.a : latencies.b).push(outcome.ms);
      if (outcome.error !== undefined) {
        errors += 1;
        if (firstErrors.length < MOST_ERRORS_SHOWN) firstErrors.push(outcome.error);
      }
    }
  };
  let mixDone = false;
  const costlyWorker = async (costly: LoadRequest): Promise<void> => {
    while (!mixDone && Date.now() < deadline) {
      const outcome = await send(agent, url, costly, deadline - Date.now() + GRACE_MS);
      latencies.costly.push(outcome.ms);
      if (outcome.error !== undefined) {
        errors += 1;
        if (firstErrors.length < MOST_ERRORS_SHOWN) firstErrors.push(outcome.error);
      }
    }
  };
  try {
    const costly = options.costly === undefined ? Promise.resolve() : costlyWorker(options.costly);
    await Promise.all(Array.from({ length: clients }, worker)).finally(() => {
      mixDone = true;
    });
    await costly;
  } finally {
    agent.destroy();
  }
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  return {
    requests: latencies.all.length,
    errors,
    firstErrors,
    seconds: elapsed,
    perSecond: elapsed > 0 ? latencies.all.length / elapsed : 0,
    latency: {
      all: statsOf(latencies.all),
      a: statsOf(latencies.a),
      b: statsOf(latencies.b),
      costly: statsOf(latencies.costly),
    },
    clients,
    seed,
  };
}

/** The report in a few aligned lines. */
export function formatReport(report: LoadReport): string {
  const columns = (label: string, cells: readonly string[]): string =>
    `  ${label.padEnd(10)}${cells.map((cell) => cell.padStart(10)).join('')}`;
  const row = (label: string, stats: LatencyStats): string =>
    columns(label, [String(stats.count), ...[stats.p50, stats.p90, stats.p99, stats.max].map((ms) => ms.toFixed(1))]);
  const lines = [
    `${report.requests} requests in ${report.seconds.toFixed(1)} s by ${report.clients} clients (seed ${report.seed}): ${report.perSecond.toFixed(1)} requests/s, ${report.errors} error${report.errors === 1 ? '' : 's'}`,
    columns('latency', ['requests', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms']),
    row('all', report.latency.all),
    row('A (XML)', report.latency.a),
    row('B (JSON)', report.latency.b),
    ...(report.latency.costly.count === 0 ? [] : [row('costliest', report.latency.costly)]),
  ];
  if (report.firstErrors.length > 0) {
    lines.push(
      `  first ${report.firstErrors.length} error${report.firstErrors.length === 1 ? '' : 's'}:`,
      ...report.firstErrors.map((error) => `    ${error}`),
    );
  }
  return lines.join('\n');
}
