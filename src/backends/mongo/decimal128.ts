// Decimal128, the BSON type of Decimal values: which decimal texts it holds exactly.

import { childrenOfTyped, type TypedExpr, type TypedFilter } from '../../types/typed.js';
import { cannotCompile, type Span } from './cannot-compile.js';

/** Decimal128: at most 34 significant digits, exponent (of the last digit) from -6176 to 6111. */
const DECIMAL128_DIGITS = 34;
const DECIMAL128_MIN_EXPONENT = -6176;
const DECIMAL128_MAX_EXPONENT = 6111;

/**
 * Why Decimal128 cannot hold the decimal text exactly, or undefined when it can. Decimal128 holds
 * c × 10^q for an integer c of at most 34 digits and -6176 ≤ q ≤ 6111: so a value needs at most 34
 * significant digits, its last one no further right than 10^-6176, and its first no further left
 * than 10^6144 (trailing zeros of an integer can be exponent).
 */
export function decimal128Problem(text: string): string | undefined {
  const match = /^[+-]?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return 'it is not decimal text';
  const [, int = '', frac = '', exp = '0'] = match;
  let digits = (int + frac).replace(/^0+/, '');
  if (digits === '') return undefined; // zero: any exponent clamps
  let exponent = BigInt(exp) - BigInt(frac.length);
  const trimmed = digits.replace(/0+$/, '');
  exponent += BigInt(digits.length - trimmed.length);
  digits = trimmed;
  if (digits.length > DECIMAL128_DIGITS)
    return `it has ${digits.length} significant digits, and Decimal128 holds at most ${DECIMAL128_DIGITS}`;
  const first = exponent + BigInt(digits.length - 1);
  if (exponent < BigInt(DECIMAL128_MIN_EXPONENT))
    return `its digits reach 10^${exponent}, below Decimal128's smallest exponent (10^${DECIMAL128_MIN_EXPONENT})`;
  if (first > BigInt(DECIMAL128_MAX_EXPONENT + DECIMAL128_DIGITS - 1))
    return `it is 10^${first} or more, beyond Decimal128's largest finite value (about 10^${DECIMAL128_MAX_EXPONENT + DECIMAL128_DIGITS})`;
  return undefined;
}

/** The Decimal literal's exact text, after making sure Decimal128 holds it exactly. */
export function decimalText(literal: Span & { readonly value: unknown }): string {
  const text = String(literal.value);
  const problem = decimal128Problem(text);
  if (problem !== undefined)
    throw cannotCompile(
      literal,
      'decimal_literal',
      `the Decimal literal ${text}: Decimal128 cannot hold it exactly (${problem})`,
    );
  return text;
}

/**
 * Refuses the filter when a Decimal literal in it is one Decimal128 cannot hold exactly, also one
 * that lower() folds away (`Qty eq 1.00000000000000000000000000000000001` is false for an
 * integer Qty): the document never depends on whether a literal happened to be needed.
 */
export function refuseDecimalsBeyondDecimal128(filter: TypedFilter): void {
  refuseIn(filter.root);
}

/** Left to right, so that the leftmost literal Decimal128 cannot hold is the one reported. */
function refuseIn(node: TypedExpr): void {
  if (node.kind === 'literal') {
    if (node.type === 'Edm.Decimal') decimalText(node);
    return;
  }
  for (const child of childrenOfTyped(node)) refuseIn(child);
}
