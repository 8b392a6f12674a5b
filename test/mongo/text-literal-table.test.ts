// The table of texts read as literals (docs/semantics.md §11, "From text") through MongoDB's
// semantics (the mingo harness, which fails where MongoDB would raise an error): every text reads
// as the value beside it or null, and isof holds exactly where it is a literal. A type whose text
// MongoDB cannot read exactly is refused by name (REFUSED_CASTS, "MongoDB: differences").

import { describe, expect, it } from 'vitest';
import { check } from '../../src/index.js';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { decimal128, mongoQuery, toMongoDocument } from '../engines/mingo.js';
import { REFUSED_CASTS } from '../support/cast-table.js';
import {
  FINER_TEXT_LITERALS,
  IS_LITERAL,
  READS_AS_VALUE,
  TEXT_LITERALS,
  textLiteralRows,
  textLiteralSchema,
} from '../support/text-literal-table.js';
import { thrown } from '../support/thrown.js';

describe('texts read as literals through MongoDB semantics', () => {
  it.each(TEXT_LITERALS.map(([type, cases]) => [type, cases] as const))('%s', (type, cases) => {
    const schema = textLiteralSchema(type);
    const reads = check(READS_AS_VALUE(type), schema);
    const tests = check(IS_LITERAL(type), schema);
    const construct = `cast(Edm.String, ${type})`;
    if (REFUSED_CASTS.mongodb.includes(construct)) {
      for (const typed of [reads, tests])
        expect(thrown(() => compileMongo(typed))).toMatchObject({ kind: 'unsupported', construct, target: 'mongodb' });
      return;
    }
    const rows = textLiteralRows(cases);
    const docs = rows.map((row) => toMongoDocument(schema, row));
    const ids = (typed: typeof reads) => {
      const query = mongoQuery(compileMongo(typed, { decimal: decimal128 }));
      return rows.filter((_, i) => query.test(docs[i]!)).map((row) => row.Id);
    };
    const matched = ids(reads);
    expect(rows.filter((row) => !matched.includes(row.Id)).map((row) => JSON.stringify(row.Text))).toEqual([]);
    expect(ids(tests)).toEqual(rows.filter((r) => r.Value !== null).map((r) => r.Id));
  });
});

// docs/semantics.md, "MongoDB: differences": a text finer than a millisecond, a value the reference
// reads, is null here, where values are milliseconds.
describe('texts finer than a millisecond through MongoDB semantics', () => {
  it.each(FINER_TEXT_LITERALS.map(([type, cases]) => [type, cases] as const))('%s reads as null', (type, cases) => {
    const schema = textLiteralSchema(type);
    const rows = textLiteralRows(cases.map(([text]) => [text, null]));
    const docs = rows.map((row) => toMongoDocument(schema, row));
    const ids = (filter: string) => {
      const query = mongoQuery(compileMongo(check(filter, schema), { decimal: decimal128 }));
      return rows.filter((_, i) => query.test(docs[i]!)).map((row) => row.Id);
    };
    expect(ids(READS_AS_VALUE(type))).toEqual(rows.map((row) => row.Id));
    expect(ids(IS_LITERAL(type))).toEqual([]);
  });
});
