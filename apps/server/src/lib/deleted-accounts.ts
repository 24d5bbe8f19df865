/**
 * A deleted account keeps its row (money records name it) with an address nobody can receive mail
 * at: unique per account, so the real address may sign up again, and in the `.invalid` top-level
 * domain, which never resolves (RFC 2606).
 */
const DELETED_DOMAIN = '@deleted.invalid';

export function deletedEmailOf(userId: string): string {
  return `deleted-${userId}${DELETED_DOMAIN}`;
}

/** Whether mail to this address would go to a deleted account: such mail is never sent. */
export function isDeletedAddress(to: string): boolean {
  return to.toLowerCase().endsWith(DELETED_DOMAIN);
}

/**
 * Not an Argon2 hash: verifying any password against it fails, so a deleted account can never sign
 * in again, whatever is tried.
 */
export const UNUSABLE_PASSWORD_HASH = '!deleted';
