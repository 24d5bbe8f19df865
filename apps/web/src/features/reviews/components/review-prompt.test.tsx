import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLIENT_ID, PACKAGE_ID } from '@/test/booking-fixtures';
import { callsTo, jsonResponse, mockFetch, signedOut } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { ReviewPrompt } from './review-prompt';

const reviewBy = (clientId: string) => ({
  _id: 'r1',
  client: { _id: clientId, username: 'Someone' },
  package: { _id: PACKAGE_ID, title: 'Garden Wedding' },
  rating: 5,
  comment: '',
  createdAt: '2026-03-02T09:00:00.000Z',
  updatedAt: '2026-03-02T09:00:00.000Z',
  reply: null,
});

function renderPrompt(reviews: unknown[]) {
  const fetchMock = mockFetch({
    ...signedOut(),
    [`GET /api/reviews/${PACKAGE_ID}`]: () =>
      jsonResponse({ success: true, reviews, average: 5, count: reviews.length }),
    'POST /api/reviews': () =>
      jsonResponse(
        { success: true, message: 'Thank you for your review!', review: reviewBy(CLIENT_ID) },
        201,
      ),
  });
  renderWithApp(<ReviewPrompt packageId={PACKAGE_ID} packageTitle="Garden Wedding" clientId={CLIENT_ID} />);
  return fetchMock;
}

describe('the review prompt of a completed booking', () => {
  it('asks a client who has not reviewed the package, and opens the review form', async () => {
    const fetchMock = renderPrompt([reviewBy('someone-else')]);
    expect(await screen.findByText('How was it? Review Garden Wedding')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Write a review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write a review' });
    fireEvent.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Thank you for your review!')).toBeTruthy();
    const [, init] = callsTo(fetchMock, 'POST /api/reviews')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ package: PACKAGE_ID, rating: 4, comment: '' });
  });

  it('asks nothing of a client who has reviewed it', async () => {
    const fetchMock = renderPrompt([reviewBy(CLIENT_ID)]);
    await waitFor(() => expect(callsTo(fetchMock, `GET /api/reviews/${PACKAGE_ID}`)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(/How was it/)).toBeNull();
  });
});
