import { calendarPagesMessages } from '@sherehe/shared/messages/calendar-pages';
import type { PaymentMethod } from '@sherehe/shared/payments';
import type { Booking } from '@sherehe/shared/schemas/bookings';
import type { Payment } from '@sherehe/shared/schemas/payments';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BOOKING_ID, CLIENT_ID, makeBooking, PLANNER_ID } from '@/test/booking-fixtures';
import { makePayment, PAYMENT_ID, paymentListReply } from '@/test/booking-payment-fixtures';
import { type FakeChatConnection, latestChatConnection } from '@/test/fake-chat';
import { callsTo, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { currentSearch, LocationProbe } from '@/test/location-probe';
import { renderWithApp } from '@/test/render';
import BookingsRoute from './bookings-route';

interface World {
  booking: Booking;
  payment: Payment;
  payments: Payment[];
  /** The ways of paying the server offers; both unless said. */
  methods?: PaymentMethod[];
  /** Upcoming's request (the bookings from today on, `from=`) is answered only once this settles. */
  upcomingHeld?: Promise<void>;
}

function renderRoute(role: 'client' | 'planner', world: World, route = '/dashboard/bookings') {
  const id = role === 'client' ? CLIENT_ID : PLANNER_ID;
  const list = async (url: string) => {
    if (world.upcomingHeld && new URL(url, 'http://localhost').searchParams.has('from'))
      await world.upcomingHeld;
    return jsonResponse({ success: true, bookings: [world.booking], total: 1, page: 1, pages: 1 });
  };
  const fetchMock = mockFetch({
    'GET /api/auth/is-auth': () =>
      jsonResponse({
        success: true,
        user: makeUser({ _id: id, id, role, phoneNumber: '0712 345 678' }),
      }),
    'GET /api/chat/unread': () => jsonResponse({ success: true, total: 0, byBooking: {} }),
    'GET /api/bookings/my': list,
    'GET /api/bookings/for-planner': list,
    'GET /api/payments': () => paymentListReply(world.payments),
    'GET /api/payments/methods': () =>
      jsonResponse({ success: true, methods: world.methods ?? ['mpesa', 'card'] }),
    'POST /api/payments': () => jsonResponse({ success: true, payment: world.payment }, 201),
    [`GET /api/payments/${PAYMENT_ID}`]: () => jsonResponse({ success: true, payment: world.payment }),
    [`GET /api/bookings/${BOOKING_ID}/refund-preview`]: () =>
      jsonResponse({
        success: true,
        preview: {
          rule: 'client_7_to_29_days',
          ruleText: 'Cancelled by the client 7 to 29 days before the event: the deposit is kept.',
          amountPaid: 450000,
          amount: 315000,
          kept: 135000,
        },
      }),
    [`GET /api/bookings/${BOOKING_ID}/refunds`]: () =>
      jsonResponse({
        success: true,
        refunds: [
          {
            _id: 'refund-1',
            payment: PAYMENT_ID,
            booking: BOOKING_ID,
            amount: 315000,
            rule: 'client_7_to_29_days',
            ruleText: 'Cancelled by the client 7 to 29 days before the event: the deposit is kept.',
            status: 'succeeded',
            failureReason: null,
            createdAt: '2026-01-02T09:00:00.000Z',
            completedAt: '2026-01-02T09:00:05.000Z',
          },
        ],
      }),
  });
  renderWithApp(
    <Routes>
      <Route
        path="/dashboard/bookings"
        element={
          <>
            <BookingsRoute />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    { route },
  );
  return fetchMock;
}

/** The session's socket, connected, letting the booking's parties into its room. */
async function connectedSocket(): Promise<FakeChatConnection> {
  await waitFor(() => expect(latestChatConnection()).toBeTruthy());
  const connection = latestChatConnection() as FakeChatConnection;
  connection.responders.joinRoom = () => ({ success: true });
  connection.responders.leaveRoom = () => ({ success: true });
  connection.responders.fetchMessages = () => [];
  connection.responders.markRead = () => ({ success: true, marked: 0 });
  act(() => connection.setConnected(true));
  await waitFor(() => expect(connection.sent('joinRoom')).toContainEqual({ bookingId: BOOKING_ID }));
  return connection;
}

const depositPaid = { amountPaid: 135000, balanceDue: 315000, paymentStatus: 'deposit_paid' as const };

/** An accepted booking with one payment started and none in its list yet. */
function acceptedWorld(): World {
  return { booking: makeBooking({ status: 'accepted' }), payment: makePayment(), payments: [] };
}

describe('Upcoming above the list', () => {
  it('shows the status filter and the list only once Upcoming has its answer, so Upcoming never pushes them down', async () => {
    let release = () => {};
    const world: World = {
      ...acceptedWorld(),
      upcomingHeld: new Promise<void>((resolve) => {
        release = resolve;
      }),
    };
    const fetchMock = renderRoute('client', world);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Bookings' })).toBeTruthy();
    // The list and Upcoming are both asked for at once; only the list has answered.
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/bookings/my')).toHaveLength(2));
    await screen.findByText('Loading bookings…');
    expect(screen.queryByLabelText('Status')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Garden Wedding' })).toBeNull();

    act(() => release());
    expect(await screen.findByRole('heading', { name: calendarPagesMessages.upcomingTitle })).toBeTruthy();
    expect(screen.getByLabelText('Status')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Garden Wedding' })).toBeTruthy();
  });
});

describe('paying on the bookings page', () => {
  it('follows an M-Pesa payment through the booking’s room and shows the booking paid', async () => {
    const world = acceptedWorld();
    renderRoute('client', world);
    const connection = await connectedSocket();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay deposit' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay Ksh 135,000 with M-Pesa' }));
    const status = within(dialog).getByRole('status');
    await waitFor(() => expect(status.textContent).toContain('Check your phone and enter your M-Pesa PIN'));

    // The server settles it and tells the room; the bookings are asked again.
    world.payment = makePayment({ status: 'succeeded', receipt: 'SIM7K2LQ9X' });
    world.payments = [world.payment];
    world.booking = makeBooking({ status: 'accepted', ...depositPaid });
    act(() => connection.push('paymentUpdated', world.payment));
    await waitFor(() => expect(status.textContent).toBe('Paid Ksh 135,000. M-Pesa receipt: SIM7K2LQ9X.'));
    const section = screen.getByRole('region', { name: 'Payment' });
    expect(await within(section).findByText('Deposit paid')).toBeTruthy();
    expect(await within(section).findByText('Receipt no. SIM7K2LQ9X')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Pay balance' })).toBeTruthy();
  });

  it('with payments off asks the client of an accepted booking for nothing: no Pay deposit, no payments block', async () => {
    const world: World = {
      booking: makeBooking({ status: 'accepted' }),
      payment: makePayment(),
      payments: [],
      methods: [],
    };
    const fetchMock = renderRoute('client', world);
    expect(await screen.findByRole('heading', { name: 'Garden Wedding' })).toBeTruthy();
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/payments/methods')).toHaveLength(1));
    await act(async () => {});
    expect(screen.queryByRole('button', { name: /Pay (deposit|balance)/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Payment' })).toBeNull();
    // Upcoming names the event, and nothing as due.
    expect(await screen.findByRole('heading', { name: calendarPagesMessages.nextEvents })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: calendarPagesMessages.whatIsDue })).toBeNull();
  });

  it('updates a planner’s open page when a payment of the booking settles, ignoring other bookings’ news', async () => {
    const world = acceptedWorld();
    const fetchMock = renderRoute('planner', world);
    const connection = await connectedSocket();
    const section = await screen.findByRole('region', { name: 'Payment' });
    expect(within(section).getByText('Not paid yet')).toBeTruthy();
    // The list's own calls (Upcoming asks the same list for accepted bookings from today on).
    const asked = () =>
      callsTo(fetchMock, 'GET /api/bookings/for-planner').filter(([url]) => !String(url).includes('from='))
        .length;
    const before = asked();

    act(() =>
      connection.push('paymentUpdated', makePayment({ booking: 'another-booking', status: 'succeeded' })),
    );
    world.payment = makePayment({ status: 'succeeded', receipt: 'SIM7K2LQ9X' });
    world.payments = [world.payment];
    world.booking = makeBooking({ status: 'accepted', ...depositPaid });
    act(() => connection.push('paymentUpdated', world.payment));
    expect(await within(section).findByText('Deposit paid')).toBeTruthy();
    expect(await within(section).findByText('Receipt no. SIM7K2LQ9X')).toBeTruthy();
    expect(asked()).toBe(before + 1);
    expect(within(section).queryByRole('button', { name: /Pay/ })).toBeNull();
  });

  it('keeps hearing the booking’s payments after its chat is opened and closed', async () => {
    const world = acceptedWorld();
    renderRoute('planner', world);
    const connection = await connectedSocket();
    fireEvent.click(await screen.findByRole('button', { name: /Open Chat/i }));
    await waitFor(() => expect(connection.sent('fetchMessages')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: /Hide Chat/i }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Hide Chat/i })).toBeNull());
    expect(connection.sent('leaveRoom')).toEqual([]);

    world.payments = [makePayment({ status: 'succeeded', receipt: 'SIM7K2LQ9X' })];
    world.booking = makeBooking({ status: 'accepted', ...depositPaid });
    act(() => connection.push('paymentUpdated', world.payments[0]));
    expect(await screen.findByText('Deposit paid')).toBeTruthy();
  });

  it('back from the card checkout, says how the payment went, refreshes, and drops ?payment= from the address', async () => {
    const world: World = {
      booking: makeBooking({ status: 'accepted', ...depositPaid }),
      payment: makePayment({ purpose: 'balance', method: 'card', amount: 315000 }),
      payments: [],
    };
    const fetchMock = renderRoute(
      'client',
      world,
      `/dashboard/bookings?payment=${PAYMENT_ID}&trxref=${PAYMENT_ID}&reference=${PAYMENT_ID}`,
    );
    const notice = await screen.findByText('Checking how your card payment went…');
    expect(notice.closest('[role="status"]')).toBeTruthy();
    const connection = await connectedSocket();

    world.payment = makePayment({
      purpose: 'balance',
      method: 'card',
      amount: 315000,
      status: 'succeeded',
      receipt: 'T1234567',
    });
    world.payments = [makePayment({ status: 'succeeded', receipt: 'SIM7K2LQ9X' }), world.payment];
    world.booking = makeBooking({
      status: 'accepted',
      amountPaid: 450000,
      balanceDue: 0,
      paymentStatus: 'paid',
    });
    act(() => connection.push('paymentUpdated', world.payment));
    const outcome = await screen.findByText('Paid Ksh 315,000 by card. Reference: T1234567.');
    expect(outcome.closest('[role="status"]')).toBeTruthy();
    expect(await screen.findByText('Paid in full')).toBeTruthy();
    await waitFor(() => expect(currentSearch(screen.getByTestId('location')).toString()).toBe(''));
    expect(screen.getByText('Paid Ksh 315,000 by card. Reference: T1234567.')).toBeTruthy();
    expect(callsTo(fetchMock, `GET /api/payments/${PAYMENT_ID}`).length).toBeGreaterThan(0);
  });

  it('back from a declined card payment, says so', async () => {
    const world: World = {
      booking: makeBooking({ status: 'accepted', ...depositPaid }),
      payment: makePayment({
        purpose: 'balance',
        method: 'card',
        amount: 315000,
        status: 'failed',
        failureReason: 'declined',
      }),
      payments: [],
    };
    renderRoute('client', world, `/dashboard/bookings?payment=${PAYMENT_ID}`);
    expect(await screen.findByText('The card payment was declined.')).toBeTruthy();
    await waitFor(() => expect(currentSearch(screen.getByTestId('location')).get('payment')).toBeNull());
  });
});

describe('refunds on the bookings page', () => {
  it('shows the client what cancelling would refund before they confirm', async () => {
    const world: World = {
      booking: makeBooking({ status: 'accepted', amountPaid: 450000, balanceDue: 0, paymentStatus: 'paid' }),
      payment: makePayment(),
      payments: [],
    };
    const fetchMock = renderRoute('client', world);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText('If you cancel now, Ksh 315,000 will be refunded.')).toBeTruthy();
    expect(within(dialog).getByText('The planner keeps Ksh 135,000 (the deposit).')).toBeTruthy();
    expect(callsTo(fetchMock, `GET /api/bookings/${BOOKING_ID}/refund-preview`)).toHaveLength(1);
  });

  it('shows both parties a cancelled booking’s refunds with the rule that decided them', async () => {
    const world: World = {
      booking: makeBooking({
        status: 'cancelled',
        amountPaid: 450000,
        amountRefunded: 315000,
        balanceDue: 0,
        paymentStatus: 'partially_refunded',
      }),
      payment: makePayment(),
      payments: [],
    };
    renderRoute('planner', world);
    const refunds = await screen.findByRole('region', { name: 'Refunds' });
    expect(within(refunds).getByText('Ksh 315,000')).toBeTruthy();
    expect(within(refunds).getByText('Refunded')).toBeTruthy();
    expect(within(refunds).getByText(/the deposit is kept/)).toBeTruthy();
  });
});

describe('quotes on the bookings page', () => {
  it('shows the planner’s offer on the client’s open page as soon as the socket says so', async () => {
    const world: World = { booking: makeBooking(), payment: makePayment(), payments: [] };
    renderRoute('client', world);
    expect(await screen.findByRole('heading', { name: 'Garden Wedding' })).toBeTruthy();
    await waitFor(() => expect(latestChatConnection()).toBeTruthy());
    const connection = latestChatConnection() as FakeChatConnection;
    act(() => connection.setConnected(true));
    expect(screen.queryByRole('region', { name: 'Quote' })).toBeNull();

    world.booking = makeBooking({
      quote: {
        price: 400000,
        depositPercent: 25,
        message: 'Tents included.',
        eventDate: world.booking.eventDate,
        expiresAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        status: 'offered',
      },
    });
    act(() => connection.push('quoteUpdated', { booking: world.booking }));
    const card = await screen.findByRole('region', { name: 'Quote' });
    expect(within(card).getByText('Price: Ksh 400,000')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Decline' })).toBeTruthy();
  });

  it('offers the planner of a pending request Send a quote', async () => {
    const world: World = { booking: makeBooking(), payment: makePayment(), payments: [] };
    renderRoute('planner', world);
    expect(await screen.findByRole('button', { name: 'Send a quote' })).toBeTruthy();
  });
});
