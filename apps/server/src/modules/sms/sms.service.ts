import type { Lang } from '@sherehe/shared/i18n';
import {
  PHONE_CODE_SMS_KIND,
  SMS_KINDS_IN_QUIET_HOURS,
  SMS_NOTICE_TOPICS,
  type SmsNoticeKind,
} from '@sherehe/shared/notifications';
import { normaliseKenyanPhone } from '@sherehe/shared/phone';
import { fitsOneSms } from '@sherehe/shared/sms';
import type { FastifyBaseLogger } from 'fastify';
import type { QuietHours } from '../../config';
import type { Db, Queryable } from '../../db/client';
import { JobFailedForGood, type JobHandler, type JobQueue } from '../../jobs/job-queue';
import { type DeliveryReport, type InboundMessage, isStopRequest } from '../../sms/africas-talking-callbacks';
import type { AfricasTalkingClient } from '../../sms/africas-talking-client';
import { recordSmsStop, wantsNotice } from '../notification-settings';
import { nairobiDayStart, quietHoursEnd } from './quiet-hours';
import {
  findSms,
  findSmsRecipient,
  insertOptOut,
  insertSmsOnce,
  isOptedOut,
  markSmsFailure,
  markSmsSent,
  type NewSms,
  recordDelivery,
  reserveSmsTry,
} from './sms.queries';

export const SMS_SEND_JOB = 'sms-send';

/**
 * Tries for one SMS: with the default delays (10 s doubling up to an hour) the last comes about
 * four hours after the first, so an outage of Africa's Talking delays messages and loses none, and
 * one that lasts longer leaves them among the admins' failed jobs.
 */
export const SMS_ATTEMPTS = 12;

/** SMS a number gets at most in a Nairobi day (docs/notifications.md#quiet-hours-and-the-daily-limit). */
export const SMS_DAILY_LIMIT = 10;

/** The rules of one app's SMS: its quiet hours (SMS_QUIET_HOURS) and its clock. */
export interface SmsRules {
  quietHours: QuietHours | undefined;
  now: () => Date;
}

const DEFAULT_RULES: SmsRules = {
  quietHours: { startMinute: 21 * 60, endMinute: 7 * 60 },
  now: () => new Date(),
};

/**
 * Each app's rules, found by its job queue: `smsSendJob` sets them where the app registers it, so
 * `sendSmsNotice`, called with the queue, follows the same configuration without being handed it.
 */
const rulesOfQueue = new WeakMap<JobQueue, SmsRules>();
const rulesOf = (jobs: JobQueue) => rulesOfQueue.get(jobs) ?? DEFAULT_RULES;

/** Whether a kind waits for the end of quiet hours: all but verification codes and payment confirmations. */
const waitsOutQuietHours = (kind: string) => !SMS_KINDS_IN_QUIET_HOURS.includes(kind);

export interface SmsSendPayload {
  smsId: string;
  /** For the admins' list of jobs (its summary); the message itself stays on its row. */
  to: string;
}

export interface QueueSmsInput extends NewSms {
  /** Not sent before this moment (the end of quiet hours, say); default: at once. */
  notBefore?: Date | undefined;
}

/**
 * Queues one SMS in the caller's transaction: its row and its `sms-send` job, once per recipient
 * (the user, else the number), kind and subject; the same again writes and sends nothing. The
 * message's id, or undefined when it was already queued. `jobs.wake()` after the commit sends it at once.
 * `to` is `2547XXXXXXXX` or `2541XXXXXXXX` (`normaliseKenyanPhone`). Checks no consent: the caller does.
 */
export async function queueSms(
  tx: Queryable,
  jobs: JobQueue,
  input: QueueSmsInput,
): Promise<string | undefined> {
  if (!/^254[17]\d{8}$/.test(input.to))
    throw new Error('an SMS goes to a number written 2547XXXXXXXX or 2541XXXXXXXX');
  const { notBefore, ...sms } = input;
  const smsId = await insertSmsOnce(tx, sms);
  if (smsId === undefined) return undefined;
  const payload: SmsSendPayload = { smsId, to: input.to };
  await jobs.add(tx, {
    kind: SMS_SEND_JOB,
    payload: { ...payload },
    uniqueKey: `${SMS_SEND_JOB}:${smsId}`,
    ...(notBefore ? { runAt: notBefore } : {}),
  });
  return smsId;
}

export interface SmsNotice {
  userId: string;
  kind: SmsNoticeKind;
  /** Which thing it is about (a booking's id, say): once per person, kind and subject. */
  subjectKey: string;
  /** The message in the recipient's language: one SMS (`fitsOneSms`). */
  text: (lang: Lang) => string;
  /** The moment it is queued (tests fix it); default: the app's clock. */
  now?: Date | undefined;
}

/**
 * Tells a person something by SMS, in the caller's transaction (docs/notifications.md#sms): to their
 * verified number only, in their language, once per kind and subject. Nothing when they have no
 * verified number or switched the kind's topic off for SMS. Queued in quiet hours, it waits for
 * their end (but for SMS_KINDS_IN_QUIET_HOURS). The id of the message queued, or undefined when none was.
 */
export async function sendSmsNotice(
  tx: Queryable,
  jobs: JobQueue,
  notice: SmsNotice,
): Promise<string | undefined> {
  const recipient = await findSmsRecipient(tx, notice.userId);
  if (!recipient) return undefined;
  if (!(await wantsNotice(tx, notice.userId, 'sms', SMS_NOTICE_TOPICS[notice.kind]))) return undefined;
  const message = notice.text(recipient.locale);
  if (!fitsOneSms(message)) throw new Error(`the ${notice.kind} SMS is not one GSM-7 message: ${message}`);
  const rules = rulesOf(jobs);
  const now = notice.now ?? rules.now();
  return queueSms(tx, jobs, {
    to: recipient.phone,
    message,
    kind: notice.kind,
    subjectKey: notice.subjectKey,
    userId: notice.userId,
    notBefore: waitsOutQuietHours(notice.kind) ? quietHoursEnd(now, rules.quietHours) : undefined,
  });
}

/**
 * The `sms-send` job (registered in jobs/job-kinds.ts): sends the row's message through Africa's
 * Talking and records the outcome. A failure worth retrying (the provider down, out of credit, no
 * answer) throws, so the queue tries again with its backoff; a refusal that would repeat (a wrong
 * number, credentials refused) marks the message failed and the job failed at once, where admins
 * see it. A number that replied STOP gets nothing. With SMS off, the message is marked failed.
 * A try that comes in quiet hours (a retry, a queue that was down) sends nothing: it queues one
 * more job for their end and is done. The 11th message of a Nairobi day to a number is not sent:
 * marked failed, `daily limit` (verification codes count, but are never refused).
 */
export function smsSendJob(deps: {
  db: Db;
  client: AfricasTalkingClient | undefined;
  jobs: JobQueue;
  quietHours: QuietHours | undefined;
  now?: (() => Date) | undefined;
}): JobHandler<SmsSendPayload> {
  const { db, client, jobs } = deps;
  const rules: SmsRules = { quietHours: deps.quietHours, now: deps.now ?? DEFAULT_RULES.now };
  rulesOfQueue.set(jobs, rules);
  return {
    maxAttempts: SMS_ATTEMPTS,
    run: async (payload, job) => {
      const { smsId } = payload;
      const sms = await findSms(db, smsId);
      if (!sms || sms.status === 'sent' || sms.status === 'delivered') return;
      // Its account was deleted: the number and the words are gone, nothing to send.
      if (sms.to === '') return;
      // A code goes even to a number that replied STOP: its owner asked for it, to turn SMS back on.
      if (sms.kind !== PHONE_CODE_SMS_KIND && (await isOptedOut(db, sms.to)))
        return markSmsFailure(db, smsId, 'opted out (STOP)', true);
      if (!client) return markSmsFailure(db, smsId, 'SMS_MODE=off', true);
      const now = rules.now();
      const quietUntil = waitsOutQuietHours(sms.kind) ? quietHoursEnd(now, rules.quietHours) : undefined;
      if (quietUntil) {
        await jobs.add(db, {
          kind: SMS_SEND_JOB,
          payload: { ...payload },
          uniqueKey: `${SMS_SEND_JOB}:${smsId}:${quietUntil.toISOString()}`,
          runAt: quietUntil,
        });
        return;
      }
      const limit = sms.kind === PHONE_CODE_SMS_KIND ? undefined : SMS_DAILY_LIMIT;
      if (!(await reserveSmsTry(db, sms, nairobiDayStart(now), limit)))
        return markSmsFailure(db, smsId, 'daily limit', true);
      const sent = await client.send({ to: sms.to, message: sms.message });
      if (sent.ok) return markSmsSent(db, smsId, sent.value.messageId);
      const { message, retryable } = sent.error;
      const last = !retryable || job.attempts >= job.maxAttempts;
      await markSmsFailure(db, smsId, message, last);
      throw retryable ? new Error(message) : new JobFailedForGood(message);
    },
    keep: (payload) => ({ smsId: payload.smsId, to: payload.to }),
  };
}

/** A delivery report tried again: after the queue's first retry delay, then its growing ones. */
export const SMS_REPORT_JOB = 'sms-delivery-report';
const SMS_REPORT_ATTEMPTS = 6;

/** What a delivery report says of its message, as `sms-delivery-report` keeps it (no number). */
export interface SmsReportPayload {
  id: string;
  status: DeliveryReport['status'];
  failureReason: string | null;
}

function outcomeOf(report: SmsReportPayload) {
  return report.status === 'Success'
    ? ({ delivered: true } as const)
    : report.status === 'Failed' || report.status === 'Rejected'
      ? ({ delivered: false, reason: report.failureReason ?? report.status } as const)
      : undefined;
}

/**
 * A delivery report: the message delivered or failed. Whether it named one of ours. A final report
 * for an id not (yet) ours is tried again by the `sms-delivery-report` job: the provider may report
 * a delivery before the app has recorded its send's answer (the id) from the same provider.
 */
export async function receiveDeliveryReport(
  db: Db,
  jobs: JobQueue,
  report: DeliveryReport,
): Promise<boolean> {
  const payload: SmsReportPayload = {
    id: report.id,
    status: report.status,
    failureReason: report.failureReason ?? null,
  };
  const outcome = outcomeOf(payload);
  const known = await recordDelivery(db, report.id, outcome);
  if (!known && outcome)
    await jobs.add(db, {
      kind: SMS_REPORT_JOB,
      payload: { ...payload },
      uniqueKey: `${SMS_REPORT_JOB}:${report.id}:${report.status}`,
      runAt: new Date(Date.now() + jobs.options.retryBaseMs),
    });
  return known;
}

/**
 * The `sms-delivery-report` job (registered in jobs/job-kinds.ts): records a report that came before
 * its message's id was; tried again with the queue's delays while no message has the id. After its
 * last try it is done without a change: the report was for a message not ours (another application
 * on the same account), or for one whose send's answer never came back.
 */
export function smsDeliveryReportJob(deps: { db: Db }): JobHandler<SmsReportPayload> {
  return {
    maxAttempts: SMS_REPORT_ATTEMPTS,
    run: async (payload, job) => {
      if (await recordDelivery(deps.db, payload.id, outcomeOf(payload))) return;
      if (job.attempts >= job.maxAttempts) return;
      throw new Error(`no message with the id ${payload.id} yet`);
    },
  };
}

/**
 * An incoming message: STOP or STOPALL records the number's opt-out and turns SMS off, with a consent
 * row, for every account whose verified number it is (docs/notifications.md#stop); anything else is
 * only logged.
 */
export async function receiveInboundMessage(
  db: Db,
  message: InboundMessage,
  log: FastifyBaseLogger,
): Promise<'opted-out' | 'ignored'> {
  const phone = normaliseKenyanPhone(message.from);
  if (!phone || !isStopRequest(message.text)) {
    log.info({ smsId: message.id }, 'sms: an incoming message that asks for nothing');
    return 'ignored';
  }
  await db.transaction(async (tx) => {
    await insertOptOut(tx, phone, message.text.trim().toUpperCase());
    await recordSmsStop(tx, phone);
  });
  return 'opted-out';
}
