import { packagesMessages } from '@sherehe/shared/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, mockFetch, signedInAs } from '@/test/fetch-mock';
import { makePackage, makeUser, packageListReply } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import ManagePackagesPage from './manage-packages-page';

const planner = makeUser({ _id: 'u2', id: 'u2', role: 'planner' });
const listQuery = (fetchMock: ReturnType<typeof mockFetch>) =>
  new URL(String(callsTo(fetchMock, 'GET /api/packages').at(-1)?.[0]), 'http://localhost').searchParams;

describe('ManagePackagesPage', () => {
  it("lists a planner's own packages, three a page", async () => {
    const fetchMock = mockFetch({
      ...signedInAs(planner),
      'GET /api/packages': () =>
        jsonResponse(
          packageListReply([makePackage(), makePackage({ _id: 'p2', title: 'Second' })], {
            total: 5,
            limit: 3,
          }),
        ),
    });
    renderWithApp(<ManagePackagesPage />, { route: '/dashboard/packages' });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Packages' })).toBeTruthy();
    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
    expect(Object.fromEntries(listQuery(fetchMock))).toEqual({ page: '1', limit: '3', planner: 'u2' });
    const row = screen.getByRole('heading', { name: 'Garden Wedding' }).closest('article') as HTMLElement;
    expect(within(row).getByText('Ksh 450,000')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Edit Garden Wedding' }).getAttribute('href')).toBe(
      '/dashboard/packages/edit/p1',
    );
    expect(screen.getAllByRole('link', { name: 'Create Package' })[0]?.getAttribute('href')).toBe(
      '/dashboard/packages/create',
    );
  });

  it('lists every package for an admin, those out of the catalogue included and marked', async () => {
    const fetchMock = mockFetch({
      ...signedInAs(makeUser({ role: 'admin' })),
      'GET /api/packages': () =>
        jsonResponse(
          packageListReply([makePackage(), makePackage({ _id: 'p2', title: 'Hidden Gala', listed: false })], {
            limit: 3,
          }),
        ),
    });
    renderWithApp(<ManagePackagesPage />, { route: '/dashboard/packages' });
    expect(await screen.findByRole('heading', { level: 1, name: 'All Packages' })).toBeTruthy();
    await screen.findByText('Garden Wedding');
    expect(listQuery(fetchMock).get('planner')).toBeNull();
    expect(listQuery(fetchMock).get('includeUnlisted')).toBe('true');
    const hidden = screen.getByRole('heading', { name: 'Hidden Gala' }).closest('article') as HTMLElement;
    expect(within(hidden).getByText(packagesMessages.notListed)).toBeTruthy();
    const listed = screen.getByRole('heading', { name: 'Garden Wedding' }).closest('article') as HTMLElement;
    expect(within(listed).queryByText(packagesMessages.notListed)).toBeNull();
  });

  it('deletes after a confirmation naming the package, then refreshes the list', async () => {
    let deleted = false;
    const fetchMock = mockFetch({
      ...signedInAs(planner),
      'GET /api/packages': () => jsonResponse(packageListReply(deleted ? [] : [makePackage()], { limit: 3 })),
      'DELETE /api/packages/delete/p1': () => {
        deleted = true;
        return jsonResponse({ success: true, message: 'Package deleted successfully!' });
      },
    });
    renderWithApp(<ManagePackagesPage />, { route: '/dashboard/packages' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Garden Wedding' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete package' });
    expect(within(dialog).getByText('Garden Wedding')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Package deleted successfully!')).toBeTruthy();
    expect(await screen.findByText('You have no packages yet.')).toBeTruthy();
    expect(callsTo(fetchMock, 'DELETE /api/packages/delete/p1')).toHaveLength(1);
  });

  it("shows the server's reason when a delete fails", async () => {
    mockFetch({
      ...signedInAs(planner),
      'GET /api/packages': () => jsonResponse(packageListReply([makePackage()], { limit: 3 })),
      'DELETE /api/packages/delete/p1': () =>
        jsonResponse(
          { success: false, code: 'FORBIDDEN', message: 'You can only change your own packages.' },
          403,
        ),
    });
    renderWithApp(<ManagePackagesPage />, { route: '/dashboard/packages' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Garden Wedding' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You can only change your own packages.')).toBeTruthy();
  });

  it('says Failed to load packages with Try Again', async () => {
    mockFetch({
      ...signedInAs(planner),
      'GET /api/packages': () => jsonResponse({ success: false, code: 'INTERNAL', message: 'x' }, 500),
    });
    renderWithApp(<ManagePackagesPage />, { route: '/dashboard/packages' });
    expect(await screen.findByText('Failed to load packages. Please refresh the page.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('moves to the last page when the page asked for is past the end', async () => {
    const fetchMock = mockFetch({
      ...signedInAs(planner),
      'GET /api/packages': (input) => {
        const page = Number(new URL(input, 'http://localhost').searchParams.get('page'));
        return jsonResponse({
          ...packageListReply(page === 2 ? [makePackage()] : [], { total: 4, limit: 3 }),
          page,
        });
      },
    });
    renderWithApp(<ManagePackagesPage />, { route: '/dashboard/packages?page=7' });
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    await waitFor(() => expect(listQuery(fetchMock).get('page')).toBe('2'));
  });
});
