import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, mockFetch, signedOut } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import TestEmailPage from './test-email-page';

function fillAndSend(email = 'grace@example.com') {
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send Test Email' }));
}

describe('TestEmailPage', () => {
  it('reads Sending... with the button disabled while busy, and sends once', async () => {
    const fetchMock = mockFetch({
      ...signedOut(),
      'POST /api/auth/test-email': () => new Promise<Response>(() => {}),
    });
    renderWithApp(<TestEmailPage />, { route: '/test-email' });
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByLabelText('Email address').getAttribute('type')).toBe('email');
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    fillAndSend();
    const busy = await screen.findByRole('button', { name: 'Sending...' });
    expect(busy.matches(':disabled')).toBe(true);
    fireEvent.submit(busy.closest('form') as HTMLFormElement);
    expect(callsTo(fetchMock, 'POST /api/auth/test-email')).toHaveLength(1);
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/auth/test-email')[0]?.[1]?.body))).toEqual({
      email: 'grace@example.com',
    });
  });

  it('shows the green success message with a check mark', async () => {
    mockFetch({
      ...signedOut(),
      'POST /api/auth/test-email': () =>
        jsonResponse({ success: true, message: 'Test email sent successfully! Check your inbox.' }),
    });
    renderWithApp(<TestEmailPage />, { route: '/test-email' });
    fillAndSend();
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Test email sent successfully! Check your inbox.');
    expect(status.className).toContain('text-green-800');
    expect(status.querySelector('svg')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send Test Email' })).toBeTruthy();
  });

  it("shows the red failure with the server's message", async () => {
    mockFetch({
      ...signedOut(),
      'POST /api/auth/test-email': () =>
        jsonResponse(
          {
            success: false,
            code: 'MAIL_FAILED',
            message: 'The mail server did not accept the message. Please try again later.',
          },
          502,
        ),
    });
    renderWithApp(<TestEmailPage />, { route: '/test-email' });
    fillAndSend();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Failed to send test email: The mail server did not accept the message. Please try again later.',
    );
    expect(alert.className).toContain('text-red-800');
  });

  it("shows 'Error: ' and the message when the request throws", async () => {
    mockFetch(signedOut());
    renderWithApp(<TestEmailPage />, { route: '/test-email' });
    globalThis.fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    fillAndSend();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error: Network error. Please check your connection.',
    );
  });

  it('checks the address before sending', async () => {
    const fetchMock = mockFetch(signedOut());
    renderWithApp(<TestEmailPage />, { route: '/test-email' });
    fillAndSend('not-an-address');
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/auth/test-email')).toHaveLength(0);
  });
});
