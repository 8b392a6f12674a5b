// The ETag of a `$metadata` document: a strong validator made from the document's bytes (their
// SHA-256), so the same document always has the same ETag and any change of a byte changes it.

import { sha256 } from '../query/hmac-sha256.js';

/** The strong ETag of a document's text (its UTF-8 bytes): `"` + the hex SHA-256 + `"`. */
export function metadataEtag(document: string): string {
  const digest = sha256(new TextEncoder().encode(document));
  return `"${Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('')}"`;
}
