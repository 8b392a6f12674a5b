// JSON output for the CLI: bigints (Int64 values) are written as strings, exactly; bytes (a
// Binary's parameter) as base64url, as OData's JSON writes them; maps (a structure's properties) as
// objects.

import { base64UrlOfHex, hexOfBytes } from '../language/binary-spelling.js';

export function toJson(value: unknown, indent = 2): string {
  return JSON.stringify(
    value,
    (_key, v: unknown) =>
      typeof v === 'bigint'
        ? v.toString()
        : v instanceof Uint8Array
          ? base64UrlOfHex(hexOfBytes(v))
          : v instanceof Map
            ? Object.fromEntries(v)
            : v,
    indent,
  );
}
