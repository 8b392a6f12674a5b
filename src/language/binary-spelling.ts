// How a binary value is spelt (docs/semantics.md §6): base64url in OData 4 literals and payloads,
// hexadecimal in v2/v3 literals. Trees hold a value as its lower-case hexadecimal text, whose
// order as a string is the bytes' (unsigned, a prefix first).

/**
 * OData 4.01's binaryValue: groups of four, then two or three characters whose bits beyond the
 * last byte are zero, with all of their padding or none.
 */
const BASE64URL_TEXT = /^(?:[\w-]{4})*(?:[\w-][AQgw](?:==)?|[\w-]{2}[AEIMQUYcgkosw048]=?)?$/;
const HEX_TEXT = /^(?:[\dA-Fa-f]{2})*$/;

/** The bytes base64url text spells, as lower-case hexadecimal; undefined when it is no binaryValue. */
export function hexOfBase64Url(text: string): string | undefined {
  if (!BASE64URL_TEXT.test(text)) return undefined;
  // atob() reads base64 without its padding too (the forgiving-base64 of the HTML standard).
  const chars = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  let hex = '';
  for (let i = 0; i < chars.length; i++) hex += chars.charCodeAt(i).toString(16).padStart(2, '0');
  return hex;
}

/** Hexadecimal text in either case, lower-cased; undefined when it is no whole number of bytes. */
export function hexOfHexText(text: string): string | undefined {
  return HEX_TEXT.test(text) ? text.toLowerCase() : undefined;
}

/** The base64url text of the bytes given in hexadecimal, with its padding. */
export function base64UrlOfHex(hex: string): string {
  let chars = '';
  for (let i = 0; i < hex.length; i += 2) chars += String.fromCharCode(Number.parseInt(hex.slice(i, i + 2), 16));
  return btoa(chars).replace(/\+/g, '-').replace(/\//g, '_');
}

/** The lower-case hexadecimal text of bytes. */
export function hexOfBytes(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** The bytes of hexadecimal text of whole bytes. */
export function bytesOfHex(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}
