// Sealed keyset tokens (docs/query.md, "Keyset pages"): a token carries the order's values at a
// page's last row, and an order may be by a member the caller may not select, so the values are
// encrypted; and a token is read back as a filter, so it is authenticated, bound to the resource
// and order it was written for. The key comes from the configuration — never made per process —
// so that every process serving a resource reads the tokens of the others; a key being replaced
// is still read until the time the configuration gives.
//
// Encrypt-then-MAC from one primitive, HMAC-SHA-256: the text XORed with HMAC(kE, nonce ‖ i) for
// its 32-byte blocks i, then a tag HMAC(kM, context ‖ 0 ‖ nonce ‖ ciphertext); kE and kM are
// HMACs of fixed labels under the configured key. A token is base64url of
// `1 ‖ nonce (16 bytes) ‖ ciphertext ‖ tag (first 16 bytes)`.

import { hmacSha256 } from './hmac-sha256.js';

/** A secret: at least 32 bytes, or a string of at least 32 characters (its UTF-8 bytes). */
export type TokenKey = string | Uint8Array;

/** How keyset tokens are sealed: the policy's `keyset`. */
export interface KeysetOptions {
  /** The key tokens are sealed with, the same in every process that serves the resource. */
  readonly key: TokenKey;
  /** The key `key` replaces: tokens sealed with it are still read until `until`. */
  readonly previousKey?: { readonly key: TokenKey; readonly until: Date };
}

const FORMAT = 1;
const NONCE = 16;
const TAG = 16;
const MIN_KEY_BYTES = 32;
const encoder = new TextEncoder();

interface Keys {
  readonly encryption: Uint8Array;
  readonly authentication: Uint8Array;
}

/** Seals and opens the tokens of one policy's keys. Holds the keys where no serialisation reaches them. */
export class TokenSeal {
  readonly #current: Keys;
  readonly #previous: { readonly keys: Keys; readonly until: number } | undefined;

  /** Throws a TypeError (the server's mistake) for a key that is too short or not a key. */
  constructor(options: KeysetOptions, owner: string) {
    this.#current = derivedKeys(options.key, owner, 'keyset.key');
    const previous = options.previousKey;
    if (previous !== undefined) {
      if (!(previous.until instanceof Date) || Number.isNaN(previous.until.getTime()))
        throw new TypeError(`${owner}: keyset.previousKey.until must be a valid Date`);
      this.#previous = {
        keys: derivedKeys(previous.key, owner, 'keyset.previousKey.key'),
        until: previous.until.getTime(),
      };
    }
  }

  /** The token of the text, for the context (the resource and order it continues). */
  seal(text: string, context: string): string {
    const nonce = globalThis.crypto.getRandomValues(new Uint8Array(NONCE));
    const plain = encoder.encode(text);
    const cipher = xorStream(this.#current.encryption, nonce, plain);
    const tag = tagOf(this.#current.authentication, context, nonce, cipher);
    const token = new Uint8Array(1 + NONCE + cipher.length + TAG);
    token[0] = FORMAT;
    token.set(nonce, 1);
    token.set(cipher, 1 + NONCE);
    token.set(tag, 1 + NONCE + cipher.length);
    return toBase64Url(token);
  }

  /** The text of a token sealed for this context with the key (or the previous key in its time); undefined for any other. */
  open(token: string, context: string, now: number = Date.now()): string | undefined {
    const bytes = fromBase64Url(token);
    if (bytes === undefined || bytes.length < 1 + NONCE + TAG || bytes[0] !== FORMAT) return undefined;
    const nonce = bytes.subarray(1, 1 + NONCE);
    const cipher = bytes.subarray(1 + NONCE, bytes.length - TAG);
    const tag = bytes.subarray(bytes.length - TAG);
    const candidates = [this.#current];
    if (this.#previous !== undefined && now < this.#previous.until) candidates.push(this.#previous.keys);
    for (const keys of candidates) {
      if (!sameBytes(tagOf(keys.authentication, context, nonce, cipher), tag)) continue;
      try {
        return new TextDecoder('utf-8', { fatal: true }).decode(xorStream(keys.encryption, nonce, cipher));
      } catch {
        return undefined;
      }
    }
    return undefined;
  }
}

function derivedKeys(key: TokenKey, owner: string, option: string): Keys {
  const bytes = typeof key === 'string' ? encoder.encode(key) : key instanceof Uint8Array ? key : undefined;
  if (bytes === undefined || bytes.length < MIN_KEY_BYTES)
    throw new TypeError(
      `${owner}: ${option} must be a secret of at least ${MIN_KEY_BYTES} bytes (a Uint8Array, or a string of at least ${MIN_KEY_BYTES} characters), the same in every process`,
    );
  return {
    encryption: hmacSha256(bytes, encoder.encode('odata-filter keyset token encryption')),
    authentication: hmacSha256(bytes, encoder.encode('odata-filter keyset token authentication')),
  };
}

/** The bytes XORed with the key stream of the nonce: HMAC(key, nonce ‖ block number) per 32 bytes. */
function xorStream(key: Uint8Array, nonce: Uint8Array, bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length);
  const input = new Uint8Array(NONCE + 4);
  input.set(nonce);
  const counter = new DataView(input.buffer, NONCE, 4);
  for (let block = 0; block * 32 < bytes.length; block++) {
    counter.setUint32(0, block);
    const stream = hmacSha256(key, input);
    for (let i = 0; i < 32 && block * 32 + i < bytes.length; i++)
      out[block * 32 + i] = bytes[block * 32 + i]! ^ stream[i]!;
  }
  return out;
}

function tagOf(key: Uint8Array, context: string, nonce: Uint8Array, cipher: Uint8Array): Uint8Array {
  const label = encoder.encode(context);
  const message = new Uint8Array(label.length + 1 + nonce.length + cipher.length);
  message.set(label);
  message.set(nonce, label.length + 1);
  message.set(cipher, label.length + 1 + nonce.length);
  return hmacSha256(key, message).subarray(0, TAG);
}

/** Equal bytes, compared in a time that does not depend on where they differ. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

/** Bytes as base64url without padding (btoa: in browsers as in Node). */
function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of base64url text, or undefined for text that is not (or not as toBase64Url writes them). */
function fromBase64Url(token: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(token) || token.length % 4 === 1) return undefined;
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(token.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
  // One spelling per token: a last character that differs only in its unused bits is another token.
  return toBase64Url(bytes) === token ? bytes : undefined;
}
