import { genericMessages } from '@sherehe/shared/messages';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fetch-mock';
import { ApiError, apiRequest, errorMessage, serverMessageOr, toApiError } from './api-client';
import { storeToken } from './auth-token';

describe('toApiError', () => {
  it('keeps the status, message, code and field errors of the error body', () => {
    const error = toApiError(400, {
      success: false,
      message: 'Email is required.',
      code: 'VALIDATION',
      errors: [{ path: 'email', message: 'Email is required.' }],
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Email is required.');
    expect(error.serverMessage).toBe('Email is required.');
    expect(error.code).toBe('VALIDATION');
    expect(error.errors).toEqual([{ path: 'email', message: 'Email is required.' }]);
    expect(error.upgradePrompt).toBe(false);
  });

  it('flags a plan-limit answer as an upgrade prompt', () => {
    const error = toApiError(403, {
      success: false,
      message: 'Limit reached.',
      code: 'PLAN_LIMIT',
      upgradePrompt: true,
    });
    expect(error.upgradePrompt).toBe(true);
  });

  it("keeps a refusal's reason when it is one the app knows", () => {
    const body = { success: false, message: 'This planner is not available on that date.', code: 'CONFLICT' };
    expect(toApiError(409, { ...body, reason: 'DAY_UNAVAILABLE' }).reason).toBe('DAY_UNAVAILABLE');
    expect(toApiError(409, body).reason).toBeUndefined();
    expect(toApiError(409, { ...body, reason: 'SOMETHING_NEW' }).reason).toBeUndefined();
  });

  it('falls back to a generic text when the body has no message', () => {
    expect(toApiError(500, '<html>oops</html>').message).toBe(genericMessages.server);
    expect(toApiError(404, undefined).message).toBe(genericMessages.notFound);
    expect(toApiError(404, undefined).serverMessage).toBeUndefined();
  });

  it('reads an `error` field when there is no `message`', () => {
    expect(toApiError(400, { error: 'Name is required' }).message).toBe('Name is required');
  });
});

describe('apiRequest', () => {
  it('rejects with an ApiError carrying the status and server message', async () => {
    globalThis.fetch = vi.fn(async () =>
      jsonResponse({ success: false, message: 'Invalid email or password.', code: 'UNAUTHENTICATED' }, 401),
    );
    const failure = apiRequest('/api/auth/login', {
      method: 'POST',
      body: { email: 'a@b.co', password: 'x' },
    });
    await expect(failure).rejects.toMatchObject({ status: 401, message: 'Invalid email or password.' });
  });

  it('sends cookies, the stored token and a JSON body', async () => {
    storeToken('abc');
    const fetchMock = vi.fn(async () => jsonResponse({ success: true }));
    globalThis.fetch = fetchMock;
    await apiRequest('/api/user/plan', { method: 'PATCH', body: { planId: 'pro' } });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"planId":"pro"}');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer abc', 'Content-Type': 'application/json' });
  });

  it('sends no JSON content type without a body (the server refuses an empty JSON body)', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ success: true }));
    globalThis.fetch = fetchMock;
    await apiRequest('/api/auth/logout', { method: 'POST' });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('turns a network failure into the network message with status 0', async () => {
    globalThis.fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiRequest('/api/plans')).rejects.toMatchObject({
      status: 0,
      message: genericMessages.network,
    });
  });
});

describe('messages for the user', () => {
  it('prefers the server message, then the error message, then the fallback', () => {
    expect(errorMessage(toApiError(409, { message: 'Taken.' }))).toBe('Taken.');
    expect(errorMessage(new Error('Boom'))).toBe('Boom');
    expect(errorMessage('weird')).toBe(genericMessages.server);
    expect(serverMessageOr(toApiError(500, null), 'Failed to update plan')).toBe('Failed to update plan');
  });
});
