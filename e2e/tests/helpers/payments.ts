import type { APIRequestContext } from '@playwright/test';
import { expect } from '../../fixtures';

/** Writes a phone number into the signed-in user's profile. */
export async function setProfilePhone(request: APIRequestContext, phoneNumber: string) {
  const response = await request.patch('/api/user/profile', { data: { phoneNumber } });
  expect(response.status(), 'profile phone').toBe(200);
}

/**
 * Starts a payment through the API by M-Pesa with a phone the simulator lets succeed, and waits
 * until the simulator's callback has settled it.
 */
async function payThroughApi(request: APIRequestContext, what: Record<string, string>, label: string) {
  const started = await request.post('/api/payments', {
    data: { ...what, method: 'mpesa', phone: '0712 345 678' },
  });
  expect(started.status(), label).toBe(201);
  const { payment } = (await started.json()) as { payment: { _id: string } };
  await expect
    .poll(
      async () => {
        const reply = await (await request.get(`/api/payments/${payment._id}`)).json();
        return (reply.payment as { status: string }).status;
      },
      { timeout: 20_000 },
    )
    .toBe('succeeded');
}

/** Pays the booking's deposit through the API (see `payThroughApi`). */
export async function payDepositThroughApi(request: APIRequestContext, bookingId: string) {
  await payThroughApi(request, { bookingId, purpose: 'deposit' }, 'start the deposit');
}

/** Pays the rest of the booking's price (the balance) through the API (see `payThroughApi`). */
export async function payBalanceThroughApi(request: APIRequestContext, bookingId: string) {
  await payThroughApi(request, { bookingId, purpose: 'balance' }, 'start the balance');
}

/**
 * Buys 30 days of a paid plan for the signed-in user through the API (see `payThroughApi`): the
 * plan starts once the payment has settled.
 */
export async function buyPlanThroughApi(request: APIRequestContext, planId: string) {
  await payThroughApi(request, { planId }, `start paying for ${planId}`);
}
