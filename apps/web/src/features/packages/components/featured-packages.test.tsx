import type { Package } from '@sherehe/shared/schemas/packages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { makePackage as makeFixturePackage } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { FeaturedPackages } from './featured-packages';

/** The shared fixture, with this test's category and planner. */
function makePackage(overrides: Partial<Package>): Package {
  return makeFixturePackage({
    category: { _id: 'c1', name: 'Weddings', nameSw: '' },
    planner: { _id: 'u2', username: 'Wanjiru', email: 'wanjiru@example.com' },
    ...overrides,
  });
}

const isAuth = () => jsonResponse({ success: false, message: 'Please log in to continue.', user: null });

describe('FeaturedPackages', () => {
  it('shows skeletons, then the first three packages as cards', async () => {
    const packages = [
      makePackage({}),
      makePackage({
        _id: 'p2',
        title: 'Birthday Bash',
        price: 1250.5,
        category: { _id: 'c2', name: 'Birthdays', nameSw: '' },
        image: null,
        imageThumb: null,
      }),
      makePackage({
        _id: 'p3',
        title: 'Church Harambee',
        price: 80000,
        category: { _id: '', name: '', nameSw: '' },
      }),
      makePackage({ _id: 'p4', title: 'Fourth one' }),
    ];
    const fetchMock = mockFetch({
      'GET /api/auth/is-auth': isAuth,
      'GET /api/packages': () => jsonResponse({ success: true, data: packages, total: 4, page: 1, pages: 2 }),
    });
    renderWithApp(<FeaturedPackages />);

    expect(screen.getByRole('status').textContent).toContain('Loading packages');
    expect(await screen.findByRole('heading', { name: 'Garden Wedding' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByText('Fourth one')).toBeNull();

    expect(screen.getByText('Ksh 450,000')).toBeTruthy();
    expect(screen.getByText('Ksh 1,250.50')).toBeTruthy();
    expect(screen.getByText('Weddings')).toBeTruthy();
    expect(screen.getByText('Birthdays')).toBeTruthy();
    expect(screen.getByText('-')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'No photo yet' })).toBeTruthy();

    const image = screen.getByRole('img', { name: 'Garden Wedding' });
    expect(image.getAttribute('src')).toBe('http://localhost/uploads/p1-thumb.webp');
    expect(image.getAttribute('srcset')).toContain('http://localhost/uploads/p1.webp 1600w');
    expect(image.getAttribute('loading')).toBe('lazy');

    const links = screen.getAllByRole('link', { name: /View & Book/ });
    expect(links).toHaveLength(3);
    expect(links[0]?.getAttribute('href')).toBe('/packages');

    const [url] = fetchMock.mock.calls.find(([input]) => String(input).includes('/api/packages')) ?? [];
    expect(String(url)).toContain('sort=featured');
    expect(String(url)).toContain('limit=3');
  });

  it('says there are no packages when the list is empty', async () => {
    mockFetch({
      'GET /api/auth/is-auth': isAuth,
      'GET /api/packages': () => jsonResponse({ success: true, data: [] }),
    });
    renderWithApp(<FeaturedPackages />);
    expect(await screen.findByText('No packages available yet.')).toBeTruthy();
  });

  it('treats a failure as empty', async () => {
    mockFetch({
      'GET /api/auth/is-auth': isAuth,
      'GET /api/packages': () => jsonResponse({ success: false, message: 'Oops', code: 'INTERNAL' }, 500),
    });
    renderWithApp(<FeaturedPackages />);
    expect(await screen.findByText('No packages available yet.')).toBeTruthy();
  });
});
