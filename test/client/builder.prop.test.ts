// The typed builder's round trip: a random filter built over a service schema prints canonical text
// (print(parse(text)) is the text), and that text re-parses and re-checks to the typed tree the
// builder gave. The tree build() makes is the one parse() makes of that text, which the reading of
// trees built by hand accepts too, and check() of the tree is check() of the text. Filters are drawn as recipes over the schema's own properties — comparisons with
// values of every type, `in` lists and collections, functions, casts and type tests, arithmetic,
// structures' nulls, `$count`, nested `any`/`all` whose bodies use their own and enclosing variables — joined by `and`, `or`, `not`.
// And the builder writes every value as the filter template does, refusing the same ones alike,
// beside a comparison, an arithmetic operator or as a function's argument.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check, defineSchema, isFilterError, parse, print, withoutSpans } from '../../src/index.js';
import type { EdmType, Property, Schema, TypedExpr } from '../../src/index.js';
import { childrenOfTyped } from '../../src/types/typed.js';
import { and, build, filter, not, or, printBuilt, where } from '../../src/client/index.js';
import { isMadeTree } from '../../src/syntax/made-trees.js';
import type { BuiltFilter } from '../../src/client/index.js';
import { AUTHENTICATED_SCHEMAS, PUBLIC_SCHEMAS } from '../../src/examples/events/index.js';
import { ITEM_PROPERTIES } from '../support/client-item.js';
import { typedWithoutSpans } from '../support/trees.js';
import { runs as sizedRuns } from '../support/test-size.js';

const runs = (n: number): number => sizedRuns(n, n * 25);

// The recipes reach past the types: which property a recipe takes is drawn at run time.
type Node = any;

/** The row and the lambda variables' elements a recipe is built in. */
interface Env {
  readonly row: Node;
  readonly variables: readonly Node[];
}

/** A condition to build, and how a counterexample shows it. */
interface Recipe {
  readonly show: string;
  readonly build: (env: Env) => Node;
}

/** A property reachable from a source without a lambda. */
interface Place {
  readonly show: string;
  readonly get: (env: Env) => Node;
  readonly property: Property;
}

/** The places under a structure: its properties, structures' properties through `/`, none inside a collection. */
function placesUnder(properties: ReadonlyMap<string, Property>, show: string, get: (env: Env) => Node): Place[] {
  return [...properties.values()].flatMap((property) => {
    const place: Place = { show: `${show}.${property.name}`, get: (env) => get(env)[property.name], property };
    return property.kind === 'structured'
      ? [place, ...placesUnder(property.properties, place.show, place.get)]
      : [place];
  });
}

const INSTANTS = {
  min: new Date('0001-01-01T00:00:00.000Z'),
  max: new Date('9999-12-31T23:59:59.999Z'),
  noInvalidDate: true,
};

const VALUES: Partial<Record<EdmType, fc.Arbitrary<unknown>>> = {
  'Edm.String': fc.oneof(
    fc.string({ maxLength: 6 }),
    fc.string({ unit: 'grapheme', maxLength: 4 }),
    fc.constantFrom("O'Brien", "x' or 'a", '@__0', '${0}', ''),
  ),
  'Edm.Int32': fc.integer(),
  'Edm.Decimal': fc.oneof(
    fc.integer(),
    fc.double({ min: -1e15, max: 1e15, noNaN: true }),
    fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
  ),
  'Edm.Double': fc.double(),
  'Edm.Guid': fc.uuid(),
  'Edm.Boolean': fc.boolean(),
  'Edm.DateTime': fc.date(INSTANTS),
  'Edm.DateTimeOffset': fc.date(INSTANTS),
};

const valueArbitrary = (type: EdmType): fc.Arbitrary<unknown> => {
  const values = VALUES[type];
  if (values === undefined) throw new Error(`no values drawn for ${type}: add them`);
  return values;
};

const ORDERED: readonly string[] = ['eq', 'ne', 'gt', 'ge', 'lt', 'le'];
const UNORDERED: readonly string[] = ['eq', 'ne'];

/** A comparison, an `in`, a function or arithmetic of one primitive place. */
function primitiveCondition(place: Place, type: EdmType, others: readonly Place[]): fc.Arbitrary<Recipe> {
  const ops = type === 'Edm.Boolean' || type === 'Edm.Guid' ? UNORDERED : ORDERED;
  const compared = fc
    .oneof(
      fc.tuple(fc.constantFrom(...ops), valueArbitrary(type)),
      fc.tuple(fc.constantFrom(...UNORDERED), fc.constant(null)),
    )
    .map(
      ([op, value]): Recipe => ({
        show: `${place.show}.${op}(${show(value)})`,
        build: (env) => place.get(env)[op](value),
      }),
    );
  const listed = fc.array(valueArbitrary(type), { maxLength: 3 }).map(
    (values): Recipe => ({
      show: `${place.show}.in(${values.map(show).join(', ')})`,
      build: (env) => place.get(env).in(values),
    }),
  );
  const arbitraries: fc.Arbitrary<Recipe>[] = [compared, listed];
  const sameType = others.filter(
    (other) => other.property.kind === 'primitive' && other.property.type === type && other !== place,
  );
  if (sameType.length > 0) {
    arbitraries.push(
      fc.constantFrom(...sameType).map(
        (other): Recipe => ({
          show: `${place.show}.eq(${other.show})`,
          build: (env) => place.get(env).eq(other.get(env)),
        }),
      ),
    );
  }
  if (place.property.kind === 'primitive' && place.property.enum === undefined) {
    arbitraries.push(
      valueArbitrary('Edm.String').map(
        (value): Recipe => ({
          show: `${place.show}.cast('Edm.String').eq(${show(value)})`,
          build: (env) => place.get(env).cast('Edm.String').eq(value),
        }),
      ),
      fc.constant<Recipe>({
        show: `${place.show}.isof('Edm.String')`,
        build: (env) => place.get(env).isof('Edm.String'),
      }),
    );
  }
  if (type === 'Edm.String') {
    arbitraries.push(
      fc.tuple(fc.constantFrom('contains', 'startswith', 'endswith'), valueArbitrary(type)).map(
        ([fn, value]): Recipe => ({
          show: `${place.show}.${fn}(${show(value)})`,
          build: (env) => place.get(env)[fn](value),
        }),
      ),
      fc.nat(20).map(
        (n): Recipe => ({
          show: `${place.show}.trim().length().gt(${n})`,
          build: (env) => place.get(env).trim().length().gt(n),
        }),
      ),
      valueArbitrary(type).map(
        (value): Recipe => ({
          show: `${place.show}.tolower().concat(…).eq(${show(value)})`,
          build: (env) => place.get(env).tolower().concat(place.get(env)).eq(value),
        }),
      ),
    );
  }
  if (type === 'Edm.Int32' || type === 'Edm.Decimal' || type === 'Edm.Double') {
    arbitraries.push(
      fc
        .tuple(
          fc.constantFrom('add', 'sub', 'mul', 'div', 'divby', 'mod'),
          valueArbitrary(type),
          fc.constantFrom('eq', 'lt'),
          valueArbitrary(type),
        )
        .map(
          ([op, value, compare, bound]): Recipe => ({
            show: `${place.show}.${op}(${show(value)}).${compare}(${show(bound)})`,
            build: (env) => place.get(env)[op](value)[compare](bound),
          }),
        ),
      fc.constantFrom('negate', 'floor').map(
        (fn): Recipe => ({
          show: `${place.show}.${fn}().ne(${place.show})`,
          build: (env) => place.get(env)[fn]().ne(place.get(env)),
        }),
      ),
    );
  }
  if (type === 'Edm.DateTime' || type === 'Edm.DateTimeOffset') {
    arbitraries.push(
      fc
        .tuple(fc.constantFrom('year', 'month', 'hour'), fc.integer({ min: 0, max: 3000 }))
        .map(
          ([fn, n]): Recipe => ({ show: `${place.show}.${fn}().eq(${n})`, build: (env) => place.get(env)[fn]().eq(n) }),
        ),
      fc.constantFrom('P1D', 'PT1H30M', '-PT0.5S').map(
        (d): Recipe => ({
          show: `${place.show}.add(${d}).gt(…)`,
          build: (env) => place.get(env).add(d).gt(place.get(env)),
        }),
      ),
    );
  }
  return fc.oneof(...arbitraries);
}

function show(value: unknown): string {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  if (typeof value === 'bigint') return `${value}n`;
  return JSON.stringify(value) ?? String(value);
}

/**
 * A condition over the places of `sources` (the row's, then each enclosing variable's): a leaf of
 * one place, or, while `depth` lasts, `and`/`or`/`not` of conditions or a lambda over a collection
 * whose body may use the new variable and every enclosing one.
 */
function condition(places: readonly Place[], variables: number, depth: number): fc.Arbitrary<Recipe> {
  const leaves: fc.Arbitrary<Recipe>[] = [];
  const primitives = places.filter((p) => p.property.kind === 'primitive');
  if (primitives.length > 0)
    leaves.push(
      fc
        .constantFrom(...primitives)
        .chain((p) => primitiveCondition(p, (p.property as { type: EdmType }).type, primitives)),
    );
  const structures = places.filter((p) => p.property.kind === 'structured');
  if (structures.length > 0) {
    leaves.push(
      fc.tuple(fc.constantFrom(...structures), fc.boolean()).map(
        ([p, isNull]): Recipe => ({
          show: `${p.show}.${isNull ? '$isNull' : '$isNotNull'}()`,
          build: (env) => (isNull ? p.get(env).$isNull() : p.get(env).$isNotNull()),
        }),
      ),
    );
  }
  const collections = places.filter((p) => p.property.kind === 'collection');
  if (collections.length > 0) {
    leaves.push(
      fc
        .tuple(fc.constantFrom(...collections), fc.nat(5))
        .map(([p, n]): Recipe => ({ show: `${p.show}.$count.gt(${n})`, build: (env) => p.get(env).$count.gt(n) })),
      fc
        .constantFrom(...collections)
        .map((p): Recipe => ({ show: `${p.show}.any()`, build: (env) => p.get(env).any() })),
    );
  }
  const memberships = collections.flatMap((c) => {
    const element = (c.property as Extract<Property, { kind: 'collection' }>).element;
    return element.kind === 'primitive'
      ? primitives.filter((p) => (p.property as { type: EdmType }).type === element.type).map((p) => [p, c] as const)
      : [];
  });
  if (memberships.length > 0) {
    leaves.push(
      fc
        .constantFrom(...memberships)
        .map(([p, c]): Recipe => ({ show: `${p.show}.in(${c.show})`, build: (env) => p.get(env).in(c.get(env)) })),
    );
  }
  if (depth === 0 || leaves.length === 0) return fc.oneof(...leaves);
  const inner = condition(places, variables, depth - 1);
  const lambdas: fc.Arbitrary<Recipe>[] = [];
  const branches: fc.Arbitrary<Recipe>[] = [
    fc.tuple(fc.constantFrom('and', 'or'), fc.array(inner, { minLength: 1, maxLength: 3 }), fc.boolean()).map(
      ([op, parts, method]): Recipe => ({
        show: `${op}(${parts.map((p) => p.show).join(', ')})`,
        build: (env) => {
          const built = parts.map((p) => p.build(env));
          if (method) return built[0][op](...built.slice(1));
          return op === 'and' ? and(...built) : or(...built);
        },
      }),
    ),
    inner.map((r): Recipe => ({ show: `not(${r.show})`, build: (env) => not(r.build(env)) })),
  ];
  if (collections.length > 0) {
    lambdas.push(
      fc.tuple(fc.constantFrom(...collections), fc.constantFrom('any', 'all')).chain(([p, op]) => {
        const property = p.property as Extract<Property, { kind: 'collection' }>;
        const variable = variables;
        const get = (env: Env): Node => env.variables[variable];
        const show = `v${variable}`;
        const own: Place[] =
          property.element.kind === 'structured'
            ? [{ show, get, property: property.element }, ...placesUnder(property.element.properties, show, get)]
            : [{ show, get, property: property.element }];
        // Half the bodies use the element's places only, so that most read their variable; the rest any place in scope.
        const body = fc.oneof(
          condition(own, variables + 1, depth - 1),
          condition([...own, ...places], variables + 1, depth - 1),
        );
        return body.map(
          (body): Recipe => ({
            show: `${p.show}.${op}((${show}) => ${body.show})`,
            build: (env) =>
              p.get(env)[op]((element: Node) => body.build({ row: env.row, variables: [...env.variables, element] })),
          }),
        );
      }),
    );
  }
  // Lambdas weigh most: what the builder adds to a filter's text is theirs (variables named, scopes kept).
  return fc.oneof(...leaves, ...branches, ...lambdas.map((arbitrary) => ({ arbitrary, weight: 6 })));
}

const SCHEMAS: readonly Schema[] = [...AUTHENTICATED_SCHEMAS, ...PUBLIC_SCHEMAS];

const BY_NAME = new Map(SCHEMAS.map((s) => [s.name, s]));

const hasCollection = (schema: Schema): boolean =>
  placesUnder(schema.properties, '$', () => undefined).some((p) => p.property.kind === 'collection');

/** A schema's name (a counterexample shows it, not the schema) and a recipe over its properties; schemas with collections drawn more. */
const arbBuilt = fc
  .oneof(...SCHEMAS.map((schema) => ({ arbitrary: fc.constant(schema), weight: hasCollection(schema) ? 5 : 1 })))
  .chain((schema) =>
    condition(
      placesUnder(schema.properties, '$', (env) => env.row),
      0,
      3,
    ).map((recipe) => ({ schema: schema.name, recipe })),
  )
  // check() refuses a filter whose string functions could cost more than the default limit per row
  // (docs/semantics.md, section 7; in a lambda, per element): it is not a filter to compare.
  .filter(({ schema, recipe }) =>
    withinStringCost(() => where(BY_NAME.get(schema)!, (row) => recipe.build({ row, variables: [] }))),
  );

function withinStringCost(build: () => unknown): boolean {
  try {
    build();
    return true;
  } catch (error) {
    if (isFilterError(error) && error.issues.some((issue) => issue.code === 'string_cost')) return false;
    throw error;
  }
}

/** Whether a checked tree reads a lambda's variable, and has a lambda with a body inside another's body. */
function lambdasOf(root: TypedExpr): { readsVariable: boolean; nested: boolean } {
  let readsVariable = false;
  let nested = false;
  const stack: [TypedExpr, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node.kind === 'member' && node.source.kind === 'variable') readsVariable = true;
    if (node.kind === 'lambda' && node.body !== undefined && depth > 0) nested = true;
    for (const child of childrenOfTyped(node)) stack.push([child, depth + (node.kind === 'lambda' ? 1 : 0)]);
  }
  return { readsVariable, nested };
}

/** What building gives: the text, or the error's code, message and text. */
function outcome(build: () => BuiltFilter): unknown {
  try {
    return build().text;
  } catch (error) {
    if (!isFilterError(error)) throw error;
    return { code: error.issues[0]?.code, message: error.message, text: error.text };
  }
}

const ANY_VALUE = fc.oneof(
  ...Object.values(VALUES),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.constant(new Date(Number.NaN)),
);

describe('the typed builder', () => {
  it("writes any value, of its place's type or not, as the filter template does, or refuses it alike", () => {
    const Event = BY_NAME.get('Event')!;
    const primitives = placesUnder(Event.properties, '$', (env) => env.row).filter(
      (p) => p.property.kind === 'primitive',
    );
    fc.assert(
      fc.property(fc.constantFrom(...primitives), fc.constantFrom(...ORDERED), ANY_VALUE, (place, op, value) => {
        const path = place.show.slice(2).replace(/\./g, '/');
        const text = `${path} ${op} `;
        const template = (): BuiltFilter => filter(Event)(Object.assign([text, ''], { raw: [text, ''] }), value);
        expect(outcome(() => where(Event, (row) => place.get({ row, variables: [] })[op](value)))).toEqual(
          outcome(template),
        );
      }),
      { numRuns: runs(300) },
    );
  });

  it('prints canonical text that re-parses and re-checks to the same typed tree', () => {
    let readingVariables = 0;
    let nested = 0;
    fc.assert(
      fc.property(arbBuilt, ({ schema: name, recipe }) => {
        const schema = BY_NAME.get(name)!;
        const built = where(schema, (row) => recipe.build({ row, variables: [] }));
        const reparsed = parse(built.text);
        expect(print(reparsed)).toBe(built.text);
        const again = check(print(reparsed), schema);
        expect(typedWithoutSpans(again.root)).toEqual(typedWithoutSpans(built.typed.root));
        const lambdas = lambdasOf(built.typed.root);
        if (lambdas.readsVariable) readingVariables++;
        if (lambdas.nested) nested++;
      }),
      // How often draws nest is asserted below: 300 runs at least at every size.
      { numRuns: sizedRuns(300, 7_500, 300) },
    );
    // The draws reach lambdas that read their variables, and lambdas inside lambdas' bodies (usually
    // about 30% and 14% of them; the bounds are far below, so that a usual run never misses them).
    expect(readingVariables).toBeGreaterThan(sizedRuns(300, 7_500, 300) / 6);
    expect(nested).toBeGreaterThan(sizedRuns(300, 7_500, 300) / 15);
  });

  it('builds the tree parse() makes of its printed text, which check() takes as it is', () => {
    fc.assert(
      fc.property(arbBuilt, ({ schema: name, recipe }) => {
        const schema = BY_NAME.get(name)!;
        const tree = build(schema, (row) => recipe.build({ row, variables: [] }));
        const text = printBuilt(tree);
        expect(isMadeTree(tree)).toBe(true);
        expect(print(tree)).toBe(text);
        expect(withoutSpans(tree)).toEqual(withoutSpans(parse(text)));
        // The same tree as one built by hand (a copy the package did not make) is read back and accepted.
        expect(print(structuredClone(tree))).toBe(text);
        // The checked filter of the tree is the checked filter of its text, and where()'s.
        const checked = typedWithoutSpans(check(tree, schema).root);
        expect(checked).toEqual(typedWithoutSpans(check(parse(text), schema).root));
        expect(checked).toEqual(
          typedWithoutSpans(where(schema, (row) => recipe.build({ row, variables: [] })).typed.root),
        );
      }),
      { numRuns: sizedRuns(300, 7_500, 300) },
    );
  });

  it('writes any value beside an arithmetic operator or as a function argument as the filter template does', () => {
    // A place of every Edm type and an enumeration's.
    const Item = defineSchema({
      name: 'Item',
      properties: {
        ...ITEM_PROPERTIES,
        Small: 'Edm.Byte',
        Tiny: 'Edm.SByte',
        Short: 'Edm.Int16',
        Weight: 'Edm.Single',
        Legacy: 'Edm.DateTime',
        Color: { enum: { name: 'Sales.Color', members: { Red: 1, Green: 2 }, flags: true } },
      },
    });
    const primitives = placesUnder(Item.properties, '$', (env) => env.row).filter(
      (p) => p.property.kind === 'primitive',
    );
    // Each use of a value: the builder's method calls and the template's text, `p` the place's path.
    const uses: readonly {
      readonly show: string;
      readonly build: (place: Node, value: unknown) => Node;
      readonly text: (p: string) => string;
    }[] = [
      ...['add', 'sub', 'mul', 'div', 'divby', 'mod'].map((op) => ({
        show: op,
        build: (place: Node, value: unknown) => place[op](value).eq(place),
        text: (p: string) => `${p} ${op} @ eq ${p}`,
      })),
      ...['contains', 'startswith', 'endswith'].map((fn) => ({
        show: fn,
        build: (place: Node, value: unknown) => place[fn](value),
        text: (p: string) => `${fn}(${p}, @)`,
      })),
      { show: 'indexof', build: (place, value) => place.indexof(value).ge(0), text: (p) => `indexof(${p}, @) ge 0` },
      {
        show: 'concat',
        build: (place, value) => place.concat(value).eq(place),
        text: (p) => `concat(${p}, @) eq ${p}`,
      },
      {
        show: 'substring',
        build: (place, value) => place.substring(value).eq(place),
        text: (p) => `substring(${p}, @) eq ${p}`,
      },
    ];
    let built = 0;
    const same = (place: Place, use: (typeof uses)[number], value: unknown): void => {
      const [before, after] = use.text(place.show.slice(2).replace(/\./g, '/')).split('@') as [string, string];
      const template = (): BuiltFilter => filter(Item)(Object.assign([before, after], { raw: [before, after] }), value);
      const builder = (): BuiltFilter => where(Item, (row) => use.build(place.get({ row, variables: [] }), value));
      // Built alike, or refused alike: a filter the checker refuses is refused by both with the same
      // code (where() reports it in the printed text, the template with its holes shown).
      const [fromBuilder, fromTemplate] = [outcome(builder), outcome(template)];
      if (typeof fromTemplate === 'string') {
        expect(fromBuilder).toBe(fromTemplate);
        built++;
      } else expect((fromBuilder as { code?: string }).code).toBe((fromTemplate as { code?: string }).code);
    };
    // Every place and use with the values at the edges of the places' types, then any value.
    const edges = [null, 'x', 'P1D', '-PT1H30M', 'Red', true, 2.5, -3, 0, 255, 300, 40_000, 2 ** 31, 2 ** 63, 7n];
    for (const place of primitives) for (const use of uses) for (const value of edges) same(place, use, value);
    expect(built).toBeGreaterThan(primitives.length * uses.length);
    fc.assert(
      fc.property(fc.constantFrom(...primitives), fc.constantFrom(...uses), ANY_VALUE, (place, use, value) =>
        same(place, use, value),
      ),
      { numRuns: runs(600) },
    );
  });
});
