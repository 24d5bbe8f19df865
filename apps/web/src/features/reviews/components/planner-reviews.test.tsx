import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PLANNER_ID } from '@/test/booking-fixtures';
import { callsTo, jsonResponse, mockFetch, signedOut } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { PlannerReviews } from './planner-reviews';

const review = (n: number) => ({
  _id: `r${n}`,
  client: { _id: `c${n}`, username: `Client ${n}` },
  package: { _id: `p${n}`, title: `Package ${n}` },
  rating: 5,
  comment: `Comment ${n}`,
  createdAt: '2026-03-02T09:00:00.000Z',
  updatedAt: '2026-03-02T09:00:00.000Z',
  reply:
    n === 1
      ? {
          text: 'Asante, karibu tena!',
          createdAt: '2026-03-03T09:00:00.000Z',
          updatedAt: '2026-03-03T09:00:00.000Z',
        }
      : null,
});

function renderWith(count: number) {
  const fetchMock = mockFetch({
    ...signedOut(),
    [`GET /api/reviews/user/${PLANNER_ID}`]: () =>
      jsonResponse({
        success: true,
        reviews: Array.from({ length: Math.min(count, 3) }, (_, index) => review(index + 1)),
        average: 4.8,
        count,
      }),
  });
  renderWithApp(<PlannerReviews plannerId={PLANNER_ID} plannerName="Neema Events" />);
  return fetchMock;
}

describe('a planner’s reviews on the public profile', () => {
  it('shows the first three with stars, date, comment and package, and Showing 3 of n reviews', async () => {
    const fetchMock = renderWith(7);
    expect(await screen.findByText('Showing 3 of 7 reviews')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getAllByRole('img', { name: 'Rated 5 out of 5' })).toHaveLength(3);
    expect(screen.getByText('Comment 1')).toBeTruthy();
    expect(screen.getAllByText('Reply from Neema Events')).toHaveLength(1);
    expect(screen.getByText('Asante, karibu tena!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Package 2' }).getAttribute('href')).toBe('/packages/p2');
    expect(screen.getAllByText('Mon, 2 Mar 2026')).toHaveLength(3);
    expect(screen.getByText('4.8')).toBeTruthy();
    const [url] = callsTo(fetchMock, `GET /api/reviews/user/${PLANNER_ID}`)[0] ?? [];
    expect(new URL(String(url), 'http://localhost').searchParams.get('limit')).toBe('3');
  });

  it('leaves out the note with three or fewer', async () => {
    renderWith(2);
    expect(await screen.findByText('Comment 2')).toBeTruthy();
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });
});
