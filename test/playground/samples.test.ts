// The page's sample tables and example filters, held to the package: every row of every service
// resource, and every generated row of every service schema, is read by the memory backend at
// every primitive path without a RowValueError; each example filter checks, compiles for every
// SQL dialect and MongoDB, and matches some rows but not all.

import { describe, expect, it } from 'vitest';
import { check, listPropertyPaths } from 'odata-filter';
import { SERVICE_SCHEMAS } from 'odata-filter/examples/events';
import type { Schema } from 'odata-filter';
import { compilePredicate } from 'odata-filter/memory';
import { compileMongo } from 'odata-filter/mongo';
import { compileSql, mysql, postgres, sqlite } from 'odata-filter/sql';
import { exampleFilter } from '../../playground/src/examples.js';
import { generateRows, GENERATED_ROW_COUNT } from '../../playground/src/generated-rows.js';
import { SAMPLE_ROWS } from '../../playground/src/samples.js';
import type { SampleRow } from '../../playground/src/samples.js';
import { jsonCollections, ROW_TABLE } from '../../playground/src/sql-storage.js';
import { schemaOf } from '../../src/index.js';
import { importedModel } from '../csdl/real-models.js';

const schemas = [...SERVICE_SCHEMAS.values()];

/** Reads every primitive path of every row twice (as null and as not null), so no value goes unread. */
function readEveryPath(schema: Schema, rows: readonly SampleRow[]): void {
  for (const { path, filterable } of listPropertyPaths(schema)) {
    if (!filterable) continue;
    const text = `${path.join('/')} eq null`;
    const predicate = compilePredicate(check(text, schema));
    for (const [i, row] of rows.entries())
      expect(() => predicate(row), `${schema.name} row ${i}: ${text}`).not.toThrow();
  }
}

/** Every collection's elements read too: `C/any(x: x ne null)` reads each element, `$count` the array. */
function readEveryCollection(schema: Schema, rows: readonly SampleRow[]): void {
  for (const path of Object.keys(jsonCollections(schema))) {
    const predicate = compilePredicate(check(`${path}/$count ge 0 and ${path}/any(x: x ne null)`, schema));
    for (const [i, row] of rows.entries())
      expect(() => predicate(row), `${schema.name} row ${i}: ${path}`).not.toThrow();
  }
}

describe('the sample tables', () => {
  it('has eight rows for every service resource and nothing else', () => {
    expect([...SAMPLE_ROWS.keys()].sort()).toEqual([...SERVICE_SCHEMAS.keys()].sort());
    for (const [name, rows] of SAMPLE_ROWS) expect(rows.length, name).toBe(8);
  });

  it.each(schemas.map((s) => [s.name, s] as const))('%s: every value fits its declared type', (name, schema) => {
    const rows = SAMPLE_ROWS.get(name)!;
    readEveryPath(schema, rows);
    readEveryCollection(schema, rows);
  });

  it('has nulls, apostrophes and text beyond ASCII in every table', () => {
    for (const [name, rows] of SAMPLE_ROWS) {
      const text = JSON.stringify(rows);
      expect(text, name).toContain(':null');
      expect(text, name).toContain("'");
      expect(/[^\x00-\x7f]/.test(text), name).toBe(true);
    }
  });
});

describe('the generated rows of a pasted schema', () => {
  it.each(schemas.map((s) => [s.name, s] as const))(
    '%s: every generated value fits its declared type',
    (_name, schema) => {
      const rows = generateRows(schema);
      expect(rows.length).toBe(GENERATED_ROW_COUNT);
      readEveryPath(schema, rows);
      readEveryCollection(schema, rows);
    },
  );

  it('are the same every time', () => {
    for (const schema of schemas) expect(generateRows(schema)).toEqual(generateRows(schema));
  });

  it("end where a model's relations lead back to the rows they come from", () => {
    // TripPin's People: Friends are People, whose Friends are People, …
    const people = schemaOf(importedModel('trippin').model, 'People');
    const rows = generateRows(people);
    expect(rows.length).toBe(GENERATED_ROW_COUNT);
    // Two relations deep at most: a friend's friends are there, their friends are not.
    const friendsOfFriends = rows.flatMap((r) => (r.Friends as { Friends: { Friends: unknown[] }[] }[]) ?? []);
    expect(friendsOfFriends.some((f) => f.Friends.length > 0)).toBe(true);
    expect(friendsOfFriends.flatMap((f) => f.Friends).every((f) => f.Friends.length === 0)).toBe(true);
  });
});

describe('the example filters', () => {
  it.each(schemas.map((s) => [s.name, s] as const))(
    '%s: checks, compiles on every target, matches some rows but not all',
    (name, schema) => {
      const typed = check(exampleFilter(schema), schema);
      for (const dialect of [postgres, sqlite, mysql])
        expect(() =>
          compileSql(typed, { dialect, table: ROW_TABLE, collections: jsonCollections(schema) }),
        ).not.toThrow();
      expect(() => compileMongo(typed)).not.toThrow();
      const matching = SAMPLE_ROWS.get(name)!.filter(compilePredicate(typed));
      expect(matching.length).toBeGreaterThan(0);
      expect(matching.length).toBeLessThan(8);
    },
  );
});
