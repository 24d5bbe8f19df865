import { formatDay, todayInNairobi } from '@sherehe/shared/dates';
import { calendarPagesMessages as m } from '@sherehe/shared/messages/calendar-pages';
import { formatKsh } from '@sherehe/shared/money';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { ADMIN_ID, CLIENT_ID, makeBooking, PLANNER_ID } from '@/test/booking-fixtures';
import { callsTo, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { addDays } from './month';
import { Upcoming } from './upcoming';

const today = todayInNairobi();

function renderUpcoming(
  role: 'client' | 'planner' | 'admin',
  bookings: ReturnType<typeof makeBooking>[],
  asksPayment?: boolean,
  waitingPayments?: ReadonlySet<string>,
) {
  const fetchMock = mockFetch({
    'GET /api/auth/is-auth': () => jsonResponse({ success: false, user: null }),
    'GET /api/bookings/my': () =>
      jsonResponse({ success: true, bookings, total: bookings.length, page: 1, pages: 1 }),
    'GET /api/bookings/for-planner': () =>
      jsonResponse({ success: true, bookings, total: bookings.length, page: 1, pages: 1 }),
  });
  const user = { _id: { client: CLIENT_ID, planner: PLANNER_ID, admin: ADMIN_ID }[role], role };
  const view = renderWithApp(
    <Upcoming user={user} asksPayment={asksPayment} waitingPayments={waitingPayments} />,
  );
  return { fetchMock, ...view };
}

describe('Upcoming', () => {
  it('lists the next accepted events nearest first, and what the client owes', async () => {
    const far = makeBooking({ _id: 'far', eventDate: addDays(today, 60), status: 'accepted' });
    const near = makeBooking({
      _id: 'near',
      eventDate: addDays(today, 10),
      status: 'accepted',
      package: { ...makeBooking().package, title: 'Rooftop Party' },
      paymentStatus: 'deposit_paid',
      amountPaid: 135000,
      balanceDue: 315000,
      balanceDueOn: addDays(today, 3),
    });
    const { fetchMock, container } = renderUpcoming('client', [far, near]);
    const items = await screen.findAllByRole('listitem');
    expect(items[0]?.textContent).toContain(formatDay(near.eventDate));
    expect(items[0]?.textContent).toContain('Rooftop Party with Wanjiru Events');
    expect(items[1]?.textContent).toContain(formatDay(far.eventDate));
    expect(
      screen.getByText(
        `Rooftop Party: ${m.balanceDue(formatKsh(315000), formatDay(addDays(today, 3)), 'in 3 days')}`,
      ),
    ).toBeTruthy();
    expect(screen.getByText(`Garden Wedding: ${m.depositDue(formatKsh(135000))}`)).toBeTruthy();
    const url = String(callsTo(fetchMock, 'GET /api/bookings/my')[0]?.[0]);
    expect(url).toContain('status=accepted');
    expect(url).toContain(`from=${today}`);
    await expectNoAxeViolations(container);
  });

  it('while a payment of a booking waits, says so instead of Deposit due now', async () => {
    const waiting = makeBooking({ _id: 'waiting', eventDate: addDays(today, 30), status: 'accepted' });
    renderUpcoming('client', [waiting], true, new Set(['waiting']));
    expect(
      await screen.findByText('Garden Wedding: Payment of Ksh 135,000 waiting to be completed'),
    ).toBeTruthy();
    expect(screen.queryByText(/due now/)).toBeNull();
  });

  it('lists what is due on every accepted booking, not only the next events: an unpaid deposit first', async () => {
    const titled = (title: string) => ({ ...makeBooking().package, _id: `pkg-${title}`, title });
    /** An accepted booking whose deposit is paid and whose balance is due 7 days before its event. */
    const balanceOwed = (title: string, daysAhead: number) =>
      makeBooking({
        _id: title,
        eventDate: addDays(today, daysAhead),
        status: 'accepted',
        package: titled(title),
        paymentStatus: 'deposit_paid',
        amountPaid: 135000,
        balanceDue: 315000,
        balanceDueOn: addDays(today, daysAhead - 7),
      });
    const bookings = [
      balanceOwed('Harusi', 10),
      balanceOwed('Birthday', 11),
      balanceOwed('Gala', 12),
      balanceOwed('Launch', 13),
      // The 5th-nearest event: its deposit is still unpaid, so it is due now.
      makeBooking({
        _id: 'Ruracio',
        eventDate: addDays(today, 30),
        status: 'accepted',
        package: titled('Ruracio'),
      }),
      balanceOwed('Reunion', 40),
    ];
    const { container } = renderUpcoming('client', bookings);
    const next = (await screen.findByRole('heading', { name: m.nextEvents })).parentElement!;
    expect(within(next).getAllByRole('listitem')).toHaveLength(4);
    expect(within(next).queryByText(/Ruracio/)).toBeNull();

    const due = screen.getByRole('heading', { name: m.whatIsDue }).parentElement!;
    const lines = within(due)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual([
      `Ruracio: ${m.depositDue(formatKsh(135000))}`,
      ...['Harusi', 'Birthday', 'Gala', 'Launch'].map(
        (title, index) =>
          `${title}: ${m.balanceDue(formatKsh(315000), formatDay(addDays(today, 3 + index)), m.inDays(3 + index))}`,
      ),
    ]);
    // The sixth is not listed: a line counts it and leads to the bookings.
    expect(within(due).getByText(new RegExp(m.moreDue(1)))).toBeTruthy();
    expect(within(due).getByRole('link', { name: m.seeAcceptedBookings }).getAttribute('href')).toBe(
      '/dashboard/bookings?status=accepted',
    );
    await expectNoAxeViolations(container);
  });

  it('asks for no money where no way of paying is offered (payments off): the next events only', async () => {
    const owing = makeBooking({ _id: 'owing', eventDate: addDays(today, 20), status: 'accepted' });
    renderUpcoming('client', [owing], false);
    expect(await screen.findByRole('heading', { name: m.nextEvents })).toBeTruthy();
    expect(screen.getByText(new RegExp(formatDay(owing.eventDate)))).toBeTruthy();
    expect(screen.queryByRole('heading', { name: m.whatIsDue })).toBeNull();
    expect(screen.queryByText(new RegExp(m.depositDue(formatKsh(135000))))).toBeNull();
  });

  it('reads an admin’s own bookings, not the whole marketplace’s', async () => {
    const { fetchMock } = renderUpcoming('admin', []);
    expect(await screen.findByText(m.noUpcoming)).toBeTruthy();
    expect(callsTo(fetchMock, 'GET /api/bookings/my')).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET /api/bookings/for-planner')).toHaveLength(0);
  });

  it('says so when nothing is coming up', async () => {
    renderUpcoming('planner', []);
    expect(await screen.findByText(m.noUpcoming)).toBeTruthy();
  });
});
