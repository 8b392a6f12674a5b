// A String is read as a type's literal exactly where the grammar reads that literal
// (docs/semantics.md §11, "From text"): for texts that are literals of a type and near misses of
// them, the value `cast` reads equals the value check() gives the same text written as a literal
// at a place of the type (`V eq <text>`), and both are null together. The literal is written as
// the grammar spells the form §11 reads: a Duration's as the string 4.01 lets a Duration's place
// take, a Decimal's with an exponent with its `m` (the bare `1e5` is a Double's), a Binary's in
// `binary'…'`. Left out are
// the forms §11 decides against: a v2/v3 prefix or type suffix, and space around the text, which
// the grammar reads and a literal representation does not have.

import fc from 'fast-check';
import { expect, it } from 'vitest';
import { check, defineSchema } from '../../src/index.js';
import { isFilterError } from '../../src/errors.js';
import { isInteger, type EdmType } from '../../src/language/edm.js';
import { decimalFromText } from '../../src/semantics/decimal-model.js';
import { readLiteralRepresentation } from '../../src/types/literal-representation.js';
import type { LiteralValue } from '../../src/types/typed.js';
import { castText, TEXT_CAST_TARGETS } from '../support/literal-texts.js';
import { runs } from '../support/test-size.js';

/** A v2/v3 form the grammar reads and §11 does not: `5L`, `2.5m`, `INFd`, `guid'…'`. */
const SUFFIXED = /^-?(?:[0-9.eE+-]+|INF|NaN)[LlMmDdFf]$/;
const PREFIXED = /^[A-Za-z]+'/;

/** The literal as the grammar spells the form §11 reads as the type. */
function written(text: string, type: EdmType): string {
  if (type === 'Edm.Duration') return `'${text.replaceAll("'", "''")}'`;
  // A Binary's text is the body of its 4.01 literal, binary'…' (base64url).
  if (type === 'Edm.Binary') return `binary'${text}'`;
  if (type === 'Edm.Decimal' && /^-?[0-9]+(?:\.[0-9]+)?[eE][+-]?[0-9]+$/.test(text)) return `${text}m`;
  return text;
}

/** The value of the literal check() reads at a place of the type, or null where it reads none of the type. */
function grammarValue(text: string, target: EdmType): LiteralValue | null {
  // A Single is computed as binary64 (docs/semantics.md §4): its text is a Double's.
  const type = target === 'Edm.Single' ? 'Edm.Double' : target;
  const schema = defineSchema({ name: 'Place', properties: { V: type } });
  let root;
  try {
    root = check(`V eq ${written(text, type)}`, schema).root;
  } catch (error) {
    if (isFilterError(error)) return null;
    throw error;
  }
  if (root.kind !== 'compare' || root.right.kind !== 'literal') return null;
  const literal = root.right;
  if (literal.type !== type || root.left.kind !== 'member') return null;
  const value = literal.value;
  // A Decimal beyond the model is refused when compiled; a digits text beyond the Double range is
  // refused by the grammar (`1e309`) where it has an exponent and made INF where it has none.
  if (type === 'Edm.Decimal' && typeof decimalFromText(String(value)) === 'string') return null;
  if (typeof value === 'number' && !Number.isFinite(value) && /[0-9]/.test(text)) return null;
  return isInteger(type) && type !== 'Edm.Int64' ? Number(value) : value;
}

const show = (v: unknown): string => (typeof v === 'bigint' ? `${v}n` : Object.is(v, -0) ? '-0' : String(v));

it('reads a text as a type exactly where the grammar reads it as a literal of the type', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...TEXT_CAST_TARGETS).chain((type) => fc.tuple(fc.constant(type), castText(type))),
      ([type, text]) => {
        fc.pre(!SUFFIXED.test(text) && !PREFIXED.test(text) && text === text.trim() && !text.includes("'"));
        const read = readLiteralRepresentation(text, type);
        const grammar = grammarValue(text, type);
        expect(show(read), `${JSON.stringify(text)} as ${type}`).toBe(show(grammar));
      },
    ),
    { numRuns: runs(3000) },
  );
});
