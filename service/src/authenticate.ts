// HTTP Basic authentication (RFC 7617) against the users table: who is asking, and which of
// interface A's collections they may read.

import { createHash } from 'node:crypto';
import type { Statements } from './database.js';
import { verifyPassword } from './passwords.js';

export interface User {
  readonly name: string;
  /** The collections the user may read; `*` for every one. */
  readonly collections: readonly string[];
}

export function mayRead(user: User, collection: string): boolean {
  return user.collections.includes('*') || user.collections.includes(collection);
}

/** The credentials of an `Authorization: Basic …` header, or undefined when it holds none that can be read. */
function credentialsOf(header: string | undefined): { name: string; password: string } | undefined {
  const match = /^Basic[ ]+([A-Za-z0-9+/]+={0,2})[ ]*$/i.exec(header ?? '');
  if (match === null || match[1]!.length > 4096) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { name: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** A password to hash when the user does not exist, so that an unknown name takes as long to refuse as a wrong password. */
const NOBODY = { salt: 'AAAAAAAAAAAAAAAAAAAAAA==', hash: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' };

/** How long a verified header is trusted without hashing its password again. */
const TRUSTED_FOR_MS = 5 * 60_000;
const MOST_TRUSTED = 1000;

/**
 * Checks credentials, remembering the ones it verified for a few minutes: scrypt is made to be
 * slow, and Basic authentication sends the password with every request. What is remembered is a
 * SHA-256 of the header, never the password; a wrong password is hashed every time.
 */
export class Authenticator {
  private readonly trusted = new Map<string, { user: User; until: number }>();

  constructor(private readonly db: Statements) {}

  /** The user the request's credentials name, or undefined when there are none or they are wrong. */
  async authenticate(header: string | undefined): Promise<User | undefined> {
    const credentials = credentialsOf(header);
    if (credentials === undefined) return undefined;
    const digest = createHash('sha256').update(header!).digest('base64');
    const known = this.trusted.get(digest);
    if (known !== undefined && known.until > Date.now()) return known.user;
    const [row] = await this.db.query('SELECT "Salt", "Hash", "Collections" FROM users WHERE "Name" = $1', [
      credentials.name,
    ]);
    const stored = row === undefined ? NOBODY : { salt: String(row.Salt), hash: String(row.Hash) };
    const right = await verifyPassword(credentials.password, stored);
    if (!right || row === undefined) return undefined;
    const user: User = { name: credentials.name, collections: row.Collections as string[] };
    if (this.trusted.size >= MOST_TRUSTED) this.trusted.clear();
    this.trusted.set(digest, { user, until: Date.now() + TRUSTED_FOR_MS });
    return user;
  }
}
