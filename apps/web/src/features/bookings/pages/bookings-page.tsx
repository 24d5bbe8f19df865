import { BOOKING_STATUSES, type BookingStatus } from '@sherehe/shared/booking-status';
import { formatDay } from '@sherehe/shared/dates';
import { bookingsMessages, calendarPagesMessages, dashboardMessages } from '@sherehe/shared/messages';
import type { Booking, ListBookingsQuery } from '@sherehe/shared/schemas/bookings';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField } from '@/components/ui/form-field';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { textLinkClass } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useMyBookings } from '../api/get-my-bookings';
import { usePlannerBookings } from '../api/get-planner-bookings';
import { BookingCard, bookingCardId } from '../components/booking-card';

export const BOOKINGS_PAGE_SIZE = 10;

function parseStatus(value: string | null): BookingStatus | undefined {
  return BOOKING_STATUSES.find((status) => status === value);
}

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

export type BookingChatSlot = (booking: Booking, options: { initiallyOpen: boolean }) => ReactNode;

export type BookingPaymentsSlot = (booking: Booking) => ReactNode;

const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

interface BookingsPageProps {
  /** A booking's chat (the chat feature's, composed by the route); nothing where none applies. */
  chat?: BookingChatSlot;
  /** A booking's payments (the payments feature's, composed by the route). */
  payments?: BookingPaymentsSlot;
  /** Shown under the title: how a payment the user just came back from went. */
  notice?: ReactNode;
  /** A booking's event for calendar apps (the calendar feature's .ics link). */
  calendar?: BookingPaymentsSlot;
  /** Above the list: what comes next and what is due (the calendar feature's Upcoming). */
  upcoming?: ReactNode;
  /**
   * False while Upcoming is still to arrive: the filter and the list wait under one loading
   * placeholder, so Upcoming does not push them down the screen when it comes.
   */
  upcomingSettled?: boolean;
  /** In a booking's cancel confirmation: the refund cancelling would give (the payments feature's). */
  cancelNote?: BookingPaymentsSlot;
  /** A completed booking's ask for a review (the reviews feature's); nothing where none applies. */
  review?: BookingPaymentsSlot;
}

const showAllLink = textLinkClass();

/**
 * /dashboard/bookings (docs/product-spec.md#screens-and-routes): clients see My Bookings, planners and admins Manage Bookings.
 * Status filter, page and `with` (the bookings with one other user, where a profile's Send Message leads) live in the URL.
 */
export default function BookingsPage({
  chat,
  payments,
  notice,
  calendar,
  upcoming,
  upcomingSettled = true,
  cancelNote,
  review,
}: BookingsPageProps) {
  const { user } = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const status = parseStatus(searchParams.get('status'));
  const page = parsePage(searchParams.get('page'));
  const withUser = searchParams.get('with') || undefined;
  const dayParam = searchParams.get('day');
  const day = isDay(dayParam) ? dayParam : undefined;
  const focusBooking = searchParams.get('booking');
  const isClient = user?.role === 'client';
  const query: ListBookingsQuery = {
    status,
    with: withUser,
    from: day,
    to: day,
    page,
    limit: BOOKINGS_PAGE_SIZE,
  };
  const mine = useMyBookings(query, { enabled: isClient });
  const incoming = usePlannerBookings(query, { enabled: !isClient && user !== null });
  const list = isClient ? mine : incoming;
  const focused = useRef<string | null>(null);
  useEffect(() => {
    // A calendar link's booking: once listed, it takes the focus (and the screen reader's attention).
    if (!focusBooking || !list.data || focused.current === focusBooking) return;
    const card = document.getElementById(bookingCardId(focusBooking));
    if (!card) return;
    focused.current = focusBooking;
    card.focus();
    card.scrollIntoView?.({ block: 'center' });
  }, [focusBooking, list.data]);

  if (!user) return null;
  const title = isClient ? dashboardMessages.myBookings : dashboardMessages.manageBookings;
  const hrefFor = (target: { status?: BookingStatus | undefined; page?: number }) =>
    paths.dashboard.bookings.getHref({
      with: withUser,
      day,
      status: target.status,
      page: target.page && target.page > 1 ? target.page : undefined,
    });

  const showsUpcoming = !day && !withUser;
  const bookings = list.data?.bookings ?? [];
  const withName = withUser
    ? bookings
        .flatMap((booking) => [booking.client, booking.planner])
        .find((person) => person._id === withUser)?.username
    : undefined;

  let body: ReactNode;
  if (list.isPending) {
    body = <Skeleton layout="list" lines={4} label={bookingsMessages.loading} />;
  } else if (list.isError) {
    body = <LoadError message={bookingsMessages.loadFailed} onRetry={() => void list.refetch()} />;
  } else if (bookings.length === 0) {
    body = withUser ? (
      <EmptyState
        title={bookingsMessages.noneWith}
        action={
          <div className="flex flex-wrap justify-center gap-3">
            {isClient ? (
              <ButtonLink to={paths.packages.getHref({ planner: withUser })}>
                {bookingsMessages.browseTheirPackages}
              </ButtonLink>
            ) : null}
            <ButtonLink to={paths.dashboard.bookings.getHref()} variant="secondary">
              {bookingsMessages.showAll}
            </ButtonLink>
          </div>
        }
      >
        {bookingsMessages.chatOpensWithBooking}
      </EmptyState>
    ) : status ? (
      <EmptyState
        title={bookingsMessages.noneWithStatus(bookingsMessages.statusLabels[status].toLowerCase())}
        action={
          <Link to={hrefFor({})} className={showAllLink}>
            {bookingsMessages.showAll}
          </Link>
        }
      />
    ) : (
      <EmptyState
        title={bookingsMessages.noneYet}
        action={
          isClient ? (
            <ButtonLink to={paths.packages.getHref()}>{bookingsMessages.browsePackages}</ButtonLink>
          ) : undefined
        }
      >
        {isClient ? bookingsMessages.clientEmptyHint : bookingsMessages.plannerEmptyHint}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul className="space-y-4">
          {bookings.map((booking, index) => (
            <li key={booking._id}>
              <BookingCard
                booking={booking}
                user={user}
                chat={chat?.(booking, { initiallyOpen: Boolean(withUser) && index === 0 })}
                payments={payments?.(booking)}
                calendar={calendar?.(booking)}
                cancelNote={cancelNote?.(booking)}
                review={review?.(booking)}
              />
            </li>
          ))}
        </ul>
        <Pagination
          page={list.data.page}
          pages={list.data.pages}
          hrefFor={(target) => hrefFor({ status, page: target })}
          className="mt-8"
        />
      </>
    );
  }

  return (
    <>
      <PageHeader title={title}>
        {day
          ? calendarPagesMessages.bookingsOnDay(formatDay(day))
          : withUser
            ? bookingsMessages.withIntro(withName ?? bookingsMessages.thisPerson)
            : isClient
              ? bookingsMessages.clientIntro
              : bookingsMessages.plannerIntro}
      </PageHeader>
      {notice}
      {showsUpcoming && !upcomingSettled ? (
        <Skeleton layout="list" lines={4} label={bookingsMessages.loading} />
      ) : (
        <>
          {showsUpcoming ? upcoming : null}
          <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
            <div className="w-full sm:w-60">
              <SelectField
                label={bookingsMessages.statusFilter}
                value={status ?? ''}
                onChange={(event) => navigate(hrefFor({ status: parseStatus(event.target.value) }))}
                options={[
                  { value: '', label: bookingsMessages.allStatuses },
                  ...BOOKING_STATUSES.map((value) => ({
                    value,
                    label: bookingsMessages.statusLabels[value],
                  })),
                ]}
              />
            </div>
            {withUser ? (
              <Link to={paths.dashboard.bookings.getHref({ status })} className={showAllLink}>
                {bookingsMessages.showWithEveryone}
              </Link>
            ) : null}
            {day ? (
              <Link to={paths.dashboard.bookings.getHref({ status })} className={showAllLink}>
                {calendarPagesMessages.showAllDays}
              </Link>
            ) : null}
          </div>
          {body}
        </>
      )}
    </>
  );
}
