import { formatDate, formatDay, formatTime } from '@sherehe/shared/dates';
import { quotesMessages } from '@sherehe/shared/messages';
import { formatKsh } from '@sherehe/shared/money';
import { depositAmount } from '@sherehe/shared/payments';
import type { Booking } from '@sherehe/shared/schemas/bookings';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { serverMessageOr } from '@/lib/api-client';
import { useFormSubmit } from '@/lib/use-form-submit';
import { type QuoteAnswer, useAnswerQuote } from '../api/quotes';

const TONES = { offered: 'brand', accepted: 'green', declined: 'red', expired: 'neutral' } as const;

/**
 * The planner's offer on a booking as a card: price, deposit, the day, the message, when it expires
 * and its status; the client answers an offer still waiting with Accept or Decline. Shown on the
 * bookings page and in the booking's chat.
 */
export function QuoteCard({ booking, user }: { booking: Booking; user: { _id: string } }) {
  const titleId = useId();
  const answer = useAnswerQuote();
  const { submit, pendingInput } = useFormSubmit({
    send: (choice: QuoteAnswer) => answer.mutateAsync({ id: booking._id, answer: choice }),
    successToast: (reply) => reply.message,
    failureToast: (error) => serverMessageOr(error, quotesMessages.answerFailed),
  });
  const { quote } = booking;
  if (!quote) return null;
  const expired = quote.status === 'expired' || Date.parse(quote.expiresAt) <= Date.now();
  const status = quote.status === 'offered' && expired ? 'expired' : quote.status;
  const answers = booking.client._id === user._id && status === 'offered' && booking.status === 'pending';
  return (
    <section aria-labelledby={titleId} className="mt-4 rounded-xl border border-brand-200 bg-brand-50 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="font-semibold">
          {quotesMessages.cardTitle}
        </h3>
        <Badge tone={TONES[status]}>{quotesMessages.status[status]}</Badge>
      </div>
      <p className="mt-2 text-lg font-semibold">{quotesMessages.priceLine(formatKsh(quote.price))}</p>
      <p>
        {quotesMessages.depositLine(
          quote.depositPercent,
          formatKsh(depositAmount(quote.price, quote.depositPercent)),
        )}
      </p>
      {quote.eventDate ? <p>{quotesMessages.forDay(formatDay(quote.eventDate))}</p> : null}
      {status === 'offered' ? (
        <p className="text-sm text-stone-700">
          {quotesMessages.expiresOn(`${formatDate(quote.expiresAt)} ${formatTime(quote.expiresAt)}`)}
        </p>
      ) : null}
      {quote.message ? <p className="mt-2 whitespace-pre-line break-words">{quote.message}</p> : null}
      {answers ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button disabled={pendingInput !== null} onClick={() => void submit('accept')}>
            {pendingInput === 'accept' ? quotesMessages.answering : quotesMessages.accept}
          </Button>
          <Button variant="secondary" disabled={pendingInput !== null} onClick={() => void submit('decline')}>
            {pendingInput === 'decline' ? quotesMessages.answering : quotesMessages.decline}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
