import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BOOKING_ID, CLIENT_ID, PLANNER_ID } from '@/test/booking-fixtures';
import { type FakeChatConnection, latestChatConnection } from '@/test/fake-chat';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { SiteHeader } from './site-header';

let unread = 0;
function loggedIn(total: number) {
  unread = total;
  mockFetch({
    'GET /api/auth/is-auth': () =>
      jsonResponse({ success: true, user: makeUser({ _id: PLANNER_ID, id: PLANNER_ID, role: 'planner' }) }),
    'GET /api/chat/unread': () =>
      jsonResponse({ success: true, total: unread, byBooking: { [BOOKING_ID]: unread } }),
  });
}

const notification = {
  bookingId: BOOKING_ID,
  packageId: 'p1',
  packageTitle: 'Garden Wedding',
  sender: { _id: CLIENT_ID, username: 'Brian Otieno' },
  message: {
    _id: 'm1',
    booking: BOOKING_ID,
    sender: { _id: CLIENT_ID, username: 'Brian Otieno' },
    receiver: PLANNER_ID,
    content: 'Hi',
    createdAt: '2026-03-02T09:00:00.000Z',
  },
};

/**
 * A link whose accessible name is `expected`. happy-dom reads a space before the badge's words that
 * a browser may not; either reads the same.
 */
const named = (expected: string) => (name: string) => name.replace(/\s+,/g, ',') === expected;

describe('the top bar’s Dashboard link', () => {
  it('carries the unread chat total in its name, and counts a new message at once', async () => {
    loggedIn(3);
    renderWithApp(<SiteHeader />);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const link = await within(nav).findByRole(
      'link',
      { name: named('Dashboard, 3 unread messages') },
      { timeout: 4000 },
    );
    expect(link.getAttribute('href')).toBe('/dashboard');
    expect(within(link).getByText('3')).toBeTruthy();

    const connection = latestChatConnection() as FakeChatConnection;
    unread = 4;
    act(() => connection.notify(notification));
    expect(await within(nav).findByRole('link', { name: named('Dashboard, 4 unread messages') })).toBe(link);
  });

  it('is just Dashboard with nothing unread', async () => {
    loggedIn(0);
    renderWithApp(<SiteHeader />);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(latestChatConnection()).toBeTruthy());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeTruthy();
  });
});
