import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, mockFetch, signedOut } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { LocationProbe } from '@/test/location-probe';
import { renderWithApp } from '@/test/render';
import LoginPage from './login-page';

function renderLogin(state?: unknown, search = '') {
  return renderWithApp(
    <>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/" element={<p>Home page</p>} />
        <Route path="/dashboard" element={<p>Dashboard page</p>} />
        <Route path="/dashboard/packages" element={<p>My packages page</p>} />
        <Route path="/packages/:id" element={<p>Package page</p>} />
      </Routes>
      <LocationProbe />
    </>,
    { route: { pathname: '/login', search, state } },
  );
}

const signedIn = (user: ReturnType<typeof makeUser>) => () => jsonResponse({ success: true, user });

/** Logs in on the login form with the server answering `user`. */
async function logInAs(user: ReturnType<typeof makeUser>, state?: unknown, search = '?mode=login') {
  mockFetch({
    ...signedOut(),
    'POST /api/auth/login': () =>
      jsonResponse({ success: true, message: 'Successfully logged in!', token: 'tok-1', user }),
    'GET /api/user/data': () => jsonResponse({ success: true, userData: user }),
  });
  renderLogin(state, search);
  type('Email', user.email);
  type('Password', 'whatever-it-is');
  fireEvent.click(await screen.findByRole('button', { name: 'Login' }));
}

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const isDisabled = (element: Element) => element.matches(':disabled');

describe('LoginPage', () => {
  it('starts on Sign Up and toggles to Login and back', () => {
    mockFetch(signedOut());
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
    mockFetch(signedOut());
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

  it('opens on Login when sent to log in (the top bar, a password reset)', () => {
    mockFetch(signedOut());
    renderLogin(undefined, '?mode=login');
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(screen.queryByLabelText('Full Name')).toBeNull();
    // No note: nobody was on the way anywhere.
    expect(screen.queryByText(/you'll come back/)).toBeNull();
  });

  it('says why it opened on the way to a page, and on the way to book a package', () => {
    mockFetch(signedOut());
    const { unmount } = renderLogin(
      undefined,
      `?mode=login&next=${encodeURIComponent('/dashboard/packages')}`,
    );
    expect(
      screen.getByText("Log in or create an account to continue; you'll come back to where you were."),
    ).toBeTruthy();
    unmount();
    renderLogin(undefined, `?mode=login&next=${encodeURIComponent('/packages/p1?book=1')}`);
    expect(screen.getByText('Please log in as a client or admin to book packages.')).toBeTruthy();
  });

  it('sends someone already signed in on to where they were headed, never showing the form', async () => {
    const client = makeUser({ role: 'client' });
    mockFetch({ 'GET /api/auth/is-auth': signedIn(client) });
    renderLogin(undefined, `?next=${encodeURIComponent('/packages/p1?book=1')}`);
    expect(await screen.findByText('Package page')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/packages/p1?book=1');
    expect(screen.queryByRole('heading', { name: 'Create Account' })).toBeNull();
  });

  it('sends a signed-in planner with nowhere to go to the dashboard, a client home', async () => {
    mockFetch({ 'GET /api/auth/is-auth': signedIn(makeUser({ role: 'planner' })) });
    const { unmount } = renderLogin();
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    unmount();
    mockFetch({ 'GET /api/auth/is-auth': signedIn(makeUser({ role: 'client' })) });
    renderLogin();
    expect(await screen.findByText('Home page')).toBeTruthy();
  });

  it('takes a planner to the dashboard after login, even from the page they came from', async () => {
    await logInAs(makeUser({ role: 'planner' }), { from: { pathname: '/packages/p1' } });
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
  });

  it('takes an admin to the dashboard after login', async () => {
    await logInAs(makeUser({ role: 'admin' }));
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
  });

  it('takes a client back to the page they came from after login', async () => {
    await logInAs(makeUser({ role: 'client' }), { from: { pathname: '/packages/p1', search: '' } });
    expect(await screen.findByText('Package page')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/packages/p1');
  });

  it('takes anyone to where they were headed after login, a planner included', async () => {
    await logInAs(
      makeUser({ role: 'planner' }),
      undefined,
      `?mode=login&next=${encodeURIComponent('/dashboard/packages')}`,
    );
    expect(await screen.findByText('My packages page')).toBeTruthy();
  });

  it('never follows a next address off the site', async () => {
    for (const next of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      const { unmount } = renderWithApp(<p>reset</p>);
      unmount();
      await logInAs(makeUser({ role: 'client' }), undefined, `?mode=login&next=${encodeURIComponent(next)}`);
      expect(await screen.findByText('Home page')).toBeTruthy();
      expect(screen.getByTestId('location').textContent).toBe('/');
      cleanup();
      window.localStorage.clear();
    }
  });

  it('shows inline errors and sends nothing when fields are missing or the password is short', async () => {
    const fetchMock = mockFetch(signedOut());
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
      ...signedOut(),
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
      ...signedOut(),
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

  it('shows six refusals as one message in the form, never a stack of toasts', async () => {
    let tries = 0;
    mockFetch({
      ...signedOut(),
      'POST /api/auth/login': () => {
        tries += 1;
        return tries < 6
          ? jsonResponse(
              { success: false, message: 'Invalid email or password.', code: 'UNAUTHENTICATED' },
              401,
            )
          : jsonResponse(
              {
                success: false,
                message: 'Too many requests. Please try again in about 15 minutes.',
                code: 'RATE_LIMITED',
              },
              429,
            );
      },
    });
    renderLogin(undefined, '?mode=login');
    type('Email', 'grace@example.com');
    type('Password', 'wrong-password');
    for (let i = 1; i <= 6; i++) {
      const button = screen.getByRole('button', { name: 'Login' });
      await waitFor(() => expect(isDisabled(button)).toBe(false));
      fireEvent.click(button);
      await waitFor(() => expect(tries).toBe(i));
      await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(1));
    }
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Too many requests. Please try again in about 15 minutes.',
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText('Invalid email or password.')).toBeNull();
    expect(screen.queryByText('Logging in...', { selector: '.Toastify *' })).toBeNull();
  });

  it('shows the server message when login fails and lets the user try again', async () => {
    mockFetch({
      ...signedOut(),
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
      ...signedOut(),
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
