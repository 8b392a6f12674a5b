// Random syntax trees over every node kind and operator, for print/parse properties. Literals are
// generated as source text and parsed, so raw text and exact value are always consistent. Lambdas
// nest up to three deep, and paths in their bodies start at their own range variable, an outer
// one or `$it`. Parameter aliases are leaves; `in` lists come from parentheses or JSON arrays.

import fc from 'fast-check';
import type { Expr, Literal, MemberExpr, StructureLiteral, TypeFunctionName } from '../../src/syntax/ast.js';
import type { LambdaOp } from '../../src/language/operators.js';
import { EDM_TYPES } from '../../src/language/edm.js';
import { ARITHMETIC_OPS, COMPARE_OPS } from '../../src/language/operators.js';
import { FUNCTIONS, arityOf } from '../../src/language/functions.js';
import { parse } from '../../src/syntax/parse.js';
import { anyString } from './code-points.js';

const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^[0-9]{${min},${max}}$`));
const pad2 = (n: number) => String(n).padStart(2, '0');

/** Literal source text in every form the grammar accepts. */
export const arbLiteralText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'null',
    'true',
    'false',
    'NULL',
    'True',
    'INF',
    '-INF',
    'NaN',
    'INFF',
    '-INFf',
    'NaNF',
    'INFD',
    '-INFd',
    'NaNd',
  ),
  fc.integer().map(String),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map((n) => `${n}L`),
  // Beyond Int64 an integer is a Decimal.
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  // Decimal exponents far beyond what a double holds exactly.
  fc
    .tuple(
      fc.boolean(),
      digits(1, 3),
      fc.option(digits(1, 3)),
      fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }),
      fc.constantFrom('M', 'm'),
    )
    .map(([neg, i, f, e, s]) => `${neg ? '-' : ''}${i}${f === null ? '' : `.${f}`}e${e}${s}`),
  fc
    .tuple(fc.boolean(), digits(1, 20), digits(1, 12), fc.constantFrom('', 'M', 'm'))
    .map(([neg, i, f, s]) => `${neg ? '-' : ''}${i}.${f}${s}`),
  fc
    .tuple(
      fc.boolean(),
      digits(1, 3),
      fc.option(digits(1, 3)),
      fc.integer({ min: -30, max: 30 }),
      fc.constantFrom('', 'd', 'D', 'f', 'F'),
    )
    .map(([neg, i, f, e, s]) => `${neg ? '-' : ''}${i}${f === null ? '' : `.${f}`}e${e}${s}`),
  anyString({ maxLength: 12 }).map((s) => `'${s.replace(/'/g, "''")}'`),
  fc.constantFrom("'it''s'", "'😀'", "''"),
  fc
    .tuple(
      fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }),
      fc.integer({ min: -14 * 60, max: 14 * 60 }),
      fc.constantFrom('bare', "datetime'", "datetimeoffset'", 'datetime(', 'datetimeoffset('),
      fc.constantFrom('Z', '+hh:mm', '+hhmm', '', 'ms'),
    )
    .map(([date, offset, form, style]) => {
      const iso = date.toISOString().slice(0, 19);
      const sign = offset < 0 ? '-' : '+';
      const hh = pad2(Math.trunc(Math.abs(offset) / 60));
      const mm = pad2(Math.abs(offset) % 60);
      const suffix =
        style === 'Z'
          ? 'Z'
          : style === '+hh:mm'
            ? `${sign}${hh}:${mm}`
            : style === '+hhmm'
              ? `${sign}${hh}${mm}`
              : style === 'ms'
                ? '.123Z'
                : '';
      const body = iso + suffix;
      return form === 'bare' ? body : form.endsWith("'") ? `${form}${body}'` : `${form}'${body}')`;
    }),
  fc.uuid().map((u) => u),
  fc.uuid().map((u) => `guid'${u.toUpperCase()}'`),
  // Binaries: base64url with its padding or without, the prefix in any case; hexadecimal in X'…'.
  fc
    .tuple(fc.uint8Array({ maxLength: 7 }), fc.constantFrom('binary', 'BINARY', 'Binary'), fc.boolean())
    .map(([bytes, prefix, padded]) => {
      const text = Buffer.from(bytes).toString('base64url');
      return `${prefix}'${padded ? text.padEnd(Math.ceil(text.length / 4) * 4, '=') : text}'`;
    }),
  fc.tuple(fc.uint8Array({ maxLength: 7 }), fc.constantFrom('X', 'x'), fc.boolean()).map(([bytes, prefix, upper]) => {
    const hex = Buffer.from(bytes).toString('hex');
    return `${prefix}'${upper ? hex.toUpperCase() : hex}'`;
  }),
  // Dates, times of day (bare, and v3's duration form) and durations.
  fc
    .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  fc
    .tuple(fc.integer({ min: 0, max: 86_399_999 }), fc.constantFrom('hh:mm', 'hh:mm:ss', 'hh:mm:ss.fff', "time'"))
    .map(([ms, form]) => {
      const text = new Date(ms).toISOString().slice(11, 23);
      if (form === "time'")
        return `time'PT${Math.floor(ms / 3_600_000)}H${Math.floor(ms / 60_000) % 60}M${(ms % 60_000) / 1000}S'`;
      return form === 'hh:mm' ? text.slice(0, 5) : form === 'hh:mm:ss' ? text.slice(0, 8) : text;
    }),
  fc
    .tuple(
      fc.boolean(),
      fc.option(fc.integer({ min: 0, max: 99_999 })),
      fc.option(fc.integer({ min: 0, max: 48 })),
      fc.option(fc.integer({ min: 0, max: 99 })),
      fc.option(fc.integer({ min: 0, max: 999_999 })),
      fc.constantFrom('duration', 'DURATION', 'Duration'),
    )
    .filter(([, d, h, m, s]) => d !== null || h !== null || m !== null || s !== null)
    .map(([negative, d, h, m, s, prefix]) => {
      const time = `${h === null ? '' : `${h}H`}${m === null ? '' : `${m}M`}${s === null ? '' : `${s / 1000}S`}`;
      return `${prefix}'${negative ? '-' : ''}P${d === null ? '' : `${d}D`}${time === '' ? '' : `T${time}`}'`;
    }),
);

/** Enumeration literals: a qualified type name and members or values, comma-separated. */
const arbEnumLiteralText: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('Sales.Color', 'NS.Sub.Flags', 'a.b'),
    fc.array(fc.oneof(fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,5}$/), fc.constantFrom('0', '4', '-1')), {
      minLength: 1,
      maxLength: 3,
    }),
  )
  .map(([type, members]) => `${type}'${members.join(',')}'`);

export const arbLiteral: fc.Arbitrary<Literal> = fc
  .oneof({ arbitrary: arbLiteralText, weight: 12 }, { arbitrary: arbEnumLiteralText, weight: 1 })
  .map((text) => parse(text) as Literal);

const RESERVED = new Set([
  'and',
  'or',
  'not',
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
  'divby',
  'mod',
  'in',
  'has',
  'null',
  'true',
  'false',
]);
const KEYWORD_PREFIXES = ['and', 'or', 'not', 'eq', 'in', 'null', 'true', 'false', 'datetime', 'guid', 'INF', 'NaN'];

/** Identifiers, including ones that start with a keyword (`andrew`, `notes`, `nullable`). */
export const arbIdentifier: fc.Arbitrary<string> = fc
  .oneof(
    fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,8}$/),
    fc.tuple(fc.constantFrom(...KEYWORD_PREFIXES), fc.stringMatching(/^[A-Za-z0-9_]{1,4}$/)).map(([k, s]) => k + s),
  )
  .filter(
    (name) => !RESERVED.has(name.toLowerCase()) && !/^(?:INF|NaN)[dDfF]?$/.test(name) && !/^[0-9A-Fa-f]{8}$/.test(name),
  );

const span = { start: 0, end: 0 };

/** The text of a JSON value: strings (escapes, and guid and date-time spellings, included), numbers, keywords. */
const arbJsonValueText: fc.Arbitrary<string> = fc.oneof(
  fc
    .string({ maxLength: 6 })
    .filter((s) => !/[\uD800-\uDFFF]/.test(s))
    .map((s) => JSON.stringify(s)),
  fc.constantFrom(
    '"\\u00e9\\n"',
    '"01234567-89ab-cdef-0123-456789ABCDEF"',
    '"2012-12-03T07:16:23+01:00"',
    '"2012-12-03"',
  ),
  fc.constantFrom(
    '0',
    '-0',
    '42',
    '2147483648',
    '9223372036854775808',
    '2.50',
    '-1e3',
    '1.5E-400',
    'true',
    'false',
    'null',
  ),
);

/** The text of a structure's value: a JSON object of JSON values, and objects two deep (docs/semantics.md §16). */
const arbObjectText: fc.Arbitrary<string> = fc.letrec<{ object: string }>((tie) => ({
  object: fc
    .array(
      fc.tuple(
        fc.constantFrom('"City"', '"Zip"', '"a b"', '"\\u00e9"', '""'),
        fc.oneof({ depthSize: 'small', maxDepth: 2 }, arbJsonValueText, tie('object')),
      ),
      { maxLength: 3 },
    )
    .map((members) => `{${members.map(([name, value]) => `${name}: ${value}`).join(', ')}}`),
})).object;

/** The items of a JSON-array list of `in`, as parse() reads them from `x in […]`. */
const arbJsonList: fc.Arbitrary<readonly (Literal | StructureLiteral)[]> = fc
  .array(fc.oneof({ weight: 4, arbitrary: arbJsonValueText }, { weight: 1, arbitrary: arbObjectText }), {
    maxLength: 3,
  })
  .map((items) => (parse(`x in [${items.join(', ')}]`) as Extract<Expr, { kind: 'in' }>).list);

/** A structure's value, as parse() reads it beside `eq`. */
const arbStructure: fc.Arbitrary<Expr> = arbObjectText.map(
  (text) => (parse(`x eq ${text}`) as Extract<Expr, { kind: 'compare' }>).right,
);

/** Parameter aliases: any word after `@`, keywords and operators included (`@not`, `@null`). */
const arbAlias: fc.Arbitrary<Expr> = fc
  .oneof(arbIdentifier, fc.constantFrom(...RESERVED, 'INF', 'NaN', 'abcdef01'))
  .map((name): Expr => ({ kind: 'alias', name, ...span }));

/** Lambdas nest up to this deep in a random tree. */
const MAX_LAMBDA_NESTING = 3;

const memberOf = (names: readonly string[]): MemberExpr => ({
  kind: 'member',
  segments: names.map((name) => ({ name, ...span })),
  ...span,
});

/**
 * A member path as it can be written where `scope` holds the range variables of the lambdas
 * around it: a property path, a path from `$it` (or `$it` alone), or, most often inside a lambda,
 * a path from its own range variable or an outer one.
 */
function arbMemberIn(scope: readonly string[]): fc.Arbitrary<MemberExpr> {
  const rest = fc.array(arbIdentifier, { maxLength: 2 });
  const heads = [
    { weight: 3, arbitrary: fc.array(arbIdentifier, { minLength: 1, maxLength: 3 }) },
    { weight: 1, arbitrary: rest.map((names) => ['$it', ...names]) },
  ];
  if (scope.length > 0)
    heads.push({
      weight: 4,
      arbitrary: fc.tuple(fc.constantFrom(...scope), rest).map(([variable, names]) => [variable, ...names]),
    });
  return fc.oneof(...heads).map(memberOf);
}

/** Random trees up to a depth; spans are zero, so compare with withoutSpans(). */
export function arbExpr(maxDepth = 5): fc.Arbitrary<Expr> {
  const depthIdentifier = fc.createDepthIdentifier();
  const tree = (depth: number, scope: readonly string[]): fc.Arbitrary<Expr> => {
    const member = arbMemberIn(scope);
    const leaves: fc.WeightedArbitrary<Expr>[] = [
      { weight: 4, arbitrary: arbLiteral },
      { weight: 4, arbitrary: member },
      { weight: 1, arbitrary: arbAlias },
      { weight: 1, arbitrary: member.map((collection): Expr => ({ kind: 'count', collection, ...span })) },
    ];
    if (scope.length < MAX_LAMBDA_NESTING) {
      const emptyAny = member.map(
        (collection): Expr => ({
          kind: 'lambda',
          op: 'any',
          collection,
          opSpan: span,
          variable: undefined,
          body: undefined,
          ...span,
        }),
      );
      leaves.push({ weight: 1, arbitrary: emptyAny });
    }
    const leaf = fc.oneof(...leaves);
    if (depth <= 1) return leaf;
    const sub = tree(depth - 1, scope);
    const forms: fc.MaybeWeightedArbitrary<Expr>[] = [
      leaf,
      fc.constantFrom(...FUNCTIONS).chain((f) => {
        const { min, max } = arityOf(f);
        return fc
          .array(sub, { minLength: min, maxLength: max })
          .map((args): Expr => ({ kind: 'call', name: f.name, nameSpan: span, args, ...span }));
      }),
      // A call of a model's function, unbound or bound to a path, its arguments named.
      fc
        .tuple(
          fc.constantFrom('Ns.Fn', 'Geo.Distance', 'A.b.C'),
          fc.option(member, { nil: undefined }),
          fc.array(fc.tuple(fc.constantFrom('P', 'From', 'to', 'x1'), sub), { maxLength: 3 }),
        )
        .map(
          ([name, binding, args]): Expr => ({
            kind: 'functionCall',
            name,
            nameSpan: span,
            binding,
            args: args.map(([parameter, value]) => ({ name: parameter, nameSpan: span, value, ...span })),
            ...span,
          }),
        ),
      fc.tuple(fc.constantFrom<TypeFunctionName>('cast', 'isof'), sub, fc.constantFrom(...EDM_TYPES), fc.boolean()).map(
        ([name, operand, type, quoted]): Expr => ({
          kind: 'typeFunction',
          name,
          nameSpan: span,
          operand,
          target: { name: type, quoted, ...span },
          ...span,
        }),
      ),
      fc.tuple(sub, sub).map(([operand, value]): Expr => ({ kind: 'has', operand, value, ...span })),
      sub.map((operand): Expr => ({ kind: 'not', operand, ...span })),
      sub.map((operand): Expr => ({ kind: 'negate', operand, ...span })),
      fc
        .tuple(fc.constantFrom(...COMPARE_OPS), sub, sub)
        .map(([op, left, right]): Expr => ({ kind: 'compare', op, left, right, ...span })),
      fc
        .tuple(fc.constantFrom(...COMPARE_OPS), sub, arbStructure, fc.boolean())
        .map(([op, path, value, first]): Expr => {
          const [left, right] = first ? [value, path] : [path, value];
          return { kind: 'compare', op, left, right, ...span };
        }),
      fc
        .tuple(fc.constantFrom(...ARITHMETIC_OPS), sub, sub)
        .map(([op, left, right]): Expr => ({ kind: 'arithmetic', op, left, right, ...span })),
      fc
        .tuple(fc.constantFrom('and' as const, 'or' as const), fc.array(sub, { minLength: 2, maxLength: 4 }))
        .map(([op, operands]): Expr => ({ kind: 'logical', op, operands, ...span })),
      fc
        .tuple(sub, fc.array(arbLiteral, { maxLength: 3 }))
        .map(([operand, list]): Expr => ({ kind: 'in', operand, list, ...span })),
      fc.tuple(sub, arbJsonList).map(([operand, list]): Expr => ({ kind: 'in', operand, list, ...span })),
      fc.tuple(sub, arbAlias).map(
        ([operand, alias]): Expr => ({
          kind: 'inAlias',
          operand,
          alias: alias as Extract<Expr, { kind: 'alias' }>,
          ...span,
        }),
      ),
      fc
        .tuple(sub, member)
        .map(([operand, collection]): Expr => ({ kind: 'inCollection', operand, collection, ...span })),
    ];
    if (scope.length < MAX_LAMBDA_NESTING) {
      // The body is drawn once its variable is known, so that its paths can start at it.
      const lambda = fc
        .tuple(member, fc.constantFrom<LambdaOp>('any', 'all'), arbIdentifier)
        .chain(([collection, op, name]) =>
          tree(depth - 1, [...scope, name]).map(
            (body): Expr => ({
              kind: 'lambda',
              op,
              collection,
              opSpan: span,
              variable: { name, ...span },
              body,
              ...span,
            }),
          ),
        );
      // Weighted up, so that lambdas inside lambdas, and outer variables read in them, are common.
      forms.push({ weight: 3, arbitrary: lambda });
    }
    return fc.oneof({ depthSize: 'small', depthIdentifier, withCrossShrink: true }, ...forms);
  };
  return tree(maxDepth, []);
}
