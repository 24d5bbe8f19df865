import type { PublicProfile } from '@sherehe/shared/schemas/users';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BOOKING_ID, makeBooking } from '@/test/booking-fixtures';
import { guestReply, jsonResponse, mockFetch, signedOut } from '@/test/fetch-mock';
import { makePackage, makeUser, packageListReply } from '@/test/fixtures';
import { LocationProbe } from '@/test/location-probe';
import { renderWithApp } from '@/test/render';
import PublicProfileRoute from './public-profile-route';

const PLANNER_ID = '33333333-3333-4333-8333-333333333333';

function makeProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    _id: PLANNER_ID,
    username: 'Wanjiru Events',
    role: 'planner',
    firstName: 'Wanjiru',
    lastName: 'Kamau',
    bio: 'Weddings in Nairobi since 2015.',
    location: 'Nairobi',
    website: 'https://wanjiru.example',
    profilePicture: null,
    profilePictureThumb: null,
    specialization: 'Weddings',
    experience: '10 years',
    socialMedia: { facebook: 'https://facebook.com/wanjiru', twitter: '', instagram: '', linkedin: '' },
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const longDescription = 'A'.repeat(150);

function packagesOf(count: number) {
  return Array.from({ length: Math.min(count, 4) }, (_, index) =>
    makePackage({
      _id: `p${index}`,
      title: `Package ${index}`,
      description: longDescription,
      category: index === 0 ? { _id: '', name: '', nameSw: '' } : { _id: 'c1', name: 'Weddings', nameSw: '' },
    }),
  );
}

function renderProfile({
  viewer = guestReply as unknown,
  profile = makeProfile(),
  total = 5,
  bookings = [],
}: {
  viewer?: unknown;
  profile?: PublicProfile;
  total?: number;
  /** The viewer's bookings with the person (as GET /api/bookings/my and /for-planner answer). */
  bookings?: unknown[];
} = {}) {
  const bookingList = () =>
    jsonResponse({ success: true, bookings, total: bookings.length, page: 1, pages: 1 });
  const fetchMock = mockFetch({
    'GET /api/bookings/my': bookingList,
    'GET /api/bookings/for-planner': bookingList,
    'GET /api/auth/is-auth': () => jsonResponse(viewer),
    [`GET /api/user/profile/${PLANNER_ID}`]: () => jsonResponse({ success: true, profile }),
    'GET /api/packages': () => jsonResponse(packageListReply(packagesOf(total), { total, limit: 4 })),
  });
  renderProfileRoute();
  return fetchMock;
}

/** The profile route at the planner's address, with the home page's address watched. */
function renderProfileRoute() {
  renderWithApp(
    <Routes>
      <Route path="/user/:userId" element={<PublicProfileRoute />} />
      <Route path="/" element={<LocationProbe />} />
    </Routes>,
    { route: `/user/${PLANNER_ID}` },
  );
}

describe('public profile', () => {
  it("shows a planner's details, four packages and View all packages (n) when there are more", async () => {
    const fetchMock = renderProfile({ total: 5 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Wanjiru Kamau' })).toBeTruthy();
    expect(screen.getByText('Planner')).toBeTruthy();
    expect(screen.getByText('Weddings in Nairobi since 2015.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Professional Information' })).toBeTruthy();
    const facebook = screen.getByRole('link', { name: /Facebook/ });
    expect(facebook.getAttribute('rel')).toBe('noopener noreferrer');
    expect(facebook.getAttribute('target')).toBe('_blank');

    const viewAll = await screen.findByRole('link', { name: 'View all packages (5)' });
    expect(viewAll.getAttribute('href')).toBe(`/packages?planner=${PLANNER_ID}`);
    const cards = screen.getAllByRole('link', { name: /^Package \d/ });
    expect(cards).toHaveLength(4);
    expect(cards[0]?.getAttribute('href')).toBe('/packages/p0');
    expect(cards[0]?.textContent).toContain(`${'A'.repeat(100)}…`);
    expect(cards[0]?.textContent).not.toContain('A'.repeat(101));
    expect(cards[0]?.textContent).toContain('Uncategorized');
    expect(cards[1]?.textContent).toContain('Ksh 450,000');

    const [url] = fetchMock.mock.calls.find(([input]) => String(input).includes('/api/packages')) ?? [];
    const query = new URL(String(url), 'http://localhost').searchParams;
    expect(Object.fromEntries(query)).toEqual({ planner: PLANNER_ID, page: '1', limit: '4' });
  });

  it('leaves out View all packages with four or fewer', async () => {
    renderProfile({ total: 4 });
    expect(await screen.findByRole('link', { name: /^Package 3/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /View all packages/ })).toBeNull();
  });

  it("offers View Packages, and Send Message to the booking's chat where a booking with the planner exists", async () => {
    renderProfile({
      viewer: { success: true, user: makeUser() },
      bookings: [makeBooking({ planner: { ...makeBooking().planner, _id: PLANNER_ID } })],
    });
    expect(await screen.findByRole('heading', { name: 'Actions' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Packages' }).getAttribute('href')).toBe(
      `/packages?planner=${PLANNER_ID}`,
    );
    expect((await screen.findByRole('link', { name: 'Send Message' })).getAttribute('href')).toBe(
      `/dashboard/bookings?with=${PLANNER_ID}&booking=${BOOKING_ID}`,
    );
  });

  it('offers no Send Message link to a client with no booking with the planner: its button asks them instead (an enquiry)', async () => {
    const fetchMock = renderProfile({ viewer: { success: true, user: makeUser() } });
    expect(await screen.findByRole('link', { name: 'View Packages' })).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/bookings/my'))).toBe(true),
    );
    expect(screen.queryByRole('link', { name: 'Send Message' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Send Message' })).toBeTruthy();
  });

  it('hides the Actions on one’s own profile', async () => {
    renderProfile({ viewer: { success: true, user: makeUser({ _id: PLANNER_ID, role: 'planner' }) } });
    expect(await screen.findByRole('link', { name: 'Edit your profile' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Send Message' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send Message' })).toBeNull();
  });

  it('shows a client with username, blue badge, no planner sections and no View Packages', async () => {
    const fetchMock = renderProfile({
      viewer: { success: true, user: makeUser({ _id: 'someone-else' }) },
      profile: makeProfile({ role: 'client', firstName: '', lastName: '', username: 'grace' }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'grace' })).toBeTruthy();
    expect(screen.getByText('Client').className).toContain('blue');
    expect(screen.queryByText('Professional Information')).toBeNull();
    expect(screen.queryByRole('link', { name: 'View Packages' })).toBeNull();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/packages'))).toBe(false);
  });

  it('shows Profile Not Found with Go Back when there is no such user', async () => {
    mockFetch({
      ...signedOut(),
      [`GET /api/user/profile/${PLANNER_ID}`]: () =>
        jsonResponse({ success: false, code: 'NOT_FOUND', message: 'Profile not found' }, 404),
    });
    renderWithApp(
      <Routes>
        <Route path="/user/:userId" element={<PublicProfileRoute />} />
      </Routes>,
      { route: `/user/${PLANNER_ID}` },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile Not Found' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
  });

  it('says Failed to load profile and goes home on other failures', async () => {
    mockFetch({
      ...signedOut(),
      [`GET /api/user/profile/${PLANNER_ID}`]: () =>
        jsonResponse(
          { success: false, code: 'INTERNAL', message: 'Server error. Please try again later.' },
          500,
        ),
    });
    renderProfileRoute();
    expect(await screen.findByText('Failed to load profile')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });
});
