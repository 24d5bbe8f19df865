import { shiftDay } from '@sherehe/shared/calendar';
import { formatDay, todayInNairobi } from '@sherehe/shared/dates';
import { pathInLang } from '@sherehe/shared/i18n';
import type { Db, Queryable } from '../../db/client';
import type { JobHandler, JobQueue } from '../../jobs/job-queue';
import { queueMail } from '../../mail/mail-jobs';
import { reviewAskMail } from '../../mail/templates';
import { findReviewAsk } from './reviews.queries';

export const REVIEW_ASK_JOB = 'review-ask';

/** The hour, in Nairobi, the morning after completion, when a client is asked for a review. */
export const REVIEW_ASK_HOUR_NAIROBI = 8;

interface ReviewAskPayload {
  bookingId: string;
}

/** When a booking completed at `completedAt` asks for its review: 08:00 Nairobi (UTC+3) the next day. */
export function reviewAskAt(completedAt: Date): Date {
  const nextDay = shiftDay(todayInNairobi(completedAt), 1);
  return new Date(`${nextDay}T${String(REVIEW_ASK_HOUR_NAIROBI).padStart(2, '0')}:00:00+03:00`);
}

/** One ask per booking, however often it is completed or scheduled. */
export function reviewAskKey(bookingId: string): string {
  return `review-ask:${bookingId}`;
}

/** In the transaction that completes a booking: its client is asked for a review the next morning. */
export async function scheduleReviewAsk(
  jobs: JobQueue,
  tx: Queryable,
  booking: { id: string },
  now = new Date(),
): Promise<void> {
  await jobs.add(tx, {
    kind: REVIEW_ASK_JOB,
    payload: { bookingId: booking.id },
    uniqueKey: reviewAskKey(booking.id),
    runAt: reviewAskAt(now),
  });
}

/**
 * The review ask: reads the booking when it runs and mails its client, in their language, a link to
 * the package page's review form; nothing if the booking is no longer completed, its package is
 * gone, or the client has reviewed the package by then. The mail's own key keeps it to one.
 */
export function reviewAskJob(
  queue: JobQueue,
  deps: { db: Db; publicUrl: string },
): JobHandler<ReviewAskPayload> {
  return {
    run: async ({ bookingId }) => {
      const row = await findReviewAsk(deps.db, bookingId);
      if (row?.status !== 'completed' || !row.packageId || row.reviewed) return;
      const { client } = row;
      const url = `${deps.publicUrl}${pathInLang(`/packages/${row.packageId}`, client.locale)}#package-reviews`;
      await queueMail(
        queue,
        deps.db,
        reviewAskMail({
          to: client.email,
          lang: client.locale,
          name: client.username,
          title: row.packageTitle,
          day: formatDay(row.eventDate, client.locale),
          url,
        }),
        { uniqueKey: `${reviewAskKey(bookingId)}:mail` },
      );
      queue.wake();
    },
  };
}
