// @vitest-environment node
import type { Booking } from '@sherehe/shared/schemas/bookings';
import type { User } from '@sherehe/shared/schemas/users';
import { describe, expect, it } from 'vitest';
import { CLIENT_ID, makeBooking, PLANNER_ID } from '@/test/booking-fixtures';
import { makeUser } from '@/test/fixtures';
import { render } from './entry-server';

// The server renderer itself, on the signed-in bookings page (docs/decisions/009): the page holds
// the visitor's own bookings, drawn from the answers of the `fetch` given to its render only.

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The API as one visitor sees it: their bookings, every answer after `delayMs`; what it asked. */
function apiOf(bookings: Booking[], delayMs: number, methods: string[] = []) {
  const asked: string[] = [];
  const answer = (async (input: string | URL | Request) => {
    const address = new URL(String(input), 'http://localhost');
    asked.push(`${address.pathname}${address.search}`);
    await wait(delayMs);
    const { pathname } = address;
    if (pathname === '/api/bookings/my' || pathname === '/api/bookings/for-planner')
      return Response.json({ success: true, bookings, total: bookings.length, page: 1, pages: 1 });
    if (pathname === '/api/payments/methods')
      return Response.json({ success: true, methods, mpesaMaxAmount: 250_000 });
    if (pathname === '/api/payments')
      return Response.json({ success: true, payments: [], total: 0, page: 1, pages: 1, summary: {} });
    if (pathname === '/api/chat/unread') return Response.json({ success: true, total: 0, byBooking: {} });
    return Response.json({ success: false, message: 'Not found' }, { status: 404 });
  }) as typeof fetch;
  return { fetch: answer, asked };
}

/** The markup's text, without its tags. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

const client: User = makeUser({ _id: CLIENT_ID, id: CLIENT_ID, username: 'Grace Wanjiku' });
const otherClient: User = makeUser({ _id: 'c2', id: 'c2', username: 'Brian Otieno' });
const planner: User = makeUser({
  _id: PLANNER_ID,
  id: PLANNER_ID,
  username: 'Wanjiru Events',
  role: 'planner',
});

describe('the signed-in bookings page, rendered on the server', () => {
  it("draws the client's bookings, Upcoming and the status filter at once, and carries them in its state", async () => {
    const api = apiOf([makeBooking({ package: { ...makeBooking().package, title: 'Garden Wedding' } })], 0);
    const { html, state } = await render({ url: '/dashboard/bookings', user: client, fetch: api.fetch });
    const text = textOf(html);
    expect(text).toContain('My Bookings');
    expect(text).toContain('Garden Wedding');
    expect(text).toContain('Upcoming');
    expect(html).toMatch(/<select[^>]*>/);
    // Nothing is left loading: no placeholder waits for an answer in the browser.
    expect(html).not.toContain('aria-busy="true"');
    expect(api.asked.some((address) => address.startsWith('/api/bookings/my?'))).toBe(true);
    const parsed = JSON.parse(state) as { user: User; queries: { queries: { queryKey: unknown[] }[] } };
    expect(parsed.user.username).toBe('Grace Wanjiku');
    expect(parsed.queries.queries.map((query) => query.queryKey[0])).toContain('bookings');
  });

  it("draws a booking's payments, which are asked for once the bookings are in", async () => {
    const api = apiOf([makeBooking({ status: 'accepted' })], 0, ['mpesa']);
    const { html } = await render({ url: '/dashboard/bookings', user: client, fetch: api.fetch });
    const text = textOf(html);
    expect(text).toContain('Pay deposit');
    expect(text).toContain('No payments yet.');
    expect(text).not.toContain('Loading the payments');
    expect(api.asked).toContain(`/api/payments?booking=${makeBooking()._id}`);
  });

  it("draws a planner's requests with who asked", async () => {
    const api = apiOf([makeBooking()], 0);
    const { html } = await render({ url: '/dashboard/bookings', user: planner, fetch: api.fetch });
    expect(textOf(html)).toContain('Grace Wanjiku');
    expect(api.asked.some((address) => address.startsWith('/api/bookings/for-planner?'))).toBe(true);
    expect(api.asked.some((address) => address.startsWith('/api/bookings/my'))).toBe(false);
  });

  it("asks each render's own API only, when renders for different visitors run at once", async () => {
    const first = apiOf([makeBooking({ package: { ...makeBooking().package, title: 'First Couple' } })], 30);
    const second = apiOf(
      [
        makeBooking({
          _id: 'b2',
          client: { _id: 'c2', username: 'Brian Otieno' },
          package: { ...makeBooking().package, title: 'Second Couple' },
        }),
      ],
      5,
    );
    const pages = await Promise.all([
      render({ url: '/dashboard/bookings', user: client, fetch: first.fetch }),
      render({ url: '/dashboard/bookings', user: otherClient, fetch: second.fetch }),
      render({ url: '/dashboard/bookings?status=pending', user: client, fetch: first.fetch }),
    ]);
    const [one, two, three] = pages.map((page) => textOf(page.html) + page.state);
    expect(one).toContain('First Couple');
    expect(one).not.toContain('Second Couple');
    expect(two).toContain('Second Couple');
    expect(two).not.toContain('First Couple');
    expect(three).toContain('First Couple');
    expect(three).not.toContain('Second Couple');
  });

  it('keeps its state safe inside the page, whatever a title holds', async () => {
    const title = '</script><script>alert(1)</script><!--';
    const api = apiOf([makeBooking({ package: { ...makeBooking().package, title } })], 0);
    const { html, state } = await render({ url: '/dashboard/bookings', user: client, fetch: api.fetch });
    expect(state).not.toContain('<');
    expect(JSON.stringify(JSON.parse(state))).toContain(title);
    expect(html).not.toContain('<script>alert(1)');
  });
});
