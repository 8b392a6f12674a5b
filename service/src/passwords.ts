// Passwords as salted scrypt hashes (node:crypto), compared in constant time: the users table
// never holds a password, and a wrong password takes as long to refuse as a right one to accept.

import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** A new salt and the password's hash under it, both base64. */
export async function hashPassword(
  password: string,
  salt: Buffer = randomBytes(16),
): Promise<{ salt: string; hash: string }> {
  return { salt: salt.toString('base64'), hash: (await derive(password, salt)).toString('base64') };
}

/** Whether the password hashes to the stored hash under the stored salt. */
export async function verifyPassword(password: string, stored: { salt: string; hash: string }): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'base64');
  const actual = await derive(password, Buffer.from(stored.salt, 'base64'));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
