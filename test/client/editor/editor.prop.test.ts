// Properties of the editor kit: diagnose never throws and reports every issue check() finds;
// complete never throws; and every completion offered within a valid filter's prefix, inserted at
// its range, keeps the text on a path to a valid filter — shown by finishing it into one that
// check() accepts (operands, closing parentheses and comparisons appended, or further completions).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { complete, diagnose } from '../../../src/client/index.js';
import { check, EDM_TYPES, isFilterError, parse } from '../../../src/index.js';
import type { Schema } from '../../../src/index.js';
import { arbFilterText, lambdaTestSchema } from '../../support/arbitraries.js';

const LONG = process.env['ODATA_FILTER_LONG'] !== undefined;
const runs = (n: number): number => (LONG ? n * 25 : n);
/** The long mode's runs take minutes. */
const timeout = LONG ? 3_600_000 : undefined;
const schema = lambdaTestSchema;

/** Valid filters, and texts made from them: cut short, a slice left out, a character put in. */
const arbFilter = arbFilterText(schema, { lambdas: true, maxDepth: 3 });
const arbText: fc.Arbitrary<string> = fc.oneof(
  arbFilter,
  fc.tuple(arbFilter, fc.nat(), fc.nat({ max: 6 })).map(([f, at, length]) => f.slice(0, at % (f.length + 1)) + f.slice((at % (f.length + 1)) + length)),
  fc.tuple(arbFilter, fc.nat(), fc.constantFrom('(', ')', "'", '/', ',', ' and ', ' eq ', 'x', '@', '$', '[', '"', ':')).map(([f, at, c]) => f.slice(0, at % (f.length + 1)) + c + f.slice(at % (f.length + 1))),
  fc.string({ maxLength: 40 }),
);

describe('diagnose', () => {
  it('never throws, and reports each issue check() finds at its range (none for a valid filter)', () => {
    fc.assert(
      fc.property(arbText, (text) => {
        const found = diagnose(text, schema);
        let issues: readonly { code: string; start: number; end: number }[] = [];
        try {
          check(text, schema);
        } catch (error) {
          if (!isFilterError(error)) throw error;
          issues = error.issues;
        }
        if (issues.length === 0) expect(found).toEqual([]);
        for (const { code, start, end } of issues) expect(found).toContainEqual(expect.objectContaining({ code, start, end }));
        for (const d of found) expect(0 <= d.start && d.start <= d.end && d.end <= text.length).toBe(true);
      }),
      { numRuns: runs(300) },
    );
  }, timeout);
});

describe('complete', () => {
  it('never throws, and its range holds the cursor', () => {
    fc.assert(
      fc.property(arbText, fc.nat(), (text, n) => {
        const cursor = n % (text.length + 1);
        const { from, to } = complete(text, cursor, schema);
        expect(from <= cursor && cursor <= to && to <= text.length).toBe(true);
      }),
      { numRuns: runs(300) },
    );
  }, timeout);

  it('offers, within a prefix of a valid filter, only items that lead on to a valid filter', () => {
    let offered = 0;
    fc.assert(
      fc.property(arbFilter, fc.nat(), fc.nat(), (filter, n, pick) => {
        const prefix = filter.slice(0, n % (filter.length + 1));
        const { from, to, items } = complete(prefix, prefix.length, schema);
        // A few items of each completion, spread over the list.
        for (let i = 0; i < Math.min(items.length, 3); i++) {
          const item = items[(pick + i * 7) % items.length]!;
          const written = prefix.slice(0, from) + item.insert + prefix.slice(to);
          expect(finishes(written, schema, 2), `${JSON.stringify(prefix)} + ${JSON.stringify(item.insert)}`).toBe(true);
          offered++;
        }
      }),
      { numRuns: runs(150) },
    );
    expect(offered).toBeGreaterThan(100);
  }, timeout);
});

/**
 * What may be appended to a filter being finished, in the order tried: the end of a call or a
 * lambda, one more argument (a type for cast and isof, with its call's end: the parser reads
 * `Edm.String` as a type only there), an operand, a comparison.
 */
const PIECES = [')', ', null', ...EDM_TYPES.map((type) => `, ${type})`), ' null', ' eq null', ' in (null)', " ''", ' true', ' (null)', " Sales.Color'Red'", " has Sales.Color'Red'"];
/** Most texts tried while finishing one, and most pieces appended. */
const MOST_TRIED = 20_000;
const MOST_PIECES = 12;

/**
 * Whether `text` becomes a filter check() accepts: pieces appended one by one — the shortest
 * endings first (depth-first search, deepened one piece at a time) — keeping only texts the parser
 * reads to their end (more needed, nothing wrong); after a `/`, the completions offered there
 * (`depth` levels of them).
 */
function finishes(text: string, schema: Schema, depth: number): boolean {
  let tried = 0;
  const accepted = (current: string): boolean => {
    tried++;
    try {
      check(current, schema);
      return true;
    } catch {
      return false;
    }
  };
  const visit = (current: string, pieces: number, expansions: number): boolean => {
    if (tried > MOST_TRIED) return false;
    if (pieces === 0) return accepted(current);
    const next = !current.endsWith('/') ? PIECES.map((piece) => current + piece) : expansions > 0 ? completionsOf(current, schema) : [];
    const left = current.endsWith('/') ? expansions - 1 : expansions;
    return next.some((candidate) => readsToEnd(candidate) && visit(candidate, pieces - 1, left));
  };
  for (let pieces = 0; pieces <= MOST_PIECES; pieces++) if (visit(text, pieces, depth)) return true;
  return false;
}

function completionsOf(text: string, schema: Schema): string[] {
  const { from, to, items } = complete(text, text.length, schema);
  return items.map((item) => text.slice(0, from) + item.insert + text.slice(to));
}

/** Whether the parser reads `text` whole, or fails only at its end (more is needed, nothing is wrong). */
function readsToEnd(text: string): boolean {
  try {
    parse(text);
    return true;
  } catch (error) {
    return isFilterError(error) && error.issues[0]?.code === 'unexpected_end';
  }
}
