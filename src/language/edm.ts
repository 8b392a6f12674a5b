// Edm primitive types and the rules that relate them: numeric promotion and comparability.

export type EdmType =
  | 'Edm.String'
  | 'Edm.Boolean'
  | 'Edm.Byte'
  | 'Edm.SByte'
  | 'Edm.Int16'
  | 'Edm.Int32'
  | 'Edm.Int64'
  | 'Edm.Decimal'
  | 'Edm.Double'
  | 'Edm.Single'
  | 'Edm.DateTime'
  | 'Edm.DateTimeOffset'
  | 'Edm.Date'
  | 'Edm.TimeOfDay'
  | 'Edm.Duration'
  | 'Edm.Guid'
  | 'Edm.Binary';

export const EDM_TYPES: readonly EdmType[] = [
  'Edm.String',
  'Edm.Boolean',
  'Edm.Byte',
  'Edm.SByte',
  'Edm.Int16',
  'Edm.Int32',
  'Edm.Int64',
  'Edm.Decimal',
  'Edm.Double',
  'Edm.Single',
  'Edm.DateTime',
  'Edm.DateTimeOffset',
  'Edm.Date',
  'Edm.TimeOfDay',
  'Edm.Duration',
  'Edm.Guid',
  'Edm.Binary',
];

export type NumericType =
  | 'Edm.Byte'
  | 'Edm.SByte'
  | 'Edm.Int16'
  | 'Edm.Int32'
  | 'Edm.Int64'
  | 'Edm.Decimal'
  | 'Edm.Double'
  | 'Edm.Single';
export type IntegerType = 'Edm.Byte' | 'Edm.SByte' | 'Edm.Int16' | 'Edm.Int32' | 'Edm.Int64';
export type InstantType = 'Edm.DateTime' | 'Edm.DateTimeOffset';
/** The types whose values are integers of a unit (docs/semantics.md §5): days, milliseconds. */
export type TemporalType = 'Edm.Date' | 'Edm.TimeOfDay' | 'Edm.Duration';

const NUMERIC = new Set<EdmType>([
  'Edm.Byte',
  'Edm.SByte',
  'Edm.Int16',
  'Edm.Int32',
  'Edm.Int64',
  'Edm.Decimal',
  'Edm.Double',
  'Edm.Single',
]);
const INTEGER = new Set<EdmType>(['Edm.Byte', 'Edm.SByte', 'Edm.Int16', 'Edm.Int32', 'Edm.Int64']);

export function isEdmType(name: string): name is EdmType {
  return (EDM_TYPES as readonly string[]).includes(name);
}
export function isNumeric(type: EdmType): type is NumericType {
  return NUMERIC.has(type);
}
export function isInteger(type: EdmType): type is IntegerType {
  return INTEGER.has(type);
}
/** Double and Single: both computed as IEEE binary64 (docs/semantics.md §4). */
export function isFloatingPoint(type: EdmType): boolean {
  return type === 'Edm.Double' || type === 'Edm.Single';
}
export function isInstant(type: EdmType): type is InstantType {
  return type === 'Edm.DateTime' || type === 'Edm.DateTimeOffset';
}

export function isTemporal(type: EdmType): type is TemporalType {
  return type === 'Edm.Date' || type === 'Edm.TimeOfDay' || type === 'Edm.Duration';
}

/**
 * OData binary numeric promotion: Decimal unless the other side is Single or Double; else Double;
 * else Single; else Int64; else Int32 (Byte, SByte and Int16 promote to Int32).
 */
export function promoteNumeric(a: NumericType, b: NumericType): NumericType {
  if (a === 'Edm.Decimal' || b === 'Edm.Decimal') {
    if (a === 'Edm.Double' || b === 'Edm.Double' || a === 'Edm.Single' || b === 'Edm.Single') return 'Edm.Double';
    return 'Edm.Decimal';
  }
  if (a === 'Edm.Double' || b === 'Edm.Double') return 'Edm.Double';
  if (a === 'Edm.Single' || b === 'Edm.Single') return 'Edm.Single';
  if (a === 'Edm.Int64' || b === 'Edm.Int64') return 'Edm.Int64';
  return 'Edm.Int32';
}

/** Inclusive value ranges of the integer types. */
export const INTEGER_RANGES: { readonly [T in IntegerType]: readonly [bigint, bigint] } = {
  'Edm.Byte': [0n, 255n],
  'Edm.SByte': [-128n, 127n],
  'Edm.Int16': [-32768n, 32767n],
  'Edm.Int32': [-2147483648n, 2147483647n],
  'Edm.Int64': [-9223372036854775808n, 9223372036854775807n],
};
