import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePayment, PAYMENT_ID } from '@/test/booking-payment-fixtures';
import { callsTo, jsonResponse, mockFetch, signedInAs } from '@/test/fetch-mock';
import { makeUser, PLANS } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import PricingRoute from './pricing-route';

/** The plans as GET /api/plans gives them with payments on: each paid one's 30 days in Ksh. */
const priced = PLANS.map((plan) => (plan.price > 0 ? { ...plan, priceKes: plan.price * 130 } : plan));
const pro = PLANS.find((plan) => plan._id === 'pro')!;

describe('the pricing page with paid plans', () => {
  it("opens the pay dialog for Pro with '$25/mo' and the Ksh charged, pays by M-Pesa and shows the new plan", async () => {
    let user = makeUser({ phoneNumber: '0712 345 678' });
    let payment = makePayment({ purpose: 'plan', planId: 'pro', amount: 3250, booking: undefined });
    const fetchMock = mockFetch({
      ...signedInAs(user),
      'GET /api/user/data': () => jsonResponse({ success: true, userData: user }),
      'GET /api/plans': () => jsonResponse({ success: true, plans: priced }),
      'POST /api/payments': () => jsonResponse({ success: true, payment }, 201),
      [`GET /api/payments/${PAYMENT_ID}`]: () => jsonResponse({ success: true, payment }),
    });
    renderWithApp(<PricingRoute />, { route: '/pricing' });

    fireEvent.click(await screen.findByRole('button', { name: 'Choose Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay for the Pro plan' });
    expect(within(dialog).getByText('$25/mo')).toBeTruthy();
    expect(within(dialog).getByText('Charged now: Ksh 3,250 for 30 days.')).toBeTruthy();
    // Not changed for free: no PATCH.
    expect(callsTo(fetchMock, 'PATCH /api/user/plan')).toHaveLength(0);

    payment = {
      ...payment,
      status: 'succeeded',
      receipt: 'SIMPLAN001',
      completedAt: '2026-03-01T09:01:00.000Z',
    };
    user = makeUser({ phoneNumber: '0712 345 678', plan: pro, planUntil: '2026-03-31T09:01:00.000Z' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay Ksh 3,250 with M-Pesa' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/payments')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/payments')[0]?.[1]?.body))).toEqual({
      planId: 'pro',
      method: 'mpesa',
      phone: '254712345678',
    });
    // Settled: the user is read again and the card moves to Pro.
    await waitFor(() =>
      expect(within(screen.getByRole('article', { name: 'Pro' })).getAllByText('Current Plan')).toHaveLength(
        2,
      ),
    );
  });

  it('offers the number verified for SMS in the M-Pesa prompt', async () => {
    const user = makeUser({
      phoneNumber: '0712 345 678',
      smsPhone: '254722000111',
      smsPhoneVerifiedAt: null,
    });
    mockFetch({
      ...signedInAs(user),
      'GET /api/plans': () => jsonResponse({ success: true, plans: priced }),
    });
    renderWithApp(<PricingRoute />, { route: '/pricing' });
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay for the Pro plan' });
    expect((within(dialog).getByLabelText('M-Pesa phone number') as HTMLInputElement).value).toBe(
      '0722 000 111',
    );
  });

  it('keeps Free immediate: a PATCH, no dialog', async () => {
    const user = makeUser({ plan: pro, planUntil: '2026-03-31T09:01:00.000Z' });
    const fetchMock = mockFetch({
      ...signedInAs(user),
      'GET /api/plans': () => jsonResponse({ success: true, plans: priced }),
      'PATCH /api/user/plan': () =>
        jsonResponse({ success: true, message: 'You are now on the Free plan.', user: makeUser() }),
    });
    renderWithApp(<PricingRoute />, { route: '/pricing' });
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Free' }));
    expect(await screen.findByText('You are now on the Free plan.')).toBeTruthy();
    expect(callsTo(fetchMock, 'PATCH /api/user/plan')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Renew (?renew=<plan>) opens the pay dialog of the current plan', async () => {
    const user = makeUser({ plan: pro, planUntil: '2026-03-31T09:01:00.000Z' });
    mockFetch({
      ...signedInAs(user),
      'GET /api/plans': () => jsonResponse({ success: true, plans: priced }),
    });
    renderWithApp(<PricingRoute />, { route: '/pricing?renew=pro' });
    const dialog = await screen.findByRole('dialog', { name: 'Pay for the Pro plan' });
    expect(within(dialog).getByText('Charged now: Ksh 3,250 for 30 days.')).toBeTruthy();
  });
});
