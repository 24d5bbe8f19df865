import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, uniqueSuffix } from '../../fixtures';
import { bookThroughApi, type CreatedPackage, createPackage, deletePackage, openSession } from './bookings';

export interface AcceptedBooking {
  planner: Awaited<ReturnType<typeof openSession>>;
  pkg: CreatedPackage;
  bookingId: string;
}

/** Removes what `acceptedBooking` made: the planner's package, then the planner's browser. */
export async function discardAcceptedBooking(setup: AcceptedBooking): Promise<void> {
  await deletePackage(setup.planner.context.request, setup.pkg._id);
  await setup.planner.context.close();
}

/**
 * A planner of the test's own (in another browser) with a package of Ksh 25,000 (a 30 % deposit:
 * Ksh 7,500), booked by the client signed in on `page` and accepted by the planner: ready to be paid.
 */
export async function acceptedBooking(browser: Browser, page: Page): Promise<AcceptedBooking> {
  const planner = await openSession(browser, { register: 'planner', name: `E2E Planner ${uniqueSuffix()}` });
  const pkg = await createPackage(planner.context.request);
  const booking = await bookThroughApi(page.request, pkg);
  const accepted = await planner.context.request.patch(`/api/bookings/${booking._id}`, {
    data: { status: 'accepted' },
  });
  expect(accepted.status(), 'accept').toBe(200);
  return { planner, pkg, bookingId: booking._id };
}

/** Writes a phone number into the signed-in user's profile. */
export async function setProfilePhone(request: APIRequestContext, phoneNumber: string) {
  const response = await request.patch('/api/user/profile', { data: { phoneNumber } });
  expect(response.status(), 'profile phone').toBe(200);
}

/**
 * Pays the booking's deposit through the API by M-Pesa with a phone the simulator lets succeed,
 * and waits until the simulator's callback has settled it.
 */
export async function payDepositThroughApi(request: APIRequestContext, bookingId: string) {
  const started = await request.post('/api/payments', {
    data: { bookingId, purpose: 'deposit', method: 'mpesa', phone: '0712 345 678' },
  });
  expect(started.status(), 'start the deposit').toBe(201);
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

/**
 * Buys 30 days of a paid plan for the signed-in user through the API, by M-Pesa with a phone the
 * simulator lets succeed, and waits until the payment has settled (the plan starts then).
 */
export async function buyPlanThroughApi(request: APIRequestContext, planId: string) {
  const started = await request.post('/api/payments', {
    data: { planId, method: 'mpesa', phone: '0712 345 678' },
  });
  expect(started.status(), `start paying for ${planId}`).toBe(201);
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
