// The policy leaks nothing, in memory (test/support/noninterference.ts): over two datasets that
// differ only in what the caller may not see, every request gets the same response — pages,
// order, counts, next links followed to the end, or the same refusal — and most are answered.
// Requests call the model's functions too (test/support/crm-model.ts), with their implementations.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyQuery } from '../../src/backends/memory/index.js';
import { arbDatasetPair, arbQuery, respond } from '../support/noninterference.js';
import type { CustomerRow } from '../support/noninterference.js';
import { runs } from '../support/test-size.js';
import { crmFunctions } from '../support/crm-model.js';

describe('noninterference in memory', () => {
  it('answers every request alike over datasets that differ only in what the caller may not see', async () => {
    let answered = 0;
    let asked = 0;
    const over = (rows: readonly CustomerRow[]) => async (plan: Parameters<typeof applyQuery>[1]) =>
      applyQuery(rows, plan, { functions: crmFunctions });
    await fc.assert(
      fc.asyncProperty(arbDatasetPair, fc.array(arbQuery, { minLength: 4, maxLength: 4 }), async ([a, b], queries) => {
        for (const query of queries) {
          const links: string[] = [];
          const first = await respond(query, over(a), (url) => links.push(url));
          expect(await respond(query, over(b)), query).toEqual(first);
          // A member that may order but not be shown shows in no page, link or token.
          const tokens = links.map((url) =>
            Buffer.from(new URL(url).searchParams.get('$skiptoken') ?? '', 'base64url').toString('latin1'),
          );
          expect(JSON.stringify([first, links.map(decodeURIComponent), tokens]), query).not.toContain('ssn-');
          asked++;
          if ('pages' in first) answered++;
        }
      }),
      { numRuns: runs(150) },
    );
    // A policy that refused everything would pass the comparison: most requests are answered.
    expect(answered / asked).toBeGreaterThanOrEqual(0.7);
  });
});
