// Random models whose entity types lead to each other (and to themselves) through navigation:
// every stage walks their views without recursing into the cycles. A filter that goes round a
// cycle is checked with the filterability of its whole path, evaluated alike by generated code
// and the closure fallback, compiled (or refused with a FilterError) by SQL and Mongo, completed
// at every cursor, restricted by rules, read by the query layer with expansions nested past
// their limit, and written by the builder.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  check,
  defineModel,
  enumTypesOf,
  findProperty,
  isFilterError,
  listPropertyPaths,
  type Property,
  type Schema,
  schemaOf,
} from '../../src/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { compileSql, mysql, postgres, sqlite } from '../../src/backends/sql/index.js';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { complete } from '../../src/client/editor/complete.js';
import { build, printBuilt } from '../../src/client/index.js';
import { parseQuery } from '../../src/query/index.js';
import { filterSchemaOf, rulesOf } from '../../src/query/rules.js';
import { arbValue } from '../support/arbitraries.js';
import { arbModel } from '../support/random-models.js';
import { runs } from '../support/test-size.js';

/** A filter reached by a walk through a view, as choices pick: a path round cycles, lambdas over collections. */
interface Walk {
  readonly text: string;
  /** Whether every step of the path the filter reads is filterable. */
  readonly filterable: boolean;
  /** The single-valued path to the leaf from the resource, without lambdas (for the builder). */
  readonly plainPath: readonly string[] | undefined;
}

function walk(schema: Schema, choices: readonly number[]): Walk {
  let properties = schema.properties;
  let prefix = '';
  let filterable = true;
  let lambdas = 0;
  let opening = '';
  const plainPath: string[] = [];
  const done = (condition: string): Walk => ({
    text: `${opening}${condition}${')'.repeat(lambdas)}`,
    filterable,
    plainPath: lambdas === 0 ? plainPath : undefined,
  });
  for (let step = 0; ; step++) {
    const pick = choices[step % choices.length]!;
    const members = [...properties.values()];
    const property = members[pick % members.length]!;
    filterable &&= property.filterable;
    const at = `${prefix}${property.name}`;
    if (lambdas === 0) plainPath.push(property.name);
    const stop = step >= 6;
    if (property.kind === 'primitive' || (property.kind === 'structured' && stop)) return done(`${at} eq null`);
    if (property.kind === 'structured') {
      properties = property.properties;
      prefix = `${at}/`;
      continue;
    }
    if (stop || lambdas === 2 || property.element.kind === 'primitive') return done(`${at}/$count ge 0`);
    const variable = `v${lambdas++}`;
    filterable &&= property.element.filterable;
    opening += `${at}/${pick % 2 === 0 ? 'any' : 'all'}(${variable}: `;
    properties = property.element.properties;
    prefix = `${variable}/`;
  }
}

/** A row of a view, navigation and complex values nested at most `depth` deep. */
function arbRow(properties: ReadonlyMap<string, Property>, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const entries = [...properties.values()].map((property): [string, fc.Arbitrary<unknown>] => {
    const value = (p: Property): fc.Arbitrary<unknown> =>
      p.kind === 'primitive'
        ? p.enum !== undefined
          ? fc.constantFrom(1, 2)
          : arbValue(p.type)
        : p.kind === 'structured'
          ? depth === 0
            ? fc.constant(null)
            : arbRow(p.properties, depth - 1)
          : depth === 0
            ? fc.constant([])
            : fc.array(value(p.element), { maxLength: 2 });
    const arb = value(property);
    return [property.name, property.kind !== 'collection' && property.nullable ? fc.option(arb) : arb];
  });
  return fc
    .tuple(...entries.map(([, arb]) => arb))
    .map((values) => Object.fromEntries(values.map((v, i) => [entries[i]![0], v])));
}

const arbCase = arbModel.chain((definition) =>
  fc.record({
    definition: fc.constant(definition),
    set: fc.integer({ min: 0, max: Object.keys(definition.entitySets!).length - 1 }),
    choices: fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
    depth: fc.integer({ min: 1, max: 9 }),
  }),
);

describe('models whose types lead back to themselves', () => {
  it('are walked by every stage without recursing into their cycles', () => {
    fc.assert(
      fc.property(arbCase, ({ definition, set, choices, depth }) => {
        const model = defineModel(definition);
        const view = schemaOf(model, `S${set}`);

        for (const path of listPropertyPaths(view)) expect(findProperty(view, path.path)).toBe(path.property);
        expect([...enumTypesOf(view).keys()].every((name) => name === 'Random.Color')).toBe(true);

        const { text, filterable, plainPath } = walk(view, choices);
        let checked: ReturnType<typeof check> | undefined;
        try {
          checked = check(text, view);
        } catch (error) {
          if (!isFilterError(error)) throw error;
          expect(error.issues.map((i) => i.code)).toEqual(['not_filterable']);
        }
        expect(checked !== undefined).toBe(filterable);

        for (let cursor = 0; cursor <= text.length; cursor += 3) complete(text, cursor, view);

        const head = text.split(/[/ ]/)[0]!;
        const restricted = filterSchemaOf(view, rulesOf(view, { [head]: { filter: false } }));
        expect(() => check(text, restricted)).toThrow();
        if (head !== 'Id') expect(() => check('Id eq null', restricted)).not.toThrow();

        if (plainPath !== undefined && checked !== undefined) {
          const built = build(view, (row) => {
            let at = row as unknown as Record<string, unknown>;
            for (const name of plainPath) at = at[name] as Record<string, unknown>;
            if (text.endsWith('$count ge 0'))
              return (at as unknown as { $count: { ge(n: number): never } }).$count.ge(0);
            return '$isNull' in at
              ? (at as unknown as { $isNull(): never }).$isNull()
              : (at as unknown as { eq(v: null): never }).eq(null);
          });
          expect(printBuilt(built)).toBe(text);
        }

        if (checked !== undefined) {
          const generated = compilePredicate(checked);
          const closures = compilePredicate(checked, { codegen: false });
          fc.assert(
            fc.property(arbRow(view.properties, 3), (row) => {
              expect(generated(row)).toBe(closures(row));
            }),
            { numRuns: 10 },
          );
          for (const dialect of [postgres, sqlite, mysql]) {
            try {
              expect(typeof compileSql(checked, { dialect }).sql).toBe('string');
            } catch (error) {
              if (!isFilterError(error)) throw error;
            }
          }
          try {
            compileMongo(checked);
          } catch (error) {
            if (!isFilterError(error)) throw error;
          }
        }

        const navigation = [...view.properties.values()].find((p) => p.kind !== 'primitive' && p.relation)!;
        let expand = navigation.name;
        for (let level = 1; level < depth; level++) expand = `${navigation.name}($expand=${expand})`;
        try {
          parseQuery(`$expand=${expand}`, {
            schema: view,
            key: ['Id'],
            policy: { spelling: 'odata', defaultTop: 10, maxTop: 50 },
          });
        } catch (error) {
          if (!isFilterError(error)) throw error;
          expect(
            error.issues.every((i) => ['too_deep_expand', 'not_expandable', 'unknown_property'].includes(i.code)),
          ).toBe(true);
        }
      }),
      { numRuns: runs(150, 3000, 20) },
    );
  });
});
