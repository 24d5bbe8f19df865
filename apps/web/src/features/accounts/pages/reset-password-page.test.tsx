import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, mockFetch, signedOut } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import ResetPasswordPage from './reset-password-page';

const TOKEN = 'a'.repeat(43);

function renderPage(route = '/reset-password') {
  return renderWithApp(
    <Routes>
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/login" element={<h1>Login page</h1>} />
    </Routes>,
    { route },
  );
}

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const isDisabled = (element: Element) => element.matches(':disabled');

afterEach(() => {
  vi.useRealTimers();
});

describe('ResetPasswordPage, request mode', () => {
  it('asks for the address, sends it, shows Check Your Email with the address, and can try again', async () => {
    const fetchMock = mockFetch({
      ...signedOut(),
      'POST /api/auth/request-password-reset': () =>
        jsonResponse({
          success: true,
          message: 'If an account exists for that email, a link to reset its password is on its way.',
        }),
    });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe(
      '/login?mode=login',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Please enter your email address')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/auth/request-password-reset')).toHaveLength(0);

    type('Email', 'grace@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check Your Email' })).toBeTruthy();
    expect(
      screen.getByText('If an account exists for that email, a link to reset its password is on its way.'),
    ).toBeTruthy();
    expect(screen.getByText('grace@example.com')).toBeTruthy();
    expect(
      JSON.parse(String(callsTo(fetchMock, 'POST /api/auth/request-password-reset')[0]?.[1]?.body)),
    ).toEqual({ email: 'grace@example.com' });
    expect(screen.getByRole('link', { name: 'Back to Login' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: "Didn't receive it? Try again" }));
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('grace@example.com');
  });

  it('reads Sending... with the button disabled while the request runs, and sends once', async () => {
    const fetchMock = mockFetch({
      ...signedOut(),
      'POST /api/auth/request-password-reset': () => new Promise<Response>(() => {}),
    });
    renderPage();
    type('Email', 'grace@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    const busy = await screen.findByRole('button', { name: 'Sending...' });
    expect(isDisabled(busy)).toBe(true);
    fireEvent.submit(busy.closest('form') as HTMLFormElement);
    expect(callsTo(fetchMock, 'POST /api/auth/request-password-reset')).toHaveLength(1);
  });

  it("shows the server's message when the request is refused", async () => {
    mockFetch({
      ...signedOut(),
      'POST /api/auth/request-password-reset': () =>
        jsonResponse(
          {
            success: false,
            code: 'RATE_LIMITED',
            message: 'Too many requests. Please try again in about 15 minutes.',
          },
          429,
        ),
    });
    renderPage();
    type('Email', 'grace@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests. Please try again in about 15 minutes.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeTruthy();
  });
});

describe('ResetPasswordPage, reset mode', () => {
  it('enters reset mode by itself when the address has a token', () => {
    mockFetch(signedOut());
    renderPage(`/reset-password?token=${TOKEN}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a New Password' })).toBeTruthy();
    expect(screen.getByLabelText(/^New password/)).toBeTruthy();
    expect(screen.getByLabelText('Confirm new password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send Reset Link' })).toBeNull();
  });

  it("checks the fields with the specification's texts before sending", async () => {
    const fetchMock = mockFetch(signedOut());
    renderPage(`/reset-password?token=${TOKEN}`);
    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));

    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in all fields');
    expect(screen.getByLabelText(/^New password/).getAttribute('aria-invalid')).toBe('true');

    type(/^New password/, 'long-enough-1');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in all fields');

    type('Confirm new password', 'long-enough-2');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Passwords do not match');
    expect(screen.getByLabelText('Confirm new password').getAttribute('aria-invalid')).toBe('true');

    type(/^New password/, 'short');
    type('Confirm new password', 'short');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Password must be at least 8 characters long.',
    );

    expect(callsTo(fetchMock, 'POST /api/auth/reset-password')).toHaveLength(0);
  });

  it('sends the token and the new password, shows the message and goes to /login 2 seconds later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockFetch({
      ...signedOut(),
      'POST /api/auth/reset-password': () =>
        jsonResponse({ success: true, message: 'Your password has been reset. You can now log in.' }),
    });
    renderPage(`/reset-password?token=${TOKEN}`);
    type(/^New password/, 'brand-new-password');
    type('Confirm new password', 'brand-new-password');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));

    const status = await screen.findByRole('status', {}, { timeout: 1000 });
    expect(status.textContent).toContain('Your password has been reset. You can now log in.');
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/auth/reset-password')[0]?.[1]?.body))).toEqual({
      token: TOKEN,
      newPassword: 'brand-new-password',
    });

    act(() => {
      vi.advanceTimersByTime(1900);
    });
    expect(screen.queryByRole('heading', { name: 'Login page' })).toBeNull();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.getByRole('heading', { name: 'Login page' })).toBeTruthy();
  });

  it("shows the server's message for a bad link and offers a new one", async () => {
    mockFetch({
      ...signedOut(),
      'POST /api/auth/reset-password': () =>
        jsonResponse(
          {
            success: false,
            code: 'VALIDATION',
            message: 'This reset link is invalid or has expired. Please ask for a new one.',
          },
          400,
        ),
    });
    renderPage(`/reset-password?token=${TOKEN}`);
    type(/^New password/, 'brand-new-password');
    type('Confirm new password', 'brand-new-password');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(
      await screen.findByText('This reset link is invalid or has expired. Please ask for a new one.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ask for a new link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset Password' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeTruthy();
  });
});
