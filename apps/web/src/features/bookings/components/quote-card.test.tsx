import { todayInNairobi } from '@sherehe/shared/dates';
import { quotesMessages } from '@sherehe/shared/messages';
import type { Quote } from '@sherehe/shared/schemas/bookings';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BOOKING_ID, CLIENT_ID, makeBooking, PLANNER_ID } from '@/test/booking-fixtures';
import { callsTo, jsonResponse, mockFetch, signedOut } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { QuoteCard } from './quote-card';
import { SendQuoteButton } from './quote-dialog';

const IN_A_WEEK = new Date(Date.now() + 7 * 86_400_000).toISOString();

function offer(overrides: Partial<Quote> = {}): Quote {
  return {
    price: 200_000,
    depositPercent: 20,
    message: 'Flowers included.',
    eventDate: '2030-12-14',
    expiresAt: IN_A_WEEK,
    status: 'offered',
    ...overrides,
  };
}

describe('the quote card', () => {
  it('shows the offer, and the client answers it', async () => {
    const fetchMock = mockFetch({
      ...signedOut(),
      [`POST /api/bookings/${BOOKING_ID}/quote/accept`]: () =>
        jsonResponse({
          success: true,
          message: quotesMessages.accepted,
          booking: makeBooking({ status: 'accepted', quote: offer({ status: 'accepted' }) }),
        }),
    });
    renderWithApp(<QuoteCard booking={makeBooking({ quote: offer() })} user={{ _id: CLIENT_ID }} />);
    const card = screen.getByRole('region', { name: quotesMessages.cardTitle });
    expect(within(card).getByText(/200,000/)).toBeTruthy();
    expect(within(card).getByText(/Deposit: 20% \(Ksh 40,000\)/)).toBeTruthy();
    expect(within(card).getByText('Flowers included.')).toBeTruthy();
    expect(within(card).getByText(quotesMessages.status.offered)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: quotesMessages.accept }));
    await waitFor(() =>
      expect(callsTo(fetchMock, `POST /api/bookings/${BOOKING_ID}/quote/accept`)).toHaveLength(1),
    );
  });

  it('has no answers for the planner, nor for an expired offer', () => {
    mockFetch(signedOut());
    const { unmount } = renderWithApp(
      <QuoteCard booking={makeBooking({ quote: offer() })} user={{ _id: PLANNER_ID }} />,
    );
    expect(screen.queryByRole('button', { name: quotesMessages.accept })).toBeNull();
    unmount();
    renderWithApp(
      <QuoteCard
        booking={makeBooking({ quote: offer({ expiresAt: new Date(Date.now() - 1000).toISOString() }) })}
        user={{ _id: CLIENT_ID }}
      />,
    );
    expect(screen.queryByRole('button', { name: quotesMessages.accept })).toBeNull();
    expect(screen.getByText(quotesMessages.status.expired)).toBeTruthy();
  });
});

describe('send a quote', () => {
  it('checks the fields before sending, then sends the offer', async () => {
    const fetchMock = mockFetch({
      ...signedOut(),
      [`POST /api/bookings/${BOOKING_ID}/quote`]: () =>
        jsonResponse({
          success: true,
          message: quotesMessages.sent,
          booking: makeBooking({ quote: offer() }),
        }),
    });
    renderWithApp(<SendQuoteButton booking={makeBooking()} />);
    fireEvent.click(screen.getByRole('button', { name: quotesMessages.send }));
    const dialog = await screen.findByRole('dialog', { name: quotesMessages.dialogTitle, hidden: true });
    const price = within(dialog).getByLabelText(quotesMessages.price);
    fireEvent.change(price, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: quotesMessages.submit, hidden: true }));
    expect(await within(dialog).findByText(quotesMessages.pricePositive)).toBeTruthy();
    expect(callsTo(fetchMock, `POST /api/bookings/${BOOKING_ID}/quote`)).toHaveLength(0);

    fireEvent.change(price, { target: { value: '200000' } });
    fireEvent.change(within(dialog).getByLabelText(quotesMessages.depositPercent), {
      target: { value: '20' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: quotesMessages.submit, hidden: true }));
    await waitFor(() => expect(callsTo(fetchMock, `POST /api/bookings/${BOOKING_ID}/quote`)).toHaveLength(1));
    const [, init] = callsTo(fetchMock, `POST /api/bookings/${BOOKING_ID}/quote`)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      price: 200_000,
      depositPercent: 20,
      message: '',
      expiresInDays: 7,
    });
  });
});

describe('send a quote for an enquiry with no day', () => {
  it('asks for the event date, and sends it with the offer', async () => {
    const fetchMock = mockFetch({
      ...signedOut(),
      [`POST /api/bookings/${BOOKING_ID}/quote`]: () =>
        jsonResponse({
          success: true,
          message: quotesMessages.sent,
          booking: makeBooking({ quote: offer() }),
        }),
    });
    renderWithApp(
      <SendQuoteButton booking={{ ...makeBooking(), kind: 'enquiry', eventDate: null, date: null }} />,
    );
    fireEvent.click(screen.getByRole('button', { name: quotesMessages.send }));
    const dialog = await screen.findByRole('dialog', { name: quotesMessages.dialogTitle, hidden: true });
    fireEvent.click(within(dialog).getByRole('button', { name: quotesMessages.submit, hidden: true }));
    expect(await within(dialog).findByText(quotesMessages.dayNeeded)).toBeTruthy();
    expect(callsTo(fetchMock, `POST /api/bookings/${BOOKING_ID}/quote`)).toHaveLength(0);

    const day = new Date(Date.parse(`${todayInNairobi()}T00:00:00Z`) + 30 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    fireEvent.change(within(dialog).getByLabelText(quotesMessages.eventDate), { target: { value: day } });
    fireEvent.click(within(dialog).getByRole('button', { name: quotesMessages.submit, hidden: true }));
    await waitFor(() => expect(callsTo(fetchMock, `POST /api/bookings/${BOOKING_ID}/quote`)).toHaveLength(1));
    const [, init] = callsTo(fetchMock, `POST /api/bookings/${BOOKING_ID}/quote`)[0]!;
    expect(JSON.parse(String(init?.body))).toMatchObject({ eventDate: day });
  });

  it('has no date field for a request with its day', async () => {
    mockFetch(signedOut());
    renderWithApp(<SendQuoteButton booking={makeBooking()} />);
    fireEvent.click(screen.getByRole('button', { name: quotesMessages.send }));
    const dialog = await screen.findByRole('dialog', { name: quotesMessages.dialogTitle, hidden: true });
    expect(within(dialog).queryByLabelText(quotesMessages.eventDate)).toBeNull();
  });
});
