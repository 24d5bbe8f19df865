import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random 256-bit token, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are 43 characters; anything far longer is not one and is not worth a query. */
export const MAX_TOKEN_LENGTH = 128;

/** What the database stores in place of a token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Compares a secret given (a callback path's segment, a key) with the expected one in constant time,
 * so its characters cannot be guessed one by one. Nothing given, or nothing expected, never matches.
 */
export function sameSecret(given: string | undefined, expected: string | undefined): boolean {
  if (given === undefined || expected === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
