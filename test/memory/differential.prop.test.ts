// The compiled predicate (generated code and closures) agrees with the oracle, a plain
// interpreter of docs/semantics.md, on random well-typed filters over random rows — with row
// values in every representation section 1 of the doc accepts.

import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Property, Schema } from '../../src/index.js';
import type { PrimitiveProperty, StructuredProperty } from '../../src/types/schema.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import {
  arbCollectionSchema,
  arbRows,
  arbTypedFilter,
  lambdaTestSchema,
  testSchema,
  type Row,
} from '../support/arbitraries.js';
import { evaluateOracle } from '../support/oracle.js';
import { LONG, runs } from '../support/test-size.js';

const show = (row: unknown): string =>
  JSON.stringify(row, (_k, v: unknown) =>
    typeof v === 'bigint' ? `${v}n` : Decimal.isDecimal(v) ? `Decimal(${String(v)})` : v,
  );

function agree(filter: Parameters<typeof compilePredicate>[0], rows: readonly Row[]): void {
  const generated = compilePredicate(filter);
  const closures = compilePredicate(filter, { codegen: false });
  for (const row of rows) {
    const expected = evaluateOracle(filter, row);
    const fromCode = generated(row);
    const fromClosures = closures(row);
    // The message is built only for a failure: printing every row is a good part of this suite's time.
    if (fromCode !== expected || fromClosures !== expected) {
      const context = `${filter.text ?? ''}\nrow ${show(row)}`;
      expect(fromCode, context).toBe(expected);
      expect(fromClosures, context).toBe(expected);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The other accepted representations of a row value

const pad = (n: number, width = 2): string => String(Math.abs(n)).padStart(width, '0');

/** An instant as ISO 8601 text in one of the forms src/semantics/instant.ts reads, at an offset. */
function isoText(ms: number, choice: number): string {
  const offsets = [0, 60, -60, 330, -570, 840, -840, 345];
  const offset = offsets[choice % offsets.length]!;
  const local = new Date(ms + offset * 60_000);
  const t = choice % 3 === 0 ? 't' : 'T';
  let text = `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}${t}${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
  const seconds = local.getUTCSeconds();
  const millis = local.getUTCMilliseconds();
  // Seconds and fractions only when needed (or sometimes anyway); digits beyond the millisecond are zeros.
  if (seconds !== 0 || millis !== 0 || choice % 4 === 1) text += `:${pad(seconds)}`;
  if (millis !== 0 || choice % 8 === 5) text += `.${pad(millis, 3)}${choice % 5 === 0 ? '000' : ''}`;
  if (offset === 0) return text + ['Z', 'z', '', '+00:00', '-0000'][choice % 5]!;
  const sign = offset < 0 ? '-' : '+';
  const hh = pad(Math.trunc(offset / 60));
  const mm = pad(offset % 60);
  return text + (choice % 2 === 0 ? `${sign}${hh}:${mm}` : `${sign}${hh}${mm}`);
}

/** A value re-represented, by `choice`, as another accepted JavaScript value for the same type. */
function represent(type: string, value: unknown, choice: number): unknown {
  if (value === null || value === undefined) return value;
  switch (type) {
    case 'Edm.Decimal': {
      const text = value as string;
      switch (choice % 4) {
        case 0:
          return Number(text); // read through String(n): the oracle reads it the same way
        case 1:
          return new Decimal(text);
        case 2:
          return new Decimal(text).toExponential();
        default:
          return text;
      }
    }
    case 'Edm.DateTime':
    case 'Edm.DateTimeOffset':
      return choice % 4 === 3 ? value : isoText((value as Date).getTime(), Math.floor(choice / 4));
    case 'Edm.Int64': {
      const n = value as bigint;
      return choice % 2 === 0 && n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER)
        ? Number(n)
        : n;
    }
    default:
      return value;
  }
}

function representRow(properties: ReadonlyMap<string, Property>, row: Row, next: () => number): Row {
  const out: Row = {};
  for (const [name, value] of Object.entries(row)) {
    const property = properties.get(name);
    if (property === undefined) out[name] = value;
    else if (property.kind === 'collection')
      out[name] = Array.isArray(value)
        ? value.map((element) => representValue(property.element, element, next))
        : value;
    else out[name] = representValue(property, value, next);
  }
  return out;
}

function representValue(property: PrimitiveProperty | StructuredProperty, value: unknown, next: () => number): unknown {
  if (property.kind === 'primitive') return represent(property.type, value, next());
  return value === null || typeof value !== 'object' ? value : representRow(property.properties, value as Row, next);
}

/** Rows of a schema whose Decimals, instants and Int64s take every accepted representation. */
function arbRepresentedRows(schema: Schema): fc.Arbitrary<Row[]> {
  return fc.tuple(arbRows(schema), fc.array(fc.nat(), { minLength: 1, maxLength: 97 })).map(([rows, choices]) => {
    let i = 0;
    const next = (): number => choices[i++ % choices.length]! + i;
    return rows.map((row) => representRow(schema.properties, row, next));
  });
}

describe('compiled predicates agree with the oracle', () => {
  it('on random filters over random rows, both paths', () => {
    fc.assert(
      fc.property(arbTypedFilter(testSchema), arbRows(testSchema), (filter, rows) => agree(filter, rows)),
      { numRuns: runs(400, 20_000) },
    );
  });

  it('on literals and rows with values finer than a millisecond, both paths', () => {
    const fine = { fineLiterals: true, fineRows: true };
    fc.assert(
      fc.property(arbTypedFilter(testSchema, fine), arbRows(testSchema, fine), (filter, rows) => agree(filter, rows)),
      { numRuns: runs(400, 20_000) },
    );
  });

  it('on rows holding every accepted representation (numbers, Decimals, ISO text with offsets), both paths', () => {
    fc.assert(
      fc.property(arbTypedFilter(testSchema), arbRepresentedRows(testSchema), (filter, rows) => agree(filter, rows)),
      { numRuns: runs(400, 20_000) },
    );
  });

  it('on random filters with lambdas over rows with random collections, both paths', () => {
    fc.assert(
      fc.property(
        arbTypedFilter(lambdaTestSchema, { lambdas: true, maxDepth: 4 }),
        arbRows(lambdaTestSchema),
        (filter, rows) => agree(filter, rows),
      ),
      { numRuns: runs(300, 10_000) },
    );
  });

  it('on filters with lambdas over collections holding every accepted representation, both paths', () => {
    fc.assert(
      fc.property(
        arbTypedFilter(lambdaTestSchema, { lambdas: true, maxDepth: 4 }),
        arbRepresentedRows(lambdaTestSchema),
        (filter, rows) => agree(filter, rows),
      ),
      { numRuns: runs(200, 10_000) },
    );
  });

  it(
    'on filters with lambdas over random schemas with collections, both paths',
    () => {
      const arbCase = arbCollectionSchema().chain((schema) =>
        fc.tuple(arbTypedFilter(schema, { lambdas: true, maxDepth: 4 }), arbRows(schema, { maxRows: 8 })),
      );
      fc.assert(
        fc.property(arbCase, ([filter, rows]) => agree(filter, rows)),
        { numRuns: runs(200, 10_000) },
      );
    },
    LONG ? 600_000 : 60_000,
  );

  it('represents values as intended', () => {
    expect(isoText(Date.UTC(2012, 0, 1, 0, 30), 1)).toBe('2012-01-01T01:30:00+0100');
    expect(isoText(Date.UTC(2012, 0, 1, 0, 30), 0)).toBe('2012-01-01t00:30Z');
    expect(isoText(Date.UTC(2012, 0, 1, 0, 30, 0, 5), 5)).toBe('2012-01-01T14:30:00.005000+1400');
    expect(isoText(Date.UTC(2012, 0, 1, 0, 30), 4)).toBe('2011-12-31T15:00-09:30');
    expect(represent('Edm.Decimal', '1.5', 1)).toBeInstanceOf(Decimal);
    expect(represent('Edm.Int64', 42n, 0)).toBe(42);
    expect(represent('Edm.Int64', 2n ** 60n, 0)).toBe(2n ** 60n);
  });
});
