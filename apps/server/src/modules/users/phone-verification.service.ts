import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Lang } from '@sherehe/shared/i18n';
import { MESSAGES } from '@sherehe/shared/messages';
import { messagesIn } from '@sherehe/shared/messages-sw';
import { PHONE_CODE_SMS_KIND } from '@sherehe/shared/notifications';
import type { SmsPhoneState } from '@sherehe/shared/schemas/phone-verification';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import { smsOnForVerifiedPhone } from '../notification-settings';
import { isSmsOptedOut, queueSms } from '../sms';
import {
  countCodesSince,
  countWrongCode,
  insertPhoneVerification,
  isPhoneVerifiedByAnother,
  lockNewestOpenCode,
  lockPhoneForCodes,
  markCodeUsed,
  recordSmsConsent,
  setSmsPhone,
} from './phone-verification.queries';
import { lockUser } from './users.queries';

/** The rules of a verification code (docs/notifications.md#verified-phones). */
export const PHONE_CODE_RULES = {
  /** How long a code works. */
  ttlMs: 10 * 60_000,
  /** Wrong codes tried before it stops working. */
  maxAttempts: 5,
  /** Codes sent to one number, and to one account, in `windowMs`. */
  perHour: 3,
  windowMs: 60 * 60_000,
} as const;

/** Too many codes asked for: the route answers 429 with Retry-After. */
export class TooManyCodesError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', MESSAGES.phoneVerification.tooManyCodes);
  }
}

interface PhoneDeps {
  db: Db;
  jobs: JobQueue;
  /** The key codes are hashed with (config.phoneCodeSecret). */
  secret: string;
}

/** A code as stored: keyed by the server's secret and bound to its row, so a copied hash gives nothing away. */
function hashCode(secret: string, verificationId: string, code: string): string {
  return createHmac('sha256', secret).update(`${verificationId}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The account's SMS number as the profile shows it. */
export async function smsPhoneStateOf(
  db: Db,
  user: Pick<UserRow, 'smsPhone' | 'smsPhoneVerifiedAt'>,
): Promise<SmsPhoneState> {
  const phone = user.smsPhone;
  return {
    phone,
    verifiedAt: user.smsPhoneVerifiedAt ? user.smsPhoneVerifiedAt.toISOString() : null,
    stopped: phone ? await isSmsOptedOut(db, phone) : false,
  };
}

/**
 * Sends a new 6-digit code to `phone` for the account (POST /api/user/phone/verify/start), in the
 * language asked in. Refused when another live account has the number verified (409), or when 3
 * codes went to the account or to the number within the hour (429). The code never waits for quiet
 * hours; it is one SMS of its own (its subject is the code's row).
 */
export async function startPhoneVerification(
  deps: PhoneDeps,
  input: { userId: string; phone: string; lang: Lang; now?: Date },
): Promise<{ phone: string; expiresAt: Date }> {
  const { db, jobs, secret } = deps;
  const now = input.now ?? new Date();
  const { phone } = input;
  const expiresAt = await db.transaction(async (tx) => {
    const user = await lockUser(tx, input.userId);
    if (!user || user.deletedAt) throw new AppError('UNAUTHENTICATED', MESSAGES.users.notFound);
    await lockPhoneForCodes(tx, phone);
    if (await isPhoneVerifiedByAnother(tx, phone, user.id))
      throw new AppError('CONFLICT', MESSAGES.phoneVerification.takenByAnother);
    const since = new Date(now.getTime() - PHONE_CODE_RULES.windowMs);
    for (const by of [{ userId: user.id }, { phone }]) {
      const sent = await countCodesSince(tx, by, since);
      if (sent.count >= PHONE_CODE_RULES.perHour) {
        const freeAt = (sent.first ?? now).getTime() + PHONE_CODE_RULES.windowMs;
        throw new TooManyCodesError(Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)));
      }
    }
    const id = randomUUID();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expires = new Date(now.getTime() + PHONE_CODE_RULES.ttlMs);
    await insertPhoneVerification(tx, {
      id,
      userId: user.id,
      phone,
      codeHash: hashCode(secret, id, code),
      expiresAt: expires,
      createdAt: now,
    });
    await queueSms(tx, jobs, {
      to: phone,
      message: messagesIn(input.lang).phoneVerification.codeSms(code),
      kind: PHONE_CODE_SMS_KIND,
      subjectKey: id,
      userId: user.id,
    });
    return expires;
  });
  jobs.wake();
  return { phone, expiresAt };
}

/**
 * Checks the code last sent to the account (POST /api/user/phone/verify). The right one, in time and
 * before 5 wrong tries, makes its number the account's SMS number and records consent to SMS for
 * every topic with it. A wrong code counts a try (400); an expired code, or the fifth wrong try,
 * leaves it dead (400, ask for a new one).
 */
export async function verifyPhone(
  deps: PhoneDeps,
  input: { userId: string; code: string; now?: Date },
): Promise<UserRow> {
  const { db, secret } = deps;
  const now = input.now ?? new Date();
  // A wrong try is counted and committed before the refusal is thrown.
  const outcome = await db.transaction(async (tx): Promise<{ refusal: string } | { user: UserRow }> => {
    const user = await lockUser(tx, input.userId);
    if (!user || user.deletedAt) throw new AppError('UNAUTHENTICATED', MESSAGES.users.notFound);
    const row = await lockNewestOpenCode(tx, user.id);
    if (!row) return { refusal: MESSAGES.phoneVerification.noCode };
    if (row.expiresAt <= now || row.attempts >= PHONE_CODE_RULES.maxAttempts)
      return { refusal: MESSAGES.phoneVerification.codeDead };
    if (!sameHash(hashCode(secret, row.id, input.code), row.codeHash)) {
      const attempts = await countWrongCode(tx, row.id);
      return {
        refusal:
          attempts >= PHONE_CODE_RULES.maxAttempts
            ? MESSAGES.phoneVerification.codeDead
            : MESSAGES.phoneVerification.wrongCode,
      };
    }
    await lockPhoneForCodes(tx, row.phone);
    if (await isPhoneVerifiedByAnother(tx, row.phone, user.id))
      throw new AppError('CONFLICT', MESSAGES.phoneVerification.takenByAnother);
    await markCodeUsed(tx, row.id, now);
    await setSmsPhone(tx, user.id, row.phone, now);
    await smsOnForVerifiedPhone(tx, user.id, row.phone);
    await recordSmsConsent(tx, {
      userId: user.id,
      granted: true,
      source: 'phone-verified',
      phone: row.phone,
    });
    return { user: { ...user, smsPhone: row.phone, smsPhoneVerifiedAt: now } };
  });
  if ('refusal' in outcome) {
    const { refusal } = outcome;
    throw new AppError('VALIDATION', refusal, { errors: [{ path: 'code', message: refusal }] });
  }
  return outcome.user;
}

/**
 * Removes the account's SMS number (DELETE /api/user/phone): nothing more is sent to it, and the
 * withdrawal is recorded for every topic. Nothing to remove is no error.
 */
export async function removeSmsPhone(deps: Pick<PhoneDeps, 'db'>, userId: string): Promise<UserRow> {
  return deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user || user.deletedAt) throw new AppError('UNAUTHENTICATED', MESSAGES.users.notFound);
    if (!user.smsPhone) return user;
    await setSmsPhone(tx, user.id, null, null);
    await recordSmsConsent(tx, { userId: user.id, granted: false, source: 'profile', phone: user.smsPhone });
    return { ...user, smsPhone: null, smsPhoneVerifiedAt: null };
  });
}
