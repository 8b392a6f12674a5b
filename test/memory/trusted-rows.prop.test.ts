// Predicates over trusted rows (`rows: 'trusted'`, docs/memory.md): on rows that hold what the
// schema declares they answer as the validated predicates do, on random filters (lambdas nested
// three deep included) and on both compiled paths; on hostile rows that break the promise they
// answer a boolean or throw a RowValueError (or, for a filter nested beyond the stack, a
// FilterError), never any other error.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check, isFilterError, type Property, type Schema, type TypedFilter } from '../../src/index.js';
import { compilePredicate, RowValueError } from '../../src/backends/memory/index.js';
import {
  arbCollectionSchema,
  arbRows,
  arbTypedFilter,
  arbValue,
  lambdaTestSchema,
  testSchema,
  type Row,
} from '../support/arbitraries.js';
import { runs } from '../support/test-size.js';
import { thrown } from '../support/thrown.js';

const PATHS = [
  ['generated', {}],
  ['closures', { codegen: false }],
] as const;

type Outcome = { readonly answer: boolean } | { readonly error: string };

function outcome(run: () => boolean): Outcome {
  try {
    return { answer: run() };
  } catch (error) {
    return { error: error instanceof Error ? error.name : String(error) };
  }
}

function sameAnswers(filter: TypedFilter, rows: readonly unknown[]): void {
  for (const [path, options] of PATHS) {
    const validated = compilePredicate(filter, options);
    const trusted = compilePredicate(filter, { ...options, rows: 'trusted' });
    for (const row of rows) {
      expect(
        outcome(() => trusted(row)),
        `${path}: ${filter.text}`,
      ).toEqual(outcome(() => validated(row)));
    }
  }
}

describe('over rows that hold what the schema declares, trusted predicates answer as validated ones', () => {
  it('on random filters', () => {
    // Rows hold GUIDs in any case, as the schema accepts them.
    const upperGuids = (row: Row): Row =>
      Object.fromEntries(
        Object.entries(row).map(([k, v]) => [k, k.startsWith('Guid') && typeof v === 'string' ? v.toUpperCase() : v]),
      );
    fc.assert(
      fc.property(arbTypedFilter(testSchema), arbRows(testSchema), fc.boolean(), (filter, rows, upper) =>
        sameAnswers(filter, upper ? rows.map(upperGuids) : rows),
      ),
      { numRuns: runs(300) },
    );
  });

  it('on random filters with lambdas', () => {
    fc.assert(
      fc.property(arbTypedFilter(lambdaTestSchema, { lambdas: true }), arbRows(lambdaTestSchema), sameAnswers),
      { numRuns: runs(200) },
    );
  });

  it('on random filters with lambdas over random schemas with collections', () => {
    fc.assert(
      fc.property(
        arbCollectionSchema().chain((schema) => fc.tuple(arbTypedFilter(schema, { lambdas: true }), arbRows(schema))),
        ([filter, rows]) => sameAnswers(filter, rows),
      ),
      { numRuns: runs(100) },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Hostile rows

/** Any JavaScript data: what a row that broke the promise may hold where a value should be. */
const arbAnything: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({
    maxDepth: 2,
    withBigInt: true,
    withDate: true,
    withBoxedValues: true,
    withMap: true,
    withSet: true,
    withTypedArray: true,
    withSparseArray: true,
    withNullPrototype: true,
    withObjectString: true,
  }),
  fc.constantFrom(Symbol('s'), NaN, -0, Infinity, '\uD800', new Date(Number.NaN), { length: 1e15 }, [[[]]]),
);

/** A row of the schema where any value, structure, collection or element may be anything. */
function arbHostileObject(properties: ReadonlyMap<string, Property>, depth: number): fc.Arbitrary<unknown> {
  const entries = [...properties.values()].map((property): [string, fc.Arbitrary<unknown>] => {
    let fitting: fc.Arbitrary<unknown>;
    if (property.kind === 'primitive') fitting = arbValue(property.type);
    else if (property.kind === 'collection') {
      const element = property.element;
      const item: fc.Arbitrary<unknown> =
        element.kind === 'primitive'
          ? fc.oneof(arbValue(element.type), arbAnything)
          : depth > 0
            ? arbHostileObject(element.properties, depth - 1)
            : arbAnything;
      fitting = fc.array(item, { maxLength: 3 });
    } else fitting = depth > 0 ? arbHostileObject(property.properties, depth - 1) : arbAnything;
    return [property.name, fc.oneof(fitting, arbAnything)];
  });
  return fc
    .tuple(...entries.map(([, arb]) => fc.option(arb, { nil: undefined })))
    .map((values) => Object.fromEntries(values.flatMap((v, i) => (v === undefined ? [] : [[entries[i]![0], v]]))));
}

const arbHostileRow = (schema: Schema): fc.Arbitrary<unknown> =>
  fc.oneof({ arbitrary: arbHostileObject(schema.properties, 3), weight: 9 }, { arbitrary: arbAnything, weight: 1 });

function booleanOrRowValueError(filter: TypedFilter, rows: readonly unknown[]): void {
  for (const [path, options] of PATHS) {
    const trusted = compilePredicate(filter, { ...options, rows: 'trusted' });
    for (const row of rows) {
      try {
        expect(typeof trusted(row), `${path}: ${filter.text}`).toBe('boolean');
      } catch (error) {
        if (!(error instanceof RowValueError) && !(isFilterError(error) && error.kind === 'limit'))
          expect.fail(`${path}: ${filter.text}: threw ${String(error)}`);
      }
    }
  }
}

describe('over rows that break the promise, trusted predicates answer a boolean or throw RowValueError', () => {
  it('on random filters', () => {
    fc.assert(
      fc.property(
        arbTypedFilter(testSchema),
        fc.array(arbHostileRow(testSchema), { maxLength: 8 }),
        booleanOrRowValueError,
      ),
      { numRuns: runs(300) },
    );
  });

  it('on random filters with lambdas', () => {
    fc.assert(
      fc.property(
        arbTypedFilter(lambdaTestSchema, { lambdas: true }),
        fc.array(arbHostileRow(lambdaTestSchema), { maxLength: 8 }),
        booleanOrRowValueError,
      ),
      { numRuns: runs(300) },
    );
  });

  it.each(PATHS)('%s: reads no value it need not convert, and names what failed as the cause', (_path, options) => {
    const trusted = (text: string) => compilePredicate(check(text, testSchema), { ...options, rows: 'trusted' });
    // A number where a String should be: equality is simply false, a method it lacks fails.
    expect(trusted("String eq 'a'")({ String: 5 })).toBe(false);
    expect(trusted("startswith(String, 'a')")({ String: 'abc' })).toBe(true);
    const error = thrown(() => trusted("startswith(String, 'a')")({ String: 5 }));
    expect(error).toBeInstanceOf(RowValueError);
    expect((error as RowValueError).cause).toBeInstanceOf(TypeError);
    expect((error as RowValueError).message).toMatch(/^Row does not hold what its schema declares/);
    // A GUID in any case is one value, as over validated rows.
    expect(
      trusted('Guid eq 0f8fad5b-d9cb-469f-a165-70867728950e')({ Guid: '0F8FAD5B-D9CB-469F-A165-70867728950E' }),
    ).toBe(true);
    // A conversion still refuses what it cannot convert, naming the value.
    expect(() => trusted('Decimal gt 1')({ Decimal: 'x' })).toThrow(/Row value at 'Decimal' is not an Edm.Decimal/);
    // A row that is no object.
    expect(() => trusted('Id gt 1')(null)).toThrow(RowValueError);
  });
});
