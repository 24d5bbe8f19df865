import { vi } from 'vitest';

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/**
 * Replaces fetch with a router of `METHOD /path` handlers (query strings ignored). Unknown calls
 * answer 404 so a forgotten handler shows up as a failure, not a hang.
 */
export function mockFetch(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    const handler = handlers[`${init.method ?? 'GET'} ${path}`];
    if (!handler) return jsonResponse({ success: false, message: 'Not mocked', code: 'NOT_FOUND' }, 404);
    return handler(url, init);
  });
  globalThis.fetch = fetchMock as typeof fetch;
  return fetchMock;
}

/** The calls made to one `METHOD /path`. */
export function callsTo(fetchMock: ReturnType<typeof mockFetch>, key: string) {
  return fetchMock.mock.calls.filter(([input, init]) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return `${init?.method ?? 'GET'} ${new URL(url, 'http://localhost').pathname}` === key;
  });
}

export const guestReply = { success: false, message: 'Please log in to continue.', user: null };

/** The handler that answers the session check with `user` signed in. */
export function signedInAs(user: unknown): Record<string, Handler> {
  return { 'GET /api/auth/is-auth': () => jsonResponse({ success: true, user }) };
}

/** The handler that answers the session check with nobody signed in. */
export function signedOut(): Record<string, Handler> {
  return { 'GET /api/auth/is-auth': () => jsonResponse(guestReply) };
}

/** The query of the last call to one `METHOD /path`, as an object. */
export function lastQueryOf(fetchMock: ReturnType<typeof mockFetch>, key: string): Record<string, string> {
  const url = String(callsTo(fetchMock, key).at(-1)?.[0]);
  return Object.fromEntries(new URL(url, 'http://localhost').searchParams);
}

/** A 400 refusal of one field, as the server's validation answers it. */
export function fieldRefusal(path: string, message: string): Response {
  return jsonResponse({ success: false, code: 'VALIDATION', message, errors: [{ path, message }] }, 400);
}
