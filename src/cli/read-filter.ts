// The filter argument `-`: the filter text is read from stdin, so that a filter with quotes of both
// kinds, or one made by another program, needs no shell quoting. One line break at the end (as
// `echo` writes) is not part of the filter.

import { DEFAULT_LIMITS } from '../syntax/limits.js';

/** More than this many characters on stdin cannot be a filter the parser takes (line break aside). */
const MOST_CHARACTERS = DEFAULT_LIMITS.maxLength + 2;

export type FilterReading = { readonly filter: string } | { readonly tooLong: number };

/** Reads a filter from `input`, stopping once it is longer than any filter can be. */
export async function readFilter(input: NodeJS.ReadableStream): Promise<FilterReading> {
  let text = '';
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of input as AsyncIterable<string | Uint8Array>) {
    text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    // Stop reading rather than hold an endless stdin (`< /dev/zero`) in memory.
    if (text.length > MOST_CHARACTERS) return { tooLong: MOST_CHARACTERS };
  }
  text += decoder.decode();
  return { filter: text.replace(/\r?\n$/, '') };
}
