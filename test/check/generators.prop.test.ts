// The shared generators hold their contract: generated filters always check, over the test schema
// and every shipped schema, and they cover the whole language; rows fit the schema.

import { conversionOf } from '../../src/types/conversions.js';
import { EDM_TYPES } from '../../src/language/edm.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check, FUNCTIONS, parse, listPropertyPaths } from '../../src/index.js';
import { SERVICE_SCHEMAS } from '../../src/examples/events/index.js';
import {
  arbCollectionSchema,
  arbFilterText,
  arbRow,
  arbRows,
  lambdaTestSchema,
  testSchema,
} from '../support/arbitraries.js';
import type { TypedExpr } from '../../src/types/typed.js';
import { nodesOf, typedNodesOf } from '../support/trees.js';
import { childrenOfTyped } from '../../src/types/typed.js';
import { runs as sizedRuns } from '../support/test-size.js';

const runs = (n: number): number => sizedRuns(n, n * 20);

/**
 * Shows `see` the values of a sample of `most` drawn with a fixed seed, one by one, until
 * `missing()` says the sample has shown all it must: a sample that shows it all early would show it
 * in full, so stopping there asks no less, and the rest of the sample is never drawn. (fc.check
 * draws what fc.sample draws for the seed; a run that finds nothing missing ends it, unshrunk.)
 */
function sample<T>(arb: fc.Arbitrary<T>, most: number, see: (value: T) => void, missing: () => boolean): void {
  fc.check(
    fc.property(arb, (value) => {
      see(value);
      return missing();
    }),
    { numRuns: most, seed: 42, endOnFailure: true },
  );
}

describe('arbFilterText', () => {
  it('generates filters that always check against the test schema', () => {
    fc.assert(
      fc.property(arbFilterText(testSchema), (text) => void check(text, testSchema)),
      { numRuns: runs(400) },
    );
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

  it.each([...SERVICE_SCHEMAS.values()].map((s) => [s.name, s] as const))(
    'generates filters that check against %s',
    (_name, schema) => {
      fc.assert(
        fc.property(arbFilterText(schema, { maxDepth: 2 }), (text) => void check(text, schema)),
        { numRuns: runs(40) },
      );
    },
  );

  it('covers every function, operator and node kind in a sample', () => {
    const seen = new Set<string>();
    const wanted = [
      // now() is left to the temporal table: the properties compare two compilations of a filter,
      // which would read the clock twice.
      ...FUNCTIONS.filter((f) => f.name !== 'now').flatMap((f) =>
        f.overloads.map((o) => `${f.name}/${o.params.length}`),
      ),
      'eq',
      'ne',
      'gt',
      'ge',
      'lt',
      'le',
      'add',
      'sub',
      'mul',
      'div',
      'mod',
      'and',
      'or',
      'not',
      'negate',
      'in',
      'null',
      'boolean',
      'number',
      'string',
      'datetime',
      'guid',
      'date',
      'timeOfDay',
      'duration',
      'member',
      'depth 3 path',
      'empty in',
      'eq null on a structure',
      'ne null on a structure',
      ...['same', 'toString', 'toInteger', 'toDecimal', 'toDouble', 'fromString'].flatMap((c) => [
        `cast ${c}`,
        `isof ${c}`,
      ]),
      'isof none',
      ...EDM_TYPES.flatMap((type) => [`cast String to ${type}`, `isof String to ${type}`]),
      'has',
      'enum',
    ];
    const missing = () => wanted.some((w) => !seen.has(w));
    const see = (text: string): void => {
      for (const node of typedNodesOf(check(text, testSchema).root)) {
        if (node.kind === 'structureNull') seen.add(`${node.op} null on a structure`);
        // Each conversion of docs/semantics.md §11, by cast and by isof.
        if (node.kind === 'cast' || node.kind === 'isof') {
          const target = node.kind === 'cast' ? node.type : node.target;
          seen.add(`${node.kind} ${conversionOf(node.operand.type, target)}`);
          // A String read as each type's literal (§11, "From text").
          if (node.operand.type === 'Edm.String' && node.operand.kind !== 'null')
            seen.add(`${node.kind} String to ${target}`);
        }
      }
      for (const node of nodesOf(parse(text))) {
        seen.add(node.kind);
        if (node.kind === 'call') seen.add(`${node.name}/${node.args.length}`);
        if (node.kind === 'compare' || node.kind === 'arithmetic' || node.kind === 'logical') seen.add(node.op);
        if (node.kind === 'member' && node.segments.length === 3) seen.add('depth 3 path');
        if (node.kind === 'in' && node.list.length === 0) seen.add('empty in');
      }
    };
    sample(arbFilterText(testSchema), 3000, see, missing);
    expect(wanted.filter((w) => !seen.has(w))).toEqual([]);
  });
});

describe('arbFilterText with lambdas', () => {
  it('generates filters with lambdas that always check against the schema with collections', () => {
    fc.assert(
      fc.property(
        arbFilterText(lambdaTestSchema, { lambdas: true, maxDepth: 4 }),
        (text) => void check(text, lambdaTestSchema),
      ),
      { numRuns: runs(400) },
    );
  });

  it('generates filters with lambdas that always check against random schemas with collections', () => {
    const arbCase = arbCollectionSchema().chain((schema) =>
      fc.tuple(fc.constant(schema), arbFilterText(schema, { lambdas: true, maxDepth: 4 })),
    );
    fc.assert(
      fc.property(arbCase, ([schema, text]) => void check(text, schema)),
      { numRuns: runs(200) },
    );
  });

  it('reads no collection without the option, whatever the schema holds', () => {
    fc.assert(
      fc.property(arbFilterText(lambdaTestSchema), (text) => {
        const kinds = nodesOf(parse(text)).map((n) => n.kind);
        expect(kinds.filter((k) => k === 'lambda' || k === 'count' || k === 'inCollection')).toEqual([]);
      }),
      { numRuns: runs(200) },
    );
  });

  it('covers any, all, any(), $count, x in C, outer variables, $it and three-deep nesting in a sample', () => {
    const seen = new Set<string>();
    /** The lambda depth of every node, with the variables bound around it. */
    const walk = (node: TypedExpr, bound: readonly string[]): void => {
      if (node.kind === 'lambda') {
        seen.add(node.body === undefined ? 'any()' : node.op);
        if (node.variable?.startsWith('x') === false) seen.add('x in C');
        if (node.collection.source.kind === 'variable') seen.add('a collection of an element');
        if (node.collection.property.relation) seen.add('a relation');
        if (bound.length === 2) seen.add('nested three deep');
        if (node.body !== undefined) walk(node.body, [...bound, node.variable!]);
        return;
      }
      if (node.kind === 'count') seen.add('$count');
      if (node.kind === 'member' && node.source.kind === 'variable') {
        seen.add(node.source.name === bound[bound.length - 1] ? 'the variable' : 'an outer variable');
        if (node.path.length === 0) seen.add('a primitive element');
      }
      if (node.kind === 'member' && node.source.kind === 'row' && bound.length > 0)
        seen.add('the resource in a lambda');
      if (node.kind === 'structureNull' && node.source.kind === 'variable') seen.add('an element compared with null');
      for (const child of childrenOfTyped(node)) walk(child, bound);
    };
    const wanted = [
      'any',
      'all',
      'any()',
      '$count',
      'x in C',
      'a collection of an element',
      'a relation',
      'nested three deep',
      'the variable',
      'an outer variable',
      'a primitive element',
      'the resource in a lambda',
      'an element compared with null',
      '$it',
    ];
    const missing = () => wanted.some((w) => !seen.has(w));
    const see = (text: string): void => {
      if (/\$it\//.test(text)) seen.add('$it');
      walk(check(text, lambdaTestSchema).root, []);
    };
    sample(arbFilterText(lambdaTestSchema, { lambdas: true, maxDepth: 4 }), 4000, see, missing);
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
          const expected = {
            'Edm.String': 'string',
            'Edm.Guid': 'string',
            'Edm.Decimal': 'string',
            'Edm.Boolean': 'boolean',
            'Edm.Int64': 'bigint',
          }[property.type as string];
          if (expected !== undefined) expect(typeof value).toBe(expected);
          else if (property.type === 'Edm.DateTime' || property.type === 'Edm.DateTimeOffset')
            expect(value).toBeInstanceOf(Date);
          // A date as text or a Date at midnight UTC; a time of day and a duration as milliseconds or text.
          else if (property.type === 'Edm.Date') expect(typeof value === 'string' || value instanceof Date).toBe(true);
          else if (property.type === 'Edm.Binary') expect(value).toBeInstanceOf(Uint8Array);
          else if (property.type === 'Edm.TimeOfDay' || property.type === 'Edm.Duration')
            expect(['number', 'string']).toContain(typeof value);
          else expect(typeof value).toBe('number');
        }
        expect(typeof row.Id).toBe('number');
        expect(row.StringReq).toBeTypeOf('string');
      }),
      { numRuns: runs(200) },
    );
  });

  it('give collections an array of elements of their type, empty, null or nothing', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(arbRow(lambdaTestSchema), (row) => {
        for (const name of ['Tags', 'Scores', 'Amounts', 'Addresses', 'Orders']) {
          const value = row[name];
          if (value === undefined) seen.add('missing');
          else if (value === null) seen.add('null');
          else {
            expect(Array.isArray(value)).toBe(true);
            const elements = value as unknown[];
            if (elements.length === 0) seen.add('empty');
            if (elements.includes(null)) seen.add(`a null element of ${name}`);
            if (name === 'Tags') for (const e of elements) if (e !== null) expect(typeof e).toBe('string');
            if (name === 'Addresses' || name === 'Orders')
              for (const e of elements) if (e !== null) expect(typeof e).toBe('object');
          }
        }
      }),
      // Every case below is seen: 200 runs at least at every size.
      { numRuns: sizedRuns(200, 4_000, 200) },
    );
    // Amounts' elements are not nullable, nor are a relation's.
    expect([...seen].sort()).toEqual([
      'a null element of Addresses',
      'a null element of Scores',
      'a null element of Tags',
      'empty',
      'missing',
      'null',
    ]);
  });

  it('give unique ids', () => {
    fc.assert(
      fc.property(arbRows(testSchema), (rows) => {
        expect(new Set(rows.map((r) => r.Id)).size).toBe(rows.length);
      }),
      { numRuns: runs(50) },
    );
  });

  it('leave out non-finite doubles when asked', () => {
    fc.assert(
      fc.property(arbRow(testSchema, { finiteDoubles: true }), (row) => {
        for (const key of ['Double', 'DoubleReq'])
          if (typeof row[key] === 'number') expect(Number.isFinite(row[key])).toBe(true);
      }),
      { numRuns: runs(200) },
    );
  });
});
