// The keyset options of the test policies, and tokens sealed as a next link of theirs would be.

import { TokenSeal } from '../../src/query/token-seal.js';
import type { KeysetOptions } from '../../src/query/token-seal.js';

export const TEST_KEYSET: KeysetOptions = { key: 'a test key of at least thirty-two characters' };

/** A token sealed with the test key for a schema and an order (`Id asc`), holding the texts. */
export function sealedToken(schemaName: string, order: string, texts: readonly (string | null)[]): string {
  // The context a token is sealed in: the schema, the order, and the row filters' parameters (none).
  return new TokenSeal(TEST_KEYSET, 'test').seal(JSON.stringify(texts), `${schemaName}\n${order}\n[]`);
}
