import type { Lang } from '@sherehe/shared/i18n';
import { MESSAGES } from '@sherehe/shared/messages';
import { DEFAULT_PLAN_ID } from '@sherehe/shared/plans';
import type { LoginBody, RegisterBody } from '@sherehe/shared/schemas/auth';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashToken } from '../../lib/tokens';
import { createSession, deleteSession } from '../sessions';
import { findUserByEmail, findUserWithPlan, insertSignUpConsents, insertUser } from '../users';
import { hashPassword, verifyPassword } from './password';

/** `lang`: the language of the request, the account's own when the form names none (docs/languages.md#languages). */
export async function registerUser({ db, input, lang }: { db: Db; input: RegisterBody; lang: Lang }) {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      username: input.username,
      email: input.email,
      passwordHash,
      role: input.role,
      planId: DEFAULT_PLAN_ID,
      locale: input.locale ?? lang,
    });
    if (!user) throw new AppError('CONFLICT', MESSAGES.auth.emailTaken);
    // Signing up accepts the terms and the privacy notice in force now (packages/shared/src/legal.ts).
    await insertSignUpConsents(tx, user.id);
    const session = await createSession(tx, user.id);
    const withPlan = await findUserWithPlan(tx, user.id);
    if (!withPlan) throw new Error('user vanished inside its own transaction');
    return { ...withPlan, session };
  });
}

export async function logIn({ db, input }: { db: Db; input: LoginBody }) {
  const found = await findUserByEmail(db, input.email);
  const valid = await verifyPassword(found?.user.passwordHash, input.password);
  if (!found || !valid) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.invalidCredentials);
  const session = await createSession(db, found.user.id);
  return { ...found, session };
}

/**
 * Ends the session the request names: the one it was resolved to, else whatever session its token
 * still names (an expired one, say).
 */
export async function logOut(options: { db: Db; tokenHash: string | undefined; token: string | undefined }) {
  const tokenHash = options.tokenHash ?? (options.token ? hashToken(options.token) : undefined);
  if (tokenHash) await deleteSession(options.db, tokenHash);
}
