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
import { LONG, runs as sizedRuns } from '../../support/test-size.js';

const runs = (n: number): number => sizedRuns(n, n * 25);
/** The long mode's runs take minutes. */
const timeout = LONG ? 3_600_000 : undefined;
const schema = lambdaTestSchema;

/** Valid filters, and texts made from them: cut short, a slice left out, a character put in. */
const arbFilter = arbFilterText(schema, { lambdas: true, maxDepth: 3 });
const arbText: fc.Arbitrary<string> = fc.oneof(
  arbFilter,
  fc
    .tuple(arbFilter, fc.nat(), fc.nat({ max: 6 }))
    .map(([f, at, length]) => f.slice(0, at % (f.length + 1)) + f.slice((at % (f.length + 1)) + length)),
  fc
    .tuple(arbFilter, fc.nat(), fc.constantFrom('(', ')', "'", '/', ',', ' and ', ' eq ', 'x', '@', '$', '[', '"', ':'))
    .map(([f, at, c]) => f.slice(0, at % (f.length + 1)) + c + f.slice(at % (f.length + 1))),
  fc.string({ maxLength: 40 }),
);

describe('diagnose', () => {
  it(
    'never throws, and reports each issue check() finds at its range (none for a valid filter)',
    () => {
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
          for (const { code, start, end } of issues)
            expect(found).toContainEqual(expect.objectContaining({ code, start, end }));
          for (const d of found) expect(0 <= d.start && d.start <= d.end && d.end <= text.length).toBe(true);
        }),
        { numRuns: runs(300) },
      );
    },
    timeout,
  );
});

describe('complete', () => {
  it(
    'never throws, and its range holds the cursor',
    () => {
      fc.assert(
        fc.property(arbText, fc.nat(), (text, n) => {
          const cursor = n % (text.length + 1);
          const { from, to } = complete(text, cursor, schema);
          expect(from <= cursor && cursor <= to && to <= text.length).toBe(true);
        }),
        { numRuns: runs(300) },
      );
    },
    timeout,
  );

  /** Finishes a few items of the completion at the end of a valid filter's prefix into valid filters; returns how many. */
  const offersOnlyFinishable = (filter: string, n: number, pick: number): number => {
    const prefix = filter.slice(0, n % (filter.length + 1));
    const { from, to, items } = complete(prefix, prefix.length, schema);
    // A few items of each completion, spread over the list.
    const tried = Math.min(items.length, 3);
    for (let i = 0; i < tried; i++) {
      const item = items[(pick + i * 7) % items.length]!;
      const written = prefix.slice(0, from) + item.insert + prefix.slice(to);
      expect(finishes(written, schema, 2), `${JSON.stringify(prefix)} + ${JSON.stringify(item.insert)}`).toBe(true);
    }
    return tried;
  };

  it(
    'offers, within a prefix of a valid filter, only items that lead on to a valid filter',
    () => {
      let offered = 0;
      fc.assert(
        fc.property(arbFilter, fc.nat(), fc.nat(), (filter, n, pick) => {
          offered += offersOnlyFinishable(filter, n, pick);
        }),
        { numRuns: runs(150) },
      );
      // Scaled as the runs are: 100 at the default size.
      expect(offered).toBeGreaterThan(sizedRuns(100));
    },
    timeout,
  );

  it.each([
    // A call begun in the first argument of a call nested three deep: eight pieces finish it.
    [
      "contains($it/String, concat(tolower(Owner/Manager/Name), replace('Completed', $it/Owner/Manager/Name, 'a_b')))",
      104055683,
      0,
    ],
    // An instant in cast's first argument, cast for fractionalseconds(): a comparison must not be offered after it.
    ["fractionalseconds(cast(datetime'1970-01-01T00:00:00.001Z', 'Edm.DateTime')) in Amounts", 955995642, 0],
    // A cast in a cast, in a call's second argument: finished through two type names.
    ["substring(cast(False, Edm.String), cast(Int32, Edm.Int32)) eq 'a'", 40, 44],
    // A cast offered inside a call inside a cast: finished through two type names, one of them the instant's.
    ["startswith(cast(TIME(DateTimeOffsetReq), 'Edm.String'), $it/StringReq)", 836151756, 11],
    // A list's parenthesis after a complex value: finished through the structure's value offered in it.
    ['Owner/Manager in ({"Id":null,"Name":"Wellington","Salary":0,"Active":null})', 152637277, 0],
    // A null item of such a list: finished through another item, a structure's value.
    [
      'Owner/Manager in ({"Id":null,"Name":null,"Salary":null,"Active":null}) and Owner/Badges/any(x0: Id eq 0.0f) and (Address eq null)',
      18,
      0,
    ],
  ])('offers only items that lead on to a valid filter, in a prefix of %j', (filter, n, pick) => {
    expect(offersOnlyFinishable(filter, n, pick)).toBeGreaterThan(0);
  });

  it('finishes a cast begun as the second argument of a call in a call, both lacking arguments', () => {
    // Eight pieces, one of them a type name: REPLACE(replace('a_b', cast(null, Edm.String), null), null, null) eq null.
    const prefix = "REPLACE(replace('a_b', ";
    expect(complete(prefix, prefix.length, schema).items.map((i) => i.insert)).toContain('cast(');
    expect(finishes(`${prefix}cast(`, schema, 2)).toBe(true);
  });
});

/**
 * What may be appended to a filter being finished, in the order tried: the end of a call or a
 * lambda, one more argument (a type for cast and isof, with its call's end: the parser reads
 * `Edm.String` as a type only there), an operand, a comparison.
 */
const PIECES = [
  ')',
  ', null',
  ...EDM_TYPES.map((type) => `, ${type})`),
  ' null',
  ' eq null',
  ' in (null)',
  " ''",
  ' true',
  ' (null)',
  " Sales.Color'Red'",
  " has Sales.Color'Red'",
];
/** Most texts checked while finishing one by trying every way, and most pieces appended. */
const MOST_TRIED = 20_000;
/**
 * Most texts checked or diagnosed while finishing one best-first: a cast begun inside a call inside
 * a cast (`startswith(cast(TIME(` + `cast(`) takes some 3,300, its two type names among 16.
 */
const MOST_GUIDED = 5_000;
const MOST_PIECES = 12;

/**
 * Whether `text` becomes a filter check() accepts: pieces appended one by one, keeping only texts
 * the parser reads to their end (more needed, nothing wrong); after a `/`, the completions offered
 * there (`depth` levels of them). Tried first best-first: among the texts in which diagnose()
 * finds nothing wrong before their end, the one with fewest pieces (the rarer ones counted twice)
 * plus twice the parentheses left open, which finds an ending deep in nested calls after a few
 * dozen texts; then, for the rest,
 * every way of appending, the shortest endings first. Either way a `true` is a text check()
 * accepted.
 */
function finishes(text: string, schema: Schema, depth: number): boolean {
  return guidedFinish(text, schema, depth) || exhaustiveFinish(text, schema, depth);
}

/**
 * The texts one piece (or, after a `/`, one completion) longer than `text` that the parser reads
 * to their end. Where a structure's value may go (after `eq`, `ne`, in an `in` list or after one
 * of its items), the structure's values offered there are pieces too: no fixed piece writes one.
 */
function extensions(text: string, schema: Schema, expansions: number): string[] {
  const next = !text.endsWith('/')
    ? [
        ...PIECES.map((piece) => text + piece),
        ...(/(\b(eq|ne|in) *\(|, |\b(eq|ne) )$/i.test(text)
          ? structureValues(text, schema)
          : /\bin *\([^()]*$/i.test(text)
            ? structureValues(`${text}, `, schema)
            : []),
      ]
    : expansions > 0
      ? completionsOf(text, schema)
      : [];
  return next.filter(readsToEnd);
}

/** `text` with each structure's value complete() offers at its end. */
function structureValues(text: string, schema: Schema): string[] {
  return completionsOf(text, schema).filter((written) => written[text.length] === '{');
}

function accepted(text: string, schema: Schema): boolean {
  try {
    check(text, schema);
    return true;
  } catch {
    return false;
  }
}

/** The pieces that finish most texts: the others cost twice as much in the best-first search. */
const COMMON_PIECES: ReadonlySet<string> = new Set([')', ', null', ' null', ' eq null']);

interface Waiting {
  readonly text: string;
  readonly pieces: number;
  readonly cost: number;
  readonly expansions: number;
  readonly open: number;
  /** The order it was put in: the first waiting goes first among equals. */
  readonly seq: number;
}

/**
 * Whether `a` goes before `b`: lower cost plus twice the parentheses left open (each needs a piece
 * to close it, and more when its call lacks arguments, so a text that closes one is tried before
 * one that only grows), then fewer parentheses open, then waiting longer.
 */
function before(a: Waiting, b: Waiting): boolean {
  const pa = a.cost + 2 * a.open;
  const pb = b.cost + 2 * b.open;
  return pa !== pb ? pa < pb : a.open !== b.open ? a.open < b.open : a.seq < b.seq;
}

/** A binary heap of the texts waiting, the first by before() on top. */
class WaitingTexts {
  readonly #heap: Waiting[] = [];

  get size(): number {
    return this.#heap.length;
  }

  push(entry: Waiting): void {
    const heap = this.#heap;
    heap.push(entry);
    for (let i = heap.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  pop(): Waiting {
    const heap = this.#heap;
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      for (let i = 0; ; ) {
        const [left, right] = [2 * i + 1, 2 * i + 2];
        let first = i;
        if (left < heap.length && before(heap[left]!, heap[first]!)) first = left;
        if (right < heap.length && before(heap[right]!, heap[first]!)) first = right;
        if (first === i) break;
        [heap[i], heap[first]] = [heap[first]!, heap[i]!];
        i = first;
      }
    }
    return top;
  }
}

function guidedFinish(text: string, schema: Schema, depth: number): boolean {
  const waiting = new WaitingTexts();
  let seq = 0;
  waiting.push({ text, pieces: 0, cost: 0, expansions: depth, open: openParentheses(text), seq: seq++ });
  let tried = 0;
  while (waiting.size > 0 && tried <= MOST_GUIDED) {
    const current = waiting.pop();
    tried++;
    if (accepted(current.text, schema)) return true;
    if (current.pieces === MOST_PIECES) continue;
    const expansions = current.text.endsWith('/') ? current.expansions - 1 : current.expansions;
    for (const next of extensions(current.text, schema, current.expansions)) {
      tried++;
      if (!wrongOnlyAtItsEnd(next, schema)) continue;
      const cost =
        current.cost + (current.text.endsWith('/') || COMMON_PIECES.has(next.slice(current.text.length)) ? 1 : 2);
      waiting.push({
        text: next,
        pieces: current.pieces + 1,
        cost,
        expansions,
        open: openParentheses(next),
        seq: seq++,
      });
    }
  }
  return false;
}

function exhaustiveFinish(text: string, schema: Schema, depth: number): boolean {
  let tried = 0;
  const visit = (current: string, pieces: number, expansions: number): boolean => {
    if (tried > MOST_TRIED) return false;
    if (pieces === 0) {
      tried++;
      return accepted(current, schema);
    }
    const left = current.endsWith('/') ? expansions - 1 : expansions;
    return extensions(current, schema, expansions).some((candidate) => visit(candidate, pieces - 1, left));
  };
  for (let pieces = 0; pieces <= MOST_PIECES; pieces++) if (visit(text, pieces, depth)) return true;
  return false;
}

/** Whether diagnose() finds nothing wrong in `text` before its end (what ends there, a comparison appended may mend). */
function wrongOnlyAtItsEnd(text: string, schema: Schema): boolean {
  const end = text.trimEnd().length;
  return diagnose(text, schema).every((d) => d.code === 'unexpected_end' || d.end >= end);
}

/** Parentheses opened and not closed, outside string literals. */
function openParentheses(text: string): number {
  let open = 0;
  let inString = false;
  for (const c of text) {
    if (c === "'") inString = !inString;
    else if (!inString && c === '(') open++;
    else if (!inString && c === ')') open--;
  }
  return Math.max(open, 0);
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
