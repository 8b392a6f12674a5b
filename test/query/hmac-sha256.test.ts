// The keyset tokens' digest, held to node:crypto's on random keys and messages of every length
// around the block boundaries.

import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hmacSha256, sha256 } from '../../src/query/hmac-sha256.js';
import { runs } from '../support/test-size.js';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

describe('HMAC-SHA-256', () => {
  it.each([0, 1, 55, 56, 63, 64, 65, 119, 120, 1000])('digests %i bytes as node:crypto does', (length) => {
    const message = Uint8Array.from({ length }, (_, i) => (i * 31 + 7) & 0xff);
    expect(hex(sha256(message))).toBe(createHash('sha256').update(message).digest('hex'));
  });

  it('agrees with node:crypto on random keys and messages', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 150 }), fc.uint8Array({ maxLength: 300 }), (key, message) => {
        expect(hex(hmacSha256(key, message))).toBe(createHmac('sha256', key).update(message).digest('hex'));
      }),
      { numRuns: runs(300) },
    );
  });
});
