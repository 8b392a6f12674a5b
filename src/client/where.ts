// where(schema, (row) => …): the typed builder's filter, printed and checked — the convenience that
// takes the three steps a client may also take one by one: build() (src/client/builder.ts), print
// (printBuilt) and check(). Its result is the filter template's, `{ text, typed, toString() }`.

import { isFilterError } from '../errors.js';
import { versionOf } from '../language/versions.js';
import { check } from '../types/check.js';
import type { CheckOptions } from '../types/check.js';
import type { Schema, SchemaDefinition } from '../types/schema.js';
import { finished } from './builder.js';
import type { Condition, Row } from './builder-types.js';
import { printBuilt } from './print-built.js';
import { filledTemplate } from './template.js';
import type { BuiltFilter } from './template.js';

/**
 * The filter a schema's properties make: `where(Contact, (c) => c.Status.eq('Active'))` is
 * `check(printBuilt(build(Contact, …), options), Contact, options)` with its text. `options` are
 * check()'s, but for `aliases`: with a `version`, the values are that version's literals and the
 * text is written for it (docs/semantics.md, "Versions"). A value that does not fit its place is
 * a FilterError (`value_does_not_fit`) whose text shows each value as `${n}`, reported as the
 * filter template reports its holes: after any issue of the filter's own, which the checker finds
 * with the values in their places.
 */
export function where<D extends SchemaDefinition>(
  schema: Schema<D>,
  predicate: (row: Row<D>) => Condition,
  options: Omit<CheckOptions, 'aliases'> = {},
): BuiltFilter {
  const result = finished(schema, predicate, versionOf(options), 'where()');
  if (!result.ok) {
    // The filter template, given the printed filter cut at each value, raises the issues it raises of
    // those values, in its order: the filter's own first, which the checker finds with the values in
    // their places (the builder cannot: a value beside an operand the checker refuses has no type).
    if (result.template !== undefined) {
      try {
        filledTemplate(schema, options, result.template.strings, result.template.values);
      } catch (error) {
        // A value inside a JSON object or array is no hole the template can read (its literal is
        // no JSON value): the template refuses its own reading of the text there, and the values'
        // issues are the builder's. A built filter holds nothing else the template could refuse so.
        if (!isFilterError(error) || (error.kind !== 'syntax' && error.kind !== 'unsupported')) throw error;
      }
    }
    throw result.error;
  }
  const text = printBuilt(result.tree, options);
  return { text, typed: check(text, schema, options), toString: () => text };
}
