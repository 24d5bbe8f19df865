import { type APIRequestContext, expect, type Page } from '@playwright/test';

// SMS as the tests read them: the server runs the SMS simulator (SMS_MODE defaults to it on this
// machine), which keeps every message it is sent, as the person's phone would.

export interface TestPhone {
  /** As people write it: '0712 345 678'. */
  local: string;
  /** As the app stores and sends to it: '254712345678'. */
  msisdn: string;
}

/** A number of the test's own: the simulator keeps every message, and 3 codes an hour go to one number. */
export function uniquePhone(): TestPhone {
  const digits = `7${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
  return { local: `0${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`, msisdn: `254${digits}` };
}

/** Every SMS the simulator received for `msisdn`, oldest first. */
export async function smsTo(
  request: APIRequestContext,
  msisdn: string,
): Promise<{ to: string; message: string; at: string }[]> {
  const reply = await request.get(`/__sim/sms/outbox?to=${msisdn}`);
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as { messages: { to: string; message: string; at: string }[] }).messages;
}

/** On the signed-in `page`: verifies `phone` from the profile, with the code read off the simulator. */
export async function verifyPhoneOnProfile(page: Page, phone: TestPhone): Promise<void> {
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Phone for SMS' });
  await card.getByLabel('Mobile number').fill(phone.local);
  await card.getByRole('button', { name: 'Send code' }).tap();
  await expect(card.getByRole('status')).toHaveText('We sent you a code by SMS. It expires in 10 minutes.');
  let code = '';
  await expect(async () => {
    const messages = await smsTo(page.request, phone.msisdn);
    code = /\b(\d{6})\b/.exec(messages.at(-1)?.message ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
  }).toPass({ timeout: 20_000 });
  await card.getByLabel('Code from the SMS').fill(code);
  await card.getByRole('button', { name: 'Verify' }).tap();
  await expect(card.getByRole('status')).toHaveText('Your number is verified: SMS notices will go to it.');
}
