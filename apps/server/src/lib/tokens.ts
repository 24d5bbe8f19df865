import { createHash, randomBytes } from 'node:crypto';

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
