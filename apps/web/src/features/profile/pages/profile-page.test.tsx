import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { callsTo, jsonResponse, mockFetch, signedInAs } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import ProfilePage from './profile-page';

afterEach(() => vi.restoreAllMocks());

/** The profile page at /profile, and a home page to land on after the account is gone. */
function renderProfileWithHome() {
  return renderWithApp(
    <Routes>
      <Route path="/profile" element={<ProfilePage />} />
      <Route path="/" element={<h1>Home page</h1>} />
    </Routes>,
    { route: '/profile' },
  );
}

const picture = (name = 'me.png') => new File(['png-bytes'], name, { type: 'image/png' });

describe('ProfilePage', () => {
  it('shows a spinner until the user is known', async () => {
    mockFetch({ 'GET /api/auth/is-auth': () => new Promise<Response>(() => {}) });
    renderWithApp(<ProfilePage />, { route: '/profile' });
    expect(screen.getByRole('status').textContent).toContain('Loading your profile');
  });

  it('offers Upload Picture only once a file is chosen, then uploads it and uses the returned user', async () => {
    const user = makeUser({ firstName: 'Grace', lastName: 'Njeri' });
    const updated = makeUser({
      firstName: 'Grace',
      lastName: 'Njeri',
      profilePicture: 'http://localhost/uploads/me.webp',
      profilePictureThumb: 'http://localhost/uploads/me-thumb.webp',
    });
    const fetchMock = mockFetch({
      ...signedInAs(user),
      'POST /api/user/profile-picture': () =>
        jsonResponse({ success: true, message: 'Profile picture updated successfully!', user: updated }),
    });
    renderWithApp(<ProfilePage />, { route: '/profile' });
    const chooser = await screen.findByLabelText('Choose a new picture');
    expect(screen.queryByRole('button', { name: 'Upload Picture' })).toBeNull();

    fireEvent.change(chooser, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(
      await screen.findAllByText('Please upload an image file (JPEG, PNG, WebP, GIF or AVIF).'),
    ).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Upload Picture' })).toBeNull();

    fireEvent.change(chooser, { target: { files: [picture()] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Upload Picture' }));
    expect(await screen.findByText('Profile picture updated successfully!')).toBeTruthy();
    const body = callsTo(fetchMock, 'POST /api/user/profile-picture')[0]?.[1]?.body as FormData;
    expect((body.get('image') as File).name).toBe('me.png');
    // The chosen file is cleared and the new picture shown.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Upload Picture' })).toBeNull());
    expect(screen.getByRole('img', { name: 'Your profile picture' }).getAttribute('src')).toBe(
      'http://localhost/uploads/me-thumb.webp',
    );
  });

  it('says Failed to upload image when the server gives no reason', async () => {
    mockFetch({
      ...signedInAs(makeUser()),
      'POST /api/user/profile-picture': () => new Response('', { status: 500 }),
    });
    renderWithApp(<ProfilePage />, { route: '/profile' });
    fireEvent.change(await screen.findByLabelText('Choose a new picture'), {
      target: { files: [picture()] },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Upload Picture' }));
    expect(await screen.findByText('Failed to upload image')).toBeTruthy();
  });

  it('keeps the fields locked until Edit, counts the bio, saves and returns to view mode', async () => {
    const user = makeUser({ bio: 'Hello' });
    const fetchMock = mockFetch({
      ...signedInAs(user),
      'PATCH /api/user/profile': (_url, init) =>
        jsonResponse({
          success: true,
          message: 'Profile updated successfully!',
          user: { ...user, ...JSON.parse(String(init.body)) },
        }),
    });
    renderWithApp(<ProfilePage />, { route: '/profile' });
    const bio = (await screen.findByLabelText('Bio')) as HTMLTextAreaElement;
    expect(bio.disabled).toBe(true);
    expect(screen.getByText(/^5\/500/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
    // Clients have no planner fields.
    expect(screen.queryByLabelText('Specialization')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(bio.disabled).toBe(false);
    fireEvent.change(bio, { target: { value: 'Event lover from Nakuru' } });
    expect(screen.getByText(/^23\/500/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Nakuru' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Profile updated successfully!')).toBeTruthy();
    const sent = JSON.parse(String(callsTo(fetchMock, 'PATCH /api/user/profile')[0]?.[1]?.body));
    expect(sent).toMatchObject({ bio: 'Event lover from Nakuru', location: 'Nakuru' });
    expect(sent).not.toHaveProperty('specialization');
    await waitFor(() => expect((screen.getByLabelText('Bio') as HTMLTextAreaElement).disabled).toBe(true));
    expect((screen.getByLabelText('Bio') as HTMLTextAreaElement).value).toBe('Event lover from Nakuru');
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
  });

  it('checks web addresses with the shared schema and sends nothing while one is wrong', async () => {
    const fetchMock = mockFetch({
      ...signedInAs(makeUser({ role: 'planner' })),
    });
    renderWithApp(<ProfilePage />, { route: '/profile' });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Specialization')).toBeTruthy();
    expect(screen.getByLabelText('Experience')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Facebook'), { target: { value: 'facebook.com/me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText('Facebook must be a web address starting with http:// or https://'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'PATCH /api/user/profile')).toHaveLength(0);
  });

  it('Cancel puts the saved values back', async () => {
    mockFetch({
      ...signedInAs(makeUser({ location: 'Nairobi' })),
    });
    renderWithApp(<ProfilePage />, { route: '/profile' });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Mombasa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Location') as HTMLInputElement).value).toBe('Nairobi'),
    );
  });

  it('Download my data fetches the export and saves it under the name the server gave', async () => {
    const exported = JSON.stringify({ user: { email: 'grace@example.test' } });
    const fetchMock = mockFetch({
      ...signedInAs(makeUser()),
      'GET /api/user/me/export': () =>
        new Response(exported, {
          headers: {
            'Content-Type': 'application/json',
            'Content-Disposition': 'attachment; filename="sherehe-data-2026-11-27.json"',
          },
        }),
    });
    const saved: Array<{ name: string; href: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:http://localhost/export';
    });
    renderWithApp(<ProfilePage />, { route: '/profile' });

    fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() =>
      expect(saved).toEqual([{ name: 'sherehe-data-2026-11-27.json', href: 'blob:http://localhost/export' }]),
    );
    expect(await blobs[0]?.text()).toBe(exported);
    const [, init] = callsTo(fetchMock, 'GET /api/user/me/export')[0] ?? [];
    expect(init?.credentials).toBe('include');
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeTruthy();
  });

  it('says so when the export cannot be downloaded', async () => {
    mockFetch({
      ...signedInAs(makeUser()),
      'GET /api/user/me/export': () => new Response('', { status: 500 }),
    });
    renderWithApp(<ProfilePage />, { route: '/profile' });
    fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Could not download your data. Please try again.')).toBeTruthy();
  });

  it("Delete my account says what happens, asks for the password and shows the server's refusal under it", async () => {
    const fetchMock = mockFetch({
      ...signedInAs(makeUser()),
      'DELETE /api/user/me': () =>
        jsonResponse(
          {
            success: false,
            message: 'That is not your password.',
            code: 'FORBIDDEN',
            errors: [{ path: 'password', message: 'That is not your password.' }],
          },
          403,
        ),
    });
    renderProfileWithHome();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByText(/Your account and your personal data are erased/)).toBeTruthy();
    expect(within(dialog).getByText('Payment records are kept, as the law requires.')).toBeTruthy();
    expect(within(dialog).getByText(/Open bookings are cancelled by the cancellation policy/)).toBeTruthy();

    // Nothing is sent without the password.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Please enter your password.')).toBeTruthy();
    expect(callsTo(fetchMock, 'DELETE /api/user/me')).toHaveLength(0);
    await expectNoAxeViolations(dialog);

    const password = within(dialog).getByLabelText('Your password');
    fireEvent.change(password, { target: { value: 'not-my-password' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('That is not your password.')).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toBe(
      within(dialog).getByText('That is not your password.').getAttribute('id'),
    );
    const [, init] = callsTo(fetchMock, 'DELETE /api/user/me')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ password: 'not-my-password' });
    // Still signed in, still on the profile.
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/auth/logout')).toHaveLength(0);
  });

  it('signs the person out and takes them home with a toast once the account is deleted', async () => {
    const fetchMock = mockFetch({
      ...signedInAs(makeUser()),
      'DELETE /api/user/me': () => jsonResponse({ success: true, message: 'Your account has been deleted.' }),
    });
    localStorage.setItem('token', 'the-token');
    renderProfileWithHome();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'my-password' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Home page' })).toBeTruthy();
    expect(await screen.findByText('Your account has been deleted.')).toBeTruthy();
    const [, init] = callsTo(fetchMock, 'DELETE /api/user/me')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ password: 'my-password' });
    expect(localStorage.getItem('token')).toBeNull();
  });
});
