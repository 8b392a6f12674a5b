// The literal text of a typed literal's value for an OData version: what printTyped() writes for
// a literal when it is given a version. The v2/v3 forms are src/syntax/version-literals.ts's; the
// v4 forms are the bare ones the parser reads (a Decimal with its `m`, so that `1E+10` stays one).

import { picosOf, type TimeValue, wholeMs } from '../semantics/fine-time.js';
import { formatInstant } from '../semantics/instant.js';
import { formatDate, formatDuration, formatTimeOfDay } from '../semantics/temporal.js';
import { isVersion3OrEarlier, type ODataVersion } from '../language/versions.js';
import { refuseConstruct } from '../syntax/version-constructs.js';
import {
  binaryLiteral,
  decimalLiteral,
  floatLiteral,
  guidLiteral,
  instantLiteral,
  int64Literal,
  timeOfDayLiteral,
} from '../syntax/version-literals.js';
import type { TypedLiteral } from './typed.js';
import { quoteString as quote } from '../language/literal-spelling.js';
import { base64UrlOfHex } from '../language/binary-spelling.js';

export function typedLiteralText(n: TypedLiteral, version: ODataVersion): string {
  const v3 = isVersion3OrEarlier(version);
  if (n.enum !== undefined) {
    if (v3) throw refuseConstruct('enum_literal', version, n);
    // A member's value is a member of the literal as much as its name is (the v4 ABNF's enumMemberValue).
    return `${n.enum.name}'${String(n.value)}'`;
  }
  const value = n.value;
  switch (n.type) {
    case 'Edm.String':
      return quote(value as string);
    case 'Edm.Boolean':
      return String(value);
    case 'Edm.Guid':
      return v3 ? guidLiteral(value as string) : (value as string);
    case 'Edm.Binary':
      return v3 ? binaryLiteral(value as string) : `binary'${base64UrlOfHex(value as string)}'`;
    case 'Edm.Int64':
      return v3 ? int64Literal(value as bigint) : String(value);
    case 'Edm.Decimal':
      return v3 ? decimalLiteral(value as string, version, n) : `${value as string}m`;
    case 'Edm.Double':
    case 'Edm.Single':
      return v3 ? floatLiteral(value as number, n.type === 'Edm.Double' ? 'd' : 'f') : floatText(value as number);
    case 'Edm.DateTime':
    case 'Edm.DateTimeOffset':
      return v3
        ? instantLiteral(n.type, wholeMs(value as TimeValue), version, n, picosOf(value as TimeValue))
        : formatInstant(value as TimeValue);
    case 'Edm.Date':
      if (v3) throw refuseConstruct('date_literal', version, n);
      return formatDate(value as number);
    case 'Edm.TimeOfDay':
      return v3
        ? timeOfDayLiteral(wholeMs(value as TimeValue), picosOf(value as TimeValue))
        : formatTimeOfDay(value as TimeValue);
    case 'Edm.Duration':
      if (v3) throw refuseConstruct('duration_literal', version, n);
      return `duration'${formatDuration(value as TimeValue)}'`;
    default:
      // Byte, SByte, Int16, Int32.
      return String(value);
  }
}

/** A Double or Single as v4 writes it: the shortest text of the number, INF, -INF, NaN. */
function floatText(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return 'INF';
  if (value === -Infinity) return '-INF';
  return Object.is(value, -0) ? '-0.0' : String(value).replace('e', 'E');
}
