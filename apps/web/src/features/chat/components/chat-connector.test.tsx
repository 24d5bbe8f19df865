import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BOOKING_ID, CLIENT_ID, PLANNER_ID } from '@/test/booking-fixtures';
import { type FakeChatConnection, fakeChatConnections, latestChatConnection } from '@/test/fake-chat';
import { jsonResponse, mockFetch, signedOut } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { useChat } from '../hooks/use-chat';
import { BookingsUnreadBadge } from './bookings-unread-badge';
import { ChatPanel } from './chat-panel';

function Status() {
  return <p>{useChat().status}</p>;
}

const notification = (bookingId: string, username = 'Brian Otieno') => ({
  bookingId,
  packageId: 'p1',
  packageTitle: 'Garden Wedding',
  sender: { _id: CLIENT_ID, username },
  message: {
    _id: 'm1',
    booking: bookingId,
    sender: { _id: CLIENT_ID, username },
    receiver: PLANNER_ID,
    content: 'Hi',
    createdAt: '2026-03-02T09:00:00.000Z',
  },
});

function loggedIn(total = 0) {
  mockFetch({
    'GET /api/auth/is-auth': () =>
      jsonResponse({ success: true, user: makeUser({ _id: PLANNER_ID, id: PLANNER_ID, role: 'planner' }) }),
    'GET /api/chat/unread': () => jsonResponse({ success: true, total, byBooking: { [BOOKING_ID]: total } }),
  });
}

describe('chat connection and notifications', () => {
  it('opens no socket for a guest', async () => {
    mockFetch(signedOut());
    renderWithApp(<Status />);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(fakeChatConnections).toHaveLength(0);
    expect(screen.getByText('disconnected')).toBeTruthy();
  });

  it('opens one socket after login, with the stored token, and reports its state', async () => {
    window.localStorage.setItem('token', 'tok-123');
    loggedIn();
    renderWithApp(<Status />);
    await waitFor(() => expect(latestChatConnection()).toBeTruthy());
    const connection = latestChatConnection() as FakeChatConnection;
    expect(connection.options.token).toBe('tok-123');
    act(() => connection.setConnected(true));
    expect(await screen.findByText('connected')).toBeTruthy();
    act(() => connection.setConnected(false));
    expect(await screen.findByText('connecting')).toBeTruthy();
    expect(fakeChatConnections.filter((made) => !made.closed)).toHaveLength(1);
  });

  it("toasts 'New message from {name}' (or 'New message received') and counts it as unread", async () => {
    loggedIn(0);
    renderWithApp(<BookingsUnreadBadge />);
    await waitFor(() => expect(latestChatConnection()).toBeTruthy());
    const connection = latestChatConnection() as FakeChatConnection;
    act(() => connection.notify(notification(BOOKING_ID)));
    expect(await screen.findByText('New message from Brian Otieno')).toBeTruthy();
    act(() => connection.notify(notification(BOOKING_ID, '')));
    expect(await screen.findByText('New message received')).toBeTruthy();
  });

  it('shows the unread total on the Bookings badge', async () => {
    loggedIn(3);
    renderWithApp(<BookingsUnreadBadge />);
    expect(await screen.findByText('3 unread messages')).toBeTruthy();
  });

  it('raises no toast for a chat that is on screen', async () => {
    loggedIn();
    renderWithApp(
      <ChatPanel
        bookingId={BOOKING_ID}
        me={{ _id: PLANNER_ID, username: 'W' }}
        other={{ _id: CLIENT_ID, username: 'G' }}
      />,
    );
    await waitFor(() => expect(latestChatConnection()).toBeTruthy());
    const connection = latestChatConnection() as FakeChatConnection;
    act(() => connection.notify(notification(BOOKING_ID)));
    act(() => connection.notify(notification('another-booking', 'Faith')));
    expect(await screen.findByText('New message from Faith')).toBeTruthy();
    expect(screen.queryByText('New message from Brian Otieno')).toBeNull();
  });
});
