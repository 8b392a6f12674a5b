// Compiled SQL: a fragment (text parts and bound values, not yet numbered) with its rendering for a
// dialect, `{ sql, params }`, placeholders numbered from `firstParameter`. A statement built around
// it, or a query builder (sqlTemplate), embeds the fragment; a driver runs the rendering.

import { unsupported } from '../../errors.js';
import { shown } from './columns.js';
import type { Dialect } from './dialect.js';
import { render } from './fragment.js';
import type { Frag } from './fragment.js';

export interface CompiledSql {
  /** The SQL text (compileSql's: a Boolean expression to put after WHERE). */
  readonly sql: string;
  /** Values in placeholder order. */
  readonly params: unknown[];
  /** The same SQL as a fragment, its values not yet numbered: what a larger statement embeds. */
  readonly fragment: Frag;
}

export interface RenderSqlOptions {
  readonly dialect: Dialect;
  /**
   * The number of the first placeholder (PostgreSQL's `$n`; default 1), so that the SQL joins a
   * query whose own parameters come first: with 3 of them, `firstParameter: 4` numbers this SQL's
   * `$4`, `$5`, …. Ignored by the dialects whose placeholders are `?`, which count by position.
   */
  readonly firstParameter?: number;
}

/** Where a refused option is reported: the filter being compiled, if any. */
interface At {
  readonly text: string | undefined;
  readonly end: number;
}

/** A fragment and its rendering for options.dialect, numbered from options.firstParameter (refused unless a whole number from 1). */
export function renderSql(
  fragment: Frag,
  options: RenderSqlOptions,
  at: At = { text: undefined, end: 0 },
): CompiledSql {
  const { sql, params } = render(fragment, options.dialect, firstParameterOf(options, at));
  return { sql, params, fragment };
}

/** options.firstParameter, a positive integer; anything else refused, naming the option. */
function firstParameterOf(options: RenderSqlOptions, { text, end }: At): number {
  const first: unknown = options.firstParameter;
  if (first === undefined) return 1;
  if (typeof first === 'number' && Number.isSafeInteger(first) && first >= 1) return first;
  const message = `options.firstParameter gives ${shown(first)}, which numbers no placeholder: give a whole number from 1`;
  throw unsupported({ construct: 'option', target: options.dialect.name, message, start: 0, end, text });
}
