import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, mockFetch, signedInAs } from '@/test/fetch-mock';
import { CATEGORIES, makePackage, makeUser, PLANS, packageListReply } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import CreatePackagePage from './create-package-page';

const categories = {
  options: CATEGORIES.map(({ _id, name, nameSw }) => ({ _id, name, nameSw })),
  failed: false,
  retry: () => {},
};
const freePlanner = makeUser({ _id: 'u2', id: 'u2', role: 'planner' });

function listOf(total: number) {
  return () => jsonResponse(packageListReply([makePackage()], { total, limit: 1 }));
}

describe('CreatePackagePage', () => {
  it('tells a planner whose plan is full before they fill the form, with the way to the plans', async () => {
    const fetchMock = mockFetch({
      ...signedInAs(freePlanner),
      'GET /api/packages': listOf(3),
    });
    renderWithApp(<CreatePackagePage categories={categories} />, { route: '/dashboard/packages/create' });
    expect(
      await screen.findByText('Your plan allows 3 packages. Please upgrade your plan to publish more.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Pricing Plans' }).getAttribute('href')).toBe('/pricing');
    expect(screen.queryByLabelText('Title')).toBeNull();
    const query = new URL(String(callsTo(fetchMock, 'GET /api/packages')[0]?.[0]), 'http://localhost')
      .searchParams;
    expect(query.get('planner')).toBe('u2');
  });

  it('shows the form to a planner with room left', async () => {
    mockFetch({
      ...signedInAs(freePlanner),
      'GET /api/packages': listOf(2),
    });
    renderWithApp(<CreatePackagePage categories={categories} />, { route: '/dashboard/packages/create' });
    expect(await screen.findByLabelText('Title')).toBeTruthy();
    expect(screen.queryByText(/Your plan allows/)).toBeNull();
  });

  it('shows the form when the count cannot be had (the server still decides)', async () => {
    mockFetch({
      ...signedInAs(freePlanner),
      'GET /api/packages': () => new Response('', { status: 500 }),
    });
    renderWithApp(<CreatePackagePage categories={categories} />, { route: '/dashboard/packages/create' });
    expect(await screen.findByLabelText('Title', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('never counts for an admin or an unlimited plan', async () => {
    const unlimited = { ...PLANS[0]!, features: { ...PLANS[0]!.features, maxPackages: null } };
    for (const user of [makeUser({ role: 'admin' }), makeUser({ role: 'planner', plan: unlimited })]) {
      const fetchMock = mockFetch({
        ...signedInAs(user),
        'GET /api/packages': listOf(100),
      });
      const view = renderWithApp(<CreatePackagePage categories={categories} />, {
        route: '/dashboard/packages/create',
      });
      expect(await screen.findByLabelText('Title')).toBeTruthy();
      await waitFor(() => expect(callsTo(fetchMock, 'GET /api/packages')).toHaveLength(0));
      view.unmount();
    }
  });
});
