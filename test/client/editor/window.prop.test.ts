// complete() reads a long filter's top-level operand around the cursor, the others checked once
// alone (src/client/editor/window.ts): what it offers is what reading the whole text in every
// trial offers, on chains of random filters (valid, cut, mended), at random cursors, for every
// version and for limits near the text's own size.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { complete, type EditorOptions } from '../../../src/client/index.js';
import { EVERY_TRIAL, Window } from '../../../src/client/editor/window.js';
import { defineSchema, type Schema } from '../../../src/index.js';
import { Event } from '../../../src/examples/events/index.js';
import { arbFilterText, lambdaTestSchema } from '../../support/arbitraries.js';
import { LONG, runs as sizedRuns } from '../../support/test-size.js';

const runs = (n: number): number => sizedRuns(n, n * 25);
const timeout = LONG ? 3_600_000 : undefined;
const schema = lambdaTestSchema;

const everyTrial = (options: EditorOptions): EditorOptions => ({ ...options, [EVERY_TRIAL]: true }) as EditorOptions;

/** The completion through a window, and read whole: the same. */
function expectSame(text: string, cursor: number, options: EditorOptions, on = schema): void {
  expect(complete(text, cursor, on, options)).toEqual(complete(text, cursor, on, everyTrial(options)));
}

const arbFilter = arbFilterText(schema, { lambdas: true, maxDepth: 2 });
/** A filter with something put in, or cut out, where a user may be typing. */
const arbEdited: fc.Arbitrary<string> = fc.oneof(
  arbFilter,
  fc.tuple(arbFilter, fc.nat()).map(([f, at]) => f.slice(0, at % (f.length + 1))),
  fc
    .tuple(arbFilter, fc.nat(), fc.constantFrom('(', ')', "'", '/', ',', ' and ', ' or ', 'cast(', 'x', '@', ' '))
    .map(([f, at, c]) => f.slice(0, at % (f.length + 1)) + c + f.slice(at % (f.length + 1))),
);
/** A top-level chain of filters, one of them perhaps being edited; some operands not conditions. */
const arbChain: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(fc.oneof(arbFilter, fc.constantFrom('Name', '1', 'null', '(true)', "'a'")), {
      minLength: 1,
      maxLength: 3,
    }),
    arbEdited,
    fc.array(arbFilter, { maxLength: 3 }),
    fc.array(fc.constantFrom(' and ', ' or ', ' AND ', ')and(', ' and('), { minLength: 6, maxLength: 6 }),
  )
  .map(([before, editing, after, joins]) =>
    [...before, editing, ...after].reduce((text, operand, i) => {
      const join = joins[i]!;
      // `)and(` and ` and(` join parenthesised operands.
      if (join === ')and(') return `(${text})and(${operand})`;
      return join === ' and(' ? `${text} and(${operand})` : `${text}${join}${operand}`;
    }),
  );

const arbOptions: fc.Arbitrary<EditorOptions> = fc.record(
  {
    version: fc.constantFrom('2.0', '3.0', '4.0', '4.01'),
    maxStringCost: fc.constantFrom(2_000, 5_000, 200_000),
    maxCollectionSize: fc.constantFrom(3, 100),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<EditorOptions>;

describe('complete() through a window', () => {
  it(
    'offers what reading the whole text offers',
    () => {
      fc.assert(
        fc.property(arbChain, fc.nat(), arbOptions, arbOptions, (text, n, options, others) => {
          // The second completion may take the operands the first left out as they were remembered.
          expectSame(text, n % (text.length + 1), options);
          expectSame(text, n % (text.length + 1), others);
          expectSame(text, n % (text.length + 1), options);
        }),
        { numRuns: runs(300) },
      );
    },
    timeout,
  );

  it(
    'offers what reading the whole text offers, with limits near the text’s size',
    () => {
      fc.assert(
        fc.property(arbChain, fc.nat(), fc.integer({ min: -12, max: 12 }), (text, n, near) => {
          const cursor = n % (text.length + 1);
          for (const options of [
            { maxNodes: Math.max(1, Math.floor(text.length / 3) + near) },
            { maxDepth: Math.max(1, 8 + near) },
            { maxLength: Math.max(0, text.length + near) },
          ])
            expectSame(text, cursor, options);
        }),
        { numRuns: runs(150) },
      );
    },
    timeout,
  );
});

describe('complete() in an unfinished cast or isof', () => {
  /** A filter with a cast or isof, cut inside one's value (`year(cast(Start`), after other operands. */
  const arbInCast: fc.Arbitrary<[string, number]> = fc
    .tuple(arbFilter, arbFilterText(schema, { maxDepth: 3 }), fc.nat(), fc.nat())
    .map(([before, filter, which, n]): [string, number] | undefined => {
      const opens = [...filter.matchAll(/\b(?:cast|isof)\(/gi)].map((m) => m.index + m[0].length);
      if (opens.length === 0) return undefined;
      const open = opens[which % opens.length]!;
      const cut = open + (n % (filter.length - open + 1));
      const text = `${before} and ${filter.slice(0, cut)}`;
      return [text, text.length];
    })
    .filter((found): found is [string, number] => found !== undefined);

  it(
    'offers what trying every type the call may name offers',
    () => {
      fc.assert(
        fc.property(arbInCast, fc.constantFrom<EditorOptions>({}, { version: '3.0' }), ([text, cursor], options) => {
          expectSame(text, cursor, options);
        }),
        { numRuns: runs(200) },
      );
    },
    timeout,
  );

  it('does not try the types what encloses the call refuses, nor those a candidate converts to none of', () => {
    const text = 'year(cast(';
    expect(complete(text, text.length, Event).items.map((item) => item.label)).toContain('StartDateTime');
    expectSame(text, text.length, {}, Event);
    for (const text of [
      'year(cast(StartDateTime ',
      'isof(Code ',
      'cast(EventID add ',
      'length(cast(EventID ',
      'cast(Code ',
    ])
      expectSame(text, text.length, {}, Event);
    expect(complete('year(cast(StartDateTime ', 24, Event).items.map((item) => item.label)).toEqual(['add', 'sub']);
    expectSame("cast(binary'', Edm.Binary) eq cast(Code, Edm.Binary)", 16, {}, Event);
    // EventID converts to no Boolean, but EventID eq … does: `eq` is tried where the cast names Edm.Boolean.
    const comparing = "Status eq 'A' and cast(EventID ";
    expect(complete(comparing, comparing.length, Event).items.map((item) => item.label)).toContain('eq');
    expectSame(comparing, comparing.length, {}, Event);
  });
});

describe('the window', () => {
  const prefix = "tolower(Code) eq 'x' and ";
  const text = `${prefix}length(concat(Code, )) gt 1 and Status eq 'Active'`;
  const cursor = text.indexOf(', )') + 2;

  it('is taken where the filter has operands to leave out', () => {
    expect(Window.around(text, cursor, cursor, Event, {})?.text).toBe('true and length(concat(Code, )) gt 1 and true');
  });

  it('counts the string cost of the operands it leaves out', () => {
    // tolower(Code) returns up to 3,072 characters, concat(Code, Code) 2,048: together beyond the
    // limit, which concat(Code, '') is not.
    const options = { maxStringCost: 4_500 };
    const labels = complete(text, cursor, Event, options).items.map((item) => item.label);
    expect(labels).toContain("''");
    expect(labels).not.toContain('Code');
    expectSame(text, cursor, options, Event);
    // Beyond the limit in the rest it leaves out, after the cursor.
    const later = `length(concat(Code, )) gt 1 and ${prefix}true`;
    expectSame(later, later.indexOf(', )') + 2, options, Event);
    expect(complete(later, later.indexOf(', )') + 2, Event, options).items.map((item) => item.label)).not.toContain(
      'Code',
    );
  });

  it('leaves out an operand that is no condition as one, so that no trial is a whole filter', () => {
    // EventID is no condition: the filter has an issue whatever is written, and its string cost is
    // never reckoned, so concat(Code, Code) fits where it would pass the limit.
    const dirty = `EventID and length(concat(Code, )) gt 1`;
    const at = dirty.indexOf(', )') + 2;
    expect(Window.around(dirty, at, at, Event, {})?.text).toBe('1 and length(concat(Code, )) gt 1');
    const options = { maxStringCost: 1_500 };
    expect(complete(dirty, at, Event, options).items.map((item) => item.label)).toContain('Code');
    expectSame(dirty, at, options, Event);
  });

  it('remembers the operands it leaves out for their schema, options and text only', () => {
    const rest = ' and year(cast(StartDateTime, Edm.DateTimeOffset)) eq 2012';
    const window = (prefix: string, on: Schema, options: EditorOptions = {}): string | undefined =>
      Window.around(prefix + rest, prefix.length + 14, prefix.length + 14, on, options)?.text;
    expect(window('Code eq @p', Event, { aliases: { p: "'x'" } })).toMatch(/^true and /);
    // The alias's value makes the operand no condition, then a condition again.
    expect(window('Code eq @p', Event, { aliases: { p: '1' } })).toMatch(/^1 and /);
    expect(window('Code eq @p', Event, { aliases: { p: "'x'" } })).toMatch(/^true and /);
    expect(window('Code eq @p', Event)).toMatch(/^1 and /);
    // Another schema, where Code is a number.
    const other = defineSchema({
      name: 'Other',
      properties: { Code: 'Edm.Int32', StartDateTime: 'Edm.DateTimeOffset' },
    });
    expect(window("Code eq 'x'", Event)).toMatch(/^true and /);
    expect(window("Code eq 'x'", other)).toMatch(/^1 and /);
    // Another version: date-time arithmetic came with 4.0, and before it only a typed filter
    // shows it, which the window cannot stand for.
    const later = "StartDateTime add duration'P1D' gt StartDateTime";
    expect(window(later, Event, { version: '4.0' })).toMatch(/^true and /);
    expect(window(later, Event, { version: '3.0' })).toBeUndefined();
    expect(window(later, Event, { version: '4.0' })).toMatch(/^true and /);
    // Another text.
    expect(window("Code eq 'x'", Event)).toMatch(/^true and /);
    expect(window('Code eq 1', Event)).toMatch(/^1 and /);
  });

  it('leaves out an operand with issues whose calls are typed only to find the issues around them', () => {
    // concat(Nope, 'a') is typed Edm.String with no arguments, so that length() can be checked.
    const text = "length(concat(Nope, 'a')) gt 1 and Code eq ";
    expectSame(text, text.length, {}, Event);
  });

  it('reads a trial near a limit in the whole text', () => {
    for (let maxNodes = 1; maxNodes < 40; maxNodes++) expectSame(text, cursor, { maxNodes }, Event);
    for (let maxDepth = 1; maxDepth < 12; maxDepth++) expectSame(text, cursor, { maxDepth }, Event);
    for (let maxLength = text.length - 5; maxLength < text.length + 25; maxLength++)
      expectSame(text, cursor, { maxLength }, Event);
  });
});
