// Keyset pages and rows read back where times are stored in microseconds (docs/sql.md, "Column
// types"; docs/query.md, "Keyset pages"): a next link carries the last row's value with its
// microseconds (`cast(At, Edm.String)` on the engine), and the rows after it are exactly those
// after it, as in the reference. A SQL source hands each instant, time of day and duration back
// with every digit.

import { describe, expect, it } from 'vitest';
import { applyQuery } from '../../src/backends/memory/index.js';
import { compileSqlQuery, pageOf } from '../../src/backends/sql/index.js';
import { parseQuery } from '../../src/query/index.js';
import type { QueryResource } from '../../src/query/index.js';
import { sqlSource } from '../../src/server/index.js';
import { formatInstant, readStoredInstant } from '../../src/semantics/instant.js';
import { formatDuration, formatTimeOfDay, readDuration, readTimeOfDay } from '../../src/semantics/temporal.js';
import { microsecondRows, microsecondSchema } from '../support/microsecond-table.js';
import { TEST_KEYSET } from '../support/keyset-key.js';
import { followPages } from '../support/follow-pages.js';
import { engineFor, MICROSECOND_ENGINES } from './engines.js';

const BASE = 'https://example.test/readings';
const resource: QueryResource = {
  schema: microsecondSchema,
  key: ['Id'],
  policy: { spelling: 'odata', defaultTop: 2, maxTop: 100, keyset: TEST_KEYSET },
};

/** Ids in each order, null first: instants, times of day and durations a microsecond apart. */
const ORDERS: readonly (readonly [orderby: string, ids: readonly number[]])[] = [
  ['At', [4, 6, 7, 2, 1, 3, 5]],
  ['At desc', [5, 3, 1, 2, 7, 6, 4]],
  ['Opens', [4, 5, 2, 1, 7, 6, 3]],
  ['Wait', [4, 3, 6, 2, 1, 5, 7]],
  ['Wait desc,Id', [7, 5, 1, 2, 6, 3, 4]],
];

/** A row's times in one spelling (UTC, every digit), whatever form a backend gives them in. */
function spelled(row: Record<string, unknown>): Record<string, unknown> {
  const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
  const at = text(row.At);
  const opens = text(row.Opens);
  const wait = row.Wait === null || row.Wait === undefined ? null : row.Wait;
  const instant = at === null ? null : readStoredInstant(at);
  const time = opens === null ? null : readTimeOfDay(opens);
  const duration =
    wait === null ? null : typeof wait === 'number' ? { ok: true, value: wait } : readDuration(String(wait));
  return {
    Id: Number(row.Id),
    At: instant?.ok ? formatInstant(instant.instant) : at,
    Opens: time?.ok ? formatTimeOfDay(time.value) : opens,
    Wait: duration?.ok ? formatDuration(duration.value) : wait,
  };
}

describe('keyset pages over microseconds in the reference', () => {
  it.each(ORDERS)('%s', async (orderby, ids) => {
    for (const top of [1, 2, 3]) {
      const read = await followPages(BASE, resource, { orderby, top, rows: microsecondRows.length }, async (plan) =>
        applyQuery(microsecondRows, plan),
      );
      expect(read.ids).toEqual(ids);
      expect(read.tokens).toBe(Math.ceil(ids.length / top) - 1);
    }
  });
});

for (const setup of MICROSECOND_ENGINES)
  describe.skipIf(!setup.available())(`${setup.name}: times stored in microseconds, paged and read back`, () => {
    const engine = engineFor(setup, microsecondSchema, microsecondRows);
    it.each(ORDERS)('keyset pages in the order %s', async (orderby, ids) => {
      for (const top of [1, 2, 3]) {
        const read = await followPages(BASE, resource, { orderby, top, rows: microsecondRows.length }, async (plan) => {
          const query = compileSqlQuery(plan, { dialect: setup.dialect, from: 'items', table: 'items' });
          return pageOf(await engine().query(query.data.sql, query.data.params), plan);
        });
        expect(read.ids).toEqual(ids);
        expect(read.tokens).toBe(Math.ceil(ids.length / top) - 1);
      }
    });

    it('a SQL source reads every digit back', async () => {
      const source = sqlSource({ ...engine().connection(), table: 'items' });
      const plan = parseQuery('?$orderby=Id&$top=10', resource);
      const page = await source.read(plan, { signal: new AbortController().signal });
      expect(page.items.map((row) => spelled(row as Record<string, unknown>))).toEqual(
        microsecondRows.map((row) => spelled(row as Record<string, unknown>)),
      );
      expect(page.items.find((row) => (row as { Id: number }).Id === 7)).toMatchObject({
        At: expect.stringMatching(/^2012-12-03[T ]22:59:59\.999001/),
        Wait: 'P1DT0.000001S',
      });
    });
  });
