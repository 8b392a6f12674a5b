// SQL fragments: text pieces and bound values kept apart until the very end, so a fragment can be
// repeated or reordered and the placeholders are numbered only when the whole statement is known.

/** A value to bind, with the SQL type the dialect should give its placeholder. */
export interface Param {
  readonly value: unknown;
  /** Dialect-specific type name used by placeholder rendering (e.g. `bigint`), or undefined. */
  readonly cast: string | undefined;
}

/** A name for a bound value set, numbered only when the statement is written (`_f1`, `_f2`, …). */
export interface Name {
  readonly name: object;
}

export type Part = string | Param | Name;

const isName = (part: Part): part is Name => typeof part !== 'string' && 'name' in part;

/** A piece of SQL: literal text parts (never user values) and parameters. */
export interface Frag {
  readonly parts: readonly Part[];
}

export function raw(text: string): Frag {
  return { parts: [text] };
}

export function param(value: unknown, cast?: string): Frag {
  return { parts: [{ value, cast }] };
}

/** More parts than this in one fragment is a filter too large to compile (a RangeError, turned into a 'limit' FilterError). */
const MAX_PARTS = 1_000_000;

function checkSize(parts: readonly Part[]): void {
  if (parts.length > MAX_PARTS) throw new RangeError('SQL fragment too large');
}

/** Tagged template: `sql\`(${a} + ${b})\``; only the template text is spliced, interpolations are fragments. */
export function sql(strings: TemplateStringsArray, ...frags: Frag[]): Frag {
  const parts: Part[] = [];
  // Plain loops: this runs for every fragment of every compiled filter.
  for (let i = 0; i < strings.length; i++) {
    const s = strings[i]!;
    if (s) parts.push(s);
    const f = frags[i];
    if (f) for (let j = 0; j < f.parts.length; j++) parts.push(f.parts[j]!);
  }
  checkSize(parts);
  return { parts };
}

export function join(frags: readonly Frag[], separator: string): Frag {
  const parts: Part[] = [];
  for (let i = 0; i < frags.length; i++) {
    if (i > 0) parts.push(separator);
    const f = frags[i]!;
    for (let j = 0; j < f.parts.length; j++) parts.push(f.parts[j]!);
  }
  checkSize(parts);
  return { parts };
}

/** Longest text that still counts as atomic (a column reference or a short constant). */
const ATOMIC_TEXT = 64;

/**
 * A fragment whose text may be repeated without growing the SQL beyond a constant: one parameter,
 * or one short piece of text (a column reference, a constant). Anything else is written once.
 */
export function isAtomic(frag: Frag): boolean {
  const [first, second] = frag.parts;
  if (frag.parts.length === 2)
    return (
      first !== undefined &&
      typeof first !== 'string' &&
      isName(first) &&
      typeof second === 'string' &&
      second.length <= ATOMIC_TEXT
    );
  if (frag.parts.length !== 1 || first === undefined) return false;
  return typeof first === 'string' ? first.length <= ATOMIC_TEXT : !isName(first);
}

/** A fresh name for a set of bound values. */
export function freshName(): Frag {
  return { parts: [{ name: {} }] };
}

/** Names values once for a body that uses each more than once (dialect.ts, `bind`). */
export type Binder = (values: readonly Frag[], body: (refs: readonly Frag[]) => Frag) => Frag;

/**
 * Binds each non-atomic value once in a correlated scalar subquery and passes the body a
 * reference to each (the atomic ones as they are):
 * `(SELECT body FROM (SELECT v1 AS v1, …<fence>) AS _fN)`. PostgreSQL and SQLite allow the outer
 * row's columns inside it; MariaDB does not (see the MySQL dialect). `fence` keeps the planner
 * from pulling the inner subquery up, which would put a copy of each value in every place that
 * names it: nested bindings would then be planned exponentially many times. With `atomicToo`,
 * atomic values are named as well (so that the body sees no constants to fold).
 */
export function bindInSubquery(fence: string, atomicToo = false): Binder {
  const kept = (v: Frag): boolean => !atomicToo && isAtomic(v);
  return (values, body) => {
    if (values.every(kept)) return body(values);
    const alias = freshName();
    const columns: Frag[] = [];
    const refs = values.map((v, i) => {
      if (kept(v)) return v;
      columns.push(sql`${v} AS ${raw(`v${i + 1}`)}`);
      return sql`${alias}.${raw(`v${i + 1}`)}`;
    });
    return sql`(SELECT ${body(refs)} FROM (SELECT ${join(columns, ', ')}${raw(fence)}) AS ${alias})`;
  };
}

/** How a dialect writes the place of a bound value (the Dialect has both). */
export interface Placeholders {
  /** The placeholder of the value at a position of the statement, from 1: `$1`, or `?`, which counts by position. */
  placeholder(index: number): string;
  /** The text before and after a placeholder that gives its value a type (a Param's `cast`). */
  parameterCast(cast: string): readonly [before: string, after: string];
}

/**
 * The fragment cut at its values, as a tagged template receives it: the texts before, between and
 * after them (one more than the values), with the names written and each value's cast in the text
 * around it. A query builder's own `sql` tag takes these and numbers the placeholders itself.
 */
export function cut(
  frag: Frag,
  placeholders: Pick<Placeholders, 'parameterCast'>,
): { strings: string[]; values: unknown[] } {
  const strings: string[] = [];
  const values: unknown[] = [];
  // Made at the first name: most fragments name no subquery.
  let names: Map<object, number> | undefined;
  let text = '';
  for (const part of frag.parts) {
    if (typeof part === 'string') {
      text += part;
    } else if (isName(part)) {
      names ??= new Map();
      let n = names.get(part.name);
      if (n === undefined) names.set(part.name, (n = names.size + 1));
      text += `_f${n}`;
    } else if (part.cast === undefined) {
      strings.push(text);
      values.push(part.value);
      text = '';
    } else {
      const [before, after] = placeholders.parameterCast(part.cast);
      strings.push(text + before);
      values.push(part.value);
      text = after;
    }
  }
  strings.push(text);
  return { strings, values };
}

/**
 * Writes the statement: the fragment cut at its values, each value's placeholder written from the
 * position it has among them, so placeholder numbers and the params array cannot drift apart.
 * `first` numbers the first placeholder, where the statement follows parameters of its own.
 */
export function render(frag: Frag, placeholders: Placeholders, first = 1): { sql: string; params: unknown[] } {
  const { strings, values } = cut(frag, placeholders);
  let text = strings[0]!;
  for (let i = 0; i < values.length; i++) text += placeholders.placeholder(first + i) + strings[i + 1]!;
  return { sql: text, params: values };
}
