import {
  BOOKING_STATUSES,
  type BookingStatus,
  bookingParties,
  nextStatuses,
} from '@sherehe/shared/booking-status';
import { todayInNairobi } from '@sherehe/shared/dates';
import { bookingsMessages } from '@sherehe/shared/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_ID, BOOKING_ID, CLIENT_ID, makeBooking, PLANNER_ID } from '@/test/booking-fixtures';
import { callsTo, jsonResponse, mockFetch, signedOut } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { BookingActions, bookingActionsFor } from './booking-actions';

/** Today in Nairobi, and a day 45 days ahead: a booking may be completed from its event day only. */
const TODAY = todayInNairobi();
const IN_45_DAYS = todayInNairobi(new Date(Date.now() + 45 * 86_400_000));

const CLIENT = { _id: CLIENT_ID, role: 'client' };
const PLANNER = { _id: PLANNER_ID, role: 'planner' };
const ADMIN = { _id: ADMIN_ID, role: 'admin' };
/** The booking's planner, since demoted to client: they no longer run it. */
const FORMER_PLANNER = { _id: PLANNER_ID, role: 'client' };

function shownActions(user: { _id: string; role: string }, status: BookingStatus): string[] {
  mockFetch(signedOut());
  const { unmount } = renderWithApp(
    <BookingActions booking={makeBooking({ status, eventDate: TODAY })} user={user} />,
  );
  const labels = screen.queryAllByRole('button').map((button) => button.textContent ?? '');
  unmount();
  return labels;
}

/** The server takes a status change of the booking, saying `message`. */
function answerStatusChange(status: BookingStatus, message: string) {
  return mockFetch({
    ...signedOut(),
    [`PATCH /api/bookings/${BOOKING_ID}`]: () =>
      jsonResponse({ success: true, message, booking: makeBooking({ status }) }),
  });
}

describe('booking actions', () => {
  it.each([
    ['client', CLIENT, 'pending', ['Cancel']],
    ['client', CLIENT, 'accepted', ['Cancel']],
    ['client', CLIENT, 'rejected', []],
    ['client', CLIENT, 'completed', []],
    ['client', CLIENT, 'cancelled', []],
    ['planner', PLANNER, 'pending', ['Accept', 'Reject']],
    ['planner', PLANNER, 'accepted', ['Mark Completed', 'Cancel']],
    ['planner', PLANNER, 'rejected', []],
    ['planner', PLANNER, 'completed', []],
    ['planner', PLANNER, 'cancelled', []],
    ['admin', ADMIN, 'pending', ['Accept', 'Reject']],
    ['admin', ADMIN, 'accepted', ['Mark Completed', 'Cancel']],
    ['former planner', FORMER_PLANNER, 'pending', []],
    ['former planner', FORMER_PLANNER, 'accepted', []],
  ] as const)('a %s sees on a %s booking: %j', (_role, user, status, expected) => {
    expect(shownActions(user, status)).toEqual(expected);
  });

  it('shows exactly what the shared transition table allows, for every party and status', () => {
    const booking = {
      client: { _id: CLIENT_ID, username: 'c' },
      planner: { _id: PLANNER_ID, username: 'p' },
      eventDate: TODAY,
      kind: 'booking' as const,
    };
    for (const user of [CLIENT, PLANNER, ADMIN, FORMER_PLANNER, { _id: 'stranger', role: 'client' }]) {
      for (const status of BOOKING_STATUSES) {
        const fromTable = nextStatuses(
          status,
          bookingParties({ id: user._id, role: user.role }, { clientId: CLIENT_ID, plannerId: PLANNER_ID }),
        );
        expect(bookingActionsFor(user, { ...booking, status })).toEqual(fromTable);
        expect(shownActions(user, status)).toEqual(fromTable.map((to) => bookingsMessages.actionLabels[to]));
      }
    }
  });

  it('asks before cancelling, then sends the new status', async () => {
    const fetchMock = answerStatusChange('cancelled', 'Booking cancelled.');
    renderWithApp(<BookingActions booking={makeBooking({ status: 'accepted' })} user={CLIENT} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(callsTo(fetchMock, `PATCH /api/bookings/${BOOKING_ID}`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText('Booking cancelled.')).toBeTruthy();
    const [, init] = callsTo(fetchMock, `PATCH /api/bookings/${BOOKING_ID}`)[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ status: 'cancelled' });
  });

  it('accepts at once, without a question', async () => {
    const fetchMock = answerStatusChange('accepted', 'Booking accepted.');
    renderWithApp(<BookingActions booking={makeBooking()} user={PLANNER} />);
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Booking accepted.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetchMock, `PATCH /api/bookings/${BOOKING_ID}`)).toHaveLength(1);
  });

  it("says 'Failed to cancel booking' or 'Failed to update booking status', preferring the server's text", async () => {
    mockFetch({
      ...signedOut(),
      [`PATCH /api/bookings/${BOOKING_ID}`]: (_url, init) =>
        JSON.parse(String(init.body)).status === 'cancelled'
          ? jsonResponse({ success: false }, 500)
          : jsonResponse(
              { success: false, code: 'CONFLICT', message: 'A pending booking cannot be completed.' },
              409,
            ),
    });
    renderWithApp(
      <BookingActions booking={makeBooking({ status: 'accepted', eventDate: TODAY })} user={PLANNER} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText('Failed to cancel booking')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep booking' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark Completed' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Mark Completed' }));
    const completing = await screen.findByRole('dialog', { name: 'Mark this booking completed?' });
    fireEvent.click(within(completing).getByRole('button', { name: 'Yes, mark completed' }));
    expect(await screen.findByText('A pending booking cannot be completed.')).toBeTruthy();
  });

  it.each([
    ['planner', PLANNER],
    ['admin', ADMIN],
  ] as const)('offers a %s no Mark Completed before the event day, only Cancel', (_role, user) => {
    mockFetch(signedOut());
    renderWithApp(
      <BookingActions booking={makeBooking({ status: 'accepted', eventDate: IN_45_DAYS })} user={user} />,
    );
    expect(screen.queryByRole('button', { name: 'Mark Completed' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('asks before completing on the event day, saying the client can then no longer cancel; Not yet sends nothing', async () => {
    const fetchMock = mockFetch({
      ...signedOut(),
      [`PATCH /api/bookings/${BOOKING_ID}`]: () =>
        jsonResponse({
          success: true,
          message: 'Booking completed.',
          booking: makeBooking({ status: 'completed', eventDate: TODAY }),
        }),
    });
    renderWithApp(
      <BookingActions booking={makeBooking({ status: 'accepted', eventDate: TODAY })} user={PLANNER} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Mark Completed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark this booking completed?' });
    expect(
      within(dialog).getByText(
        'Once it is completed, the client can no longer cancel this booking or get a refund.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not yet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, `PATCH /api/bookings/${BOOKING_ID}`)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Mark Completed' }));
    const again = await screen.findByRole('dialog', { name: 'Mark this booking completed?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Yes, mark completed' }));
    expect(await screen.findByText('Booking completed.')).toBeTruthy();
    const [, init] = callsTo(fetchMock, `PATCH /api/bookings/${BOOKING_ID}`)[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ status: 'completed' });
  });
});
