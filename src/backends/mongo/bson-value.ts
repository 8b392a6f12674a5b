// Literal values as BSON-ready values, for plain query operators and aggregation expressions alike.

import { MS_PER_DAY } from '../../semantics/temporal.js';
import type { EdmType } from '../../language/edm.js';
import type { LiteralValue } from '../../types/typed.js';
import type { LoweredValue } from '../../lower/lowered.js';
import { decimalText } from './decimal128.js';
import { bytesOfHex } from '../../language/binary-spelling.js';
import { fromOption, type Context } from './options.js';
import type { Span } from './cannot-compile.js';

/** A literal of the filter: a lowered constant that is not null. */
export interface Literal extends Span {
  readonly type: EdmType;
  readonly value: LiteralValue;
}

/** Whether the lowered value is a literal of the filter (a constant that is not null). */
export function isLiteral(value: LoweredValue): value is LoweredValue & Literal {
  return value.kind === 'constant' && value.value !== null;
}

/**
 * A literal as a plain BSON-ready value: Int64 as a number when it is a safe integer, else a
 * bigint or the `long` factory's value; instants as Date; Decimal via the factory only.
 * Returns undefined for a Decimal without a factory: the caller must use an expression instead.
 */
export function plainValue(literal: Literal, ctx: Context): { value: unknown } | undefined {
  const { type, value } = literal;
  if (type === 'Edm.Decimal') {
    const text = decimalText(literal);
    const { decimal } = ctx;
    return decimal
      ? { value: fromOption(literal, `options.decimal on the Decimal literal ${text}`, () => decimal(text)) }
      : undefined;
  }
  if (type === 'Edm.Int64') {
    const big = BigInt(value as bigint | number);
    if (big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER)) return { value: Number(big) };
    const { long } = ctx;
    return { value: long ? fromOption(literal, `options.long on the Int64 literal ${big}`, () => long(big)) : big };
  }
  return { value: convertLiteral(type, value) };
}

/** The literal's BSON value by type (Int64 and Decimal, which need options, are decided above). */
function convertLiteral(type: EdmType, value: LiteralValue): unknown {
  switch (type) {
    case 'Edm.DateTime':
    case 'Edm.DateTimeOffset':
      return new Date(Number(value));
    // A date is stored as the Date of its midnight (UTC); a time of day and a duration as milliseconds.
    case 'Edm.Date':
      return new Date(Number(value) * MS_PER_DAY);
    case 'Edm.TimeOfDay':
    case 'Edm.Duration':
      return value;
    case 'Edm.Guid':
      return String(value).toLowerCase();
    // A Uint8Array, which the driver writes as BinData of the generic subtype 0 (docs/mongo.md).
    case 'Edm.Binary':
      return bytesOfHex(value as string);
    case 'Edm.String':
    case 'Edm.Boolean':
    case 'Edm.Byte':
    case 'Edm.SByte':
    case 'Edm.Int16':
    case 'Edm.Int32':
    case 'Edm.Int64':
    case 'Edm.Decimal':
    case 'Edm.Double':
    case 'Edm.Single':
      return value;
  }
}
