// Rows of texts, each beside the value it reads as for every type (the in-memory reference's, as a
// row value of the type, but null for one finer than a millisecond), for the properties that cast hostile texts on every engine
// (docs/semantics.md §11, "From text"): `cast(Text, T) eq T` matches every row, and `isof(Text,
// T)` the rows whose text is a literal of T.

import fc from 'fast-check';
import { defineSchema, type Schema } from '../../src/index.js';
import type { EdmType } from '../../src/language/edm.js';
import { isFineTime } from '../../src/semantics/fine-time.js';
import { formatDate } from '../../src/semantics/temporal.js';
import { bytesOfHex } from '../../src/language/binary-spelling.js';
import { readLiteralRepresentation } from '../../src/types/literal-representation.js';
import { anyCastText, TEXT_CAST_TARGETS } from './literal-texts.js';
import { STRING_POOL } from './arbitraries.js';
import { anyString } from './code-points.js';

/** The column holding a text's value as T: the type's name (`Int32` for Edm.Int32). */
export const valueColumn = (type: EdmType): string => type.slice('Edm.'.length);

export const textCastSchema: Schema = defineSchema({
  name: 'Texts',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Text: 'Edm.String',
    ...Object.fromEntries(TEXT_CAST_TARGETS.map((type) => [valueColumn(type), type])),
  },
});

/** Texts: literals and near misses of every type, any code points, long runs of digits, the string pool. */
export const arbCastTexts: fc.Arbitrary<string[]> = fc.array(
  fc.oneof(
    { arbitrary: anyCastText(), weight: 8 },
    { arbitrary: anyString({ maxLength: 12 }), weight: 2 },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom('9', '0', '1', '0.', '-0'),
          fc.integer({ min: 1, max: 2000 }),
          fc.constantFrom('', '1', 'e5', 'e-400', 'D'),
        )
        .map(([head, n, tail]) => `${head}${'0'.repeat(n)}${tail}`),
      weight: 1,
    },
    { arbitrary: fc.constantFrom(...STRING_POOL), weight: 1 },
  ),
  { minLength: 1, maxLength: 10 },
);

/**
 * A text's value as T, as a row holds it; null where it is no literal of T. These rows are for the
 * engines, whose values are whole milliseconds: a text finer than that reads as null there
 * (docs/semantics.md, "SQL backends: differences", "MongoDB: differences"), where the reference
 * reads its value.
 */
function rowValue(text: string, type: EdmType): unknown {
  const value = readLiteralRepresentation(text, type);
  if (value === null || isFineTime(value)) return null;
  if (type === 'Edm.Date') return formatDate(value as number);
  if (type === 'Edm.Binary') return bytesOfHex(value as string);
  return type === 'Edm.DateTime' || type === 'Edm.DateTimeOffset' ? new Date(value as number) : value;
}

/** The rows of the texts; the columns of the `unread` types (whose casts a backend refuses) are null. */
export function textCastRows(texts: readonly string[], unread: readonly EdmType[] = []): Record<string, unknown>[] {
  return texts.map((text, i) => ({
    Id: i + 1,
    Text: text,
    ...Object.fromEntries(
      TEXT_CAST_TARGETS.map((type) => [valueColumn(type), unread.includes(type) ? null : rowValue(text, type)]),
    ),
  }));
}

/** Every row matches the first; the second matches the rows whose text is a literal of the type. */
export const readsAsValue = (type: EdmType): string => `cast(Text, ${type}) eq ${valueColumn(type)}`;
export const isLiteral = (type: EdmType): string => `isof(Text, ${type})`;
