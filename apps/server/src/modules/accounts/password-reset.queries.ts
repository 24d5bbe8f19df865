import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { passwordResetTokens } from '../../db/schema';

/** Stores a user's new reset token in place of any unused one: one live link at a time. */
export async function replaceResetToken(
  db: Queryable,
  values: { userId: string; tokenHash: string; expiresAt: Date },
) {
  await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, values.userId), isNull(passwordResetTokens.usedAt)));
  await db.insert(passwordResetTokens).values(values);
}

/** The unused, unexpired token with this hash, locked until the transaction ends. */
export async function lockLiveResetToken(db: Queryable, tokenHash: string) {
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .for('update');
  return row;
}

export async function markResetTokenUsed(db: Queryable, id: string) {
  await db.update(passwordResetTokens).set({ usedAt: sql`now()` }).where(eq(passwordResetTokens.id, id));
}
