// compileMongo(): a checked filter, lowered once, as a query document for `collection.find()`,
// with every failure a FilterError.

import { FilterError, isFilterError, limitOnExhaustion, unsupported, withFilterText } from '../../errors.js';
import { cannotCompile, MONGODB } from './cannot-compile.js';
import { toStoredPrecision } from '../../lower/stored-precision.js';
import type { TypedFilter } from '../../types/typed.js';
import { madeFilter } from '../../types/filter-validation.js';
import { lower } from '../../lower/lower.js';
import { createContext, type MongoOptions } from './options.js';
import { QueryCompiler } from './query.js';
import { refuseDecimalsBeyondDecimal128 } from './decimal128.js';
import { refuseRelations } from './relations.js';
import type { QueryDocument } from './query.js';

/**
 * Compiles a checked filter to a query document for `collection.find()`. The document is plain
 * data: strings, numbers, booleans, null, Date, bigint (Int64 beyond ±2^53, or what
 * `options.long` makes of it) and, when `options.decimal` is given, its Decimal128 values. It
 * holds no functions and no JavaScript.
 *
 * Throws only FilterErrors: kind 'unsupported' for a construct it cannot express exactly (a
 * Decimal literal that Decimal128 cannot hold, a relation, a field mapping that is not a field
 * path, an option function that throws), kind 'limit' for a tree too deep to compile, kind 'syntax'
 * (issue 'malformed_tree') for a tree made by hand with a node kind no stage knows.
 */
export function compileMongo(given: TypedFilter, options: MongoOptions = {}): QueryDocument {
  // Before anything reads it: a filter check() could not have made is refused as by every backend.
  const filter = madeFilter(given);
  try {
    refuseDecimalsBeyondDecimal128(filter);
    refuseRelations(filter);
    const stored = toStoredPrecision(filter, 'milliseconds', (literal) => {
      throw cannotCompile(
        literal,
        'sub_millisecond_precision',
        'a computation with a value finer than a millisecond: BSON dates and the stored times and durations are milliseconds; it compares with a finer value, but cannot compute with one',
      );
    });
    return new QueryCompiler(createContext(options)).compile(lower(stored, options).root);
  } catch (error) {
    // Errors raised while compiling (a literal, a field mapping, an option) carry the filter's
    // text, like the parser's and checker's, so that formatFilterError shows where.
    if (error instanceof FilterError) throw withFilterText(error, filter.text);
    // A last resort: no checked filter may make the compiler throw anything but a FilterError.
    const text = filter.text;
    const end = text?.length ?? filter.root.end;
    const failure = limitOnExhaustion(
      error,
      'Filter is too large to compile to a MongoDB query document',
      { start: 0, end },
      text,
    );
    if (isFilterError(failure)) throw failure;
    const reason = error instanceof Error ? error.message : String(error);
    throw unsupported({
      construct: 'filter',
      target: MONGODB,
      message: `The MongoDB backend cannot compile this filter: ${reason}`,
      start: 0,
      end,
      text,
    });
  }
}
