// The table of texts read as literals (docs/semantics.md §11, "From text"), and those with digits
// beyond the millisecond, through both compiled paths and the oracle: every row's text reads as the value beside it (null where it is no
// literal of the type), and isof holds exactly where the text is one.

import { describe, expect, it } from 'vitest';
import { check } from '../../src/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { evaluateOracle } from '../support/oracle.js';
import {
  FINER_TEXT_LITERALS,
  IS_LITERAL,
  READS_AS_VALUE,
  TEXT_LITERALS,
  textLiteralRows,
  textLiteralSchema,
} from '../support/text-literal-table.js';

describe.each([...TEXT_LITERALS, ...FINER_TEXT_LITERALS].map(([type, cases]) => [type, cases] as const))(
  'texts read as %s',
  (type, cases) => {
    const schema = textLiteralSchema(type);
    const rows = textLiteralRows(cases);
    const all = rows.map((r) => r.Id);
    const literals = rows.filter((r) => r.Value !== null).map((r) => r.Id);
    const reads = check(READS_AS_VALUE(type), schema);
    const tests = check(IS_LITERAL(type), schema);
    const paths: readonly (readonly [string, (filter: typeof reads) => (row: unknown) => boolean])[] = [
      ['generated code', (typed) => compilePredicate(typed)],
      ['closures', (typed) => compilePredicate(typed, { codegen: false })],
      ['oracle', (typed) => (row) => evaluateOracle(typed, row)],
    ];
    it.each(paths)('%s', (_name, compile) => {
      const matching = (filter: typeof reads) => {
        const predicate = compile(filter);
        return rows.filter((row) => predicate(row)).map((row) => row.Id);
      };
      const misread = rows.filter((row) => !matching(reads).includes(row.Id)).map((row) => JSON.stringify(row.Text));
      expect(misread).toEqual([]);
      expect(matching(reads)).toEqual(all);
      expect(matching(tests)).toEqual(literals);
    });
  },
);
