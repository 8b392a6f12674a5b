// The caller's column mapping (compileSql's `columns` option): each property's column reference,
// checked to be SQL text before it is written into the statement.

import { FilterError } from '../../errors.js';
import type { TypedMember } from '../../types/typed.js';
import type { CompileSqlOptions } from './compile.js';
import type { Dialect } from './dialect.js';

/**
 * The column reference of each property: the caller's mapping where it gives one, checked to be
 * SQL text (anything else would be bound as a value or fail to render), else the default. An
 * option that is neither a table nor a function is refused at once, over the whole filter (which
 * ends at `end`).
 */
/** A column read: the property path, and the source span errors about its mapping point at. */
export type ColumnRead = Pick<TypedMember, 'path' | 'start' | 'end'>;

export function columnMapper(columns: CompileSqlOptions['columns'], dialect: Dialect, text: string | undefined, end: number): (member: ColumnRead) => string {
  if (columns !== undefined && columns !== null && typeof columns !== 'object' && typeof columns !== 'function') {
    const message = `options.columns must be an object of column references by property path or a function of the path's segments, not ${shown(columns)}`;
    throw new FilterError({ kind: 'unsupported', message, start: 0, end, text });
  }
  return (member) => {
    const key = member.path.join('/');
    let mapped: unknown;
    if (typeof columns === 'function') {
      try {
        mapped = columns(member.path);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new FilterError({ kind: 'unsupported', message: `The column mapping (options.columns) of '${key}' threw: ${reason}`, start: member.start, end: member.end, text });
      }
    } else if (columns && Object.prototype.hasOwnProperty.call(columns, key)) {
      mapped = columns[key];
    }
    if (mapped === undefined || mapped === null) return dialect.quoteIdentifier(member.path.join('_'));
    const problem = typeof mapped !== 'string' ? 'it is not a string' : mapped.trim() === '' ? 'it is empty' : undefined;
    if (problem !== undefined) {
      throw new FilterError({ kind: 'unsupported', message: `The column mapping of '${key}' gives ${shown(mapped)}, which is not a column reference: ${problem}`, start: member.start, end: member.end, text });
    }
    return mapped as string;
  };
}

/** A value as an error message shows it: strings quoted, objects by kind. */
function shown(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`;
  if (typeof value === 'function') return 'a function';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object' && value !== null) return 'an object';
  return `${String(value)} (a ${typeof value})`;
}
