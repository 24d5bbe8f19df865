import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CLIENT_ID, makeBooking, PLANNER_ID } from '@/test/booking-fixtures';
import { callsTo, jsonResponse, mockFetch, signedInAs } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { currentSearch, LocationProbe } from '@/test/location-probe';
import { renderWithApp } from '@/test/render';
import BookingsPage from './bookings-page';

function renderPage(route: string, role: 'client' | 'planner', list: () => Response) {
  const id = role === 'client' ? CLIENT_ID : PLANNER_ID;
  const fetchMock = mockFetch({
    ...signedInAs(makeUser({ _id: id, id, role })),
    'GET /api/bookings/my': list,
    'GET /api/bookings/for-planner': list,
  });
  renderWithApp(
    <Routes>
      <Route
        path="/dashboard/bookings"
        element={
          <>
            <BookingsPage />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    { route },
  );
  return fetchMock;
}

const page = (bookings: unknown[], total = bookings.length) =>
  jsonResponse({ success: true, bookings, total, page: 1, pages: Math.max(1, Math.ceil(total / 10)) });

function queryOf(fetchMock: ReturnType<typeof mockFetch>, key: string) {
  const calls = callsTo(fetchMock, key);
  const [url] = calls[calls.length - 1] ?? [];
  return Object.fromEntries(new URL(String(url), 'http://localhost').searchParams);
}

describe('dashboard bookings', () => {
  it('lists a client’s bookings with date, planner, message, status and price', async () => {
    const fetchMock = renderPage('/dashboard/bookings', 'client', () =>
      page([
        makeBooking(),
        makeBooking({
          _id: 'b2',
          package: { ...makeBooking().package, _id: null, deleted: true, title: 'Old Gala' },
        }),
      ]),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'My Bookings' })).toBeTruthy();
    const [first, second] = await screen.findAllByRole('article');
    expect(within(first as HTMLElement).getByText('Sat, 14 Dec 2030')).toBeTruthy();
    expect(within(first as HTMLElement).getByRole('link', { name: 'Wanjiru Events' })).toBeTruthy();
    expect(within(first as HTMLElement).getByText('About 150 guests.')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('Pending')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('Ksh 450,000')).toBeTruthy();
    expect(within(first as HTMLElement).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(within(second as HTMLElement).getByText('Package deleted')).toBeTruthy();
    expect(within(second as HTMLElement).queryByRole('link', { name: 'Old Gala' })).toBeNull();
    expect(queryOf(fetchMock, 'GET /api/bookings/my')).toEqual({ page: '1', limit: '10' });
  });

  it('keeps the status filter in the URL and asks the planner list for it', async () => {
    const fetchMock = renderPage('/dashboard/bookings', 'planner', () => page([]));
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Bookings' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'accepted' } });
    expect(await screen.findByText('No accepted bookings.')).toBeTruthy();
    expect(currentSearch(screen.getByTestId('location')).get('status')).toBe('accepted');
    expect(queryOf(fetchMock, 'GET /api/bookings/for-planner')).toEqual({
      status: 'accepted',
      page: '1',
      limit: '10',
    });
  });

  it('with ?with= shows only the bookings with that person, and says the chat opens with a booking', async () => {
    const fetchMock = renderPage(`/dashboard/bookings?with=${PLANNER_ID}`, 'client', () => page([]));
    expect(await screen.findByText('No bookings with this person yet.')).toBeTruthy();
    expect(screen.getByText('The chat with them opens once a booking exists.')).toBeTruthy();
    expect(queryOf(fetchMock, 'GET /api/bookings/my')).toMatchObject({ with: PLANNER_ID });
    expect(screen.getByRole('link', { name: 'Browse their packages' }).getAttribute('href')).toBe(
      `/packages?planner=${PLANNER_ID}`,
    );
  });

  it('says the list failed to load and tries again', async () => {
    let fail = true;
    renderPage('/dashboard/bookings', 'client', () =>
      fail ? jsonResponse({ success: false }, 500) : page([makeBooking()]),
    );
    expect(await screen.findByText('Failed to load bookings. Please refresh the page.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article')).toBeTruthy();
  });
});
