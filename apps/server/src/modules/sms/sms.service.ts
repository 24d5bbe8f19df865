import type { Lang } from '@sherehe/shared/i18n';
import type { SmsNoticeKind } from '@sherehe/shared/notifications';
import { normaliseKenyanPhone } from '@sherehe/shared/phone';
import { fitsOneSms } from '@sherehe/shared/sms';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/client';
import { JobFailedForGood, type JobHandler, type JobQueue } from '../../jobs/job-queue';
import { type DeliveryReport, type InboundMessage, isStopRequest } from '../../sms/africas-talking-callbacks';
import type { AfricasTalkingClient } from '../../sms/africas-talking-client';
import {
  countSmsAttempt,
  findSms,
  findSmsRecipient,
  insertOptOut,
  insertSmsOnce,
  isOptedOut,
  markSmsFailure,
  markSmsSent,
  type NewSms,
  recordDelivery,
} from './sms.queries';

export const SMS_SEND_JOB = 'sms-send';

/**
 * Tries for one SMS: with the default delays (10 s doubling up to an hour) the last comes about
 * four hours after the first, so an outage of Africa's Talking delays messages and loses none, and
 * one that lasts longer leaves them among the admins' failed jobs.
 */
export const SMS_ATTEMPTS = 12;

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
}

/**
 * Tells a person something by SMS, in the caller's transaction (docs/notifications.md#sms): to their
 * verified number only, in their language, once per kind and subject. Nothing when they have no
 * verified number. The id of the message queued, or undefined when none was.
 */
export async function sendSmsNotice(
  tx: Queryable,
  jobs: JobQueue,
  notice: SmsNotice,
): Promise<string | undefined> {
  const recipient = await findSmsRecipient(tx, notice.userId);
  if (!recipient) return undefined;
  const message = notice.text(recipient.locale);
  if (!fitsOneSms(message)) throw new Error(`the ${notice.kind} SMS is not one GSM-7 message: ${message}`);
  return queueSms(tx, jobs, {
    to: recipient.phone,
    message,
    kind: notice.kind,
    subjectKey: notice.subjectKey,
    userId: notice.userId,
  });
}

/**
 * The `sms-send` job (registered in jobs/job-kinds.ts): sends the row's message through Africa's
 * Talking and records the outcome. A failure worth retrying (the provider down, out of credit, no
 * answer) throws, so the queue tries again with its backoff; a refusal that would repeat (a wrong
 * number, credentials refused) marks the message failed and the job failed at once, where admins
 * see it. A number that replied STOP gets nothing. With SMS off, the message is marked failed.
 */
export function smsSendJob(deps: {
  db: Db;
  client: AfricasTalkingClient | undefined;
}): JobHandler<SmsSendPayload> {
  const { db, client } = deps;
  return {
    maxAttempts: SMS_ATTEMPTS,
    run: async ({ smsId }, job) => {
      const sms = await findSms(db, smsId);
      if (!sms || sms.status === 'sent' || sms.status === 'delivered') return;
      if (await isOptedOut(db, sms.to)) return markSmsFailure(db, smsId, 'opted out (STOP)', true);
      if (!client) return markSmsFailure(db, smsId, 'SMS_MODE=off', true);
      await countSmsAttempt(db, smsId);
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

/** A delivery report: the message delivered or failed. Whether it named one of ours. */
export function receiveDeliveryReport(db: Db, report: DeliveryReport): Promise<boolean> {
  const outcome =
    report.status === 'Success'
      ? ({ delivered: true } as const)
      : report.status === 'Failed' || report.status === 'Rejected'
        ? ({ delivered: false, reason: report.failureReason ?? report.status } as const)
        : undefined;
  return recordDelivery(db, report.id, outcome);
}

/** An incoming message: STOP or STOPALL records the number's opt-out; anything else is only logged. */
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
  await insertOptOut(db, phone, message.text.trim().toUpperCase());
  return 'opted-out';
}
