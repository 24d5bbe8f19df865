import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { callsTo, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { NotificationSettingsCard } from './notification-settings-card';

afterEach(() => vi.restoreAllMocks());

const allOn = {
  sms: { bookings: true, payments: true, reminders: true, chat: true },
  email: { bookings: true, payments: true, reminders: true, chat: true },
};
const reply = (extra: Record<string, unknown> = {}) =>
  jsonResponse({ success: true, notifications: allOn, smsPhone: null, smsStopped: false, ...extra });

describe('NotificationSettingsCard', () => {
  it('shows the eight switches, says SMS needs a verified phone, and saves only what changed', async () => {
    const fetchMock = mockFetch({
      'GET /api/user/notifications': () => reply(),
      'PATCH /api/user/notifications': () =>
        reply({ notifications: { ...allOn, sms: { ...allOn.sms, chat: false } } }),
    });
    const { container } = renderWithApp(<NotificationSettingsCard />);
    const chat = await screen.findByRole('checkbox', { name: 'Unread chat messages by SMS' });
    expect(screen.getAllByRole('checkbox')).toHaveLength(8);
    expect(screen.getByText(/SMS needs a verified phone number/)).toBeTruthy();
    expect((chat as HTMLInputElement).checked).toBe(true);
    fireEvent.click(chat);
    fireEvent.click(screen.getByRole('button', { name: 'Save notifications' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH /api/user/notifications')).toHaveLength(1));
    const body = JSON.parse(String(callsTo(fetchMock, 'PATCH /api/user/notifications')[0]?.[1]?.body));
    expect(body).toEqual({ sms: { chat: false } });
    await waitFor(() =>
      expect(
        (screen.getByRole('checkbox', { name: 'Unread chat messages by SMS' }) as HTMLInputElement).checked,
      ).toBe(false),
    );
    await expectNoAxeViolations(container);
  });

  it('names the number SMS go to, says when it replied STOP, and shows why a save failed', async () => {
    mockFetch({
      'GET /api/user/notifications': () => reply({ smsPhone: '254712345678', smsStopped: true }),
      'PATCH /api/user/notifications': () =>
        jsonResponse(
          { success: false, code: 'VALIDATION', message: 'sms.bookings must be true or false.' },
          400,
        ),
    });
    renderWithApp(<NotificationSettingsCard />);
    expect(await screen.findByText(/You replied STOP/)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Bookings and quotes by Email' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save notifications' }));
    // Said where the switches are (a toast of an earlier test may still be on screen).
    const refusal = await screen.findByText('sms.bookings must be true or false.');
    expect(refusal.getAttribute('role')).toBe('alert');
  });
});
