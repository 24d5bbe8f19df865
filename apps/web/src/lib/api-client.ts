import { ERROR_REASONS, type ErrorCode, type ErrorReason, type FieldError } from '@sherehe/shared/errors';
import { authMessages, genericMessages } from '@sherehe/shared/messages';
import { LANG } from '@/config/lang';
import { API_BASE_URL } from '@/config/paths';
import { getStoredToken } from './auth-token';

/** What went wrong with a call: the server's error body (docs/architecture.md, The API contract) or a network failure. */
export class ApiError extends Error {
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  readonly code: ErrorCode | 'NETWORK' | 'UNKNOWN';
  /** The plan limit was reached: the UI offers the pricing page. */
  readonly upgradePrompt: boolean;
  /** Which refusal of its code this is, when the server says (a 409 for a day taken: `DAY_UNAVAILABLE`). */
  readonly reason: ErrorReason | undefined;
  readonly errors: FieldError[];
  /** The message the server sent, when it sent one (`message` falls back to a generic text). */
  readonly serverMessage: string | undefined;
  /** The whole error body, for the calls whose refusals carry more (a 409 with the pending payment). */
  readonly body: unknown;

  constructor(options: {
    status: number;
    message: string;
    code: ApiError['code'];
    upgradePrompt?: boolean;
    reason?: ErrorReason | undefined;
    errors?: FieldError[];
    serverMessage?: string | undefined;
    body?: unknown;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.serverMessage = options.serverMessage;
    this.code = options.code;
    this.upgradePrompt = options.upgradePrompt ?? false;
    this.reason = options.reason;
    this.errors = options.errors ?? [];
    this.body = options.body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The text to show when the body carries no message of its own. */
function fallbackMessage(status: number): string {
  if (status === 400 || status === 422) return genericMessages.invalidInput;
  if (status === 401) return authMessages.notLoggedIn;
  if (status === 403) return genericMessages.forbidden;
  if (status === 404) return genericMessages.notFound;
  return genericMessages.server;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Turns an error response (any status ≥ 400) into an ApiError, whatever its body looks like. */
export function toApiError(status: number, body: unknown): ApiError {
  const record = isRecord(body) ? body : {};
  const serverMessage =
    (typeof record.message === 'string' && record.message.trim()) ||
    (typeof record.error === 'string' && record.error.trim()) ||
    undefined;
  const code = typeof record.code === 'string' ? (record.code as ErrorCode) : 'UNKNOWN';
  const reason = ERROR_REASONS.find((known) => known === record.reason);
  const errors = Array.isArray(record.errors)
    ? record.errors.filter(
        (item): item is FieldError =>
          isRecord(item) && typeof item.path === 'string' && typeof item.message === 'string',
      )
    : [];
  return new ApiError({
    status,
    message: serverMessage ?? fallbackMessage(status),
    serverMessage,
    code,
    upgradePrompt: record.upgradePrompt === true,
    reason,
    errors,
    body,
  });
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  signal?: AbortSignal;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

let transport: typeof fetch | undefined;

/** Server rendering (src/ssr) answers the page's GETs in-process instead of over the network. */
export function setApiTransport(fetchImpl: typeof fetch): void {
  transport = fetchImpl;
}

/**
 * Calls the API with the browser's cookies and the stored token. Resolves with the parsed body
 * of a 2xx answer; rejects with an ApiError otherwise.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  // The page's language: the API answers its messages in it unless a chosen one (the `lang` cookie,
  // the user's profile) says otherwise (docs/decisions/017).
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': LANG };
  const token = getStoredToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    // Only with a body: the server rejects an empty body sent as JSON.
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await (transport ?? fetch)(`${API_BASE_URL}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, message: genericMessages.network, code: 'NETWORK' });
  }

  const parsed = await readBody(response);
  if (!response.ok) throw toApiError(response.status, parsed);
  return parsed as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};

/** The text for a failed call: the server's message, else the error's own, else the fallback. */
export function errorMessage(error: unknown, fallback: string = genericMessages.server): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** The server's message when it sent one, else the given text (for texts the spec fixes per call). */
export function serverMessageOr(error: unknown, fallback: string): string {
  return (isApiError(error) && error.serverMessage) || fallback;
}
