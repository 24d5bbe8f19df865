import { packagesMessages } from '@sherehe/shared/messages';
import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, signedOut } from '@/test/fetch-mock';
import { makePackage } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import PackagePage from './package-page';

function renderAt(id: string) {
  renderWithApp(
    <Routes>
      <Route path="/packages/:id" element={<PackagePage aside={() => <p>Booking panel</p>} />} />
    </Routes>,
    { route: `/packages/${id}` },
  );
}

describe('PackagePage', () => {
  it('shows the photo, facts, description and planner', async () => {
    mockFetch({
      ...signedOut(),
      'GET /api/packages/p1': () => jsonResponse({ success: true, data: makePackage() }),
    });
    renderAt('p1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Garden Wedding' })).toBeTruthy();
    expect(screen.getByText('Weddings')).toBeTruthy();
    expect(screen.getByText('Nairobi')).toBeTruthy();
    expect(screen.getByText('Ksh 450,000')).toBeTruthy();
    expect(screen.getByText('A garden wedding for 150 guests.')).toBeTruthy();
    expect(screen.getByText('Wanjiru Events')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'wanjiru@example.com' }).getAttribute('href')).toBe(
      'mailto:wanjiru@example.com',
    );
    expect(screen.getByRole('link', { name: 'View planner profile' }).getAttribute('href')).toBe('/user/u2');
    const image = screen.getByRole('img', { name: 'Garden Wedding' });
    expect(image.getAttribute('src')).toBe('http://localhost/uploads/p1.webp');
    expect(image.getAttribute('srcset')).toContain('1600w');
    expect(image.getAttribute('loading')).toBe('eager');
  });

  it('offers booking for a package in the catalogue only', async () => {
    mockFetch({
      ...signedOut(),
      'GET /api/packages/p1': () => jsonResponse({ success: true, data: makePackage() }),
      'GET /api/packages/p2': () =>
        jsonResponse({
          success: true,
          data: makePackage({ _id: 'p2', title: 'Hidden Gala', listed: false }),
        }),
    });
    renderAt('p1');
    expect(await screen.findByText('Booking panel')).toBeTruthy();
    expect(screen.queryByText(packagesMessages.notListed)).toBeNull();
  });

  it('tells an admin that a package out of the catalogue cannot be booked, and offers no booking', async () => {
    mockFetch({
      ...signedOut(),
      'GET /api/packages/p2': () =>
        jsonResponse({
          success: true,
          data: makePackage({ _id: 'p2', title: 'Hidden Gala', listed: false }),
        }),
    });
    renderAt('p2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hidden Gala' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(packagesMessages.notListed);
    expect(screen.queryByText('Booking panel')).toBeNull();
  });

  it('says Package not found. with a way back to the list', async () => {
    mockFetch({
      ...signedOut(),
      'GET /api/packages/nope': () =>
        jsonResponse({ success: false, code: 'NOT_FOUND', message: 'Package not found.' }, 404),
    });
    renderAt('nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Package not found.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse all packages' }).getAttribute('href')).toBe('/packages');
  });

  it('says Failed to load package details on other failures, and tries again', async () => {
    let fail = true;
    mockFetch({
      ...signedOut(),
      'GET /api/packages/p1': () =>
        fail
          ? jsonResponse({ success: false, code: 'INTERNAL', message: 'x' }, 500)
          : jsonResponse({ success: true, data: makePackage() }),
    });
    renderAt('p1');
    expect(await screen.findByText('Failed to load package details', { selector: 'p' })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Garden Wedding' })).toBeTruthy();
  });
});
