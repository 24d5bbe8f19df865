import { formatDate } from '@sherehe/shared/dates';
import type { Plan } from '@sherehe/shared/schemas/plans';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, mockFetch, signedInAs, signedOut } from '@/test/fetch-mock';
import { makeUser, PLANS } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import PricingPage, { type PlanPayment } from './pricing-page';

const plansReply = () => jsonResponse({ success: true, plans: PLANS });
const card = (name: string) => screen.getByRole('article', { name });

describe('PricingPage', () => {
  it('asks a guest to log in instead of changing the plan', async () => {
    const fetchMock = mockFetch({
      ...signedOut(),
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
      ...signedInAs(user),
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
      ...signedInAs(makeUser()),
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
      ...signedOut(),
      'GET /api/plans': () => jsonResponse({ success: false, message: 'Oops', code: 'INTERNAL' }, 500),
    });
    renderWithApp(<PricingPage />, { route: '/pricing' });
    expect(await screen.findByText('Failed to load plans')).toBeTruthy();
  });

  describe('before paying for a plan while a paid period runs', () => {
    const DAY = 86_400_000;
    const enterprise: Plan = { ...(PLANS[1] as Plan), _id: 'enterprise', name: 'Enterprise', price: 50 };
    const priced = () =>
      jsonResponse({
        success: true,
        plans: [PLANS[0], { ...PLANS[1], priceKes: 3250 }, { ...enterprise, priceKes: 6500 }],
      });
    // The app layer's dialog, reduced to the sentence the page gives it.
    const dialog = ({ plan, note }: PlanPayment) => (
      <div role="dialog" aria-label={plan.name}>
        {note}
      </div>
    );

    it("says the Pro days left become extra days of Enterprise (an upgrade), at the two plans' prices", async () => {
      // Ten days and an hour of Pro left: at $25 against $50, five days of Enterprise (rounded down).
      const user = makeUser({
        plan: PLANS[1],
        planUntil: new Date(Date.now() + 10 * DAY + 3_600_000).toISOString(),
      });
      mockFetch({
        ...signedInAs(user),
        'GET /api/plans': priced,
      });
      renderWithApp(<PricingPage payDialog={dialog} />, { route: '/pricing' });
      fireEvent.click(await screen.findByRole('button', { name: 'Choose Enterprise' }));
      expect((await screen.findByRole('dialog', { name: 'Enterprise' })).textContent).toBe(
        'Your Pro days left become 5 extra days of Enterprise, after its 30 days.',
      );
    });

    it('says a renewal starts when the running period ends, on its day', async () => {
      const until = new Date(Date.now() + 4 * DAY).toISOString();
      const user = makeUser({ plan: PLANS[1], planUntil: until });
      mockFetch({
        ...signedInAs(user),
        'GET /api/plans': priced,
      });
      renderWithApp(<PricingPage payDialog={dialog} />, { route: '/pricing?renew=pro' });
      expect((await screen.findByRole('dialog', { name: 'Pro' })).textContent).toBe(
        `Your Pro plan is renewed: the 30 days start on ${formatDate(until)}, when your current period ends.`,
      );
    });

    it('says nothing more on Free, where no paid time runs', async () => {
      mockFetch({
        ...signedInAs(makeUser()),
        'GET /api/plans': priced,
      });
      renderWithApp(<PricingPage payDialog={dialog} />, { route: '/pricing' });
      fireEvent.click(await screen.findByRole('button', { name: 'Choose Enterprise' }));
      expect((await screen.findByRole('dialog', { name: 'Enterprise' })).textContent).toBe('');
    });
  });
});
