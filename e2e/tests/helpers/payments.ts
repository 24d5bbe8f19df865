import type { APIRequestContext, Locator, Page } from '@playwright/test';
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

/** Pays through the dialog open on `page` by M-Pesa (the simulator pays most numbers) and closes it. */
export async function payByMpesa(page: Page, dialogName: string, button: string, amount: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    new RegExp(`^Paid ${amount}\\. M-Pesa receipt: [A-Z0-9]+\\.$`),
    {
      timeout: 20_000,
    },
  );
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
}

/** Opens "Pay part of the balance", types the amount and pays it by M-Pesa. */
export async function payPart(
  page: Page,
  booking: Locator,
  amount: string,
  shown: string,
  check?: () => Promise<void>,
) {
  await booking.getByRole('button', { name: 'Pay part of the balance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pay part of the balance' });
  await dialog.getByLabel(/Amount \(Ksh\)/).fill(amount);
  await check?.();
  await payByMpesa(page, 'Pay part of the balance', `Pay ${shown} with M-Pesa`, shown);
}
