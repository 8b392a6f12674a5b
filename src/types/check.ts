// check(): resolves member paths against a schema, types every node and makes every implicit
// conversion explicit, collecting all issues into one FilterError of kind 'type'.

import type { Expr, ExprVisitor, Literal, NumberLiteral, Span, TypeName } from '../syntax/ast.js';
import type { ArithmeticOp, CompareOp, LogicalOp, TemporalOp } from '../language/operators.js';
import { isLiteralKind } from '../syntax/ast.js';
import { ARITHMETIC_OPS, COMPARE_OPS } from '../language/operators.js';
import {
  type EdmType,
  type NumericType,
  EDM_TYPES,
  INTEGER_RANGES,
  isEdmType,
  isInstant,
  isInteger,
  isNumeric,
  isTemporal,
  promoteNumeric,
} from '../language/edm.js';
import { conversionOf } from './conversions.js';
import { MAX_DATE, MAX_DURATION, MAX_TIME_OF_DAY, MIN_DATE, readDuration } from '../semantics/temporal.js';
import { assertNever } from '../assert-never.js';
import {
  FilterError,
  isFilterError,
  isSpanNumber,
  limitOnExhaustion,
  malformedTree,
  unsupported,
  withFilterText,
} from '../errors.js';
import type { FilterIssue } from '../errors.js';
import { arityOf, lookupFunction, type Overload } from '../language/functions.js';
import { parse } from '../syntax/parse.js';
import type { ParseOptions } from '../syntax/limits.js';
import type {
  CollectionProperty,
  EnumType,
  PrimitiveProperty,
  Property,
  Schema,
  StructuredProperty,
} from './schema.js';
import { enumTypesOf } from './schema.js';
import { checkStringCost, DEFAULT_MAX_STRING_COST } from './string-cost.js';
import { literalsInString, stringOfLiteral } from './suggest.js';
import { suggestName } from '../language/suggest-name.js';
import { canonicalText } from '../syntax/print.js';
import { madeTree } from '../syntax/tree-validation.js';
import { rememberFilter } from './made-filters.js';
import { aliasList, aliasLiteral } from './aliases.js';
import { spelledAs } from './json-strings.js';
import type { AliasValues } from './aliases.js';
import type {
  LiteralValue,
  TypedCollection,
  TypedExpr,
  TypedFilter,
  TypedLiteral,
  TypedMember,
  TypedNull,
  TypedSource,
  TypedStructureNull,
} from './typed.js';
import { enumOf } from './typed.js';
import { readEnumValue } from './enum-values.js';
import { versionOf, type ODataVersion, type VersionOption } from '../language/versions.js';
import { versionIssues } from './version-check.js';
import { GUID_TEXT } from '../language/literal-spelling.js';

/** Options of check(); the parse limits apply when a filter is given as text. */
export interface CheckOptions extends ParseOptions, VersionOption {
  /**
   * The most characters the filter's string functions may return per row, each string of the row
   * counted as 1,024 characters (docs/semantics.md, section 7). Default 1,048,576.
   */
  readonly maxStringCost?: number;
  /**
   * The most elements the string cost counts a collection as holding: a string function in a
   * lambda's body counts once per element, for each lambda around it (docs/semantics.md, section
   * 7). Declare the greatest size a resource's collections reach. Default 100.
   */
  readonly maxCollectionSize?: number;
  /**
   * The values of the filter's parameter aliases by name, without the `@`, as a request's query
   * options carry them: the text of one literal, `{ p: '5', tag: "'red'" }` for `@p=5&@tag='red'`,
   * or of a list for `x in @list`, `{ list: '["a","b"]' }`. Names are case-sensitive; a value no
   * alias uses is not read (docs/semantics.md, section 9).
   */
  readonly aliases?: AliasValues;
}

/** The stable codes of type issues; the README documents each. */
export const ISSUE_CODES = {
  unknown_property: 'a path segment names no property at its level of the schema',
  not_structured: 'a path continues after a primitive property (`Status/Code`)',
  structured_value:
    'a path ends at a complex or navigation property where a primitive value is needed (a structure only compares with null, by `eq` or `ne`)',
  not_filterable: 'the property is marked `filterable: false`',
  collection_path: 'a path continues through a collection without a lambda (`Tags/Length`, `Sessions/Status`)',
  collection_value:
    "a path ends at a collection where a single value is needed (`Tags eq 'red'`); its elements are reached by `any`/`all`, its size by `$count`",
  not_collection: '`any`, `all`, `$count` or `in` is applied to a path that is not a collection',
  unknown_alias: "a parameter alias (`@p`) has no value in check()'s `aliases` option",
  variable_shadows: "a lambda's range variable has the name of a variable of an enclosing lambda",
  type_mismatch: 'the operands of a comparison, or an `in` list item and its operand, are not comparable',
  not_boolean: 'an operand of `and`/`or`/`not`, the body of a lambda, or the whole filter, is not Edm.Boolean',
  not_numeric: 'an operand of arithmetic or of unary `-` is not a number',
  wrong_argument_type: 'a function argument has a type that no overload accepts at its position',
  no_matching_overload: 'each argument fits some overload, but no single overload fits them all',
  unknown_type:
    'the type name of `cast` or `isof` is no type of the language (`Edm.int32`, `Edm.Text`), or an enumeration literal names a type the schema does not declare',
  unknown_enum_member:
    "an enumeration literal or string names no member of the enumeration type (`'Purple'`), or names two members of a type that is not flags",
  enum_value:
    'an enumeration value is used other than in `eq`, `ne`, an order comparison, `in` or `has` with a value of its own type (arithmetic, a function, `cast`)',
  invalid_cast: '`cast` asks for a conversion OData does not define (`cast(Due, Edm.Int32)`; docs/semantics.md §11)',
} as const;

export type IssueCode = keyof typeof ISSUE_CODES;

/** A type issue. `suggestion` is the did-you-mean name of an `unknown_property` issue. */
export interface CheckIssue extends FilterIssue {
  readonly code: IssueCode;
  readonly suggestion?: string;
}

/**
 * Checks a filter (text or a parsed tree) against a schema. Returns the typed tree, or throws a
 * FilterError: of kind 'type' listing every issue found, or the parser's error for bad text.
 */
export function check(exprOrText: Expr | string, schema: Schema, options: CheckOptions = {}): TypedFilter {
  const { root, text } = checkTree(exprOrText, schema, options, true);
  // One of the two places a TypedFilter is made: the brand is what keeps unchecked trees from
  // backends, and the filter is remembered, so that a backend takes it without reading it again.
  return rememberFilter({ root, schema, text } as unknown as TypedFilter);
}

/**
 * Checks an expression of any primitive type (text or a parsed tree) against a schema, as check()
 * checks a filter: what an `orderby` item orders by (`length(Code)`, `year(StartDateTime)`).
 */
export function checkValue(exprOrText: Expr | string, schema: Schema, options: CheckOptions = {}): TypedExpr {
  return checkTree(exprOrText, schema, options, false).root;
}

/** The option of checkPlaces(), a symbol so that no options object a caller writes can set it. */
const ALIASES_ARE_PLACES = Symbol('aliases are places');

interface CheckerOptions extends CheckOptions {
  readonly [ALIASES_ARE_PLACES]?: true;
}

/**
 * Where the aliases of a filter stand, for aliasUses(): the filter checked with each alias null (as
 * `aliases` gives them), a null alias standing for any value its place can take — also where only
 * a literal can stand, the right operand of `has`, so that a template's `Color has ${'Blue'}`
 * learns its hole's type. The tree is a map of places, never a filter a backend may take.
 */
export function checkPlaces(text: string, schema: Schema, options: CheckOptions): TypedExpr {
  return checkTree(text, schema, { ...options, [ALIASES_ARE_PLACES]: true }, true).root;
}

function checkTree(
  exprOrText: Expr | string,
  schema: Schema,
  options: CheckerOptions,
  filter: boolean,
): { root: TypedExpr; text: string | undefined } {
  const text = typeof exprOrText === 'string' ? exprOrText : undefined;
  // A tree not made by parse() is taken only if parse() could make it (src/syntax/tree-validation.ts).
  const tree: Expr = typeof exprOrText === 'string' ? parse(exprOrText, options) : madeTree(exprOrText);
  // A bad version is a programming mistake, told before any work.
  const version = versionOf(options);
  const checker = new Checker(schema, text, options);
  let root: TypedExpr | undefined;
  try {
    root = checker.expr(tree);
  } catch (error) {
    // A FilterError here is an alias's value that is no literal; anything else only a tree built by
    // hand can raise: parse() bounds depth and yields well-formed nodes.
    const failure = limitOnExhaustion(error, 'Filter tree nests too deeply to check', { start: 0, end: 0 }, text);
    if (isFilterError(failure)) throw withFilterText(failure, text);
    throw malformedTree(undefined, 'a node could not be read');
  }
  const issues = issuesOf(checker, tree, root, version, filter);
  const first = issues[0];
  if (first !== undefined) {
    const message =
      issues.length === 1 ? first.message : `${issues.length} problems: ${issues.map((i) => i.message).join('; ')}`;
    throw new FilterError({ kind: 'type', message, start: first.start, end: first.end, issues, text });
  }
  // Every path that yields no node reports an issue; should one not, the filter is still refused.
  if (root === undefined) throw malformedTree(tree, 'it has no typed form');
  // Every backend compiles only checked filters, so this one limit holds for all of them.
  checkStringCost(root, options.maxStringCost ?? DEFAULT_MAX_STRING_COST, text, options.maxCollectionSize);
  return { root, text };
}

/**
 * The issues of a checked tree: the checker's, a filter that is no condition, and the constructs
 * later than the target version (docs/semantics.md, "Versions"; none for 4.01).
 */
function issuesOf(
  checker: Checker,
  tree: Expr,
  root: TypedExpr | undefined,
  version: ODataVersion,
  filter: boolean,
): FilterIssue[] {
  if (filter && root !== undefined && root.type !== 'Edm.Boolean') {
    checker.report('not_boolean', root, `A filter must be Edm.Boolean, but this expression is ${root.type}`);
  }
  return version === '4.01' ? [...checker.issues] : [...checker.issues, ...versionIssues(tree, root, version)];
}

/**
 * A filter whose tree is made of the trees of checked filters of one schema, joined by the query
 * layer (a row filter and-ed with a request's, a relation's row filter put into a lambda), every
 * invariant of check() kept: the other place a TypedFilter is made. The string cost of the whole
 * is checked again, against `maxStringCost` (a keyset page's filter, whose cost is bounded by the
 * order it repeats, passes Infinity).
 */
export function composedFilter(
  root: TypedExpr,
  schema: Schema,
  text: string | undefined,
  maxStringCost: number = DEFAULT_MAX_STRING_COST,
): TypedFilter {
  checkStringCost(root, maxStringCost, text);
  return rememberFilter({ root, schema, text } as unknown as TypedFilter);
}

/** One node the checker typed, and the range variables in scope where it stands. */
export interface InspectedNode {
  readonly node: TypedExpr;
  readonly scopes: readonly Scope[];
}

/** What inspect() learnt of a tree: its issues, and every node it could type (innermost first). */
export interface Inspection {
  readonly root: TypedExpr | undefined;
  /** check()'s issues, and the one issue of what the checker threw, if it threw. */
  readonly issues: readonly (CheckIssue | FilterIssue)[];
  readonly nodes: readonly InspectedNode[];
}

/**
 * Checks a parsed filter as check() does, but returns what it learnt instead of throwing: the
 * issues, and every node typed along the way, also those whose parents an issue left untyped — what
 * the editor kit reads of a filter that is still being written (src/client/editor/). A FilterError
 * an alias's value raises ends the inspection with what was learnt before it.
 */
export function inspect(tree: Expr, schema: Schema, options: CheckOptions, text: string): Inspection {
  const nodes: InspectedNode[] = [];
  const checker = new Checker(schema, text, options, (node, scopes) => nodes.push({ node, scopes }));
  let root: TypedExpr | undefined;
  try {
    root = checker.expr(tree);
  } catch (error) {
    // What the checker throws (an alias's value that is no literal, a construct it cannot take)
    // ends the inspection as one more issue.
    const thrown = isFilterError(error)
      ? error.issues
      : [{ code: 'malformed_tree', message: 'a node could not be read', start: 0, end: 0 }];
    return { root: undefined, issues: [...checker.issues, ...thrown], nodes };
  }
  // As check() does, the cost of a tree that has no issue (one with issues may lack nodes); a
  // whole tree that is no condition yet has all its nodes.
  const whole = root !== undefined && checker.issues.length === 0;
  const issues = issuesOf(checker, tree, root, versionOf(options), true);
  if (root !== undefined && whole) {
    try {
      checkStringCost(root, options.maxStringCost ?? DEFAULT_MAX_STRING_COST, text, options.maxCollectionSize);
    } catch (error) {
      if (!isFilterError(error)) throw error;
      issues.push(...error.issues);
    }
  }
  return { root, issues, nodes };
}

const COMPARE = new Set<unknown>(COMPARE_OPS);
const ARITHMETIC = new Set<unknown>(ARITHMETIC_OPS);
const LOGICAL = new Set<unknown>(['and', 'or']);
const INSTANT_TYPES = new Set<unknown>(['Edm.DateTime', 'Edm.DateTimeOffset']);
const DECIMAL_VALUE = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
const [INT64_MIN, INT64_MAX] = INTEGER_RANGES['Edm.Int64'];
// The instants a date-time literal can write: 0001-01-01T00:00+14:00 to 9999-12-31T23:59:59.999-14:00.
const MAX_OFFSET_MINUTES = 14 * 60;
const FIRST_INSTANT = -62135596800000 - MAX_OFFSET_MINUTES * 60_000;
const LAST_INSTANT = 253402300799999 + MAX_OFFSET_MINUTES * 60_000;

/** Why a number literal's value or raw text cannot be what the parser makes of its type, if so. */
function numberProblem(n: NumberLiteral): string | undefined {
  const value: unknown = n.value;
  if (typeof n.raw !== 'string' || n.raw === '') return 'a number literal needs its raw text';
  switch (n.type as unknown) {
    case 'Edm.Int32':
      return Number.isInteger(value) && (value as number) >= INT32_MIN && (value as number) <= INT32_MAX
        ? undefined
        : 'an Edm.Int32 literal needs an integer number in the Int32 range';
    case 'Edm.Int64':
      return typeof value === 'bigint' && value >= INT64_MIN && value <= INT64_MAX
        ? undefined
        : 'an Edm.Int64 literal needs a bigint in the Int64 range';
    case 'Edm.Decimal':
      return typeof value === 'string' && DECIMAL_VALUE.test(value)
        ? undefined
        : "an Edm.Decimal literal needs a decimal string such as '-12.5'";
    case 'Edm.Double':
      return typeof value === 'number' ? undefined : 'an Edm.Double literal needs a number';
    case 'Edm.Single':
      return typeof value === 'number' && (Number.isNaN(value) || Object.is(Math.fround(value), value))
        ? undefined
        : 'an Edm.Single literal needs a number that binary32 holds exactly';
    default:
      return `a number literal cannot have type ${String(n.type)}`;
  }
}

function datetimeProblem(n: Extract<Expr, { kind: 'datetime' }>): string | undefined {
  if (!INSTANT_TYPES.has(n.type)) return `a date-time literal cannot have type ${String(n.type)}`;
  if (typeof n.raw !== 'string' || n.raw === '') return 'a date-time literal needs its raw text';
  if (!Number.isInteger(n.epochMs) || n.epochMs < FIRST_INSTANT || n.epochMs > LAST_INSTANT)
    return 'a date-time literal needs integer epoch milliseconds between the years 1 and 9999';
  if (!Number.isInteger(n.offsetMinutes) || Math.abs(n.offsetMinutes) > MAX_OFFSET_MINUTES)
    return 'a date-time literal needs an offset of at most 14 hours, in minutes';
  return undefined;
}

/** Why a Date, TimeOfDay or Duration literal's value or raw text is not what the parser makes, if so. */
function temporalProblem(raw: unknown, value: unknown, what: string, min: number, max: number): string | undefined {
  if (typeof raw !== 'string' || raw === '') return `a ${what} literal needs its raw text`;
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max
    ? undefined
    : `a ${what} literal needs an integer between ${min} and ${max}`;
}

const BOOLEAN = 'Edm.Boolean' as const;
const STRING: EdmType = 'Edm.String';
const DATETIMEOFFSET = 'Edm.DateTimeOffset' as const;
const DATE = 'Edm.Date' as const;
const DURATION = 'Edm.Duration' as const;

/** What an arithmetic type error says applies (docs/semantics.md §5, "Arithmetic"). */
const TEMPORAL_ARITHMETIC =
  'date-time arithmetic takes an instant or Date add or sub a Duration, an instant sub an instant, a Date sub a Date, Durations add or sub each other, and a Duration mul or div a number';

/** Types whose arithmetic is date-time arithmetic. */
function isTimeLike(type: EdmType): boolean {
  return isInstant(type) || isTemporal(type);
}

/** An operand's type in date-time arithmetic: a DateTime is an instant; a null takes the other side's counterpart. */
function temporalOperandType(node: TypedExpr): EdmType {
  if (node.kind === 'null') return DURATION;
  if (isInstant(node.type)) return DATETIMEOFFSET;
  return node.type;
}

/** The node or undefined: undefined means an issue was reported below, so say nothing more. */
type Checked = TypedExpr | undefined;

type Segment = Extract<Expr, { kind: 'member' }>['segments'][number];
type MemberNode = Extract<Expr, { kind: 'member' }>;

/** A range variable in scope: the name a lambda binds and the element it stands for. */
export interface Scope {
  readonly name: string;
  readonly element: PrimitiveProperty | StructuredProperty;
}

/** What a path names: the property at its end, read from `source` along `path`. */
interface Resolved {
  readonly source: TypedSource;
  readonly path: readonly string[];
  readonly property: Property;
  /** True when the value can be null: the element, the property or any structure on the way is nullable. */
  readonly nullable: boolean;
  /** `$it` alone: the resource itself. */
  readonly resource?: true;
}

const ROW: TypedSource = { kind: 'row' };
const IT = '$it';

class Checker {
  readonly issues: CheckIssue[] = [];
  private readonly visitor: ExprVisitor<Checked>;
  /** The range variables in scope, outermost first. */
  private readonly scopes: Scope[] = [];
  /**
   * How many `x in C` have their x being checked: x is checked outside the lambda `x in C` stands
   * for, but lowered into its body, so an `in` within x is one lambda deeper than scopes say.
   */
  private openIns = 0;

  constructor(
    private readonly schema: Schema,
    /** The filter's text, when checked from text: operands are named by their source. */
    private readonly text: string | undefined,
    private readonly options: CheckerOptions,
    /** Told of every node typed, with the variables in scope there (inspect()). */
    private readonly observe?: (node: TypedExpr, scopes: readonly Scope[]) => void,
  ) {
    this.visitor = {
      null: (n) => ({ kind: 'null', type: BOOLEAN, start: n.start, end: n.end }),
      boolean: (n) =>
        literal(
          BOOLEAN,
          expect(n, typeof n.value === 'boolean' ? undefined : 'a boolean literal needs a boolean value').value,
          n,
        ),
      number: (n) => literal(n.type, expect(n, numberProblem(n)).value, n),
      string: (n) =>
        literal(
          STRING,
          expect(n, typeof n.value === 'string' ? undefined : 'a string literal needs a string value').value,
          n,
        ),
      datetime: (n) => literal(n.type, expect(n, datetimeProblem(n)).epochMs, n),
      date: (n) => literal('Edm.Date', expect(n, temporalProblem(n.raw, n.days, 'date', MIN_DATE, MAX_DATE)).days, n),
      timeOfDay: (n) =>
        literal('Edm.TimeOfDay', expect(n, temporalProblem(n.raw, n.ms, 'time-of-day', 0, MAX_TIME_OF_DAY)).ms, n),
      duration: (n) =>
        literal('Edm.Duration', expect(n, temporalProblem(n.raw, n.ms, 'duration', -MAX_DURATION, MAX_DURATION)).ms, n),
      guid: (n) => {
        const ok =
          typeof n.raw === 'string' &&
          typeof n.value === 'string' &&
          GUID_TEXT.test(n.value) &&
          n.value === n.value.toLowerCase();
        return literal(
          'Edm.Guid',
          expect(
            n,
            ok
              ? undefined
              : 'a guid literal needs its raw text and a lower-case xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx value',
          ).value,
          n,
        );
      },
      member: (n) => this.member(expectSegments(n), n),
      alias: (n) => {
        const value = this.aliased(n);
        if (this.enumOperands.has(n)) this.enumOperands.add(value);
        return value.kind === 'alias' ? undefined : this.expr(value);
      },
      call: (n) => this.call(n.name, n.args, n),
      typeFunction: (n) => this.typeFunction(n),
      enum: (n) => this.enumLiteral(n),
      has: (n) => this.has(n),
      not: (n) => {
        const operand = this.boolean(this.expr(n.operand), n.operand, "Operator 'not' needs a Boolean operand");
        return operand && { kind: 'not', type: BOOLEAN, operand, start: n.start, end: n.end };
      },
      negate: (n) => this.negate(n.operand, n),
      compare: (n) => {
        expect(n, COMPARE.has(n.op) ? undefined : `unknown comparison operator ${describe(n.op)}`);
        const structure = this.structureNull(n);
        return structure ? structure.node : this.compare(n.op, this.enumOperand(n.left), this.enumOperand(n.right), n);
      },
      arithmetic: (n) => {
        expect(n, ARITHMETIC.has(n.op) ? undefined : `unknown arithmetic operator ${describe(n.op)}`);
        return this.arithmetic(n.op, this.expr(n.left), this.expr(n.right), n);
      },
      logical: (n) => {
        expect(n, LOGICAL.has(n.op) ? undefined : `unknown logical operator ${describe(n.op)}`);
        expect(
          n,
          Array.isArray(n.operands) && n.operands.length > 0 ? undefined : `'${n.op}' needs at least one operand`,
        );
        return this.logical(n.op, n.operands, n);
      },
      in: (n) => {
        const ok =
          Array.isArray(n.list) && n.list.every((item: unknown) => isLiteralKind((item as Partial<Expr> | null)?.kind));
        expect(n, ok ? undefined : "the list of 'in' must be an array of literals");
        return this.in(this.enumOperand(n.operand), n.list, n);
      },
      lambda: (n) => this.lambda(n),
      count: (n) => {
        const collection = this.collection(n.collection, '$count');
        return collection && { kind: 'count', type: 'Edm.Int64', collection, start: n.start, end: n.end };
      },
      inCollection: (n) => this.inCollection(n),
      inAlias: (n) => this.inAlias(n),
    };
  }

  expr(node: Expr): Checked {
    if (typeof node !== 'object' || node === null)
      throw malformedTree(node, `a node is ${node === null ? 'null' : typeof node}, not an object`);
    const kind: unknown = node.kind;
    // An own property only: `toString` must not find Object.prototype.toString.
    if (typeof kind !== 'string' || !Object.hasOwn(this.visitor, kind)) return assertNever(node as never);
    if (!isSpanNumber(node.start) || !isSpanNumber(node.end) || node.start > node.end) {
      throw malformedTree(node, `a ${kind} node needs a span: integers 0 <= start <= end`);
    }
    const checked = (this.visitor[kind as Expr['kind']] as (node: Expr) => Checked)(node);
    const enumType = checked && enumOf(checked);
    if (enumType !== undefined && !this.enumOperands.has(node)) {
      this.report(
        'enum_value',
        node,
        `${this.nameOf(node, node)} is a ${enumType.name} value, which is compared (eq, ne, gt, …, in) with values of its type or tested with 'has', and takes part in nothing else`,
      );
      return undefined;
    }
    if (checked !== undefined && this.observe !== undefined) this.observe(checked, [...this.scopes]);
    return checked;
  }

  /**
   * The nodes whose value may be of an enumeration type: the operands of comparisons, `in` and
   * `has` (docs/semantics.md §12). Anywhere else such a value is the issue `enum_value`.
   */
  private readonly enumOperands = new Set<Expr>();

  private enumOperand(node: Expr): Checked {
    if (typeof node === 'object' && node !== null) this.enumOperands.add(node);
    return this.expr(node);
  }

  /** `Sales.Color'Red,Blue'`: the members resolved against the schema's enumeration of that name. */
  private enumLiteral(n: Extract<Expr, { kind: 'enum' }>): Checked {
    expect(
      n,
      typeof n.typeName === 'string' && typeof n.body === 'string'
        ? undefined
        : 'an enumeration literal needs a type name and a body',
    );
    const enums = enumTypesOf(this.schema);
    const enumType = enums.get(n.typeName);
    if (enumType === undefined) {
      const declared = [...enums.keys()];
      const suggestion = suggestName(n.typeName, declared);
      const hint =
        suggestion !== undefined
          ? ` (did you mean '${suggestion}'?)`
          : declared.length > 0
            ? `; it declares ${listNames(declared)}`
            : '; it declares none';
      this.report(
        'unknown_type',
        { start: n.start, end: n.start + n.typeName.length },
        `Unknown enumeration type '${n.typeName}': the schema ${this.schema.name} does not declare it${hint}`,
        suggestion,
      );
      return undefined;
    }
    return this.enumValue(enumType, n.body, n);
  }

  /** The value of `body` (member names or values, comma-separated) in an enumeration type, as a literal of it. */
  private enumValue(enumType: EnumType, body: string, span: Span): TypedLiteral | undefined {
    const value = readEnumValue(enumType, body);
    if (typeof value !== 'bigint') {
      this.report(
        'unknown_enum_member',
        span,
        `${value.problem}${value.suggestion === undefined ? `; its members are ${listNames(enumType.members.keys())}` : ` (did you mean '${value.suggestion}'?)`}`,
        value.suggestion,
      );
      return undefined;
    }
    const literalValue: LiteralValue = enumType.underlyingType === 'Edm.Int64' ? value : Number(value);
    return {
      kind: 'literal',
      type: enumType.underlyingType,
      value: literalValue,
      enum: enumType,
      start: span.start,
      end: span.end,
    };
  }

  /**
   * An operand beside a value of `enumType`: a literal or null of it as it is; a string naming its
   * members as that value (OData 4.01 lets the type be left out); anything else undefined, once
   * `type_mismatch` is reported with `what` (the operator or context).
   */
  private asEnumValue(
    enumType: EnumType,
    node: TypedExpr,
    source: Expr,
    what: string,
    at: Span = node,
  ): TypedExpr | undefined {
    const other = enumOf(node);
    if (other !== undefined) {
      if (other.name === enumType.name) return node;
    } else if (node.kind === 'null') {
      return { ...node, type: enumType.underlyingType, enum: enumType };
    } else if (node.kind === 'literal' && node.type === STRING) {
      return this.enumValue(enumType, node.value as string, node);
    }
    const first = enumType.members.keys().next().value ?? '…';
    this.report(
      'type_mismatch',
      at,
      `${what}: ${this.nameOf(node, source)} (${other?.name ?? node.type}) is no ${enumType.name} value; write one as '${first}' or ${enumType.name}'${first}'`,
    );
    return undefined;
  }

  /** `x has v`: x of an enumeration type, v a literal of it (docs/semantics.md §12). */
  private has(n: Extract<Expr, { kind: 'has' }>): Checked {
    const operand = this.enumOperand(n.operand);
    const value = this.enumOperand(n.value);
    if (operand === undefined || value === undefined) return undefined;
    const enumType = enumOf(operand);
    if (enumType === undefined) {
      this.report(
        'type_mismatch',
        n.operand,
        `'has' tests the flags of an enumeration value, but ${this.nameOf(operand, n.operand)} is ${operand.type}`,
      );
      return undefined;
    }
    const mask = this.asEnumValue(enumType, value, n.value, "The right operand of 'has'");
    if (mask === undefined) return undefined;
    // Learning places: the alias is null here, but stands for the literal its value will be.
    if (mask.kind === 'null' && n.value?.kind === 'alias' && this.options[ALIASES_ARE_PLACES])
      return {
        kind: 'has',
        type: BOOLEAN,
        operand,
        value: mask as unknown as TypedLiteral,
        start: n.start,
        end: n.end,
      };
    if (mask.kind !== 'literal') {
      this.report(
        'type_mismatch',
        n.value,
        `The right operand of 'has' is an enumeration literal, such as ${enumType.name}'${enumType.members.keys().next().value ?? '…'}', not ${this.nameOf(mask, n.value)}`,
      );
      return undefined;
    }
    return { kind: 'has', type: BOOLEAN, operand, value: mask, start: n.start, end: n.end };
  }

  report(code: IssueCode, span: Span, message: string, suggestion?: string): void {
    const issue: CheckIssue = { code, message, start: span.start, end: span.end };
    this.issues.push(suggestion === undefined ? issue : { ...issue, suggestion });
  }

  /** An operand as the user wrote it (its source text, or printed from the tree), shortened when long. */
  private nameOf(node: Span, source: Expr): string {
    const text = this.text !== undefined ? this.text.slice(node.start, node.end) : canonicalText(source);
    const flat = text.replace(/\s+/g, ' ').trim();
    const chars = [...flat];
    return chars.length > OPERAND_NAME_LENGTH ? `${chars.slice(0, OPERAND_NAME_LENGTH - 1).join('')}…` : flat;
  }

  /**
   * `. Did you mean X?` when `node` is a literal whose text spells exactly a literal that
   * `accepts` takes: a string holding a number, Boolean, date-time or guid (`'50'` → `50`), or a
   * plain number or Boolean where a string is wanted (`50` → `'50'`). Else the empty string.
   */
  private meant(node: TypedExpr, source: Expr, accepts: (literal: TypedExpr) => boolean): string {
    if (node.kind !== 'literal') return '';
    let text: string | undefined;
    if (node.type === STRING) {
      for (const found of literalsInString(node.value as string)) {
        const typed = this.expr(found.literal);
        if (typed && accepts(typed)) {
          text = found.text;
          break;
        }
      }
    } else {
      const quoted = stringOfLiteral(this.nameOf(node, source));
      if (quoted !== undefined && accepts(literal(STRING, quoted.slice(1, -1), node))) text = quoted;
    }
    return text === undefined ? '' : `. Did you mean ${text}?`;
  }

  private member(segments: readonly Segment[], span: Span): Checked {
    const found = this.resolve(segments, span);
    if (found === undefined) return undefined;
    const { source, path, property, nullable } = found;
    const written = segments.map((s) => s.name).join('/');
    if (found.resource) {
      this.report(
        'structured_value',
        span,
        `'${IT}' is the ${this.schema.name} being filtered: filter on one of its properties, such as '${IT}/${this.schema.properties.keys().next().value ?? '…'}'`,
      );
      return undefined;
    }
    if (property.kind === 'structured') {
      const example = `${written}/${property.properties.keys().next().value ?? '…'}`;
      this.report(
        'structured_value',
        span,
        `'${written}' is a structured property: test it with 'eq null' or 'ne null', or filter on one of its properties, such as '${example}'`,
      );
      return undefined;
    }
    if (property.kind === 'collection') {
      this.report(
        'collection_value',
        span,
        `'${written}' is a collection: test its elements with a lambda, such as '${lambdaExample(written, property)}', or count them with '${written}/$count'`,
      );
      return undefined;
    }
    return { kind: 'member', type: property.type, source, path, property, nullable, start: span.start, end: span.end };
  }

  /** The collection a lambda, `$count` or `in` ranges over; undefined once an issue is reported. */
  private collection(node: MemberNode, what: string): TypedCollection | undefined {
    const found = this.resolve(expectSegments(node), node);
    if (found === undefined) return undefined;
    if (found.property.kind !== 'collection') {
      const written = node.segments.map((s) => s.name).join('/');
      const is = found.resource
        ? `the ${this.schema.name} being filtered`
        : found.property.kind === 'primitive'
          ? found.property.type
          : 'a structured property';
      this.report('not_collection', node, `'${what}' needs a collection, but '${written}' is ${is}`);
      return undefined;
    }
    return { source: found.source, path: found.path, property: found.property };
  }

  private lambda(n: Extract<Expr, { kind: 'lambda' }>): Checked {
    expect(n, n.op === 'any' || n.op === 'all' ? undefined : `unknown lambda operator ${describe(n.op)}`);
    expect(
      n,
      (n.variable === undefined) === (n.body === undefined) && (n.body !== undefined || n.op === 'any')
        ? undefined
        : "a lambda needs a variable and a body, or neither for 'any()'",
    );
    const collection = this.collection(n.collection, n.op);
    if (n.variable === undefined || n.body === undefined) {
      return (
        collection && {
          kind: 'lambda',
          type: BOOLEAN,
          op: n.op,
          collection,
          variable: undefined,
          body: undefined,
          start: n.start,
          end: n.end,
        }
      );
    }
    const name: unknown = n.variable.name;
    expect(n, typeof name === 'string' && name !== '' ? undefined : 'a lambda variable needs a name');
    const variable = n.variable.name;
    if (this.scopes.some((s) => s.name === variable)) {
      this.report(
        'variable_shadows',
        n.variable,
        `Range variable '${variable}' is already bound by an enclosing lambda; give this one another name`,
      );
    }
    // The body is checked even when the collection has an issue, so that its own issues are found
    // too; its variable then stands for nothing, and reads of it are not reported again.
    const element: PrimitiveProperty | StructuredProperty = collection?.property.element ?? UNKNOWN_ELEMENT;
    this.scopes.push({ name: variable, element });
    let body: Checked;
    try {
      body = this.boolean(this.expr(n.body), n.body, `The body of '${n.op}' must be Edm.Boolean`);
    } finally {
      this.scopes.pop();
    }
    if (collection === undefined || body === undefined) return undefined;
    return { kind: 'lambda', type: BOOLEAN, op: n.op, collection, variable, body, start: n.start, end: n.end };
  }

  /** `x in C` is `C/any(v: v eq x)`, with a variable no filter can name. */
  private inCollection(n: Extract<Expr, { kind: 'inCollection' }>): Checked {
    this.openIns++;
    let operand: Checked;
    try {
      operand = this.enumOperand(n.operand);
    } finally {
      this.openIns--;
    }
    const collection = this.collection(n.collection, 'in');
    if (operand === undefined || collection === undefined) return undefined;
    const element = collection.property.element;
    const written = n.collection.segments.map((s) => s.name).join('/');
    if (element.kind !== 'primitive') {
      this.report(
        'type_mismatch',
        n,
        `Cannot look for ${this.nameOf(operand, n.operand)} in '${written}': its elements are structures, which compare with nothing; use a lambda, such as '${lambdaExample(written, collection.property)}'`,
      );
      return undefined;
    }
    // Named by its depth among the lambdas of the lowered form, so unique along any chain of them
    // (`(a in B) in C` binds $element1, then $element2 inside it).
    const variable = `$element${this.scopes.length + this.openIns + 1}`;
    const span = n.collection;
    const item: TypedMember = {
      kind: 'member',
      type: element.type,
      source: { kind: 'variable', name: variable },
      path: [],
      property: element,
      nullable: element.nullable,
      start: span.start,
      end: span.end,
    };
    const comparison: Extract<Expr, { kind: 'compare' }> = {
      kind: 'compare',
      op: 'eq',
      left: n.collection,
      right: n.operand,
      start: n.start,
      end: n.end,
    };
    const body = this.compare('eq', item, operand, comparison);
    return body && { kind: 'lambda', type: BOOLEAN, op: 'any', collection, variable, body, start: n.start, end: n.end };
  }

  /** `x in @list`: the usual `in` over the literals of the alias's value, each at the alias. */
  private inAlias(n: Extract<Expr, { kind: 'inAlias' }>): Checked {
    const operand = this.enumOperand(n.operand);
    const alias = n.alias;
    expect(n, alias?.kind === 'alias' ? undefined : "the list of 'in' from an alias must be an alias node");
    const list = aliasList(alias, this.options.aliases, this.options);
    if (list === undefined) {
      this.unknownAlias(alias, `"('a', 'b')"`);
      return undefined;
    }
    return this.in(operand, list, { kind: 'in', operand: n.operand, list, start: n.start, end: n.end });
  }

  /**
   * The literal an alias stands for, typed then as that literal would be where the alias stands;
   * for an alias without a value, the alias itself, once `unknown_alias` is reported. Any other
   * node is returned as it is.
   */
  private aliased(node: Expr): Expr {
    if (node?.kind !== 'alias') return node;
    const value = aliasLiteral(node, this.options.aliases, this.options);
    if (value !== undefined) return value;
    this.unknownAlias(node, "'…'");
    return node;
  }

  /** `unknown_alias` at the alias, with an example of the value it needs. */
  private unknownAlias(node: Extract<Expr, { kind: 'alias' }>, example: string): void {
    const name = String(node.name);
    this.report(
      'unknown_alias',
      node,
      `Parameter alias '@${name}' has no value: give it in the aliases option, such as { ${name}: ${example} }`,
    );
  }

  /**
   * `Path eq null` or `Path ne null` (either way round) where the path ends at a structure: its
   * null test, or undefined as the node when the path has an issue. Undefined when the comparison
   * is not one of these: it is then checked as any comparison.
   */
  private structureNull(n: Extract<Expr, { kind: 'compare' }>): { node: Checked } | undefined {
    if (n.op !== 'eq' && n.op !== 'ne') return undefined;
    const [path, written] = n.left?.kind === 'member' ? [n.left, n.right] : [n.right, n.left];
    // `Address eq @p` with `@p=null` is the null test too; with no value for `@p`, the alias is
    // the one issue.
    const other =
      written?.kind === 'alias' ? (aliasLiteral(written, this.options.aliases, this.options) ?? written) : written;
    if (
      path?.kind !== 'member' ||
      (other?.kind !== 'null' && other?.kind !== 'alias') ||
      !isSpanNumber(path.start) ||
      !isSpanNumber(path.end)
    )
      return undefined;
    const segments = expectSegments(path);
    const found = this.resolve(segments, path);
    if (found === undefined) return { node: undefined };
    if (found.property.kind !== 'structured' || found.resource) return undefined;
    if (other.kind === 'alias') {
      this.aliased(other);
      return { node: undefined };
    }
    this.expr(other);
    const { source, property, nullable } = found;
    const node: TypedStructureNull = {
      kind: 'structureNull',
      type: 'Edm.Boolean',
      op: n.op,
      source,
      path: found.path,
      property,
      nullable,
      start: n.start,
      end: n.end,
    };
    return { node };
  }

  /**
   * The property a path names, the source it is read from and the nullability of the whole path;
   * undefined once an issue is reported. The head segment is `$it` (the resource), a range
   * variable in scope (its element), or a property of the resource. A path may end at any kind of
   * property (the caller says which it needs) but not pass through a primitive or a collection.
   */
  private resolve(segments: readonly Segment[], span: Span): Resolved | undefined {
    const head = segments[0]!;
    let source = ROW;
    let properties: ReadonlyMap<string, Property> = this.schema.properties;
    let owner = this.schema.name;
    let nullable = false;
    let filterable = true;
    let first = 0;
    // Names are unique along a chain of lambdas (variable_shadows), so the first match is the one.
    const scope = this.scopes.find((s) => s.name === head.name);
    if (head.name === IT) {
      if (segments.length === 1) return { source, path: [], property: RESOURCE, nullable: false, resource: true };
      first = 1;
    } else if (scope !== undefined) {
      source = { kind: 'variable', name: scope.name };
      const element = scope.element;
      // A variable whose collection had an issue: that issue was reported, say nothing more.
      if (element === UNKNOWN_ELEMENT) return undefined;
      nullable = element.nullable;
      filterable = element.filterable;
      if (segments.length === 1) return { source, path: [], property: element, nullable };
      if (element.kind === 'primitive') {
        this.report(
          'not_structured',
          { start: segments[1]!.start, end: span.end },
          `'${scope.name}' is ${element.type} and has no properties, so '${segments[1]!.name}' cannot follow it`,
        );
        return undefined;
      }
      properties = element.properties;
      owner = `the elements of '${scope.name}'`;
      first = 1;
    }
    for (let i = first; i < segments.length; i++) {
      const segment = segments[i]!;
      const property = properties.get(segment.name);
      if (property === undefined) {
        const variables = i === 0 ? this.scopes.map((s) => s.name) : [];
        // Only what a filter may read is named: a property kept from filters (a policy's rule,
        // or filterable: false) is never suggested or listed, so no message tells it exists.
        const named = [...properties].filter(([, p]) => p.filterable).map(([n]) => n);
        const suggestion = suggestName(segment.name, [...named, ...variables]);
        const what =
          variables.length > 0
            ? `'${segment.name}' is neither a property of ${owner} nor a range variable (${listNames(variables)})`
            : `Property '${segment.name}' does not exist on ${owner}`;
        const hint =
          suggestion !== undefined
            ? ` Did you mean '${suggestion}'?`
            : named.length > 0
              ? ` Its properties are ${listNames(named)}.`
              : '';
        this.report('unknown_property', segment, `${what}.${hint}`, suggestion);
        return undefined;
      }
      filterable &&= property.filterable;
      const written = (): string =>
        segments
          .slice(0, i + 1)
          .map((s) => s.name)
          .join('/');
      const last = i === segments.length - 1;
      if (!last) {
        const next = segments[i + 1]!;
        const rest = { start: next.start, end: span.end };
        if (property.kind === 'primitive') {
          this.report(
            'not_structured',
            rest,
            `'${written()}' is ${property.type} and has no properties, so '${next.name}' cannot follow it`,
          );
          return undefined;
        }
        if (property.kind === 'collection') {
          this.report(
            'collection_path',
            rest,
            `'${written()}' is a collection, so '${next.name}' cannot follow it: reach its elements with a lambda, such as '${lambdaExample(written(), property)}'`,
          );
          return undefined;
        }
        nullable ||= property.nullable;
        properties = property.properties;
        owner = `${this.schema.name}/${written()}`;
        continue;
      }
      if (!filterable) {
        this.report(
          'not_filterable',
          span,
          `Property '${written()}' of ${this.schema.name} cannot be used in a filter`,
        );
        return undefined;
      }
      if (property.kind !== 'collection') nullable ||= property.nullable;
      return { source, path: segments.slice(first).map((s) => s.name), property, nullable };
    }
    return undefined;
  }

  private call(name: string, argNodes: readonly Expr[], span: Span): Checked {
    // The parser guarantees a known name and a valid arity for parsed trees.
    const signature = typeof name === 'string' ? lookupFunction(name) : undefined;
    if (signature === undefined) throw malformedTree(span, `unknown function ${describe(name)}`);
    if (!Array.isArray(argNodes))
      throw malformedTree(span, `a call of '${signature.name}' needs an array of arguments`);
    const overloads = signature.overloads.filter((o) => o.params.length === argNodes.length);
    if (overloads.length === 0) {
      const { min, max } = arityOf(signature);
      throw malformedTree(
        span,
        `'${signature.name}' takes ${min === max ? min : `${min} to ${max}`} arguments, not ${argNodes.length}`,
      );
    }
    const args = argNodes.map((a) => this.expr(a));
    if (!everyDefined(args)) {
      // Stand in with the result type when every overload agrees on it, so that the issues of
      // the enclosing expression are found too. The filter is rejected anyway.
      const returns = new Set(overloads.map((o) => o.returns));
      const [type] = returns;
      return returns.size === 1 && type !== undefined
        ? { kind: 'call', type, name: signature.name, args: [], start: span.start, end: span.end }
        : undefined;
    }
    const chosen =
      overloads.find((o) => o.params.every((p, i) => args[i]!.kind === 'null' || args[i]!.type === p)) ??
      overloads.find((o) => o.params.every((p, i) => fits(args[i]!, p)));
    if (chosen !== undefined) {
      const typedArgs = chosen.params.map((p, i) => coerce(args[i]!, p));
      return {
        kind: 'call',
        type: chosen.returns,
        name: signature.name,
        args: typedArgs,
        start: span.start,
        end: span.end,
      };
    }
    let reported = false;
    args.forEach((arg, i) => {
      const expected = [...new Set(overloads.map((o) => o.params[i]!))];
      if (!expected.some((p) => fits(arg, p))) {
        reported = true;
        const meant = this.meant(arg, argNodes[i]!, (l) => expected.some((p) => fits(l, p)));
        this.report(
          'wrong_argument_type',
          arg,
          `Function '${signature.name}' expects argument ${i + 1} to be ${expected.join(' or ')}, but ${this.nameOf(arg, argNodes[i]!)} is ${arg.type}${meant}`,
        );
      }
    });
    if (!reported) {
      const found = args.map((a) => a.type).join(', ');
      this.report(
        'no_matching_overload',
        span,
        `Function '${signature.name}' has no overload for (${found}); it takes ${overloads.map(describeOverload).join(' or ')}`,
      );
    }
    return undefined;
  }

  /** `cast(x, T)` and `isof(x, T)`, typed by the conversion from x's type to T (docs/semantics.md §11). */
  private typeFunction(n: Extract<Expr, { kind: 'typeFunction' }>): Checked {
    expect(
      n,
      n.name === 'cast' || n.name === 'isof'
        ? undefined
        : `a type function is 'cast' or 'isof', not ${describe(n.name)}`,
    );
    const target = n.target as Partial<TypeName> | null | undefined;
    const name = target?.name;
    const nameSpan =
      target !== null && target !== undefined && isSpanNumber(target.start) && isSpanNumber(target.end)
        ? (target as Span)
        : n;
    expect(n, typeof name === 'string' ? undefined : `'${n.name}' needs a target type name`);
    const operand = this.expr(n.operand);
    if (!isEdmType(name!)) {
      const suggestion = suggestName(name!, EDM_TYPES);
      this.report(
        'unknown_type',
        nameSpan,
        `Unknown type '${name}'${suggestion === undefined ? '' : ` (did you mean '${suggestion}'?)`}`,
        suggestion,
      );
      return undefined;
    }
    if (operand === undefined) return undefined;
    const span = { start: n.start, end: n.end };
    const conversion = conversionOf(operand.type, name);
    if (conversion === 'unsupported' && operand.kind !== 'null') {
      throw unsupported({
        construct: 'cast_from_string',
        message: `Converting an Edm.String to ${name} is not supported at position ${n.start} (a String converts to Edm.String, Edm.DateTimeOffset and Edm.DateTime)`,
        ...span,
      });
    }
    // The null literal is a null of the target type (OData: "the null value can be cast to any type").
    const typedOperand = operand.kind === 'null' ? { ...operand, type: name } : operand;
    if (n.name === 'isof') return { kind: 'isof', type: BOOLEAN, operand: typedOperand, target: name, ...span };
    if (conversion === 'none' && operand.kind !== 'null') {
      const hint =
        isInstant(operand.type) && (name === 'Edm.Date' || name === 'Edm.TimeOfDay')
          ? ` (${name === 'Edm.Date' ? 'date' : 'time'}() gives its UTC ${name === 'Edm.Date' ? 'date' : 'time of day'})`
          : '';
      this.report(
        'invalid_cast',
        span,
        `Cannot cast ${this.nameOf(operand, n.operand)} (${operand.type}) to ${name}: OData defines no such conversion${hint}`,
      );
      return undefined;
    }
    return { kind: 'cast', type: name, operand: typedOperand, ...span };
  }

  private boolean(node: Checked, source: Expr, what: string): Checked {
    if (node === undefined) return undefined;
    if (node.kind === 'null') return { ...node, type: BOOLEAN };
    if (node.type !== BOOLEAN) {
      const meant = this.meant(node, source, (l) => l.type === BOOLEAN);
      this.report('not_boolean', node, `${what}, but ${this.nameOf(node, source)} is ${node.type}${meant}`);
      return undefined;
    }
    return node;
  }

  private logical(op: LogicalOp, operandNodes: readonly Expr[], span: Span): Checked {
    const operands = operandNodes.map((o) => this.boolean(this.expr(o), o, `Operator '${op}' needs Boolean operands`));
    if (!everyDefined(operands)) return undefined;
    return { kind: 'logical', type: BOOLEAN, op, operands, start: span.start, end: span.end };
  }

  private numeric(node: Checked, source: Expr, what: string): Checked {
    if (node === undefined || node.kind === 'null' || isNumeric(node.type)) return node;
    const meant = this.meant(node, source, (l) => isNumeric(l.type));
    this.report('not_numeric', node, `${what}, but ${this.nameOf(node, source)} is ${node.type}${meant}`);
    return undefined;
  }

  private negate(operandNode: Expr, span: Span): Checked {
    const checked = this.expr(operandNode);
    if (checked?.type === DURATION)
      return { kind: 'negate', type: DURATION, operand: checked, start: span.start, end: span.end };
    const operand = this.numeric(checked, operandNode, "Unary '-' needs a numeric or Duration operand");
    if (operand === undefined) return undefined;
    // Byte, SByte and Int16 promote to Int32, as in binary arithmetic: -255 is not a Byte.
    const type: NumericType = operand.kind === 'null' ? 'Edm.Int32' : promoteUnary(operand.type as NumericType);
    return { kind: 'negate', type, operand: coerce(operand, type), start: span.start, end: span.end };
  }

  private arithmetic(
    op: ArithmeticOp,
    leftNode: Checked,
    rightNode: Checked,
    node: Extract<Expr, { kind: 'arithmetic' }>,
  ): Checked {
    const span = node;
    if (leftNode === undefined || rightNode === undefined) {
      // Report the numeric operand's problem only when the other side says the operation is numeric.
      const other = leftNode ?? rightNode;
      if (other !== undefined && isTimeLike(other.type)) return undefined;
    } else if (isTimeLike(leftNode.type) || isTimeLike(rightNode.type)) {
      return this.temporal(op, leftNode, rightNode, node);
    }
    const what = `Operator '${op}' needs numeric operands`;
    const left = this.numeric(leftNode, node.left, what);
    const right = this.numeric(rightNode, node.right, what);
    if (left === undefined || right === undefined) return undefined;
    const promoted: NumericType =
      left.kind === 'null' && right.kind === 'null'
        ? 'Edm.Int32'
        : left.kind === 'null'
          ? promoteUnary(right.type as NumericType)
          : right.kind === 'null'
            ? promoteUnary(left.type as NumericType)
            : promoteNumeric(left.type as NumericType, right.type as NumericType);
    // `divby` divides integers as Decimals (docs/semantics.md §4): its operands are converted to the quotient's type.
    const type: NumericType = op === 'divby' && isInteger(promoted) ? 'Edm.Decimal' : promoted;
    return {
      kind: 'arithmetic',
      type,
      op,
      left: coerce(left, type),
      right: coerce(right, type),
      start: span.start,
      end: span.end,
    };
  }

  /**
   * Date-time arithmetic (docs/semantics.md §5): the operation follows from the operand types; a
   * DateTime becomes a DateTimeOffset, a null takes the type the other side needs, and `n mul d`
   * is typed as `d mul n`.
   */
  private temporal(
    op: ArithmeticOp,
    left: TypedExpr,
    right: TypedExpr,
    node: Extract<Expr, { kind: 'arithmetic' }>,
  ): Checked {
    const l = temporalOperandType(left);
    const r = temporalOperandType(right);
    const make = (
      type: 'Edm.DateTimeOffset' | 'Edm.Duration',
      a: TypedExpr,
      b: TypedExpr,
      at: EdmType,
      bt: EdmType,
      tOp: TemporalOp = op as TemporalOp,
    ): TypedExpr => ({
      kind: 'temporal',
      type,
      op: tOp,
      left: coerce(a, at),
      right: coerce(b, bt),
      start: node.start,
      end: node.end,
    });
    const instantOrDate = (t: EdmType) => t === DATETIMEOFFSET || t === DATE;
    if ((op === 'add' || op === 'sub') && instantOrDate(l) && r === DURATION)
      return make(DATETIMEOFFSET, left, right, l, r);
    if (op === 'sub' && l === r && instantOrDate(l)) return make(DURATION, left, right, l, r);
    if ((op === 'add' || op === 'sub') && l === DURATION && r === DURATION) return make(DURATION, left, right, l, r);
    if ((op === 'mul' || op === 'div') && l === DURATION && (isNumeric(right.type) || right.kind === 'null')) {
      return make(DURATION, left, right, l, right.kind === 'null' ? 'Edm.Int32' : right.type);
    }
    if (op === 'mul' && r === DURATION && (isNumeric(left.type) || left.kind === 'null')) {
      return make(DURATION, right, left, r, left.kind === 'null' ? 'Edm.Int32' : left.type);
    }
    const operands = `${this.nameOf(left, node.left)} (${left.type}) and ${this.nameOf(right, node.right)} (${right.type})`;
    this.report('type_mismatch', node, `Operator '${op}' does not apply to ${operands}; ${TEMPORAL_ARITHMETIC}`);
    return undefined;
  }

  private compare(
    op: CompareOp,
    leftChecked: Checked,
    rightChecked: Checked,
    node: Extract<Expr, { kind: 'compare' }>,
  ): Checked {
    const span = node;
    if (leftChecked === undefined || rightChecked === undefined) return undefined;
    // A value of an enumeration type meets only values of its type (docs/semantics.md §12).
    const enumType = enumOf(leftChecked) ?? enumOf(rightChecked);
    const what = `Cannot compare with a ${enumType?.name ?? ''} value`;
    // A mismatch is reported at the whole comparison, as every other comparison's is.
    const left = enumType ? this.asEnumValue(enumType, leftChecked, node.left, what, span) : leftChecked;
    const right = enumType ? this.asEnumValue(enumType, rightChecked, node.right, what, span) : rightChecked;
    if (left === undefined || right === undefined) return undefined;
    const type = compareType(left, right);
    if (type === undefined) {
      const meant =
        this.meant(right, node.right, (l) => compareType(left, l) !== undefined) ||
        this.meant(left, node.left, (l) => compareType(l, right) !== undefined);
      const operands = `${this.nameOf(left, node.left)} (${left.type}) with ${this.nameOf(right, node.right)} (${right.type})`;
      this.report('type_mismatch', span, `Cannot compare ${operands}${meant}`);
      return undefined;
    }
    return {
      kind: 'compare',
      type: BOOLEAN,
      op,
      left: coerce(left, type),
      right: coerce(right, type),
      start: span.start,
      end: span.end,
    };
  }

  private in(operand: Checked, written: readonly Literal[], node: Extract<Expr, { kind: 'in' }>): Checked {
    const span = node;
    const listNodes = operand === undefined ? written : written.map((l) => spelledAs(l, operand.type));
    const list = listNodes.map((l) => this.enumOperand(l) as TypedLiteral | TypedNull);
    if (operand === undefined) return undefined;
    const enumType =
      enumOf(operand) ?? list.map((i) => (i === undefined ? undefined : enumOf(i))).find((e) => e !== undefined);
    if (enumType !== undefined) {
      // Every item, and the operand, a value of the one enumeration type.
      const what = `Cannot look for a ${enumType.name} value`;
      const typedOperand = this.asEnumValue(enumType, operand, node.operand, what);
      const typedList = list.map((item, i) =>
        item === undefined ? undefined : this.asEnumValue(enumType, item, listNodes[i]!, what),
      );
      if (typedOperand === undefined || !everyDefined(typedList)) return undefined;
      return {
        kind: 'in',
        type: BOOLEAN,
        operand: typedOperand,
        list: typedList as (TypedLiteral | TypedNull)[],
        start: span.start,
        end: span.end,
      };
    }
    // An item that did not check has been reported.
    if (!everyDefined(list)) return undefined;
    const items = list.filter((i): i is TypedLiteral => i.kind !== 'null');
    let type: EdmType = operand.kind === 'null' ? (items[0]?.type ?? STRING) : operand.type;
    if (!items.every((item) => fits(item, type))) {
      // `x in (a, b)` means `x eq a or x eq b`: numbers meet in their promoted type, as with eq.
      if (isNumeric(type) && items.every((i) => isNumeric(i.type))) {
        type = items.reduce<NumericType>((t, i) => promoteNumeric(t, i.type as NumericType), type);
      } else {
        const operandName = `${this.nameOf(operand, node.operand)} (${type})`;
        list.forEach((item, i) => {
          if (item.kind === 'null' || fits(item, type)) return;
          const meant = this.meant(item, listNodes[i]!, (l) => fits(l, type));
          this.report(
            'type_mismatch',
            item,
            `List item ${this.nameOf(item, listNodes[i]!)} (${item.type}) does not fit ${operandName} on the left of 'in'${meant}`,
          );
        });
        return undefined;
      }
    }
    const typedList = list.map((item) => coerce(item, type) as TypedLiteral | TypedNull);
    return {
      kind: 'in',
      type: BOOLEAN,
      operand: coerce(operand, type),
      list: typedList,
      start: span.start,
      end: span.end,
    };
  }
}

/** Stands for the element of a collection that had an issue, so its lambda's body is still checked. */
const UNKNOWN_ELEMENT: StructuredProperty = {
  kind: 'structured',
  name: '',
  properties: new Map(),
  nullable: true,
  filterable: true,
  relation: false,
};
/** Stands for `$it` alone, which names the resource and is no property. */
const RESOURCE: StructuredProperty = {
  kind: 'structured',
  name: IT,
  properties: new Map(),
  nullable: false,
  filterable: true,
  relation: false,
};

/** `Tags/any(t: t eq …)`, `Sessions/any(s: s/Status …)`: how to reach a collection's elements. */
function lambdaExample(written: string, collection: CollectionProperty): string {
  const variable = (collection.name[0] ?? 'x').toLowerCase();
  const element = collection.element;
  const first = element.kind === 'structured' ? element.properties.keys().next().value : undefined;
  return element.kind === 'primitive'
    ? `${written}/any(${variable}: ${variable} eq …)`
    : `${written}/any(${variable}: ${variable}/${first ?? '…'} …)`;
}

/** The node, when `problem` is undefined; else the malformed-tree error at the node. */
function expect<N extends Span>(node: N, problem: string | undefined): N {
  if (problem !== undefined) throw malformedTree(node, problem);
  return node;
}

function expectSegments(n: Extract<Expr, { kind: 'member' }>): Extract<Expr, { kind: 'member' }>['segments'] {
  const segments: unknown = n.segments;
  if (!Array.isArray(segments) || segments.length === 0)
    throw malformedTree(n, 'a member needs a non-empty array of path segments');
  for (const segment of segments as unknown[]) {
    const s = segment as Partial<{ name: unknown; start: unknown; end: unknown }> | null;
    if (
      typeof s !== 'object' ||
      s === null ||
      typeof s.name !== 'string' ||
      !isSpanNumber(s.start) ||
      !isSpanNumber(s.end)
    ) {
      throw malformedTree(n, 'a path segment needs a string name and a span');
    }
  }
  return n.segments;
}

function describe(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : typeof value;
}

function literal(type: EdmType, value: LiteralValue, span: Span): TypedLiteral {
  return { kind: 'literal', type, value, start: span.start, end: span.end };
}

function everyDefined<T>(items: readonly (T | undefined)[]): items is T[] {
  return items.every((i) => i !== undefined);
}

const LISTED = 12;

/** The longest operand name a message shows, in characters. */
const OPERAND_NAME_LENGTH = 40;

function listNames(names: Iterable<string>): string {
  const all = [...names];
  const shown = all
    .slice(0, LISTED)
    .map((n) => `'${n}'`)
    .join(', ');
  return all.length > LISTED ? `${shown} and ${all.length - LISTED} more` : shown;
}

function describeOverload(o: Overload): string {
  return `(${o.params.join(', ')})`;
}

function promoteUnary(type: NumericType): NumericType {
  return type === 'Edm.Byte' || type === 'Edm.SByte' || type === 'Edm.Int16' ? 'Edm.Int32' : type;
}

/** An integer literal whose value lies in the range of the integer type `target`. */
function integerLiteralFits(node: TypedExpr, target: EdmType): boolean {
  if (node.kind !== 'literal' || !isInteger(node.type) || !isInteger(target)) return false;
  const value = BigInt(node.value as number | bigint);
  const [min, max] = INTEGER_RANGES[target];
  return value >= min && value <= max;
}

/**
 * Whether `node` can take the type `target` without changing its value: a null; an integer
 * literal in range; numeric widening (promotion yields the target); any date-time literal
 * between the two instant types; a DateTime expression as a DateTimeOffset.
 */
function fits(node: TypedExpr, target: EdmType): boolean {
  if (node.type === target || node.kind === 'null') return true;
  if (isNumeric(node.type) && isNumeric(target)) {
    return integerLiteralFits(node, target) || promoteNumeric(node.type, target) === target;
  }
  if (isInstant(node.type) && isInstant(target)) return node.kind === 'literal' || target === DATETIMEOFFSET;
  return target === DURATION && spellsDuration(node);
}

/** A string literal that spells a duration: OData 4.01 lets a Duration literal leave out its prefix. */
function spellsDuration(node: TypedExpr): boolean {
  return node.kind === 'literal' && node.type === STRING && readDuration(node.value as string).ok;
}

/**
 * The common type of two comparison operands, or undefined when they are not comparable. A
 * literal takes the other side's type when it fits, so `column op literal` keeps the column bare.
 */
function compareType(left: TypedExpr, right: TypedExpr): EdmType | undefined {
  if (left.kind === 'null' && right.kind === 'null') return STRING;
  if (left.kind === 'null') return right.type;
  if (right.kind === 'null' || left.type === right.type) return left.type;
  if (isNumeric(left.type) && isNumeric(right.type)) {
    if (integerLiteralFits(right, left.type)) return left.type;
    if (integerLiteralFits(left, right.type)) return right.type;
    return promoteNumeric(left.type, right.type);
  }
  if (isInstant(left.type) && isInstant(right.type)) {
    if (right.kind === 'literal') return left.type;
    if (left.kind === 'literal') return right.type;
    return DATETIMEOFFSET;
  }
  if (left.type === DURATION && spellsDuration(right)) return DURATION;
  if (right.type === DURATION && spellsDuration(left)) return DURATION;
  return undefined;
}

/** Gives a node the type `target`: literals and nulls are retyped in place, others converted. */
function coerce(node: TypedExpr, target: EdmType): TypedExpr {
  if (node.type === target) return node;
  if (node.kind === 'null') return { ...node, type: target };
  if (node.kind === 'literal') return { ...node, type: target, value: convertValue(node.value, target) };
  return { kind: 'convert', type: target, operand: node, start: node.start, end: node.end };
}

/** A literal value in the representation of `target` (see LiteralValue in typed.ts). */
function convertValue(value: LiteralValue, target: EdmType): LiteralValue {
  switch (target) {
    case 'Edm.Int64':
      return typeof value === 'bigint' ? value : BigInt(value as number);
    case 'Edm.Decimal':
      // Only integers widen to Decimal; String(-0) is '0', the normal form.
      return typeof value === 'string' ? value : String(value);
    case 'Edm.Double':
    case 'Edm.Single':
      // Single is computed like Double (docs/semantics.md §4): an integer meeting a Single is
      // rounded to binary64 only, never to binary32; only a `…f` literal is binary32, by the parser.
      return Number(value);
    case 'Edm.Byte':
    case 'Edm.SByte':
    case 'Edm.Int16':
    case 'Edm.Int32':
      return Number(value);
    case 'Edm.DateTime':
    case 'Edm.DateTimeOffset':
      // Instants keep their epoch milliseconds.
      return value;
    case 'Edm.Duration': {
      // A string that spells a duration (fits() said so) is that duration in milliseconds.
      if (typeof value !== 'string') return value;
      const reading = readDuration(value);
      return reading.ok ? reading.value : value;
    }
    case 'Edm.Date':
    case 'Edm.TimeOfDay':
    case 'Edm.String':
    case 'Edm.Boolean':
    case 'Edm.Guid':
      // No other type converts to these: a value of the type stays as it is.
      return value;
    default:
      return assertNever(target, 'Edm type');
  }
}
