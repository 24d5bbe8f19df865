import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { callsTo, guestReply, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import LoginPage from './login-page';

function renderLogin(state?: unknown) {
  return renderWithApp(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/" element={<p>Home page</p>} />
    </Routes>,
    { route: { pathname: '/login', state } },
  );
}

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const isDisabled = (element: Element) => element.matches(':disabled');

describe('LoginPage', () => {
  it('starts on Sign Up and toggles to Login and back', () => {
    mockFetch({ 'GET /api/auth/is-auth': () => jsonResponse(guestReply) });
    renderLogin();

    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeTruthy();
    expect(screen.getByLabelText('Full Name')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Role' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Client' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Planner' })).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText(/^Password/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/reset-password',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(screen.queryByLabelText('Full Name')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Role' })).toBeNull();
    expect(screen.getByLabelText('Email')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeTruthy();
  });

  it('says that creating an account accepts the Terms and the Privacy notice, with links to both', () => {
    mockFetch({ 'GET /api/auth/is-auth': () => jsonResponse(guestReply) });
    renderLogin();

    const consent = 'By creating an account you accept the Terms and the Privacy notice.';
    expect(
      screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === consent),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy notice' }).getAttribute('href')).toBe('/privacy');

    // Logging in accepts nothing new.
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.queryByText(/you accept the/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Privacy notice' })).toBeNull();
  });

  it('opens on Login when sent to log in (after a password reset)', () => {
    mockFetch({ 'GET /api/auth/is-auth': () => jsonResponse(guestReply) });
    renderLogin({ mode: 'login' });
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(screen.queryByLabelText('Full Name')).toBeNull();
  });

  it('shows inline errors and sends nothing when fields are missing or the password is short', async () => {
    const fetchMock = mockFetch({ 'GET /api/auth/is-auth': () => jsonResponse(guestReply) });
    renderLogin();

    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Full name is required.')).toBeTruthy();
    expect(screen.getByText('Email is required.')).toBeTruthy();
    expect(screen.getByText('Password is required.')).toBeTruthy();

    type('Full Name', 'Amina Otieno');
    type('Email', 'amina@example.com');
    type(/^Password/, 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Password must be at least 8 characters long.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/auth/register')).toHaveLength(0);
  });

  it('reads Creating... with every field disabled while signing up, and ignores a second submit', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/is-auth': () => jsonResponse(guestReply),
      'POST /api/auth/register': () => new Promise<Response>(() => {}),
    });
    renderLogin();

    type('Full Name', 'Amina Otieno');
    fireEvent.change(screen.getByRole('combobox', { name: 'Role' }), { target: { value: 'planner' } });
    type('Email', 'amina@example.com');
    type(/^Password/, 'long-enough-password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    const button = await screen.findByRole('button', { name: 'Creating...' });
    expect(isDisabled(button)).toBe(true);
    for (const field of ['Full Name', 'Email', /^Password/])
      expect(isDisabled(screen.getByLabelText(field))).toBe(true);
    expect(isDisabled(screen.getByRole('combobox', { name: 'Role' }))).toBe(true);
    expect(await screen.findByText('Creating account...')).toBeTruthy();

    fireEvent.submit(button.closest('form') as HTMLFormElement);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const calls = callsTo(fetchMock, 'POST /api/auth/register');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.[1]?.body))).toEqual({
      username: 'Amina Otieno',
      email: 'amina@example.com',
      password: 'long-enough-password',
      role: 'planner',
    });
  });

  it('logs in, keeps the token, reloads the user and goes home', async () => {
    const user = makeUser();
    const fetchMock = mockFetch({
      'GET /api/auth/is-auth': () => jsonResponse(guestReply),
      'POST /api/auth/login': () =>
        jsonResponse({ success: true, message: 'Successfully logged in!', token: 'tok-123', user }),
      'GET /api/user/data': () => jsonResponse({ success: true, userData: user }),
    });
    renderLogin();

    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    type('Email', 'grace@example.com');
    type('Password', 'whatever-it-is');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(await screen.findByText('Successfully logged in!')).toBeTruthy();
    expect(window.localStorage.getItem('token')).toBe('tok-123');
    expect(callsTo(fetchMock, 'GET /api/user/data')).toHaveLength(1);
  });

  it('shows the server message when login fails and lets the user try again', async () => {
    mockFetch({
      'GET /api/auth/is-auth': () => jsonResponse(guestReply),
      'POST /api/auth/login': () =>
        jsonResponse({ success: false, message: 'Invalid email or password.', code: 'UNAUTHENTICATED' }, 401),
    });
    renderLogin();

    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    type('Email', 'grace@example.com');
    type('Password', 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Invalid email or password.')).toBeTruthy();
    await waitFor(() => expect(isDisabled(screen.getByRole('button', { name: 'Login' }))).toBe(false));
    expect(isDisabled(screen.getByLabelText('Email'))).toBe(false);
  });

  it("puts the server's field errors next to their fields", async () => {
    mockFetch({
      'GET /api/auth/is-auth': () => jsonResponse(guestReply),
      'POST /api/auth/register': () =>
        jsonResponse(
          {
            success: false,
            message: 'An account with this email already exists.',
            code: 'CONFLICT',
            errors: [{ path: 'email', message: 'An account with this email already exists.' }],
          },
          409,
        ),
    });
    renderLogin();
    type('Full Name', 'Amina Otieno');
    type('Email', 'amina@example.com');
    type(/^Password/, 'long-enough-password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() =>
      expect(screen.getAllByText('An account with this email already exists.')).toHaveLength(2),
    );
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });
});
