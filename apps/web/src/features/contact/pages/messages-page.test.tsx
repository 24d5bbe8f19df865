import type { ContactMessage } from '@sherehe/shared/schemas/contact';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import MessagesPage from './messages-page';

const admin = makeUser({ role: 'admin' });

function makeMessage(overrides: Partial<ContactMessage> = {}): ContactMessage {
  return {
    _id: 'm1',
    name: 'Grace Wanjiku',
    email: 'grace@example.com',
    message: 'Do you cover Kisumu?\nWe are 80 guests.',
    priority: false,
    user: { _id: 'u1', username: 'Grace W', role: 'client' },
    createdAt: '2026-12-14T09:30:00.000Z',
    ...overrides,
  };
}

describe('MessagesPage', () => {
  it('lists messages with email link, date, text, priority marker and profile link', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/is-auth': () => jsonResponse({ success: true, user: admin }),
      'GET /api/messages': () =>
        jsonResponse({
          success: true,
          messages: [
            makeMessage({ _id: 'm2', name: 'Otieno Events', priority: true, user: null }),
            makeMessage(),
          ],
          total: 12,
          page: 1,
          pages: 2,
        }),
    });
    renderWithApp(<MessagesPage />, { route: '/dashboard/messages' });
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeTruthy();
    const first = (await screen.findByRole('heading', { name: 'Otieno Events' })).closest(
      'article',
    ) as HTMLElement;
    expect(within(first).getByText('Priority')).toBeTruthy();
    expect(within(first).queryByRole('link', { name: /profile/ })).toBeNull();

    const second = screen.getByRole('heading', { name: 'Grace Wanjiku' }).closest('article') as HTMLElement;
    expect(within(second).queryByText('Priority')).toBeNull();
    expect(within(second).getByRole('link', { name: 'grace@example.com' }).getAttribute('href')).toBe(
      'mailto:grace@example.com',
    );
    expect(within(second).getByText('Mon, 14 Dec 2026, 12:30')).toBeTruthy();
    expect(within(second).getByText(/Do you cover Kisumu\?/)).toBeTruthy();
    expect(within(second).getByRole('link', { name: "View Grace W's profile" }).getAttribute('href')).toBe(
      '/user/u1',
    );
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    const url = new URL(String(callsTo(fetchMock, 'GET /api/messages')[0]?.[0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '1', limit: '10' });
  });

  it('says when there are no messages', async () => {
    mockFetch({
      'GET /api/auth/is-auth': () => jsonResponse({ success: true, user: admin }),
      'GET /api/messages': () => jsonResponse({ success: true, messages: [], total: 0, page: 1, pages: 1 }),
    });
    renderWithApp(<MessagesPage />, { route: '/dashboard/messages' });
    expect(await screen.findByText('No messages yet.')).toBeTruthy();
  });

  it('says Failed to load messages. with Try Again', async () => {
    mockFetch({
      'GET /api/auth/is-auth': () => jsonResponse({ success: true, user: admin }),
      'GET /api/messages': () => jsonResponse({ success: false, code: 'FORBIDDEN', message: 'x' }, 403),
    });
    renderWithApp(<MessagesPage />, { route: '/dashboard/messages' });
    expect(await screen.findByText('Failed to load messages.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
