import { expect } from 'vitest';

/** No response may ever carry a password hash, a session hash or a reset-token hash. */
export function expectNoSecrets(payload: string) {
  expect(payload).not.toMatch(/passwordHash|password_hash|\$argon2|tokenHash|token_hash/);
}

export function expectErrorEnvelope(body: unknown, status: number) {
  expect(body).toMatchObject({ success: false, message: expect.any(String), code: expect.any(String) });
  if (status === 400) expect(Array.isArray((body as { errors?: unknown }).errors) || true).toBe(true);
  expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+/);
}
