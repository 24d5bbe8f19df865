import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, guestReply, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { makeUser, PLANS } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import PricingPage from './pricing-page';

const plansReply = () => jsonResponse({ success: true, plans: PLANS });
const card = (name: string) => screen.getByRole('article', { name });

describe('PricingPage', () => {
  it('asks a guest to log in instead of changing the plan', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/is-auth': () => jsonResponse(guestReply),
      'GET /api/plans': plansReply,
    });
    renderWithApp(<PricingPage />, { route: '/pricing' });
    expect(screen.getByText('Loading plans...')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Pro' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Please log in to change your plan.').length).toBe(2));
    expect(callsTo(fetchMock, 'PATCH /api/user/plan')).toHaveLength(0);
  });

  it('changes the plan once, however fast the clicks, and moves the Current Plan badge', async () => {
    const user = makeUser();
    const upgraded = makeUser({ plan: PLANS[1] });
    let answer: (response: Response) => void = () => {};
    const fetchMock = mockFetch({
      'GET /api/auth/is-auth': () => jsonResponse({ success: true, user }),
      'GET /api/plans': plansReply,
      'PATCH /api/user/plan': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderWithApp(<PricingPage />, { route: '/pricing' });

    await waitFor(() => expect(within(card('Free')).getAllByText('Current Plan')).toHaveLength(2));
    const choosePro = screen.getByRole('button', { name: 'Choose Pro' });
    fireEvent.click(choosePro);
    fireEvent.click(choosePro);
    await waitFor(() => expect(choosePro.matches(':disabled')).toBe(true));
    expect(callsTo(fetchMock, 'PATCH /api/user/plan')).toHaveLength(1);
    expect(JSON.parse(String(callsTo(fetchMock, 'PATCH /api/user/plan')[0]?.[1]?.body))).toEqual({
      planId: 'pro',
    });

    answer(jsonResponse({ success: true, message: 'You are now on the Pro plan.', user: upgraded }));
    expect(await screen.findByText('You are now on the Pro plan.')).toBeTruthy();
    await waitFor(() => expect(within(card('Pro')).getAllByText('Current Plan')).toHaveLength(2));
    expect(within(card('Free')).queryByText('Current Plan')).toBeNull();
    expect(within(card('Free')).getByRole('button', { name: 'Choose Free' })).toBeTruthy();
  });

  it("shows the server's message when the change fails", async () => {
    mockFetch({
      'GET /api/auth/is-auth': () => jsonResponse({ success: true, user: makeUser() }),
      'GET /api/plans': plansReply,
      'PATCH /api/user/plan': () =>
        jsonResponse({ success: false, message: 'You are already on this plan.', code: 'VALIDATION' }, 400),
    });
    renderWithApp(<PricingPage />, { route: '/pricing' });
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Pro' }));
    expect(await screen.findByText('You are already on this plan.')).toBeTruthy();
  });

  it('says Failed to load plans when the plans cannot be loaded', async () => {
    mockFetch({
      'GET /api/auth/is-auth': () => jsonResponse(guestReply),
      'GET /api/plans': () => jsonResponse({ success: false, message: 'Oops', code: 'INTERNAL' }, 500),
    });
    renderWithApp(<PricingPage />, { route: '/pricing' });
    expect(await screen.findByText('Failed to load plans')).toBeTruthy();
  });
});
