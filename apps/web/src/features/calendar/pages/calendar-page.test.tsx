import { todayInNairobi } from '@sherehe/shared/dates';
import { bookingsMessages, calendarMessages } from '@sherehe/shared/messages';
import { calendarPagesMessages as m } from '@sherehe/shared/messages/calendar-pages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { ADMIN_ID, BOOKING_ID, CLIENT_ID, makeBooking, PLANNER_ID } from '@/test/booking-fixtures';
import { callsTo, jsonResponse, mockFetch, signedInAs } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { LocationProbe } from '@/test/location-probe';
import { renderWithApp } from '@/test/render';
import { addDays, formatLongDay, formatMonth, monthOf, shiftMonth } from '../components/month';
import CalendarPage from './calendar-page';

const today = todayInNairobi();
const month = monthOf(addDays(today, 40));
const eventDay = `${month}-12`;
const blockedDay = `${month}-20`;
const FEED = 'http://localhost:3000/api/calendar/abc123.ics';
const NEW_FEED = 'http://localhost:3000/api/calendar/def456.ics';

function renderCalendar(
  role: 'client' | 'planner' | 'admin',
  route = `/dashboard/calendar?month=${month}`,
  bookings = [makeBooking({ eventDate: eventDay, status: 'accepted' })],
) {
  const id = { client: CLIENT_ID, planner: PLANNER_ID, admin: ADMIN_ID }[role];
  const blocks = [{ date: blockedDay, note: 'Family', createdAt: '2026-01-01T00:00:00.000Z' }];
  const list = () => jsonResponse({ success: true, bookings, total: bookings.length, page: 1, pages: 1 });
  const fetchMock = mockFetch({
    ...signedInAs(makeUser({ _id: id, id, role })),
    'GET /api/bookings/my': list,
    'GET /api/bookings/for-planner': list,
    'GET /api/availability/blocks': () => jsonResponse({ success: true, blocks }),
    'POST /api/availability/blocks': (_url, init) => {
      const body = JSON.parse(String(init.body));
      const added = [];
      for (let day = body.date; day <= (body.to ?? body.date); day = addDays(day, 1)) {
        added.push({ date: day, note: body.note, createdAt: '2026-01-01T00:00:00.000Z' });
      }
      blocks.push(...added);
      const message = body.to
        ? `${added.length} days blocked. No new requests can be made for them.`
        : 'Day blocked. No new requests can be made for it.';
      return jsonResponse({ success: true, message, block: added[0], blocks: added }, 201);
    },
    [`DELETE /api/availability/blocks/${blockedDay}`]: () =>
      jsonResponse({ success: true, message: 'Day unblocked.', dates: [blockedDay] }),
    [`DELETE /api/availability/blocks/${month}-03`]: (url) => {
      const to = new URL(url, 'http://localhost').searchParams.get('to') ?? `${month}-03`;
      const removed = blocks.filter((block) => block.date >= `${month}-03` && block.date <= to);
      blocks.splice(0, blocks.length, ...blocks.filter((block) => !removed.includes(block)));
      return jsonResponse({
        success: true,
        message: `${removed.length} days unblocked.`,
        dates: removed.map((block) => block.date),
      });
    },
    'GET /api/calendar/feed': () => jsonResponse({ success: true, url: FEED }),
    'PATCH /api/user/profile': (_url, init) =>
      jsonResponse({
        success: true,
        message: 'Profile updated successfully',
        user: makeUser({ _id: id, id, role, eventsPerDay: JSON.parse(String(init.body)).eventsPerDay }),
      }),
    'POST /api/calendar/feed': () =>
      jsonResponse({
        success: true,
        url: NEW_FEED,
        message: 'Your calendar link was replaced. The old link no longer works.',
      }),
  });
  const view = renderWithApp(
    <Routes>
      <Route
        path="/dashboard/calendar"
        element={
          <>
            <CalendarPage />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    { route },
  );
  return { fetchMock, ...view };
}

describe('CalendarPage', () => {
  it('shows the month’s bookings as a table and an agenda, status named, linking to the booking', async () => {
    const { fetchMock, container } = renderCalendar('client');
    expect(await screen.findByRole('heading', { level: 1, name: m.title })).toBeTruthy();
    const links = await screen.findAllByRole('link', {
      name: m.openBooking('Garden Wedding', 'Accepted', formatLongDay(eventDay)),
    });
    // The grid's and the agenda's (CSS shows one of them).
    expect(links).toHaveLength(2);
    expect(links[0]?.getAttribute('href')).toBe(`/dashboard/bookings?day=${eventDay}&booking=${BOOKING_ID}`);
    expect(screen.getByRole('table', { name: m.gridCaption(formatMonth(month)) })).toBeTruthy();
    const url = String(callsTo(fetchMock, 'GET /api/bookings/my')[0]?.[0]);
    expect(url).toContain(`from=${month}-01`);
    // A client blocks nothing.
    expect(screen.queryByRole('button', { name: m.blockDay })).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('shows a planner their packages’ bookings, and an admin the bookings they made, not the marketplace’s', async () => {
    const planner = renderCalendar('planner');
    await screen.findAllByRole('link', { name: /^Garden Wedding/ });
    expect(callsTo(planner.fetchMock, 'GET /api/bookings/for-planner')).not.toHaveLength(0);
    expect(callsTo(planner.fetchMock, 'GET /api/bookings/my')).toHaveLength(0);
    planner.unmount();

    const admin = renderCalendar('admin');
    await screen.findAllByRole('link', { name: /^Garden Wedding/ });
    expect(callsTo(admin.fetchMock, 'GET /api/bookings/my')).not.toHaveLength(0);
    expect(callsTo(admin.fetchMock, 'GET /api/bookings/for-planner')).toHaveLength(0);
  });

  it('keeps the month in the address', async () => {
    renderCalendar('client');
    const next = await screen.findByRole('link', { name: m.showNext(formatMonth(shiftMonth(month, 1))) });
    fireEvent.click(next);
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        `/dashboard/calendar?month=${shiftMonth(month, 1)}`,
      ),
    );
    expect(
      await screen.findByRole('heading', { level: 2, name: formatMonth(shiftMonth(month, 1)) }),
    ).toBeTruthy();
  });

  it('marks today: its cell is the current date and says Today', async () => {
    const { container } = renderCalendar('client', '/dashboard/calendar');
    await screen.findByRole('table', { name: m.gridCaption(formatMonth(monthOf(today))) });
    const marked = container.querySelectorAll('td[aria-current="date"]');
    expect(marked).toHaveLength(1);
    const cell = marked[0] as HTMLElement;
    expect(within(cell).getByText(m.today)).toBeTruthy();
    expect(
      within(cell).getByRole('button', { name: new RegExp(`^${formatLongDay(today)}:.*${m.todayWord}$`) }),
    ).toBeTruthy();
    // No other day says Today.
    expect(screen.getAllByText(m.today)).toHaveLength(1);
  });

  it('names and colours each status: its own word and its own badge', async () => {
    const statuses = ['pending', 'accepted', 'cancelled', 'rejected', 'completed'] as const;
    const dayOf = (index: number) => `${month}-${String(3 + index).padStart(2, '0')}`;
    const bookings = statuses.map((status, index) =>
      makeBooking({
        _id: `booking-${status}`,
        status,
        eventDate: dayOf(index),
        package: { ...makeBooking().package, title: `Event ${status}` },
      }),
    );
    renderCalendar('client', undefined, bookings);
    const table = await screen.findByRole('table');
    // Each booking's badge, inside its link in the grid.
    const badgeOf = (status: (typeof statuses)[number], index: number) => {
      const word = bookingsMessages.statusLabels[status];
      const [link] = within(table).getAllByRole('link', {
        name: m.openBooking(`Event ${status}`, word, formatLongDay(dayOf(index))),
      });
      return within(link!).getByText(word);
    };
    const badges = statuses.map(badgeOf);
    // Colour is never the only sign: each badge carries its word...
    expect(badges.map((badge) => badge.textContent)).toEqual(
      statuses.map((status) => bookingsMessages.statusLabels[status]),
    );
    // ...and each status its own colour, the legend's.
    const colours = badges.map((badge) => badge.className);
    expect(new Set(colours).size).toBe(statuses.length);
    const legend = screen.getByRole('list', { name: m.legendTitle });
    for (const [index, status] of statuses.entries()) {
      expect(within(legend).getByText(bookingsMessages.statusLabels[status]).className).toBe(colours[index]);
    }
    expect(colours[statuses.indexOf('pending')]).toMatch(/\bbg-brand-100\b/);
    expect(colours[statuses.indexOf('accepted')]).toMatch(/\bbg-blue-100\b/);
    expect(colours[statuses.indexOf('cancelled')]).toMatch(/\bbg-stone-100\b/);
  });

  it('goes back a month with the previous-month link', async () => {
    renderCalendar('client');
    const previous = await screen.findByRole('link', {
      name: m.showPrevious(formatMonth(shiftMonth(month, -1))),
    });
    fireEvent.click(previous);
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        `/dashboard/calendar?month=${shiftMonth(month, -1)}`,
      ),
    );
    expect(
      await screen.findByRole('heading', { level: 2, name: formatMonth(shiftMonth(month, -1)) }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: formatMonth(month) })).toBeNull();
  });

  it('saves how many events a day a planner takes, and refuses 0 and 21 without sending', async () => {
    const { fetchMock } = renderCalendar('planner');
    const input = await screen.findByRole('spinbutton', { name: m.eventsPerDayTitle });
    expect(screen.getByText(m.eventsPerDayText(1))).toBeTruthy();
    const section = input.closest('section')!;
    const save = within(section).getByRole('button', { name: m.save });

    for (const bad of ['0', '21']) {
      fireEvent.change(input, { target: { value: bad } });
      fireEvent.click(save);
      expect(await within(section).findByText(calendarMessages.eventsPerDayRange)).toBeTruthy();
      expect(input.getAttribute('aria-invalid')).toBe('true');
    }
    expect(callsTo(fetchMock, 'PATCH /api/user/profile')).toHaveLength(0);

    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.click(save);
    expect(await within(section).findByText(m.eventsPerDayText(3))).toBeTruthy();
    const calls = callsTo(fetchMock, 'PATCH /api/user/profile');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.[1]?.body))).toEqual({ eventsPerDay: 3 });
    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    expect(within(section).queryByText(calendarMessages.eventsPerDayRange)).toBeNull();
  });

  it('lets a planner block and unblock days', async () => {
    const { fetchMock } = renderCalendar('planner');
    const table = await screen.findByRole('table');
    await within(table).findByText(m.blocked);
    const freeDay = `${month}-15`;
    fireEvent.click(within(table).getByRole('button', { name: m.dayCell(formatLongDay(freeDay), []) }));
    fireEvent.change(screen.getByLabelText(m.blockNote), { target: { value: 'Travel' } });
    fireEvent.click(screen.getByRole('button', { name: m.blockDay }));
    expect(await screen.findByText('Day blocked. No new requests can be made for it.')).toBeTruthy();
    const [, init] = callsTo(fetchMock, 'POST /api/availability/blocks')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ date: freeDay, note: 'Travel' });

    fireEvent.click(
      within(table).getByRole('button', { name: m.dayCell(formatLongDay(blockedDay), [m.blockedWord]) }),
    );
    expect(screen.getByText(new RegExp(m.noteIs('Family')))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: m.unblockDay }));
    expect(await screen.findByText('Day unblocked.')).toBeTruthy();
  });

  it('is a month grid of day buttons on every screen, each named with its bookings and block', async () => {
    const { container } = renderCalendar('planner');
    const table = await screen.findByRole('table', { name: m.gridCaption(formatMonth(month)) });
    // Seven columns, every day a button (no class hides the grid on a phone).
    expect(table.className).not.toMatch(/(^|\s)hidden(\s|$)/);
    expect(within(table).getAllByRole('columnheader')).toHaveLength(7);
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    const daysInMonth = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
    expect(within(table).getAllByRole('button')).toHaveLength(daysInMonth);
    await within(table).findByRole('button', {
      name: m.dayCell(formatLongDay(blockedDay), [m.blockedWord]),
    });
    expect(
      within(table).getByRole('button', { name: m.dayCell(formatLongDay(eventDay), [m.bookingsCount(1)]) }),
    ).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('opens a tapped day below the grid with its bookings; a client gets no block controls', async () => {
    renderCalendar('client');
    const table = await screen.findByRole('table');
    await within(table).findByRole('button', {
      name: m.dayCell(formatLongDay(eventDay), [m.bookingsCount(1)]),
    });
    fireEvent.click(
      within(table).getByRole('button', { name: m.dayCell(formatLongDay(eventDay), [m.bookingsCount(1)]) }),
    );
    const panel = await screen.findByRole('region', { name: m.selectedDay(formatLongDay(eventDay)) });
    await waitFor(() =>
      expect(document.activeElement?.textContent).toBe(m.selectedDay(formatLongDay(eventDay))),
    );
    expect(
      within(panel).getByRole('link', {
        name: m.openBooking('Garden Wedding', 'Accepted', formatLongDay(eventDay)),
      }),
    ).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: m.blockDay })).toBeNull();
    expect(screen.queryByRole('button', { name: m.rangeStart })).toBeNull();
  });

  it('lets a planner block several days with two taps, and unblock them', async () => {
    const { fetchMock, container } = renderCalendar('planner');
    const table = await screen.findByRole('table');
    await within(table).findByText(m.blocked);
    const first = `${month}-03`;
    const last = `${month}-05`;
    fireEvent.click(screen.getByRole('button', { name: m.rangeStart }));
    expect(screen.getByRole('button', { name: m.rangeStart }).getAttribute('aria-pressed')).toBe('true');
    const panel = screen.getByRole('region', { name: m.rangeTitle });
    fireEvent.click(within(table).getByRole('button', { name: m.dayCell(formatLongDay(first), []) }));
    expect(within(panel).getByRole('status').textContent).toBe(m.rangePickLast(formatLongDay(first)));
    fireEvent.click(within(table).getByRole('button', { name: m.dayCell(formatLongDay(last), []) }));
    expect((within(panel).getByLabelText(m.rangeFrom) as HTMLInputElement).value).toBe(first);
    expect((within(panel).getByLabelText(m.rangeTo) as HTMLInputElement).value).toBe(last);
    expect(within(panel).getByRole('status').textContent).toBe(
      m.rangeChosen(formatLongDay(first), formatLongDay(last), 3),
    );
    // The chosen days are pressed and say so.
    expect(
      within(table)
        .getByRole('button', { name: m.dayCell(formatLongDay(`${month}-04`), [m.inRangeWord]) })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await expectNoAxeViolations(container);

    fireEvent.change(within(panel).getByLabelText(m.blockNote), { target: { value: 'Leave' } });
    fireEvent.click(within(panel).getByRole('button', { name: m.rangeBlock }));
    expect(
      await within(panel).findByText('3 days blocked. No new requests can be made for them.'),
    ).toBeTruthy();
    const [, init] = callsTo(fetchMock, 'POST /api/availability/blocks')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ date: first, to: last, note: 'Leave' });
    await within(table).findByRole('button', {
      name: m.dayCell(formatLongDay(`${month}-04`), [m.blockedWord, m.inRangeWord]),
    });

    fireEvent.click(within(panel).getByRole('button', { name: m.rangeUnblock }));
    expect(await within(panel).findByText('3 days unblocked.')).toBeTruthy();
    const [url] = callsTo(fetchMock, `DELETE /api/availability/blocks/${first}`)[0] ?? [];
    expect(String(url)).toContain(`?to=${last}`);

    fireEvent.click(within(panel).getByRole('button', { name: m.rangeCancel }));
    expect(screen.queryByRole('region', { name: m.rangeTitle })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: m.rangeStart }));
  });

  it('refuses a backwards range typed in the fields without sending it', async () => {
    const { fetchMock } = renderCalendar('planner');
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: m.rangeStart }));
    const panel = screen.getByRole('region', { name: m.rangeTitle });
    fireEvent.change(within(panel).getByLabelText(m.rangeFrom), { target: { value: `${month}-10` } });
    fireEvent.change(within(panel).getByLabelText(m.rangeTo), { target: { value: `${month}-08` } });
    fireEvent.click(within(panel).getByRole('button', { name: m.rangeBlock }));
    expect(await within(panel).findByText(calendarMessages.blockRangeBackwards)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/availability/blocks')).toHaveLength(0);
  });

  it('offers the feed: Google, webcal, copy with a confirmation, and replace after asking', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderCalendar('client');
    const address = (await screen.findByLabelText(m.feedAddressLabel)) as HTMLInputElement;
    expect(address.value).toBe(FEED);
    expect(
      screen.getByRole('link', { name: `${m.addToGoogle} ${m.opensInNewTab}` }).getAttribute('href'),
    ).toBe(
      `https://calendar.google.com/calendar/render?cid=${encodeURIComponent('webcal://localhost:3000/api/calendar/abc123.ics')}`,
    );
    expect(screen.getByRole('link', { name: m.subscribeApple }).getAttribute('href')).toBe(
      'webcal://localhost:3000/api/calendar/abc123.ics',
    );
    fireEvent.click(screen.getByRole('button', { name: m.copyLink }));
    expect(await screen.findByText(m.copied)).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(FEED);

    fireEvent.click(screen.getByRole('button', { name: m.replaceLink }));
    const dialog = await screen.findByRole('dialog', { name: m.replaceTitle });
    expect(within(dialog).getByText(m.replaceText)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: m.replaceConfirm }));
    await waitFor(() => expect(address.value).toBe(NEW_FEED));
  });

  it('shows the address selected when the clipboard refuses', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
      configurable: true,
    });
    renderCalendar('client');
    const address = (await screen.findByLabelText(m.feedAddressLabel)) as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: m.copyLink }));
    expect(await screen.findByText(m.copyFailed)).toBeTruthy();
    expect(document.activeElement).toBe(address);
  });
});
