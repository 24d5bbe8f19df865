import { PAYMENT_FAILURE_REASONS, type PaymentMethod } from '@sherehe/shared/payments';
import type { DatedBooking } from '@sherehe/shared/schemas/bookings';
import type { Payment } from '@sherehe/shared/schemas/payments';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_ID, CLIENT_ID, makeBooking, PLANNER_ID } from '@/test/booking-fixtures';
import { makePayment, PAYMENT_ID, paymentListReply } from '@/test/booking-payment-fixtures';
import { callsTo, fieldRefusal, jsonResponse, mockFetch, signedInAs } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { PAYMENT_POLL_MS, STILL_WAITING_AFTER_MS } from '../hooks/use-follow-payment';
import { BookingPayments } from './booking-payments';

const accepted = (overrides: Partial<DatedBooking> = {}) => makeBooking({ status: 'accepted', ...overrides });
const client = makeUser({ _id: CLIENT_ID, id: CLIENT_ID, phoneNumber: '+254 712 345 678' });

interface Server {
  /** What GET /api/payments/:id answers now. */
  payment: Payment;
  list: Payment[];
  start: (body: Record<string, unknown>) => Response;
  /** What GET /api/payments/methods answers: the ways of paying offered. */
  methods: () => Response;
}

/** The server's answer: the ways of paying, and the most M-Pesa takes in one payment (Ksh 250,000 by default). */
const offering =
  (methods: PaymentMethod[], mpesaMaxAmount = 250_000) =>
  () =>
    jsonResponse({ success: true, methods, mpesaMaxAmount });

function renderPayments(booking: DatedBooking, server: Partial<Server> = {}, user = client) {
  const state: Server = {
    payment: makePayment(),
    list: [],
    start: () => jsonResponse({ success: true, payment: state.payment }, 201),
    methods: offering(['mpesa', 'card']),
    ...server,
  };
  const onBookingChanged = vi.fn();
  const fetchMock = mockFetch({
    ...signedInAs(user),
    'GET /api/payments': () => paymentListReply(state.list),
    'GET /api/payments/methods': () => state.methods(),
    'POST /api/payments': (_url, init) => state.start(JSON.parse(String(init.body))),
    [`GET /api/payments/${PAYMENT_ID}`]: () => jsonResponse({ success: true, payment: state.payment }),
  });
  renderWithApp(<BookingPayments booking={booking} user={user} onBookingChanged={onBookingChanged} />);
  return { state, fetchMock, onBookingChanged };
}

async function openDialog(name: 'Pay deposit' | 'Pay balance' = 'Pay deposit') {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.getByRole('dialog');
}

function sentBodies(fetchMock: ReturnType<typeof mockFetch>) {
  return callsTo(fetchMock, 'POST /api/payments').map(([, init]) => JSON.parse(String(init?.body)));
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a booking’s payments', () => {
  it('shows both parties what is due and by when, and the payments with their receipts', async () => {
    const paid = makePayment({
      status: 'succeeded',
      receipt: 'SIM7K2LQ9X',
      completedAt: '2026-03-02T09:01:00.000Z',
    });
    const failed = makePayment({
      _id: 'p-failed',
      status: 'failed',
      failureReason: 'wrong_pin',
      createdAt: '2026-03-01T09:00:00.000Z',
    });
    renderPayments(
      depositPaid(),
      { list: [failed, paid] },
      makeUser({ _id: PLANNER_ID, id: PLANNER_ID, role: 'planner' }),
    );
    const section = await screen.findByRole('region', { name: 'Payment' });
    expect(within(section).getByText('Deposit paid')).toBeTruthy();
    // The deposit, and as much paid so far.
    expect(within(section).getAllByText('Ksh 135,000', { selector: 'dd' })).toHaveLength(2);
    expect(within(section).getByText('Ksh 315,000 by Sat, 7 Dec 2030')).toBeTruthy();
    expect(await screen.findByText('Receipt no. SIM7K2LQ9X')).toBeTruthy();
    const receipt = screen.getByRole('link', { name: /^Receipt for the deposit of Ksh 135,000/ });
    expect(receipt.getAttribute('href')).toBe(`/api/payments/${PAYMENT_ID}/receipt`);
    expect(receipt.getAttribute('target')).toBe('_blank');
    expect(receipt.getAttribute('rel')).toBe('noopener');
    expect(screen.getByText('The M-Pesa PIN entered was wrong, so nothing was paid.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /^Receipt/ })).toHaveLength(1);
    // The planner is paid; only the client pays.
    expect(screen.queryByRole('button', { name: /Pay (deposit|balance)/ })).toBeNull();
  });

  it('before the deposit, shows the balance after it (price less deposit), not the whole price as due', async () => {
    renderPayments(accepted());
    const section = await screen.findByRole('region', { name: 'Payment' });
    expect(within(section).getByText('Balance after the deposit')).toBeTruthy();
    expect(within(section).getByText('Ksh 315,000 by Sat, 7 Dec 2030')).toBeTruthy();
    expect(within(section).queryByText('Balance due')).toBeNull();
    expect(within(section).queryByText(/Ksh 450,000/)).toBeNull();
  });

  it('while a payment waits (found after a refresh), shows its status instead of Pay, then Check again and Try another way', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const waiting = makePayment({ phone: '254712341037', createdAt: new Date().toISOString() });
    const { state, fetchMock } = renderPayments(accepted(), { list: [waiting], payment: waiting });
    const section = await screen.findByRole('region', { name: 'Payment' });
    await waitFor(() =>
      expect(within(section).getByText('Waiting for your M-Pesa PIN on 0712 341 037…')).toBeTruthy(),
    );
    expect(within(section).queryByRole('button', { name: 'Pay deposit' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(STILL_WAITING_AFTER_MS));
    await waitFor(() =>
      expect(within(section).getByText(/^The phone 0712 341 037 has not answered\./)).toBeTruthy(),
    );
    const asked = callsTo(fetchMock, `GET /api/payments/${PAYMENT_ID}`).length;
    fireEvent.click(within(section).getByRole('button', { name: 'Check again' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, `GET /api/payments/${PAYMENT_ID}`).length).toBeGreaterThan(asked),
    );
    // Still waiting: told again, and a while later the way out again.
    expect(await within(section).findByText('Waiting for your M-Pesa PIN on 0712 341 037…')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(STILL_WAITING_AFTER_MS));
    fireEvent.click(await within(section).findByRole('button', { name: 'Try another way' }));
    expect(screen.getByRole('heading', { name: 'Pay the deposit' })).toBeTruthy();
    expect(screen.getByLabelText('M-Pesa phone number')).toBeTruthy();
    // Once it settles (failed here; Check again asks), the status gives way to Pay deposit again.
    state.payment = makePayment({ status: 'failed', failureReason: 'phone_unreachable' });
    state.list = [state.payment];
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Check again' }));
    expect(await within(section).findByRole('button', { name: 'Pay deposit' })).toBeTruthy();
  });

  it('offers the client Pay deposit while nothing is paid', async () => {
    renderPayments(accepted());
    expect(await screen.findByRole('button', { name: 'Pay deposit' })).toBeTruthy();
    expect(await screen.findByText('No payments yet.')).toBeTruthy();
  });

  it.each([
    [{ amountPaid: 135000, balanceDue: 315000, paymentStatus: 'deposit_paid' as const }, 'Pay balance'],
    [{ amountPaid: 450000, balanceDue: 0, paymentStatus: 'paid' as const }, null],
  ])('with %o the client is offered %s', async (figures, button) => {
    renderPayments(accepted(figures));
    await screen.findByRole('region', { name: 'Payment' });
    if (button) expect(screen.getByRole('button', { name: button })).toBeTruthy();
    else {
      expect(screen.getByText('Paid in full')).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Pay (deposit|balance)/ })).toBeNull();
    }
  });
});

describe('paying by M-Pesa', () => {
  it('offers the number verified for SMS before the profile phone', async () => {
    const verified = { ...client, smsPhone: '254722000111', smsPhoneVerifiedAt: '2026-03-01T09:00:00.000Z' };
    const { fetchMock } = renderPayments(accepted(), {}, verified);
    const dialog = await openDialog();
    const phone = within(dialog).getByLabelText('M-Pesa phone number') as HTMLInputElement;
    expect(phone.value).toBe('0722 000 111');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay Ksh 135,000 with M-Pesa' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock)).toEqual([
        { bookingId: BOOKING_ID, purpose: 'deposit', method: 'mpesa', phone: '254722000111' },
      ]),
    );
  });

  it('asks for the phone from the profile, says to enter the PIN, and follows the payment until it is paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { state, fetchMock, onBookingChanged } = renderPayments(accepted());
    const dialog = await openDialog();
    expect(within(dialog).getByRole('heading', { name: 'Pay the deposit' })).toBeTruthy();
    const phone = within(dialog).getByLabelText('M-Pesa phone number') as HTMLInputElement;
    expect(phone.value).toBe('0712 345 678');
    fireEvent.change(phone, { target: { value: '0712-345 001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay Ksh 135,000 with M-Pesa' }));

    const status = within(dialog).getByRole('status');
    await waitFor(() => expect(status.textContent).toContain('Check your phone and enter your M-Pesa PIN'));
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(sentBodies(fetchMock)).toEqual([
      { bookingId: BOOKING_ID, purpose: 'deposit', method: 'mpesa', phone: '254712345001' },
    ]);

    // No socket here: the poll finds it paid.
    state.payment = makePayment({ status: 'succeeded', receipt: 'SIM7K2LQ9X' });
    state.list = [state.payment];
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    await waitFor(() => expect(status.textContent).toBe('Paid Ksh 135,000. M-Pesa receipt: SIM7K2LQ9X.'));
    expect(onBookingChanged).toHaveBeenCalled();
    expect(await screen.findByText('Receipt no. SIM7K2LQ9X')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect((dialog as HTMLDialogElement).open).toBe(false));
  });

  it('says a payment confirmed before its M-Pesa receipt number came is paid, the number to follow, not the request id', async () => {
    const { state } = renderPayments(accepted());
    const dialog = await openDialog();
    // The reconcile job counted it by a status query: the CheckoutRequestID stands in as its receipt.
    const confirmed = makePayment({
      status: 'succeeded',
      receipt: 'ws_CO_02032026090012345678',
      receiptProvisional: true,
    });
    state.start = () => jsonResponse({ success: true, payment: confirmed }, 201);
    state.payment = confirmed;
    state.list = [confirmed];
    fireEvent.click(within(dialog).getByRole('button', { name: /with M-Pesa/ }));
    await waitFor(() =>
      expect(within(dialog).getByRole('status').textContent).toBe(
        'Paid Ksh 135,000. M-Pesa has confirmed the payment; its receipt number will follow.',
      ),
    );
    expect(await screen.findByText('M-Pesa receipt no. to follow')).toBeTruthy();
    expect(document.body.textContent).not.toContain('ws_CO_');
  });

  it.each(
    PAYMENT_FAILURE_REASONS.filter((reason) => reason !== 'declined' && reason !== 'abandoned').map(
      (reason) => [reason] as const,
    ),
  )('says in words why it did not go through (%s) and offers to try again', async (reason) => {
    const texts: Record<string, string> = {
      cancelled_by_user: 'The payment was cancelled on the phone.',
      wrong_pin: 'The M-Pesa PIN entered was wrong, so nothing was paid.',
      insufficient_funds: 'There was not enough money in the M-Pesa account.',
      phone_unreachable:
        'The phone could not be reached. Check that it is on and has signal, then try again.',
      provider_error: 'The payment could not be completed. Please try again.',
    };
    const { state, fetchMock } = renderPayments(accepted());
    state.start = () => jsonResponse({ success: true, payment: makePayment() }, 201);
    state.payment = makePayment({
      status: reason === 'cancelled_by_user' ? 'cancelled' : 'failed',
      failureReason: reason,
    });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: /with M-Pesa/ }));
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe(texts[reason]));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    const phone = within(dialog).getByLabelText('M-Pesa phone number') as HTMLInputElement;
    expect(phone.value).toBe('0712 345 678');
    state.payment = makePayment({ _id: PAYMENT_ID });
    fireEvent.click(within(dialog).getByRole('button', { name: /with M-Pesa/ }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/payments')).toHaveLength(2));
  });

  it('says when the payment was not completed in time', async () => {
    renderPayments(accepted(), {
      start: () => jsonResponse({ success: true, payment: makePayment() }, 201),
      payment: makePayment({ status: 'expired', failureReason: 'expired' }),
    });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: /with M-Pesa/ }));
    await waitFor(() =>
      expect(within(dialog).getByRole('status').textContent).toBe('The payment was not completed in time.'),
    );
  });

  it('names the phone prompted; after a while says it has not answered, and checks again when asked', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { state, fetchMock } = renderPayments(accepted(), {
      payment: makePayment({ phone: '254712341037' }),
    });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: /with M-Pesa/ }));
    const status = within(dialog).getByRole('status');
    await waitFor(() => expect(status.textContent).toContain('Waiting for your M-Pesa PIN on 0712 341 037…'));
    await act(() => vi.advanceTimersByTimeAsync(STILL_WAITING_AFTER_MS));
    await waitFor(() =>
      expect(status.textContent).toBe(
        'The phone 0712 341 037 has not answered. It may be off, out of network, or without M-Pesa. Check again, or try another way.',
      ),
    );
    expect(within(dialog).getByRole('button', { name: 'Try another way' })).toBeTruthy();
    const asked = callsTo(fetchMock, `GET /api/payments/${PAYMENT_ID}`).length;
    state.payment = makePayment({ status: 'succeeded', receipt: 'SIMLATE001' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(status.textContent).toBe('Paid Ksh 135,000. M-Pesa receipt: SIMLATE001.'));
    expect(callsTo(fetchMock, `GET /api/payments/${PAYMENT_ID}`).length).toBeGreaterThan(asked);
  });

  it('tried another number while the first prompt waits, says the prompt went to the first number, not "Check your phone"', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const first = makePayment({ phone: '254712341037' });
    const { state } = renderPayments(accepted(), { payment: first });
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('M-Pesa phone number'), {
      target: { value: '0712 341 037' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /with M-Pesa/ }));
    await act(() => vi.advanceTimersByTimeAsync(STILL_WAITING_AFTER_MS));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Try another way' }));
    state.start = () =>
      jsonResponse(
        {
          success: false,
          code: 'CONFLICT',
          message: 'A payment for this is already waiting.',
          payment: first,
        },
        409,
      );
    fireEvent.change(within(dialog).getByLabelText('M-Pesa phone number'), {
      target: { value: '0722 000 001' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /with M-Pesa/ }));
    const status = within(dialog).getByRole('status');
    await waitFor(() =>
      expect(status.textContent).toContain(
        'A payment is already waiting for the PIN on 0712 341 037, so no prompt went to another number.',
      ),
    );
    expect(status.textContent).not.toContain('Check your phone');
  });

  it('follows the payment already pending when the server answers 409 with it', async () => {
    const { fetchMock } = renderPayments(accepted(), {
      start: () =>
        jsonResponse(
          {
            success: false,
            code: 'CONFLICT',
            message: 'A payment for this is already waiting to be completed.',
            payment: makePayment(),
          },
          409,
        ),
      payment: makePayment(),
    });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: /with M-Pesa/ }));
    await waitFor(() =>
      expect(within(dialog).getByRole('status').textContent).toContain(
        'Check your phone and enter your M-Pesa PIN',
      ),
    );
    await waitFor(() =>
      expect(callsTo(fetchMock, `GET /api/payments/${PAYMENT_ID}`).length).toBeGreaterThan(0),
    );
  });

  it('says an earlier M-Pesa payment given up on may still go through (409 with it expired), and does not follow it as failed', async () => {
    const { fetchMock } = renderPayments(accepted(), {
      start: () =>
        jsonResponse(
          {
            success: false,
            code: 'CONFLICT',
            message: 'An earlier payment for this may still go through.',
            payment: makePayment({ status: 'expired', failureReason: 'expired' }),
          },
          409,
        ),
    });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: /with M-Pesa/ }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(
      'An earlier payment for this may still go through. Wait for it, or try again later: you will not be charged twice.',
    );
    expect(callsTo(fetchMock, `GET /api/payments/${PAYMENT_ID}`)).toHaveLength(0);
  });

  it('offers to continue a card payment already open for the same thing instead of starting another', async () => {
    const checkoutUrl = 'http://127.0.0.1:3000/__sim/paystack/checkout/open';
    renderPayments(accepted(), {
      start: () =>
        jsonResponse(
          {
            success: false,
            code: 'CONFLICT',
            message: 'A payment for this is already waiting to be completed.',
            payment: makePayment({ method: 'card', checkoutUrl }),
          },
          409,
        ),
    });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: /with M-Pesa/ }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('A payment for this is already waiting to be completed.');
    expect(
      within(alert).getByRole('link', { name: 'Continue to the card payment' }).getAttribute('href'),
    ).toBe(checkoutUrl);
  });

  it('refuses a phone that is not a Kenyan mobile number before sending, and shows the server’s refusal on the field', async () => {
    const { fetchMock, state } = renderPayments(accepted());
    const dialog = await openDialog();
    const phone = within(dialog).getByLabelText('M-Pesa phone number');
    fireEvent.change(phone, { target: { value: '0812 345 678' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /with M-Pesa/ }));
    expect(
      await within(dialog).findByText(
        'Enter a Kenyan mobile number, like 0712 345 678 or +254 712 345 678 (it must start with 07, 01, +254 or 254).',
      ),
    ).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, 'POST /api/payments')).toHaveLength(0);

    state.start = () => fieldRefusal('phone', 'This number cannot receive M-Pesa prompts.');
    fireEvent.change(phone, { target: { value: '0110 123 456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /with M-Pesa/ }));
    expect(await within(dialog).findByText('This number cannot receive M-Pesa prompts.')).toBeTruthy();
    expect(sentBodies(fetchMock)[0]).toMatchObject({ phone: '254110123456' });
    expect(phone.getAttribute('aria-invalid')).toBe('true');
  });
});

const CHECKOUT_URL = 'http://127.0.0.1:3000/__sim/paystack/checkout/abc';

/** The deposit is paid; the balance of Ksh 315,000 is due. */
const depositPaid = () => accepted({ amountPaid: 135000, balanceDue: 315000, paymentStatus: 'deposit_paid' });

/** The start call's answer: a card payment of the balance, with its checkout page. */
const cardBalanceStarted = () =>
  jsonResponse(
    {
      success: true,
      payment: makePayment({ purpose: 'balance', method: 'card', amount: 315000, checkoutUrl: CHECKOUT_URL }),
    },
    201,
  );

describe('paying by card', () => {
  it('starts a card payment of the balance and goes to the checkout page', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { fetchMock } = renderPayments(depositPaid(), {
      // A limit above the balance: both ways are offered, card chosen.
      methods: offering(['mpesa', 'card'], 500_000),
      start: cardBalanceStarted,
    });
    const dialog = await openDialog('Pay balance');
    expect(within(dialog).getByText('Amount to pay: Ksh 315,000')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('Card (Visa or Mastercard)'));
    expect(within(dialog).queryByLabelText('M-Pesa phone number')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to card payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(sentBodies(fetchMock)).toEqual([{ bookingId: BOOKING_ID, purpose: 'balance', method: 'card' }]);
    expect(within(dialog).getByRole('status').textContent).toBe('Opening the card payment page…');
  });
});

describe('the ways of paying offered', () => {
  it('with payments off asks nobody to pay: no Pay button and no payments block while nothing was paid', async () => {
    const { fetchMock } = renderPayments(accepted(), { methods: offering([]) });
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/payments/methods')).toHaveLength(1));
    await act(async () => {});
    expect(screen.queryByRole('region', { name: 'Payment' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Pay (deposit|balance)/ })).toBeNull();
    expect(screen.queryByText(/^Ksh [\d,]+ by /)).toBeNull();
  });

  it('with payments off still shows what was paid, but no balance as due and no Pay balance', async () => {
    const paid = makePayment({ status: 'succeeded', receipt: 'SIM7K2LQ9X' });
    renderPayments(depositPaid(), {
      methods: offering([]),
      list: [paid],
    });
    const section = await screen.findByRole('region', { name: 'Payment' });
    expect(within(section).getByText('Deposit paid')).toBeTruthy();
    expect(await within(section).findByText('Receipt no. SIM7K2LQ9X')).toBeTruthy();
    expect(within(section).queryByText('Balance due')).toBeNull();
    expect(within(section).queryByText(/^Ksh 315,000 by /)).toBeNull();
    expect(screen.queryByRole('button', { name: /Pay (deposit|balance)/ })).toBeNull();
  });

  it('with cards only, the dialog offers no M-Pesa and goes straight to the card payment', async () => {
    vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { fetchMock } = renderPayments(accepted(), {
      methods: offering(['card']),
      start: () =>
        jsonResponse(
          { success: true, payment: makePayment({ method: 'card', checkoutUrl: CHECKOUT_URL }) },
          201,
        ),
    });
    const dialog = await openDialog();
    expect(within(dialog).getByText('You pay by card (Visa or Mastercard).')).toBeTruthy();
    expect(within(dialog).queryByRole('radio')).toBeNull();
    expect(within(dialog).queryByText('M-Pesa')).toBeNull();
    expect(within(dialog).queryByLabelText('M-Pesa phone number')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to card payment' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock)).toEqual([{ bookingId: BOOKING_ID, purpose: 'deposit', method: 'card' }]),
    );
  });

  it('above M-Pesa’s limit, says why before any tap and offers card only; M-Pesa is never sent', async () => {
    vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { fetchMock } = renderPayments(depositPaid(), {
      start: cardBalanceStarted,
    });
    const dialog = await openDialog('Pay balance');
    expect(
      await within(dialog).findByText(
        'M-Pesa takes at most Ksh 250,000 in one payment, so this amount is paid by card.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('You pay by card (Visa or Mastercard).')).toBeTruthy();
    expect(within(dialog).queryByRole('radio')).toBeNull();
    expect(within(dialog).queryByLabelText('M-Pesa phone number')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /with M-Pesa/ })).toBeNull();
    expect(sentBodies(fetchMock)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to card payment' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock)).toEqual([{ bookingId: BOOKING_ID, purpose: 'balance', method: 'card' }]),
    );
  });

  it('within M-Pesa’s limit, offers M-Pesa as before and says nothing of the limit', async () => {
    renderPayments(accepted());
    const dialog = await openDialog();
    expect(within(dialog).getByLabelText('M-Pesa')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Pay Ksh 135,000 with M-Pesa' })).toBeTruthy();
    expect(within(dialog).queryByText(/M-Pesa takes at most/)).toBeNull();
  });

  it('above M-Pesa’s limit with M-Pesa the only way, says so and sends nothing', async () => {
    const { fetchMock } = renderPayments(depositPaid(), { methods: offering(['mpesa']) });
    const dialog = await openDialog('Pay balance');
    expect(
      await within(dialog).findByText(
        'M-Pesa takes at most Ksh 250,000 in one payment, and card payments are not available right now.',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /Pay Ksh|Continue to card/ })).toBeNull();
    expect(sentBodies(fetchMock)).toEqual([]);
  });

  it('with M-Pesa only, the dialog offers no card', async () => {
    renderPayments(accepted(), { methods: offering(['mpesa']) });
    const dialog = await openDialog();
    expect(within(dialog).getByText('You pay with M-Pesa.')).toBeTruthy();
    expect(within(dialog).queryByRole('radio')).toBeNull();
    expect(within(dialog).queryByText('Card (Visa or Mastercard)')).toBeNull();
    expect(within(dialog).getByLabelText('M-Pesa phone number')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Pay Ksh 135,000 with M-Pesa' })).toBeTruthy();
  });

  it.each([
    ['both are offered', offering(['mpesa', 'card'])],
    // A server that cannot say: the choice as before, and the server refuses what it lacks.
    ['the server cannot say', () => jsonResponse({ success: false, message: 'Server error' }, 500)],
  ])('when %s, the dialog offers M-Pesa and card', async (_case, methods) => {
    renderPayments(accepted(), { methods });
    const dialog = await openDialog();
    expect(within(dialog).getByRole('group', { name: 'How would you like to pay?' })).toBeTruthy();
    expect(within(dialog).getByLabelText('M-Pesa')).toBeTruthy();
    expect(within(dialog).getByLabelText('Card (Visa or Mastercard)')).toBeTruthy();
  });
});

describe('paying part of the balance', () => {
  const partStarted = (amount: number) => () =>
    jsonResponse({ success: true, payment: makePayment({ purpose: 'instalment', amount }) }, 201);

  it('after the deposit, offers Pay part of the balance beside Pay balance, and says what is left', async () => {
    renderPayments(depositPaid());
    const section = await screen.findByRole('region', { name: 'Payment' });
    expect(await within(section).findByRole('button', { name: 'Pay balance' })).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Pay part of the balance' })).toBeTruthy();
    expect(within(section).getByText('Left to pay: Ksh 315,000')).toBeTruthy();
  });

  it('before the deposit, offers no part of the balance', async () => {
    renderPayments(accepted());
    expect(await screen.findByRole('button', { name: 'Pay deposit' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay part of the balance' })).toBeNull();
    expect(screen.queryByText(/^Left to pay/)).toBeNull();
  });

  it('checks the amount by the shared rule under the field, sending nothing until it is right', async () => {
    const { fetchMock } = renderPayments(depositPaid(), { start: partStarted(20_000) });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay part of the balance' }));
    const dialog = screen.getByRole('dialog', { name: 'Pay part of the balance' });
    expect(within(dialog).getByText('From Ksh 1,000 to Ksh 315,000.')).toBeTruthy();
    const amount = within(dialog).getByLabelText(/Amount \(Ksh\)/);
    const pay = () => fireEvent.click(within(dialog).getByRole('button', { name: /^Pay / }));

    for (const [typed, message] of [
      ['', 'Enter the amount to pay, in Ksh.'],
      ['abc', 'Enter the amount in Ksh: a number above 0 with at most two decimals.'],
      ['999', 'Pay at least Ksh 1,000 at a time.'],
      ['315001', 'Only Ksh 315,000 is left to pay: pay at most that.'],
      ['1500.50', 'M-Pesa takes whole shillings: enter the amount without cents.'],
    ] as const) {
      fireEvent.change(amount, { target: { value: typed } });
      pay();
      expect(await within(dialog).findByText(message)).toBeTruthy();
    }
    expect(sentBodies(fetchMock)).toEqual([]);

    fireEvent.change(amount, { target: { value: '20,000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay Ksh 20,000 with M-Pesa' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock)).toEqual([
        {
          bookingId: BOOKING_ID,
          purpose: 'instalment',
          amount: 20000,
          method: 'mpesa',
          phone: '254712345678',
        },
      ]),
    );
  });

  it('shows the server’s refusal of the amount under the field', async () => {
    renderPayments(depositPaid(), {
      start: () => fieldRefusal('amount', 'Only Ksh 2,000 is left to pay: pay at most that.'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay part of the balance' }));
    const dialog = screen.getByRole('dialog', { name: 'Pay part of the balance' });
    fireEvent.change(within(dialog).getByLabelText(/Amount \(Ksh\)/), { target: { value: '5000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay Ksh 5,000 with M-Pesa' }));
    expect(await within(dialog).findByText('Only Ksh 2,000 is left to pay: pay at most that.')).toBeTruthy();
  });
});
