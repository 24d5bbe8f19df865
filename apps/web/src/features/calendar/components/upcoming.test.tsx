import { formatDay, todayInNairobi } from '@sherehe/shared/dates';
import { calendarPagesMessages as m } from '@sherehe/shared/messages/calendar-pages';
import { formatKsh } from '@sherehe/shared/money';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { CLIENT_ID, makeBooking, PLANNER_ID } from '@/test/booking-fixtures';
import { callsTo, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { addDays } from './month';
import { Upcoming } from './upcoming';

const today = todayInNairobi();

function renderUpcoming(role: 'client' | 'planner', bookings: ReturnType<typeof makeBooking>[]) {
  const fetchMock = mockFetch({
    'GET /api/auth/is-auth': () => jsonResponse({ success: false, user: null }),
    'GET /api/bookings/my': () =>
      jsonResponse({ success: true, bookings, total: bookings.length, page: 1, pages: 1 }),
    'GET /api/bookings/for-planner': () =>
      jsonResponse({ success: true, bookings, total: bookings.length, page: 1, pages: 1 }),
  });
  const view = renderWithApp(<Upcoming user={{ _id: role === 'client' ? CLIENT_ID : PLANNER_ID, role }} />);
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

  it('says so when nothing is coming up', async () => {
    renderUpcoming('planner', []);
    expect(await screen.findByText(m.noUpcoming)).toBeTruthy();
  });
});
