// The shared generators hold their contract: generated filters always check, over the test schema
// and every shipped schema, and they cover the whole language; rows fit the schema.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check, FUNCTIONS, parse, SERVICE_SCHEMAS, listPropertyPaths } from '../../src/index.js';
import type { Expr } from '../../src/index.js';
import { arbFilterText, arbRow, arbRows, testSchema } from '../support/arbitraries.js';
import { nodesOf, typedNodesOf } from '../support/trees.js';

const LONG = process.env['ODATA_FILTER_LONG'] !== undefined;
const runs = (n: number): number => (LONG ? n * 20 : n);

describe('arbFilterText', () => {
  it('generates filters that always check against the test schema', () => {
    fc.assert(fc.property(arbFilterText(testSchema), (text) => void check(text, testSchema)), { numRuns: runs(400) });
  });

  it('generates filters without non-finite doubles when asked', () => {
    fc.assert(
      fc.property(arbFilterText(testSchema, { finiteDoubles: true }), (text) => {
        expect(text).not.toMatch(/\bNaN\b|\bINF\b/);
        check(text, testSchema);
      }),
      { numRuns: runs(100) },
    );
  });

  it.each([...SERVICE_SCHEMAS.values()].map((s) => [s.name, s] as const))('generates filters that check against %s', (_name, schema) => {
    fc.assert(fc.property(arbFilterText(schema, { maxDepth: 2 }), (text) => void check(text, schema)), { numRuns: runs(40) });
  });

  it('covers every function, operator and node kind in a sample', () => {
    const seen = new Set<string>();
    for (const text of fc.sample(arbFilterText(testSchema), { numRuns: 1500, seed: 42 })) {
      for (const node of typedNodesOf(check(text, testSchema).root)) if (node.kind === 'structureNull') seen.add(`${node.op} null on a structure`);
      for (const node of nodesOf(parse(text))) {
        seen.add(node.kind);
        if (node.kind === 'call') seen.add(`${node.name}/${node.args.length}`);
        if (node.kind === 'compare' || node.kind === 'arithmetic' || node.kind === 'logical') seen.add(node.op);
        if (node.kind === 'member' && node.segments.length === 3) seen.add('depth 3 path');
        if (node.kind === 'in' && node.list.length === 0) seen.add('empty in');
      }
    }
    const wanted = [
      ...FUNCTIONS.flatMap((f) => f.overloads.map((o) => `${f.name}/${o.params.length}`)),
      'eq', 'ne', 'gt', 'ge', 'lt', 'le', 'add', 'sub', 'mul', 'div', 'mod', 'and', 'or',
      'not', 'negate', 'in', 'null', 'boolean', 'number', 'string', 'datetime', 'guid', 'member', 'depth 3 path', 'empty in',
      'eq null on a structure', 'ne null on a structure',
    ];
    expect(wanted.filter((w) => !seen.has(w))).toEqual([]);
  });
});

describe('arbRow and arbRows', () => {
  it('give every property a value of its type, null or nothing where nullable', () => {
    const paths = listPropertyPaths(testSchema);
    fc.assert(
      fc.property(arbRow(testSchema), (row) => {
        for (const { path, property } of paths) {
          let value: unknown = row;
          let nullSeen = false;
          for (let i = 0; i < path.length; i++) {
            if (value === null || value === undefined) {
              nullSeen = true;
              break;
            }
            value = (value as Record<string, unknown>)[path[i]!];
          }
          if (nullSeen || value === null || value === undefined) continue;
          const expected = { 'Edm.String': 'string', 'Edm.Guid': 'string', 'Edm.Decimal': 'string', 'Edm.Boolean': 'boolean', 'Edm.Int64': 'bigint' }[property.type as string];
          if (expected !== undefined) expect(typeof value).toBe(expected);
          else if (property.type === 'Edm.DateTime' || property.type === 'Edm.DateTimeOffset') expect(value).toBeInstanceOf(Date);
          else expect(typeof value).toBe('number');
        }
        expect(typeof row['Id']).toBe('number');
        expect(row['StringReq']).toBeTypeOf('string');
      }),
      { numRuns: runs(200) },
    );
  });

  it('give unique ids', () => {
    fc.assert(
      fc.property(arbRows(testSchema), (rows) => {
        expect(new Set(rows.map((r) => r['Id'])).size).toBe(rows.length);
      }),
      { numRuns: runs(50) },
    );
  });

  it('leave out non-finite doubles when asked', () => {
    fc.assert(
      fc.property(arbRow(testSchema, { finiteDoubles: true }), (row) => {
        for (const key of ['Double', 'DoubleReq']) if (typeof row[key] === 'number') expect(Number.isFinite(row[key])).toBe(true);
      }),
      { numRuns: runs(200) },
    );
  });
});
