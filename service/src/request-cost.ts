// What one authenticated request may cost the database, by engine (docs/service.md,
// "Availability"). PostgreSQL stops a statement at its timeout and when the client hangs up, so
// the package's default string cost holds there. PGlite runs each statement to its end in this
// process's thread, every other request waiting: there the bound is tight enough that the costliest
// request a user may send takes about 300 ms, and a user's requests run one at a time.

import type { FilterLimits } from './authenticated/collections.js';
import type { ConcurrencyLimits } from './http/concurrency-limit.js';

/**
 * The most elements a collection of the service holds, which the string cost counts a lambda's
 * body by: an event's registrations, at most 120 in the demo data (service/test/request-cost.test.ts
 * holds the data to it).
 */
export const LARGEST_COLLECTION = 120;

/** The string cost on PGlite: characters per row (the package's default is 1,048,576). */
export const PGLITE_MAX_STRING_COST = 4_096;

export interface RequestCost {
  readonly filterLimits: FilterLimits;
  readonly perUser: ConcurrencyLimits;
}

/** A user's requests beyond those under way wait in a queue this long; beyond it they are 429. */
const WAITING_PER_USER = 64;

export const POSTGRES_REQUEST_COST: RequestCost = {
  filterLimits: { maxCollectionSize: LARGEST_COLLECTION },
  // Four of the pool's ten connections at most: no user can hold them all.
  perUser: { perKey: 4, waitingPerKey: WAITING_PER_USER },
};

export const PGLITE_REQUEST_COST: RequestCost = {
  filterLimits: { maxCollectionSize: LARGEST_COLLECTION, maxStringCost: PGLITE_MAX_STRING_COST },
  // One at a time: PGlite runs one statement at a time anyway, and a user's costly requests then
  // delay the others' by one request at most, not by as many as they send at once.
  perUser: { perKey: 1, waitingPerKey: WAITING_PER_USER },
};
