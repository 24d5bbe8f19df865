import type { BookingStatus } from '@sherehe/shared/booking-status';
import type { Review } from '@sherehe/shared/schemas/reviews';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLIENT_ID, PACKAGE_ID, PLANNER_ID } from '@/test/booking-fixtures';
import { callsTo, guestReply, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { PackageReviews } from './package-reviews';

function makeReview(overrides: Partial<Review> = {}): Review {
  return {
    _id: 'r1',
    client: { _id: 'someone', username: 'Brian Otieno' },
    package: { _id: PACKAGE_ID, title: 'Garden Wedding' },
    rating: 4,
    comment: 'Lovely day.',
    createdAt: '2026-03-02T09:00:00.000Z',
    updatedAt: '2026-03-02T09:00:00.000Z',
    reply: null,
    ...overrides,
  };
}

const client = { success: true, user: makeUser({ _id: CLIENT_ID, id: CLIENT_ID }) };

function renderReviews(statuses: BookingStatus[], reviews: Review[], viewer: unknown = client) {
  const average = reviews.length ? reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length : 0;
  const fetchMock = mockFetch({
    'GET /api/auth/is-auth': () => jsonResponse(viewer),
    [`GET /api/reviews/${PACKAGE_ID}`]: () =>
      jsonResponse({ success: true, reviews, average: Math.round(average * 10) / 10, count: reviews.length }),
    'POST /api/reviews': () =>
      jsonResponse({ success: true, message: 'Thank you for your review!', review: makeReview() }, 201),
    'PUT /api/reviews/r1/reply': () =>
      jsonResponse({ success: true, message: 'Reply saved.', review: makeReview() }, 201),
  });
  renderWithApp(
    <PackageReviews
      packageId={PACKAGE_ID}
      planner={{ _id: PLANNER_ID, username: 'Neema Events' }}
      bookingStatuses={statuses}
    />,
  );
  return fetchMock;
}

describe('package reviews', () => {
  it('shows the average with one decimal, the count and each review', async () => {
    renderReviews([], [makeReview(), makeReview({ _id: 'r2', rating: 5, comment: '' })], guestReply);
    expect(await screen.findByText('4.5')).toBeTruthy();
    expect(screen.getByText('2 reviews')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
    expect(screen.getByText('Lovely day.')).toBeTruthy();
    expect(screen.getAllByText('Brian Otieno')).toHaveLength(2);
    expect(screen.getAllByText('Mon, 2 Mar 2026')).toHaveLength(2);
  });

  it.each([
    ['no booking', [], [], false],
    ['only a pending booking', ['pending'], [], false],
    ['a cancelled booking', ['cancelled'], [], false],
    ['an accepted booking', ['accepted'], [], true],
    ['a completed booking', ['pending', 'completed'], [], true],
    [
      'a completed booking and a review already',
      ['completed'],
      [makeReview({ client: { _id: CLIENT_ID, username: 'Grace' } })],
      false,
    ],
  ] as const)('with %s the form is shown: %s', async (_case, statuses, reviews, shown) => {
    renderReviews([...statuses], [...reviews]);
    await screen.findByRole('heading', { name: 'Reviews' });
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(screen.queryByRole('heading', { name: 'Write a review' }) !== null).toBe(shown);
  });

  it('refuses a missing rating with the specification’s text, then sends rating and comment', async () => {
    const fetchMock = renderReviews(['completed'], []);
    const heading = await screen.findByRole('heading', { name: 'Write a review' });
    const form = heading.parentElement as HTMLElement;
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Review' }));
    expect(await within(form).findByText('Please select a rating between 1 and 5 stars.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/reviews')).toHaveLength(0);

    const stars = within(form).getAllByRole('radio');
    expect(stars).toHaveLength(5);
    fireEvent.click(within(form).getByRole('radio', { name: '5 stars' }));
    fireEvent.change(within(form).getByLabelText('Comment (optional)'), { target: { value: ' Superb! ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Thank you for your review!')).toBeTruthy();
    const [, init] = callsTo(fetchMock, 'POST /api/reviews')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ package: PACKAGE_ID, rating: 5, comment: 'Superb!' });
  });

  it('offers Edit and Delete on one’s own review only', async () => {
    renderReviews(
      ['completed'],
      [makeReview(), makeReview({ _id: 'mine', client: { _id: CLIENT_ID, username: 'Grace' } })],
    );
    expect(await screen.findByRole('button', { name: 'Edit your review' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Delete/ })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Edit your review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit your review' });
    expect((within(dialog).getByRole('radio', { name: '4 stars' }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows the planner’s reply under its review, labelled with the planner’s name', async () => {
    const reply = {
      text: 'Asante sana!',
      createdAt: '2026-03-03T09:00:00.000Z',
      updatedAt: '2026-03-03T09:00:00.000Z',
    };
    renderReviews([], [makeReview({ reply })], guestReply);
    expect(await screen.findByText('Reply from Neema Events')).toBeTruthy();
    expect(screen.getByText('Asante sana!')).toBeTruthy();
    // A guest is offered no reply controls.
    expect(screen.queryByRole('button', { name: /reply/i })).toBeNull();
  });

  it('offers the package’s planner Reply, checks the text, then sends it', async () => {
    const planner = { success: true, user: makeUser({ _id: PLANNER_ID, id: PLANNER_ID, role: 'planner' }) };
    const fetchMock = renderReviews([], [makeReview()], planner);
    fireEvent.click(await screen.findByRole('button', { name: 'Reply' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save reply' }));
    expect(await screen.findByText('Please write a reply.')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/reviews/r1/reply')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Your reply'), { target: { value: ' Karibu tena ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save reply' }));
    expect(await screen.findByText('Reply saved.')).toBeTruthy();
    const [, init] = callsTo(fetchMock, 'PUT /api/reviews/r1/reply')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ text: 'Karibu tena' });
  });
});
