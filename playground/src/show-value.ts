// A value as the page prints it: strings quoted (so that '' and ' ' can be told apart), an Int64
// bigint with its `n`, a Date as its instant, a Binary's bytes as the X'…' literal that holds
// them; structures as JSON with the same rules inside.

export function showValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  if (value instanceof Uint8Array) return bytesText(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined)
    return String(value);
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'bigint'
      ? `${v}n`
      : typeof v === 'number' && !Number.isFinite(v)
        ? String(v)
        : v instanceof Uint8Array
          ? bytesText(v)
          : v,
  );
}

function bytesText(bytes: Uint8Array): string {
  return `X'${Array.from(bytes, (b) => b.toString(16).padStart(2, '0').toUpperCase()).join('')}'`;
}
