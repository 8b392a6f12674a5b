// A caller's column mapping (compileSql's `columns` option, or a child table's `columns`): the
// column each property path is mapped to, checked to be SQL text before it is written.

import { FilterError } from '../../errors.js';
import type { TypedMember } from '../../types/typed.js';

/** Maps a property path to an SQL column reference; undefined falls back to the default. */
export type ColumnMapper = (path: readonly string[]) => string | undefined;

/** Column references by property path (`'PostalAddress/City'`), or a function of the path's segments. */
export type ColumnMapping = { readonly [path: string]: string } | ColumnMapper;

/** A column read: the property path, and the source span errors about its mapping point at. */
export type ColumnRead = Pick<TypedMember, 'path' | 'start' | 'end'>;

/** Where a mapping comes from, for error messages. */
export interface MappingOrigin {
  /** The option, e.g. `options.columns`. */
  readonly option: string;
  /** What the paths are relative to, after the path in a message: '' for the row. */
  readonly of: string;
}

/**
 * The caller's mapping of each property path, where it gives one (undefined where it does not,
 * or gives undefined or null), checked to be SQL text: anything else would be bound as a value or
 * fail to render, so it is a FilterError of kind 'unsupported' at the property. An option that
 * is neither a table nor a function is refused at once, over the whole filter (which ends at `end`).
 */
export function columnMapping(
  columns: unknown,
  origin: MappingOrigin,
  text: string | undefined,
  end: number,
): (member: ColumnRead) => string | undefined {
  if (columns !== undefined && columns !== null && typeof columns !== 'object' && typeof columns !== 'function') {
    const message = `${origin.option} must be an object of column references by property path or a function of the path's segments, not ${shown(columns)}`;
    throw new FilterError({ kind: 'unsupported', message, start: 0, end, text });
  }
  return (member) => {
    const key = member.path.join('/');
    let mapped: unknown;
    if (typeof columns === 'function') {
      try {
        mapped = (columns as ColumnMapper)(member.path);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new FilterError({
          kind: 'unsupported',
          message: `The column mapping (${origin.option}) of '${key}'${origin.of} threw: ${reason}`,
          start: member.start,
          end: member.end,
          text,
        });
      }
    } else if (columns && Object.hasOwn(columns, key)) {
      mapped = (columns as Record<string, unknown>)[key];
    }
    if (mapped === undefined || mapped === null) return undefined;
    const problem =
      typeof mapped !== 'string' ? 'it is not a string' : mapped.trim() === '' ? 'it is empty' : undefined;
    if (problem !== undefined) {
      throw new FilterError({
        kind: 'unsupported',
        message: `The column mapping of '${key}'${origin.of} gives ${shown(mapped)}, which is not a column reference: ${problem}`,
        start: member.start,
        end: member.end,
        text,
      });
    }
    return mapped as string;
  };
}

/** A value as an error message shows it: strings quoted, objects by kind. */
export function shown(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`;
  if (typeof value === 'function') return 'a function';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object' && value !== null) return 'an object';
  return `${String(value)} (a ${typeof value})`;
}
