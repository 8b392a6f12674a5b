// The words the grammar reserves: a member with one of these names could never be referenced, so
// the parser never reads one as a name and a schema refuses one as a property name.

import { ARITHMETIC_OPS, COMPARE_OPS, LOGICAL_OPS } from './operators.js';

/** Whole words that are never identifiers, in any letter case: the operators and keyword literals. */
const RESERVED_WORDS: ReadonlySet<string> = new Set<string>([
  ...LOGICAL_OPS,
  'not',
  ...COMPARE_OPS,
  ...ARITHMETIC_OPS,
  'in',
  'has',
  'null',
  'true',
  'false',
]);
const LONGEST_RESERVED_WORD = Math.max(...[...RESERVED_WORDS].map((word) => word.length));

/** Words reserved only as exactly spelt, because the parser reads them as Doubles. */
const RESERVED_EXACT: ReadonlySet<string> = new Set(['INF', 'NaN']);

/** Whether a word is an operator or keyword literal in any letter case (`AND`, `Null`). */
export function isReservedWord(word: string): boolean {
  return word.length <= LONGEST_RESERVED_WORD && RESERVED_WORDS.has(word.toLowerCase());
}

/** Whether a name can never be referenced: a reserved word in any case, or `INF`/`NaN` as spelt. */
export function isReservedName(name: string): boolean {
  return isReservedWord(name) || RESERVED_EXACT.has(name);
}
