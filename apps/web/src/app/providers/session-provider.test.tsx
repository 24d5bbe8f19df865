import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session';
import { callsTo, jsonResponse, mockFetch, signedInAs, signedOut } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';

/** Shows the session as a page would. */
function SessionProbe() {
  const { isChecking, isLoggedIn, user, reloadUser, logout } = useSession();
  if (isChecking) return <p>Checking…</p>;
  return (
    <div>
      <p>{isLoggedIn ? `Logged in as ${user?.username}` : 'Logged out'}</p>
      <button type="button" onClick={() => void reloadUser()}>
        Reload
      </button>
      <button type="button" onClick={() => void logout()}>
        Log out
      </button>
    </div>
  );
}

/** Signed in, Reload asks for the user again and the server refuses with `status`. */
async function reloadAnswered(status: number, code: string, message: string) {
  mockFetch({
    ...signedInAs(makeUser()),
    'GET /api/user/data': () => jsonResponse({ success: false, message, code }, status),
  });
  renderWithApp(<SessionProbe />);
  fireEvent.click(await screen.findByRole('button', { name: 'Reload' }));
}

describe('SessionProvider', () => {
  it('is logged out, silently, when the is-auth call fails', async () => {
    globalThis.fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    renderWithApp(<SessionProbe />);
    expect(screen.getByText('Checking…')).toBeTruthy();
    expect(await screen.findByText('Logged out')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is logged out, silently, when the server answers with an error status', async () => {
    mockFetch({
      'GET /api/auth/is-auth': () => jsonResponse({ success: false, message: 'Boom', code: 'INTERNAL' }, 500),
    });
    renderWithApp(<SessionProbe />);
    expect(await screen.findByText('Logged out')).toBeTruthy();
    expect(screen.queryByText('Boom')).toBeNull();
  });

  it('drops a stale stored token when the server says the visitor is a guest', async () => {
    window.localStorage.setItem('token', 'stale');
    mockFetch(signedOut());
    renderWithApp(<SessionProbe />);
    expect(await screen.findByText('Logged out')).toBeTruthy();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('is logged in with the user from is-auth', async () => {
    mockFetch(signedInAs(makeUser()));
    renderWithApp(<SessionProbe />);
    expect(await screen.findByText('Logged in as Grace Wanjiku')).toBeTruthy();
  });

  it('logs out without a message when reloading the user answers 401', async () => {
    await reloadAnswered(401, 'UNAUTHENTICATED', 'Please log in to continue.');
    expect(await screen.findByText('Logged out')).toBeTruthy();
    expect(screen.queryByText('Please log in to continue.')).toBeNull();
  });

  it('toasts the error when reloading the user fails otherwise', async () => {
    await reloadAnswered(503, 'UNAVAILABLE', 'Database down.');
    expect(await screen.findByText('Database down.')).toBeTruthy();
    expect(screen.getByText('Logged in as Grace Wanjiku')).toBeTruthy();
  });

  it('logs out: calls the server, forgets the token and the cached data, and says so', async () => {
    window.localStorage.setItem('token', 'tok');
    const fetchMock = mockFetch({
      ...signedInAs(makeUser()),
      'POST /api/auth/logout': () => jsonResponse({ success: true }),
    });
    const { queryClient } = renderWithApp(<SessionProbe />);
    // Something the last user's pages cached, which the next user must not see.
    queryClient.setQueryData(['bookings', 'my'], { success: true, bookings: ['theirs'] });
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Successfully logged out!')).toBeTruthy();
    expect(queryClient.getQueryData(['bookings', 'my'])).toBeUndefined();
    // The session is cleared in the same transition as the navigation home, so it may land a tick later.
    expect(await screen.findByText('Logged out')).toBeTruthy();
    expect(window.localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/auth/logout')).toHaveLength(1));
  });
});
