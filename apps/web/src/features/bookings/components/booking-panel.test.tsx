import { todayInNairobi } from '@sherehe/shared/dates';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CLIENT_ID, makeBooking, PACKAGE_ID, PLANNER_ID } from '@/test/booking-fixtures';
import { callsTo, fieldRefusal, guestReply, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { makePackage, makeUser } from '@/test/fixtures';
import { currentSearch, LocationProbe } from '@/test/location-probe';
import { renderWithApp } from '@/test/render';
import { BookingPanel } from './booking-panel';

const pkg = makePackage({
  _id: PACKAGE_ID,
  planner: { _id: PLANNER_ID, username: 'Wanjiru Events', email: 'wanjiru@example.com' },
});
const FUTURE_DAY = `${Number(todayInNairobi().slice(0, 4)) + 1}-06-15`;

type Handlers = Parameters<typeof mockFetch>[0];

function renderPanel({
  viewer,
  handlers = {},
  route = `/packages/${PACKAGE_ID}`,
}: {
  viewer: unknown;
  handlers?: Handlers;
  route?: string;
}) {
  const fetchMock = mockFetch({
    'GET /api/auth/is-auth': () => jsonResponse(viewer),
    'GET /api/bookings/my': () => jsonResponse({ success: true, bookings: [], total: 0, page: 1, pages: 1 }),
    ...handlers,
  });
  renderWithApp(
    <Routes>
      <Route
        path="/packages/:id"
        element={
          <>
            <BookingPanel pkg={pkg} />
            <LocationProbe />
          </>
        }
      />
      <Route path="/login" element={<LocationProbe />} />
    </Routes>,
    { route },
  );
  return fetchMock;
}

const client = { success: true, user: makeUser({ _id: CLIENT_ID, id: CLIENT_ID, role: 'client' }) };

async function openForm() {
  const book = await screen.findByRole('button', { name: 'Book Now' });
  await waitFor(() => expect((book as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(book);
  const dialog = await screen.findByRole('dialog', { name: 'Book this package' });
  // The form is loaded when first asked for.
  await within(dialog).findByLabelText('Event date', {}, { timeout: 5000 });
  return dialog;
}

describe('booking from the package page', () => {
  it('refuses an empty date with the specification’s text and sends nothing', async () => {
    const fetchMock = renderPanel({ viewer: client });
    const dialog = await openForm();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book Now' }));
    expect(await within(dialog).findByText('Please select a date for your event.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/bookings/create')).toHaveLength(0);
    const date = within(dialog).getByLabelText('Event date') as HTMLInputElement;
    expect(date.min).toBe(todayInNairobi());
    expect(date.getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the day as midnight UTC, once however often Book Now is pressed', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = renderPanel({
      viewer: client,
      handlers: {
        'POST /api/bookings/create': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    });
    const dialog = await openForm();
    fireEvent.change(within(dialog).getByLabelText('Event date'), { target: { value: FUTURE_DAY } });
    fireEvent.change(within(dialog).getByLabelText('Message to the planner (optional)'), {
      target: { value: '  About 150 guests.  ' },
    });
    const submit = within(dialog).getByRole('button', { name: 'Book Now' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/bookings/create')).toHaveLength(1));
    expect(within(dialog).getByRole('button', { name: 'Booking...' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Booking...' }));
    const [, init] = callsTo(fetchMock, 'POST /api/bookings/create')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      package: PACKAGE_ID,
      planner: PLANNER_ID,
      date: `${FUTURE_DAY}T00:00:00.000Z`,
      message: 'About 150 guests.',
    });
    answer(
      jsonResponse(
        {
          success: true,
          message: 'Booking request sent! The planner will reply soon.',
          booking: makeBooking({ eventDate: FUTURE_DAY }),
        },
        201,
      ),
    );
    expect(await screen.findByText('Booking request sent! The planner will reply soon.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/bookings/create')).toHaveLength(1);
    // Sent: Book Now gives way to the request itself, which a second one would only be refused for.
    expect(screen.queryByRole('button', { name: 'Book Now' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View your request' }).getAttribute('href')).toBe(
      `/dashboard/bookings?with=${PLANNER_ID}&booking=${makeBooking()._id}`,
    );
  });

  it.each(['pending', 'accepted'] as const)(
    'offers View your request, not Book Now, while the client’s booking of the package is %s',
    async (status) => {
      const open = makeBooking({ status, eventDate: FUTURE_DAY });
      renderPanel({
        viewer: client,
        handlers: {
          'GET /api/bookings/my': () =>
            jsonResponse({ success: true, bookings: [open], total: 1, page: 1, pages: 1 }),
        },
      });
      const link = await screen.findByRole('link', { name: 'View your request' });
      expect(link.getAttribute('href')).toBe(`/dashboard/bookings?with=${PLANNER_ID}&booking=${open._id}`);
      expect(screen.queryByRole('button', { name: 'Book Now' })).toBeNull();
    },
  );

  it('tells a Free client their monthly allowance before the form, and once used offers Upgrade instead of Book Now', async () => {
    const free = { success: true, user: makeUser({ _id: CLIENT_ID, id: CLIENT_ID, role: 'client' }) };
    const renderWithUsed = (used: number) =>
      renderPanel({
        viewer: free,
        handlers: {
          'GET /api/bookings/allowance': () => jsonResponse({ success: true, allowance: { used, max: 1 } }),
        },
      });
    renderWithUsed(0);
    expect(
      await screen.findByText('You can send 1 booking request a month on Free; 1 left this month.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Book Now' })).toBeTruthy();
    cleanup();
    renderWithUsed(1);
    expect(
      await screen.findByText('You can send 1 booking request a month on Free; you have used it.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/pricing');
    expect(screen.queryByRole('button', { name: 'Book Now' })).toBeNull();
  });

  it('offers Book Now again once the earlier booking of the package is closed', async () => {
    renderPanel({
      viewer: client,
      handlers: {
        'GET /api/bookings/my': () =>
          jsonResponse({
            success: true,
            bookings: [makeBooking({ status: 'rejected', eventDate: FUTURE_DAY })],
            total: 1,
            page: 1,
            pages: 1,
          }),
      },
    });
    expect(await screen.findByRole('button', { name: 'Book Now' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'View your request' })).toBeNull();
  });

  it('shows Booking Limit Reached with the server’s text and a link to the plans', async () => {
    const limit = "You have reached your plan's booking limit. Please upgrade your plan to book more events.";
    renderPanel({
      viewer: client,
      handlers: {
        'POST /api/bookings/create': () =>
          jsonResponse({ success: false, code: 'PLAN_LIMIT', upgradePrompt: true, message: limit }, 403),
      },
    });
    const form = await openForm();
    fireEvent.change(within(form).getByLabelText('Event date'), { target: { value: FUTURE_DAY } });
    fireEvent.click(within(form).getByRole('button', { name: 'Book Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Booking Limit Reached' });
    expect(within(dialog).getByText(limit)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'View Pricing Plans' }).getAttribute('href')).toBe(
      '/pricing',
    );
  });

  it("shows a field's error from the server and other failures as a toast", async () => {
    let reply = () => fieldRefusal('date', 'Please choose today or a later date for your event.');
    renderPanel({ viewer: client, handlers: { 'POST /api/bookings/create': () => reply() } });
    const form = await openForm();
    fireEvent.change(within(form).getByLabelText('Event date'), { target: { value: FUTURE_DAY } });
    fireEvent.click(within(form).getByRole('button', { name: 'Book Now' }));
    expect(await within(form).findByText('Please choose today or a later date for your event.')).toBeTruthy();
    reply = () => jsonResponse({ success: false }, 500);
    fireEvent.click(within(form).getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByText('Failed to book package')).toBeTruthy();
  });

  /** The panel for a client whose booking the server refuses with a 409 Conflict carrying these fields. */
  const renderConflict = (fields: { reason?: string; message: string }) =>
    renderPanel({
      viewer: client,
      handlers: {
        'POST /api/bookings/create': () => jsonResponse({ success: false, code: 'CONFLICT', ...fields }, 409),
      },
    });

  it('shows a 409 for a day taken since the form opened under the date, in the server’s words', async () => {
    renderConflict({ reason: 'DAY_UNAVAILABLE', message: 'This planner is not available on that date.' });
    const form = await openForm();
    fireEvent.change(within(form).getByLabelText('Event date'), { target: { value: FUTURE_DAY } });
    fireEvent.click(within(form).getByRole('button', { name: 'Book Now' }));
    expect(await within(form).findByText('This planner is not available on that date.')).toBeTruthy();
    expect(within(form).getByLabelText('Event date').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('shows another 409 as the form’s error, not under the date', async () => {
    renderConflict({ message: 'You already have an open booking for this package.' });
    const form = await openForm();
    const date = within(form).getByLabelText('Event date');
    fireEvent.change(date, { target: { value: FUTURE_DAY } });
    fireEvent.click(within(form).getByRole('button', { name: 'Book Now' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe('You already have an open booking for this package.');
    expect(date.getAttribute('aria-invalid')).not.toBe('true');
    // Once, in the form: not also under the date or in a toast.
    expect(screen.getAllByText('You already have an open booking for this package.')).toHaveLength(1);
  });

  it('sends a guest to the login form, on the way back to this package’s booking form, with no error toast', async () => {
    renderPanel({ viewer: guestReply });
    fireEvent.click(await screen.findByRole('button', { name: 'Book Now' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/login\?/));
    const query = currentSearch(screen.getByTestId('location'));
    expect(query.get('mode')).toBe('login');
    expect(query.get('next')).toBe(`/packages/${PACKAGE_ID}?book=1`);
    // The login page says why (the specification's text); nothing red is raised here.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Please log in as a client or admin to book packages.')).toBeNull();
  });

  it('leaves a guest on the page with ?book=1 until they press Book Now', async () => {
    renderPanel({ viewer: guestReply, route: `/packages/${PACKAGE_ID}?book=1` });
    const book = await screen.findByRole('button', { name: 'Book Now' });
    await waitFor(() => expect((book as HTMLButtonElement).disabled).toBe(false));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByTestId('location').textContent).toBe(`/packages/${PACKAGE_ID}?book=1`);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells a planner that only clients or admins book', async () => {
    renderPanel({ viewer: { success: true, user: makeUser({ _id: PLANNER_ID, role: 'planner' }) } });
    const book = await screen.findByRole('button', { name: 'Book Now' });
    await waitFor(() => expect((book as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(book);
    expect(await screen.findByText('Only clients or admins can book packages.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Book this package' })).toBeNull();
  });

  it('opens the form at once from the browse cards’ Book button (?book=1)', async () => {
    renderPanel({ viewer: client, route: `/packages/${PACKAGE_ID}?book=1` });
    const dialog = await screen.findByRole('dialog', { name: 'Book this package' });
    expect(await within(dialog).findByLabelText('Event date', {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByTestId('location')[0]?.textContent).toBe(`/packages/${PACKAGE_ID}`),
    );
  });

  it.each([
    ['an open request of the package', 'View your request'],
    ['this month’s allowance used', 'Upgrade'],
  ])('keeps the form closed on ?book=1 with %s, and offers %s', async (why, offered) => {
    const open = why.startsWith('an open');
    const fetchMock = renderPanel({
      viewer: client,
      route: `/packages/${PACKAGE_ID}?book=1`,
      handlers: {
        'GET /api/bookings/my': () =>
          jsonResponse({
            success: true,
            bookings: open ? [makeBooking({ eventDate: FUTURE_DAY })] : [],
            total: open ? 1 : 0,
            page: 1,
            pages: 1,
          }),
        'GET /api/bookings/allowance': () =>
          jsonResponse({ success: true, allowance: { used: open ? 0 : 1, max: 1 } }),
      },
    });
    expect(await screen.findByRole('link', { name: offered })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByTestId('location')[0]?.textContent).toBe(`/packages/${PACKAGE_ID}`),
    );
    expect(screen.queryByRole('dialog', { name: 'Book this package' })).toBeNull();
    expect(callsTo(fetchMock, 'POST /api/bookings/create')).toHaveLength(0);
  });
});
