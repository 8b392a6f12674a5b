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

/**
 * The credentials of an `Authorization: Basic …` header, or undefined when it holds none that can
 * be read. A NUL is in no name or password: PostgreSQL's text cannot hold it, and a password that
 * ends in NULs must not be the password without them.
 */
function credentialsOf(header: string | undefined): { name: string; password: string } | undefined {
  const match = /^Basic[ ]+([A-Za-z0-9+/]+={0,2})[ ]*$/i.exec(header ?? '');
  if (match === null || match[1]!.length > 4096) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0 || decoded.includes('\u0000')) return undefined;
  return { name: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** A password to hash when the user does not exist, so that an unknown name takes as long to refuse as a wrong password. */
const NOBODY = { salt: 'AAAAAAAAAAAAAAAAAAAAAA==', hash: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' };

/** How long verified credentials are trusted without hashing their password again. */
const TRUSTED_FOR_MS = 5 * 60_000;
/** The most verified credentials remembered per user (a user has one password; a few spare). */
const MOST_TRUSTED_PER_USER = 4;

/** Runs a password check (scrypt) for a client address: the limits of login floods wrap it (server.ts). */
export type PasswordCheck = <T>(address: string, check: () => Promise<T>) => Promise<T>;

/**
 * Checks credentials, remembering the ones it verified for a few minutes: scrypt is made to be
 * slow, and Basic authentication sends the password with every request. What is remembered is a
 * SHA-256 of the name, the password and the user's stored hash, never the password: another
 * spelling of the same header finds it, and a changed password (a new stored hash) does not. A
 * wrong password is hashed every time.
 */
export class Authenticator {
  private readonly trusted = new Map<string, Map<string, number>>();
  /** Passwords hashed so far: what the cache saves is visible in it. */
  checks = 0;

  constructor(
    private readonly db: Statements,
    private readonly passwordCheck: PasswordCheck = (_address, check) => check(),
  ) {}

  /**
   * The user the request's credentials name, or undefined when there are none or they are wrong;
   * `address` is the client's, which the password check is limited by.
   */
  async authenticate(header: string | undefined, address: string): Promise<User | undefined> {
    const credentials = credentialsOf(header);
    if (credentials === undefined) return undefined;
    const [row] = await this.db.query('SELECT "Salt", "Hash", "Collections" FROM users WHERE "Name" = $1', [
      credentials.name,
    ]);
    const stored = row === undefined ? NOBODY : { salt: String(row.Salt), hash: String(row.Hash) };
    const digest = createHash('sha256')
      .update(`${credentials.name}\u0000${credentials.password}\u0000${stored.hash}`)
      .digest('base64');
    const user: User | undefined =
      row === undefined ? undefined : { name: credentials.name, collections: row.Collections as string[] };
    const remembered = this.trusted.get(credentials.name);
    if (user !== undefined && (remembered?.get(digest) ?? 0) > Date.now()) return user;
    const right = await this.passwordCheck(address, () => {
      this.checks++;
      return verifyPassword(credentials.password, stored);
    });
    if (!right || user === undefined) return undefined;
    const entries = remembered ?? new Map<string, number>();
    entries.delete(digest);
    entries.set(digest, Date.now() + TRUSTED_FOR_MS);
    // The oldest goes first (a Map keeps the order of insertion).
    if (entries.size > MOST_TRUSTED_PER_USER) entries.delete(entries.keys().next().value!);
    this.trusted.set(credentials.name, entries);
    return user;
  }
}
