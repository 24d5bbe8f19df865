import { formatDate } from '@sherehe/shared/dates';
import { bookingsMessages, enquiriesMessages } from '@sherehe/shared/messages';
import { formatKsh } from '@sherehe/shared/money';
import type { Booking } from '@sherehe/shared/schemas/bookings';
import type { User } from '@sherehe/shared/schemas/users';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { CancellationPolicyNote } from '@/components/cancellation-policy';
import { Badge } from '@/components/ui/badge';
import { Fact } from '@/components/ui/fact';
import { textLinkClass } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { bookingDay, bookingTitle } from '@/lib/booking-labels';
import { BookingActions } from './booking-actions';
import { BookingStatusBadge } from './booking-status-badge';
import { QuoteCard } from './quote-card';
import { SendQuoteButton } from './quote-dialog';

const personLink = textLinkClass();

function Person({ person }: { person: Booking['client'] }) {
  return (
    <Link to={paths.userProfile.getHref(person._id)} className={personLink}>
      {person.username}
    </Link>
  );
}

/** The card's element id, which a link focuses (`?booking=`). */
export const bookingCardId = (bookingId: string) => `booking-${bookingId}`;

interface BookingCardProps {
  booking: Booking;
  user: Pick<User, '_id' | 'role'>;
  /** The booking's chat, from the chat feature. */
  chat?: ReactNode;
  /** The booking's money (what is due, the payments, Pay), from the payments feature. */
  payments?: ReactNode;
  /** The booking's event for the user's calendar app, from the calendar feature. */
  calendar?: ReactNode;
  /** Shown in the cancel confirmation: the refund cancelling would give (the payments feature's). */
  cancelNote?: ReactNode;
  /** A completed booking's ask for a review, from the reviews feature. */
  review?: ReactNode;
}

/** One booking: package, date, the other party, message, status, price, actions, payments and chat. */
export function BookingCard({
  booking,
  user,
  chat,
  payments,
  calendar,
  cancelNote,
  review,
}: BookingCardProps) {
  const titleId = useId();
  const isClient = booking.client._id === user._id;
  const isPlanner = booking.planner._id === user._id;
  const { package: pkg } = booking;
  const isEnquiry = booking.kind === 'enquiry';
  return (
    <article
      id={bookingCardId(booking._id)}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm md:p-5"
    >
      <div className="flex gap-4">
        {pkg.imageThumb || pkg.image ? (
          <img
            src={pkg.imageThumb ?? pkg.image ?? ''}
            alt=""
            width={80}
            height={80}
            loading="lazy"
            decoding="async"
            className="hidden size-20 shrink-0 rounded-xl bg-stone-100 object-cover sm:block"
          />
        ) : null}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h2 id={titleId} className="text-lg font-semibold">
              {pkg._id && !pkg.deleted ? (
                <Link
                  to={paths.packageDetail.getHref(pkg._id)}
                  className="underline-offset-4 hover:underline"
                >
                  {pkg.title}
                </Link>
              ) : (
                bookingTitle(booking)
              )}
            </h2>
            <div className="flex flex-wrap gap-2">
              {isEnquiry ? <Badge tone="blue">{enquiriesMessages.label}</Badge> : null}
              <BookingStatusBadge status={booking.status} />
            </div>
          </div>
          {pkg.deleted ? (
            <Badge tone="red" className="mt-1">
              {bookingsMessages.packageDeleted}
            </Badge>
          ) : null}
          <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2">
            <Fact label={bookingsMessages.eventDate}>{bookingDay(booking)}</Fact>
            {isEnquiry ? null : <Fact label={bookingsMessages.price}>{formatKsh(booking.price)}</Fact>}
            {booking.guests !== null ? (
              <Fact label={enquiriesMessages.guestsLabel}>{booking.guests}</Fact>
            ) : null}
            {booking.budget !== null ? (
              <Fact label={enquiriesMessages.budgetLabel}>{formatKsh(booking.budget)}</Fact>
            ) : null}
            {isClient ? null : (
              <Fact label={bookingsMessages.client}>
                <Person person={booking.client} />
              </Fact>
            )}
            {isPlanner ? null : (
              <Fact label={bookingsMessages.planner}>
                <Person person={booking.planner} />
              </Fact>
            )}
            <Fact label={bookingsMessages.requestedOn}>{formatDate(booking.createdAt)}</Fact>
            {pkg.location ? <Fact label={bookingsMessages.location}>{pkg.location}</Fact> : null}
          </dl>
          {booking.message ? (
            <div className="mt-3">
              <p className="text-sm text-stone-600">{bookingsMessages.message}</p>
              <p className="whitespace-pre-line break-words text-stone-900">{booking.message}</p>
            </div>
          ) : null}
          {booking.status === 'pending' || booking.status === 'accepted' ? (
            <CancellationPolicyNote
              policy={booking.cancellationPolicy}
              eventDate={booking.eventDate ?? undefined}
              className="mt-3"
            />
          ) : null}
          <QuoteCard booking={booking} user={user} />
          <div className="mt-4 flex flex-wrap gap-2">
            <BookingActions booking={booking} user={user} cancelNote={cancelNote} />
            {/* The planner's custom offer on a request still waiting (docs/bookings-and-calendar.md, Quotes). */}
            {isPlanner && booking.status === 'pending' ? <SendQuoteButton booking={booking} /> : null}
          </div>
          {calendar ? <div className="mt-2">{calendar}</div> : null}
          {review}
          {payments}
        </div>
      </div>
      {chat}
    </article>
  );
}
