import { messagesIn } from '@sherehe/shared/messages-sw';
import { shortBookingLink } from '@sherehe/shared/sms-text';
import type { Db, Queryable } from '../../db/client';
import type { JobHandler, JobQueue } from '../../jobs/job-queue';
import { bookingTitleIn, findBooking } from '../bookings';
import { hadSmsWithin, sendSmsNotice } from '../sms';
import { hasUnreadUpTo } from './chat.queries';

/**
 * A chat message left unread is told by SMS (docs/notifications.md#what-is-sent): 10 minutes after
 * it was sent, if its receiver has not read it by then, at most once an hour per booking and
 * receiver. The job is added when the message is stored, one per booking, receiver and hour.
 */
export const CHAT_UNREAD_SMS_JOB = 'chat-unread-sms';

/** How long a message waits unread before its receiver is told by SMS. */
export const CHAT_UNREAD_AFTER_MS = 10 * 60 * 1000;

const HOUR_MS = 60 * 60 * 1000;

interface ChatUnreadPayload {
  bookingId: string;
  receiverId: string;
  /** The message that started the wait: the SMS goes only if it is still unread. */
  messageId: string;
  /** Hours since 1970 (UTC) when it was sent: one SMS per booking, receiver and hour. */
  hour: number;
}

/**
 * The keys each queue of this process added this hour: a busy chat adds its hour's job once, not a
 * statement per message (another process adding the same key again adds nothing either).
 */
const addedBy = new WeakMap<JobQueue, { hour: number; keys: Set<string> }>();

/**
 * After a message is stored: its receiver's SMS, should it still be unread in 10 minutes. Nothing
 * more when a message of the same booking and hour to them already waits.
 */
export async function queueChatUnreadSms(
  db: Queryable,
  jobs: JobQueue,
  message: { id: string; bookingId: string; receiverId: string; createdAt: Date },
): Promise<void> {
  const hour = Math.floor(message.createdAt.getTime() / HOUR_MS);
  const uniqueKey = `${CHAT_UNREAD_SMS_JOB}:${message.bookingId}:${message.receiverId}:${hour}`;
  let added = addedBy.get(jobs);
  if (added?.hour !== hour) {
    added = { hour, keys: new Set() };
    addedBy.set(jobs, added);
  }
  if (added.keys.has(uniqueKey)) return;
  const payload: ChatUnreadPayload = {
    bookingId: message.bookingId,
    receiverId: message.receiverId,
    messageId: message.id,
    hour,
  };
  await jobs.addSoon(db, {
    kind: CHAT_UNREAD_SMS_JOB,
    payload: { ...payload },
    uniqueKey,
    runAt: new Date(message.createdAt.getTime() + CHAT_UNREAD_AFTER_MS),
  });
  added.keys.add(uniqueKey);
}

/**
 * The job (registered in jobs/job-kinds.ts): the receiver gets one `chat-unread` SMS (to a
 * verified number, in their language: `sendSmsNotice`) if the message is still unread.
 */
export function chatUnreadSmsJob(
  queue: JobQueue,
  deps: { db: Db; publicUrl: string },
): JobHandler<ChatUnreadPayload> {
  return {
    run: async ({ bookingId, receiverId, messageId, hour }) => {
      // Still waiting: that message, or an earlier one, unread; and none told in the last hour,
      // whichever clock hour it fell in.
      if (!(await hasUnreadUpTo(deps.db, bookingId, receiverId, messageId))) return;
      const recent = { userId: receiverId, kind: 'chat-unread', subjectPrefix: `${bookingId}:` };
      if (await hadSmsWithin(deps.db, { ...recent, withinMinutes: 60 })) return;
      const row = await findBooking(deps.db, bookingId);
      if (!row) return;
      const sender = row.client.id === receiverId ? row.planner : row.client;
      const link = shortBookingLink(deps.publicUrl, bookingId);
      const queued = await deps.db.transaction((tx) =>
        sendSmsNotice(tx, queue, {
          userId: receiverId,
          kind: 'chat-unread',
          subjectKey: `${bookingId}:${hour}`,
          text: (lang) =>
            messagesIn(lang).smsNotices.chatUnread(sender.username, bookingTitleIn(row, lang), link),
        }),
      );
      if (queued) queue.wake();
    },
  };
}
