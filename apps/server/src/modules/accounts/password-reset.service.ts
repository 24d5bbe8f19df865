import { MESSAGES } from '@sherehe/shared/messages';
import type { Db } from '../../db/client';
import { raiseDomainEvent } from '../../events/domain-events';
import type { JobHandler, JobQueue } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import { hashToken, newToken } from '../../lib/tokens';
import type { Mailer } from '../../mail/mailer';
import { passwordResetMail } from '../../mail/templates';
import { hashPassword } from '../auth';
import { findUserByEmail, updateUser } from '../users';
import { lockLiveResetToken, markResetTokenUsed, replaceResetToken } from './password-reset.queries';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export const PASSWORD_RESET_JOB = 'password-reset';

/**
 * Asks for a reset link. The request only queues the work, the same single insert whether or not
 * the address has an account, so neither the answer nor its timing tells who is registered.
 */
export async function requestPasswordReset({ jobs, email }: { jobs: JobQueue; email: string }) {
  await jobs.add(jobs.options.db, {
    kind: PASSWORD_RESET_JOB,
    payload: { email: email.trim().toLowerCase() },
  });
  jobs.wake();
}

/**
 * The queued half of a reset request: when the address has an account, a single-use link valid
 * for an hour replaces any earlier one and is mailed. The link is made and sent in the job, so it
 * is never stored; a retry after a failed send makes a new one (only the link that arrives counts).
 */
export function passwordResetJob({
  db,
  publicUrl,
  mailer,
}: {
  db: Db;
  publicUrl: string;
  mailer: Mailer;
}): JobHandler<{ email: string }> {
  return {
    maxAttempts: 15,
    async run({ email }) {
      const found = await findUserByEmail(db, email);
      if (!found) return;
      const token = newToken();
      // One live link at a time: asking again replaces the earlier one.
      await db.transaction((tx) =>
        replaceResetToken(tx, {
          userId: found.user.id,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
        }),
      );
      await mailer.send(
        passwordResetMail({
          to: found.user.email,
          // Rendered when sent, in the language the account has then.
          lang: found.user.locale,
          name: found.user.username,
          url: `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
        }),
      );
    },
  };
}

/**
 * Sets the new password and ends every session of the user and their calendar-feed address, using
 * the token up, all at once.
 * Returns whose password it was, so the caller can disconnect their sockets.
 */
export async function resetPassword({
  db,
  token,
  newPassword,
}: {
  db: Db;
  token: string;
  newPassword: string;
}) {
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const row = await lockLiveResetToken(tx, hashToken(token));
    if (!row) throw new AppError('VALIDATION', MESSAGES.reset.invalid);
    await markResetTokenUsed(tx, row.id);
    await updateUser(tx, row.userId, { passwordHash });
    await raiseDomainEvent(tx, 'user.accessRevoked', { userId: row.userId });
    return { userId: row.userId };
  });
}
