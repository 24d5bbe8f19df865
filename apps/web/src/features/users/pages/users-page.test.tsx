import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, lastQueryOf, mockFetch, signedInAs } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { currentSearch, LocationProbe } from '@/test/location-probe';
import { renderWithApp } from '@/test/render';
import UsersPage from './users-page';

const me = makeUser({
  _id: 'admin-1',
  id: 'admin-1',
  username: 'Site Admin',
  role: 'admin',
  email: 'admin@x.co',
});
const grace = makeUser({
  _id: 'u-grace',
  id: 'u-grace',
  username: 'grace',
  firstName: 'Grace',
  lastName: 'Wanjiku',
  email: 'grace@example.com',
});
const otieno = makeUser({ _id: 'u-otieno', id: 'u-otieno', username: 'Otieno Events', role: 'planner' });

function listReply(users = [me, grace, otieno]) {
  return jsonResponse({ success: true, users, total: users.length, page: 1, pages: 1 });
}

function renderUsers(route = '/dashboard/users') {
  return renderWithApp(
    <Routes>
      <Route
        path="/dashboard/users"
        element={
          <>
            <UsersPage />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    { route },
  );
}

const rowOf = (name: string) => screen.getByRole('article', { name });
describe('UsersPage', () => {
  it("lists users with name, email and role, and locks the admin's own row", async () => {
    const fetchMock = mockFetch({
      ...signedInAs(me),
      'GET /api/user': () => listReply(),
    });
    renderUsers();
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
    await screen.findByRole('article', { name: 'Grace Wanjiku' });
    expect(lastQueryOf(fetchMock, 'GET /api/user')).toEqual({ page: '1', limit: '10' });

    const graceRow = rowOf('Grace Wanjiku');
    expect(within(graceRow).getByText('grace@example.com')).toBeTruthy();
    const graceRole = within(graceRow).getByLabelText('Role of Grace Wanjiku') as HTMLSelectElement;
    expect(graceRole.value).toBe('client');
    expect([...graceRole.options].map((option) => option.value)).toEqual(['client', 'planner', 'admin']);
    expect(graceRole.disabled).toBe(false);
    expect(within(graceRow).getByRole('button', { name: 'Delete Grace Wanjiku' }).matches(':disabled')).toBe(
      false,
    );

    const myRow = await waitFor(() => rowOf('Site Admin'));
    expect(within(myRow).getByText('You')).toBeTruthy();
    expect((within(myRow).getByLabelText('Role of Site Admin') as HTMLSelectElement).disabled).toBe(true);
    expect(within(myRow).getByRole('button', { name: 'Delete Site Admin' }).matches(':disabled')).toBe(true);
    expect(within(myRow).getByText('You cannot change or delete your own account here.')).toBeTruthy();
    expect(within(graceRow).queryByText('You')).toBeNull();
  });

  it('warns that packages, bookings and reviews go too while payment records stay, then deletes', async () => {
    let users = [me, grace, otieno];
    const fetchMock = mockFetch({
      ...signedInAs(me),
      'GET /api/user': () => listReply(users),
      'DELETE /api/user/u-otieno': () => {
        users = [me, grace];
        return jsonResponse({ success: true, message: 'User deleted.' });
      },
    });
    renderUsers();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Otieno Events' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(
      within(dialog).getByText(
        'Deleting this user also deletes their packages, bookings and reviews. This cannot be undone. Payment records are kept, as the law requires.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('Otieno Events')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deleted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Otieno Events' })).toBeNull());
    expect(callsTo(fetchMock, 'DELETE /api/user/u-otieno')).toHaveLength(1);
  });

  it("shows the server's reason when a delete fails, else Failed to delete user.", async () => {
    let reply = () =>
      jsonResponse(
        { success: false, code: 'CONFLICT', message: 'There must always be at least one admin.' },
        409,
      );
    mockFetch({
      ...signedInAs(me),
      'GET /api/user': () => listReply(),
      'DELETE /api/user/u-grace': () => reply(),
    });
    renderUsers();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Grace Wanjiku' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('There must always be at least one admin.')).toBeTruthy();

    reply = () => new Response('', { status: 500 });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Grace Wanjiku' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete user.')).toBeTruthy();
  });

  it('asks before changing a role, and changes it once confirmed', async () => {
    let users = [me, grace, otieno];
    const fetchMock = mockFetch({
      ...signedInAs(me),
      'GET /api/user': () => listReply(users),
      'PATCH /api/user/u-grace/role': (_url, init) => {
        const { role } = JSON.parse(String(init.body));
        users = users.map((user) => (user._id === 'u-grace' ? { ...user, role } : user));
        return jsonResponse({ success: true, message: `Role changed to ${role}.`, user: users[1] });
      },
    });
    renderUsers();
    await screen.findByRole('article', { name: 'Grace Wanjiku' });
    fireEvent.change(screen.getByLabelText('Role of Grace Wanjiku'), { target: { value: 'planner' } });
    const dialog = await screen.findByRole('dialog', { name: 'Change role' });
    expect(dialog.textContent).toContain('from Client to Planner?');
    expect(dialog.textContent).toContain(
      'They will be signed out on every device and sign in again with the new role.',
    );
    expect(dialog.textContent).not.toContain('An admin can');
    expect(callsTo(fetchMock, 'PATCH /api/user/u-grace/role')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('Role changed to planner.')).toBeTruthy();
    expect(JSON.parse(String(callsTo(fetchMock, 'PATCH /api/user/u-grace/role')[0]?.[1]?.body))).toEqual({
      role: 'planner',
    });
    await waitFor(() =>
      expect((screen.getByLabelText('Role of Grace Wanjiku') as HTMLSelectElement).value).toBe('planner'),
    );
  });

  it('changes nothing when the role change is cancelled, and warns before making an admin', async () => {
    const fetchMock = mockFetch({
      ...signedInAs(me),
      'GET /api/user': () => listReply(),
      'PATCH /api/user/u-grace/role': () =>
        jsonResponse({ success: true, message: 'Role changed to admin.' }),
    });
    renderUsers();
    await screen.findByRole('article', { name: 'Grace Wanjiku' });
    const select = screen.getByLabelText('Role of Grace Wanjiku') as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'admin' } });
    const dialog = await screen.findByRole('dialog', { name: 'Change role' });
    expect(dialog.textContent).toContain('from Client to Admin?');
    expect(dialog.textContent).toContain(
      'An admin can change and delete every user, package, category and message.',
    );
    expect(select.value).toBe('admin');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(select.value).toBe('client');
    expect(callsTo(fetchMock, 'PATCH /api/user/u-grace/role')).toHaveLength(0);
  });

  it('puts the role back and explains when a change fails', async () => {
    mockFetch({
      ...signedInAs(me),
      'GET /api/user': () => listReply(),
      'PATCH /api/user/u-grace/role': () => new Response('', { status: 500 }),
    });
    renderUsers();
    await screen.findByRole('article', { name: 'Grace Wanjiku' });
    fireEvent.change(screen.getByLabelText('Role of Grace Wanjiku'), { target: { value: 'admin' } });
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Change role' })).getByRole('button', {
        name: 'Change role',
      }),
    );
    expect(await screen.findByText('Failed to update user role.')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByLabelText('Role of Grace Wanjiku') as HTMLSelectElement).value).toBe('client'),
    );
  });

  it('filters by role at once and by a typed search after a pause, both in the URL', async () => {
    const fetchMock = mockFetch({
      ...signedInAs(me),
      'GET /api/user': () => listReply(),
    });
    renderUsers('/dashboard/users?role=planner');
    await screen.findByRole('article', { name: 'Grace Wanjiku' });
    expect((screen.getByLabelText('Role') as HTMLSelectElement).value).toBe('planner');
    expect(lastQueryOf(fetchMock, 'GET /api/user')).toEqual({ page: '1', limit: '10', role: 'planner' });

    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'admin' } });
    await waitFor(() => expect(lastQueryOf(fetchMock, 'GET /api/user').role).toBe('admin'));
    expect(currentSearch(screen.getByTestId('location')).get('role')).toBe('admin');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name or email' }), {
      target: { value: 'grace' },
    });
    expect(currentSearch(screen.getByTestId('location')).get('q')).toBeNull();
    await waitFor(() => expect(currentSearch(screen.getByTestId('location')).get('q')).toBe('grace'));
    await waitFor(() =>
      expect(lastQueryOf(fetchMock, 'GET /api/user')).toEqual({
        page: '1',
        limit: '10',
        role: 'admin',
        q: 'grace',
      }),
    );

    fireEvent.change(screen.getByLabelText('Role'), { target: { value: '' } });
    await waitFor(() => expect(currentSearch(screen.getByTestId('location')).get('role')).toBeNull());
    expect(currentSearch(screen.getByTestId('location')).get('q')).toBe('grace');
  });

  it('says Failed to load users. with Try Again', async () => {
    mockFetch({
      ...signedInAs(me),
      'GET /api/user': () => jsonResponse({ success: false, code: 'FORBIDDEN', message: 'x' }, 403),
    });
    renderUsers();
    expect(await screen.findByText('Failed to load users.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it("sets a user's plan and the end of its period (Nairobi time), and shows the end date", async () => {
    const pro = { ...grace.plan, _id: 'pro', name: 'Pro' as const, price: 25 };
    let users = [me, grace, otieno];
    const fetchMock = mockFetch({
      ...signedInAs(me),
      'GET /api/user': () => listReply(users),
      'PATCH /api/user/u-grace/plan': () => {
        users = [me, { ...grace, plan: pro, planUntil: '2030-01-31T18:00:00.000Z' }, otieno];
        return jsonResponse({ success: true, message: 'grace is now on the Pro plan.', user: users[1] });
      },
    });
    renderUsers();
    const row = await waitFor(() => rowOf('Grace Wanjiku'));
    fireEvent.click(within(row).getByRole('button', { name: 'Set plan Grace Wanjiku' }));
    const dialog = screen.getByRole('dialog', { name: 'Plan of Grace Wanjiku' });
    fireEvent.change(within(dialog).getByLabelText('Plan'), { target: { value: 'pro' } });
    fireEvent.change(within(dialog).getByLabelText('Paid until (empty: no end)'), {
      target: { value: '2030-01-31T21:00' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH /api/user/u-grace/plan')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'PATCH /api/user/u-grace/plan')[0]?.[1]?.body))).toEqual({
      planId: 'pro',
      until: '2030-01-31T21:00:00+03:00',
    });
    expect(await screen.findByText(/^Paid until .*31 Jan 2030$/)).toBeTruthy();
  });
});
