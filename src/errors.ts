// FilterError: the one error type the public API throws for bad input, and its caret rendering.

export type FilterErrorKind = 'syntax' | 'type' | 'limit' | 'unsupported';

/** One problem found in a filter, with the source range it concerns. */
export interface FilterIssue {
  /** Stable identifier of the problem, e.g. `unknown_property`, `type_mismatch`. */
  readonly code: string;
  readonly message: string;
  /** Offsets in the filter text, or, for a request's option, in that option's value. */
  readonly start: number;
  readonly end: number;
  /** The request's option the issue is in, as the request spelt it (`$filter`, `top`); docs/query.md. */
  readonly option?: string;
}

/**
 * The stable codes of syntax, limit and unsupported issues, and of the type issues a request's
 * policy raises, each with the error kind it comes with; docs/errors.md documents each. A filter's
 * type issues have theirs in `ISSUE_CODES` (src/types/check.ts).
 */
export const FILTER_ISSUE_CODES = {
  not_a_string: { kind: 'syntax', when: 'the filter handed to parse() is not a string' },
  unexpected_token: {
    kind: 'syntax',
    when: 'a token no rule accepts at its place; `expected` lists what would be accepted',
  },
  unexpected_end: {
    kind: 'syntax',
    when: 'the filter ends where more is needed; `expected` lists what would be accepted',
  },
  unterminated_string: { kind: 'syntax', when: 'a string literal has no closing quote' },
  unpaired_surrogate: {
    kind: 'syntax',
    when: 'a string literal holds a UTF-16 surrogate without its partner, which no UTF-8 text can carry',
  },
  invalid_json_string: {
    kind: 'syntax',
    when: 'a string of a JSON array (`x in ["a"]`) holds an unescaped control character or an escape JSON does not have',
  },
  invalid_number: { kind: 'syntax', when: 'a number literal does not fit its suffix (`1.5L`)' },
  number_out_of_range: {
    kind: 'syntax',
    when: 'a number literal is beyond its type: Int64 with `L`, or a Double or Single that would be infinite',
  },
  invalid_datetime: {
    kind: 'syntax',
    when: 'a date-time literal names no instant (month 13, February 30, an offset beyond ±14:00, …)',
  },
  invalid_date: { kind: 'syntax', when: 'a date literal names no day (`2023-02-29`, month 13, year 0000)' },
  invalid_time_of_day: {
    kind: 'syntax',
    when: "a time-of-day literal names no time (`24:00`, minute 60; `time'PT24H'`)",
  },
  invalid_duration: {
    kind: 'syntax',
    when: 'a duration literal is not `[-]P[nD][T[nH][nM][n[.fff]S]]` (years and months have no fixed length) or is longer than the longest duration',
  },
  invalid_guid: { kind: 'syntax', when: 'a `guid` literal is not 8-4-4-4-12 hexadecimal digits' },
  invalid_binary: {
    kind: 'syntax',
    when: "a binary literal is not base64url (`binary'…'`) or hexadecimal (`X'…'`; `binary'…'` for 2.0, 3.0)",
  },
  unknown_literal_prefix: { kind: 'syntax', when: "a quoted literal's prefix is no literal type (`foo'x'`)" },
  invalid_alias_value: {
    kind: 'syntax',
    when: "the value given to a parameter alias (check()'s `aliases` option) is not the text of one literal (an expression, another alias, bad text), or, for `x in @list`, of a list in parentheses or a JSON array, or, for a model function's collection parameter, of a JSON array of literals, a path or one literal",
  },
  unknown_function: { kind: 'syntax', when: 'a call names no function of the language' },
  expected_type_name: {
    kind: 'syntax',
    when: '`cast` or `isof` is not given a value and a type name (`cast(Price, 5)`, `isof(Name)`)',
  },
  wrong_arity: { kind: 'syntax', when: 'a function is called with a number of arguments none of its overloads takes' },
  malformed_tree: {
    kind: 'syntax',
    when: 'a syntax tree or a checked filter handed to a public function is none that parse() or check() could make (an unknown kind or operator, a missing operand, a literal whose text is not its value, a name no filter can spell, a lone surrogate, a typed tree its schema does not give); docs/trees.md',
  },
  repeated_option: { kind: 'syntax', when: 'a request gives an option twice, in any case or spelling (docs/query.md)' },
  unknown_option: { kind: 'syntax', when: 'a request gives an option the collection does not take (docs/query.md)' },
  invalid_option_value: {
    kind: 'syntax',
    when: '`top` or `skip` is not a whole number in digits, the count option not true or false, an option empty, or an item of `orderby` or of a projection not of its shape',
  },
  not_selectable: {
    kind: 'type',
    when: "a projection names a path through a relation, or (`fields`) a relation (expanded, not selected), or a property the resource's rules keep from projections, or (`$select`) relations alone where the rules hide the whole key (docs/query.md)",
  },
  not_sortable: {
    kind: 'type',
    when: "`orderby` names a property the resource's rules keep from ordering (docs/query.md)",
  },
  function_not_allowed: {
    kind: 'type',
    when: "a request's filter calls a function its policy does not list in `functions` (docs/query.md)",
  },
  operator_not_allowed: {
    kind: 'type',
    when: "a request's filter uses an operator its policy does not list in `operators` (docs/query.md)",
  },
  not_expandable: {
    kind: 'type',
    when: "an expansion names a property that is no relation, or a relation the resource's rules keep from expansions (docs/query.md)",
  },
  value_does_not_fit: {
    kind: 'type',
    when: 'a value given to a hole of a filter template (filter(schema)`…`) or to a method of the typed builder (where()) is not of the type its place gives it (a string where an Int32 goes) or makes a literal the grammar cannot read (a lone surrogate, February 30), or the hole is where no value can stand (docs/client.md)',
  },
  not_in_version: {
    kind: 'type',
    when: 'check()\'s `version` option names an OData version without a construct the filter uses: `in` for 4.0; `contains`, a bare date-time or `2.5` without its M for 3.0; `any` for 2.0 (docs/semantics.md, "Versions")',
  },
  top_beyond_maximum: { kind: 'limit', when: "`top` is beyond the policy's `maxTop`" },
  skip_beyond_maximum: { kind: 'limit', when: "`skip` is beyond the policy's `maxSkip`" },
  too_many_order_keys: {
    kind: 'limit',
    when: "`orderby` lists more items than the policy's `maxOrderKeys` (32 by default)",
  },
  too_deep_expand: {
    kind: 'limit',
    when: "an expansion nests relations deeper than the policy's `maxExpandDepth` (6 by default)",
  },
  too_long: { kind: 'limit', when: 'the filter text is longer than `maxLength`' },
  too_deep: { kind: 'limit', when: 'parentheses and JSON objects, or nodes of the tree, nest deeper than `maxDepth`' },
  too_many_nodes: {
    kind: 'limit',
    when: "the tree has more nodes than `maxNodes`, or the items that aliases' lists and JSON arrays give over all their uses do",
  },
  too_deep_lambda: {
    kind: 'limit',
    when: 'lambdas (`any`, `all`, `x in C`, which is `C/any(…)`, a call bound to a collection, which reads its elements as one, and a path after a call, which binds its result as one binds an element) nest inside one another deeper than `maxLambdaDepth`',
  },
  string_cost: {
    kind: 'limit',
    when: "the filter's string functions can return more characters per row than `maxStringCost`",
  },
  runtime_exhausted: {
    kind: 'limit',
    when: "a filter far beyond the default limits exhausted the runtime's stack or longest string while it was parsed, checked, printed or compiled",
  },
  limit: {
    kind: 'limit',
    when: "a backend's own bound on what it builds (the SQL's length, the nesting a SQL dialect allows)",
  },
  unsupported: {
    kind: 'unsupported',
    when: 'a construct of the OData conventions that the language, or the backend or dialect in `target`, does not have; `construct` names it',
  },
} as const satisfies Readonly<Record<string, { readonly kind: FilterErrorKind; readonly when: string }>>;

export type FilterIssueCode = keyof typeof FILTER_ISSUE_CODES;

export interface FilterErrorInit {
  readonly kind: FilterErrorKind;
  /** The code of the one issue, when `issues` is not given; by default the kind (`'limit'`, `'unsupported'`). */
  readonly issueCode?: FilterIssueCode;
  readonly message: string;
  readonly start: number;
  readonly end: number;
  readonly expected?: readonly string[];
  readonly issues?: readonly FilterIssue[];
  readonly text?: string;
  /** The construct an `'unsupported'` error refuses, e.g. `'bound_function'`, `'cast(Edm.Double, Edm.String)'`. */
  readonly construct?: string;
  /** The backend or SQL dialect that cannot compile the construct, e.g. `'mysql'`, `'mongo'`. */
  readonly target?: string;
}

/**
 * Marks every FilterError, whichever copy of the package made it: `Symbol.for` gives two copies
 * (a bundled one and an installed one, an ESM and a CommonJS one) the same symbol.
 */
const BRAND = Symbol.for('odata-filter.FilterError');

/**
 * A filter that cannot be parsed, checked or compiled. `code` is the service's error code
 * (`BadRequest`), so a server can answer with 400 and this object's message.
 */
export class FilterError extends Error {
  override readonly name = 'FilterError';
  /** Non-enumerable, so that a spread or structured copy of the fields is not taken for the error. */
  declare readonly [BRAND]: true;
  readonly code = 'BadRequest' as const;
  readonly kind: FilterErrorKind;
  readonly start: number;
  readonly end: number;
  /** What the parser would have accepted at `start`, when known. */
  readonly expected: readonly string[] | undefined;
  /** Every problem found; a syntax or limit error has exactly one. */
  readonly issues: readonly FilterIssue[];
  /** The filter text, when the error came from text; used by {@link formatFilterError}. */
  readonly text: string | undefined;
  /** What an `'unsupported'` error refuses, as a stable name (`'bound_function'`, `'key_predicate'`, …). */
  readonly construct: string | undefined;
  /** Where that construct is refused: a backend or SQL dialect; undefined when the language has no such construct. */
  readonly target: string | undefined;

  constructor(init: FilterErrorInit) {
    super(init.message);
    Object.defineProperty(this, BRAND, { value: true });
    this.kind = init.kind;
    this.start = init.start;
    this.end = init.end;
    this.expected = init.expected;
    this.text = init.text;
    this.construct = init.construct;
    this.target = init.target;
    this.issues = init.issues ?? [
      { code: init.issueCode ?? init.kind, message: init.message, start: init.start, end: init.end },
    ];
  }

  /** A plain-data form, suitable for a JSON error body. */
  toJSON(): Record<string, unknown> {
    return {
      code: this.code,
      kind: this.kind,
      message: this.message,
      start: this.start,
      end: this.end,
      ...(this.expected ? { expected: this.expected } : {}),
      ...(this.construct !== undefined ? { construct: this.construct } : {}),
      ...(this.target !== undefined ? { target: this.target } : {}),
      issues: this.issues,
    };
  }
}

export interface UnsupportedInit {
  /** A stable name of the construct, e.g. `'bound_function'`, `'key_predicate'`, `'cast_type'`. */
  readonly construct: string;
  /** The backend or SQL dialect that refuses it; omitted when the language itself has no such construct. */
  readonly target?: string;
  readonly message: string;
  readonly start: number;
  readonly end: number;
  readonly text?: string;
}

/**
 * The error for a construct that is refused: by the language (`target` omitted) or by one backend
 * or dialect. The construct and the target are fields, so a caller can act on them without
 * reading the message.
 */
export function unsupported(init: UnsupportedInit): FilterError {
  return new FilterError({ kind: 'unsupported', ...init });
}

/** Whether a value is a FilterError, from this copy of the package or any other. */
export function isFilterError(value: unknown): value is FilterError {
  return (
    value instanceof FilterError ||
    (typeof value === 'object' && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true)
  );
}

/**
 * The error with the filter's text attached, for the caret of {@link formatFilterError}: an error
 * raised about one node while a tree is checked or compiled does not know the text. An error that
 * has its text, or a filter without one, is returned as it is.
 */
export function withFilterText(error: FilterError, text: string | undefined): FilterError {
  if (text === undefined || error.text !== undefined) return error;
  const { kind, message, start, end, expected, issues, construct, target } = error;
  return new FilterError({ kind, message, start, end, expected, issues, construct, target, text });
}

/**
 * What a stage makes of a failure while it walks a filter: a RangeError (the stack or the longest
 * string exhausted, which only a filter far beyond the default limits can do) becomes a 'limit'
 * FilterError saying `what`, with the runtime's reason; anything else is returned as it is, for
 * the caller to rethrow or to turn into its own error.
 */
export function limitOnExhaustion(
  error: unknown,
  what: string,
  span: { readonly start: number; readonly end: number },
  text?: string,
): unknown {
  if (!(error instanceof RangeError)) return error;
  const message = `${what} (${error.message})`;
  return new FilterError({
    kind: 'limit',
    issueCode: 'runtime_exhausted',
    message,
    start: span.start,
    end: span.end,
    text,
  });
}

/**
 * Renders an error for a terminal or a log: each issue's message, then the filter with a caret
 * line under the offending range. Long filters are windowed around the range.
 */
export function formatFilterError(error: FilterError, text: string | undefined = error.text): string {
  if (text === undefined) return error.message;
  return error.issues.map((issue) => `${issue.message}\n${caretLines(text, issue.start, issue.end)}`).join('\n');
}

const WINDOW = 60;

function caretLines(text: string, start: number, end: number): string {
  const oneLine = text.replace(/[\r\n\t]/g, ' ');
  const from = Math.max(0, start - WINDOW);
  const to = Math.min(oneLine.length, Math.max(end, start + 1) + WINDOW);
  const prefix = from > 0 ? '…' : '';
  const suffix = to < oneLine.length ? '…' : '';
  const shown = prefix + oneLine.slice(from, to) + suffix;
  const width = Math.max(1, Math.min(end, to) - start);
  const caret = `${' '.repeat(prefix.length + start - from)}^${'~'.repeat(width - 1)}`;
  return `  ${shown}\n  ${caret}`;
}

/**
 * The error for a tree that parse() could not have produced (only a tree built by hand can be
 * one): a 'syntax' FilterError with one `malformed_tree` issue, at the node's span when it has one.
 */
export function malformedTree(node: unknown, problem: string): FilterError {
  const span = node as Partial<{ start: unknown; end: unknown }> | undefined;
  const start = isSpanNumber(span?.start) ? span.start : 0;
  const end = isSpanNumber(span?.end) && span.end >= start ? span.end : start;
  const message = `Not a filter syntax tree: ${problem}; build it with parse()`;
  return new FilterError({ kind: 'syntax', issueCode: 'malformed_tree', message, start, end });
}

/**
 * The error for a checked filter that check() could not have made (only one built or changed by
 * hand can be one): like {@link malformedTree}, a 'syntax' FilterError with one `malformed_tree`
 * issue, at the node's span when it has one.
 */
export function malformedFilter(node: unknown, problem: string): FilterError {
  const error = malformedTree(node, problem);
  const message = `Not a checked filter: ${problem}; make it with check()`;
  return new FilterError({ kind: 'syntax', issueCode: 'malformed_tree', message, start: error.start, end: error.end });
}

export function isSpanNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
