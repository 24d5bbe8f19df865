import { OPEN_BOOKING_STATUSES } from '@sherehe/shared/booking-status';
import {
  bookingsMessages,
  controlsMessages,
  enquiriesMessages,
  plansMessages,
} from '@sherehe/shared/messages';
import type { Booking } from '@sherehe/shared/schemas/bookings';
import type { Package } from '@sherehe/shared/schemas/packages';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Modal } from '@/components/ui/modal';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { bookingDay } from '@/lib/booking-labels';
import { useSession } from '@/lib/session';
import { notifyError } from '@/lib/toast';
import { useBookingAllowance } from '../api/get-booking-allowance';
import { useMyPackageBookings } from '../hooks/use-my-package-bookings';
import type { BookingDatePickerSlot } from './booking-form';
import { BookingLimitModal } from './booking-limit-modal';
import { BookingStatusBadge } from './booking-status-badge';
import { EnquiryButton } from './enquiry-button';

// The form (and its validation library) loads when Book Now is pressed, not with the package page.
const BookingForm = lazy(() => import('./booking-form').then((module) => ({ default: module.BookingForm })));

interface BookingPanelProps {
  pkg: Package;
  /** The chat of the user's latest booking of this package (the chat feature supplies it). */
  chat?: (booking: Booking) => ReactNode;
  /** The date picker beside the form's date input (the calendar feature's availability grid). */
  datePicker?: BookingDatePickerSlot;
}

/**
 * The package page's booking box (docs/product-spec.md#roles-and-permissions): Book Now opens the form for clients and admins;
 * guests are sent to log in (and brought back to the form), planners are told they cannot book.
 * `?book=1` (the browse cards' Book button) opens the form at once for those who may book.
 */
export function BookingPanel({ pkg, chat, datePicker }: BookingPanelProps) {
  const { isChecking, isLoggedIn, user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const { bookings, isPending: bookingsPending } = useMyPackageBookings(pkg);
  const [formOpen, setFormOpen] = useState(false);
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const [booked, setBooked] = useState<Booking | null>(null);
  const bookParamHandled = useRef(false);

  const bookNow = useCallback(() => {
    if (!isLoggedIn || !user) {
      // No error: the login page says why it opened, and brings them back here with the form open.
      navigate(paths.login.getHref({ mode: 'login', next: `${location.pathname}?book=1` }));
      return;
    }
    if (user.role === 'planner') {
      notifyError(bookingsMessages.onlyClients);
      return;
    }
    setFormOpen(true);
  }, [isLoggedIn, user, navigate, location.pathname]);

  // A guest or a planner is not bounced at once: they see the page, and Book Now tells them why not.
  const mayBook = isLoggedIn && user !== null && user.role !== 'planner';
  // A limited plan's allowance, told before the form rather than after it is filled.
  const asksAllowance = mayBook && user?.role === 'client';
  const allowanceQuery = useBookingAllowance({ enabled: asksAllowance });
  const allowance = allowanceQuery.data;
  const current = bookings.find((booking) => OPEN_BOOKING_STATUSES.includes(booking.status)) ?? booked;
  const usedUp = allowance !== undefined && allowance.max !== null && allowance.used >= allowance.max;
  const wantsForm = searchParams.get('book') === '1';
  const knowing = bookingsPending || (asksAllowance && allowanceQuery.isPending);
  useEffect(() => {
    if (isChecking || knowing || !wantsForm || !mayBook || bookParamHandled.current) return;
    bookParamHandled.current = true;
    setSearchParams(
      (params) => {
        params.delete('book');
        return params;
      },
      { replace: true },
    );
    // An open request or a used allowance: the form would only be refused, so it stays closed.
    if (!current && !usedUp) setFormOpen(true);
  }, [isChecking, knowing, wantsForm, mayBook, setSearchParams, current, usedUp]);

  const latest = bookings[0];
  const limit = allowance?.max ?? null;
  const used = allowance?.used ?? 0;

  return (
    <Card>
      <h2 className="text-lg font-semibold">{bookingsMessages.readyToBook}</h2>
      {current ? (
        <div className="mt-2 space-y-2 rounded-xl bg-stone-50 p-3">
          <p className="text-stone-800">
            {(current.kind === 'enquiry'
              ? enquiriesMessages.yourEnquiryFor
              : bookingsMessages.yourBookingFor)(<strong key="day">{bookingDay(current)}</strong>)}
            <BookingStatusBadge status={current.status} />
          </p>
        </div>
      ) : (
        <p className="mt-1 text-stone-600">{bookingsMessages.chooseDate}</p>
      )}
      {limit !== null && user && !current ? (
        <p className="mt-3 text-stone-800">
          {usedUp
            ? bookingsMessages.allowanceUsed(limit, plansMessages.planName(user.plan.name))
            : bookingsMessages.allowanceLeft(limit, plansMessages.planName(user.plan.name), limit - used)}
        </p>
      ) : null}
      {current ? (
        // A second request would be refused while this one is open: the way to it instead.
        <ButtonLink
          size="lg"
          className="mt-4 w-full"
          to={paths.dashboard.bookings.getHref({ with: pkg.planner._id, booking: current._id })}
        >
          {bookingsMessages.viewYourRequest}
        </ButtonLink>
      ) : usedUp ? (
        // This month's requests are used: the form would only be refused, so the way to more instead.
        <ButtonLink size="lg" className="mt-4 w-full" to={paths.pricing.getHref()}>
          {bookingsMessages.upgrade}
        </ButtonLink>
      ) : (
        <Button
          size="lg"
          className="mt-4 w-full"
          onClick={bookNow}
          disabled={isChecking}
          aria-haspopup="dialog"
        >
          {bookingsMessages.bookNow}
        </Button>
      )}
      {current ? null : (
        // Not a booking: it asks first, and does not count against the monthly allowance.
        <EnquiryButton
          planner={pkg.planner}
          packageId={pkg._id}
          label={enquiriesMessages.askForQuote}
          className="mt-3 w-full"
        />
      )}
      {latest && chat ? <div className="mt-3">{chat(latest)}</div> : null}
      <Modal open={formOpen} onClose={() => setFormOpen(false)} title={bookingsMessages.formTitle}>
        {/* Only while open: a closed dialog's text would still be found in the page. */}
        {formOpen ? (
          <p className="mb-4 text-stone-700">
            {bookingsMessages.packageWith(<strong key="title">{pkg.title}</strong>, pkg.planner.username)}
          </p>
        ) : null}
        {formOpen ? (
          <Suspense fallback={<Skeleton layout="form" lines={2} label={controlsMessages.loadingForm} />}>
            <BookingForm
              pkg={pkg}
              datePicker={datePicker}
              onCancel={() => setFormOpen(false)}
              onBooked={(reply) => {
                setFormOpen(false);
                setBooked(reply.booking);
              }}
              onLimitReached={(message) => {
                setFormOpen(false);
                setLimitMessage(message);
              }}
            />
          </Suspense>
        ) : null}
      </Modal>
      <BookingLimitModal message={limitMessage} onClose={() => setLimitMessage(null)} />
    </Card>
  );
}
