import { fail, ok, type ProviderError, type ProviderResult } from './provider';

export interface JsonRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent form-encoded instead (Africa's Talking takes its requests so); entries left undefined are not sent. */
  form?: Record<string, string | undefined>;
  /** The whole exchange, answer body included, must end within this. */
  timeoutMs: number;
}

export interface JsonAnswer {
  status: number;
  /** The parsed JSON body, or `undefined` when the answer was not JSON (a proxy's error page). */
  body: unknown;
  /** The body as received (some errors are plain text, like Africa's Talking's 401). */
  text: string;
}

/**
 * One call answered in JSON, on Node's fetch: the providers' clients have no SDK (docs/stack.md#versions). A
 * timeout, a failed connection or a body that stops halfway become a `ProviderError`, never a throw.
 */
export async function requestJson(request: JsonRequest): Promise<ProviderResult<JsonAnswer>> {
  const signal = AbortSignal.timeout(request.timeoutMs);
  try {
    const form = request.form && formEncoded(request.form);
    const response = await fetch(request.url, {
      method: request.method,
      headers: {
        accept: 'application/json',
        ...(form !== undefined
          ? { 'content-type': 'application/x-www-form-urlencoded' }
          : request.body === undefined
            ? {}
            : { 'content-type': 'application/json' }),
        ...request.headers,
      },
      body: form ?? (request.body === undefined ? undefined : JSON.stringify(request.body)),
      signal,
      redirect: 'error',
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      body = undefined;
    }
    return ok({ status: response.status, body, text });
  } catch (error) {
    return fail(transportError(error, request));
  }
}

function formEncoded(fields: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) params.append(name, value);
  return params.toString();
}

function transportError(error: unknown, request: JsonRequest): ProviderError {
  const name = (error as { name?: string } | undefined)?.name;
  if (name === 'TimeoutError' || name === 'AbortError')
    return {
      kind: 'timeout',
      message: `no answer from ${hostOf(request.url)} within ${request.timeoutMs} ms`,
    };
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  return {
    kind: 'network',
    message: `${hostOf(request.url)} could not be reached: ${cause?.code ?? cause?.message ?? (error as Error)?.message ?? 'unknown error'}`,
  };
}

/** The host only: addresses may carry secrets (the callback path), and these messages are logged. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the provider';
  }
}

/** The usual reading of an HTTP status that is not a success. */
export function statusError(status: number, message: string, code?: string): ProviderError {
  const kind =
    status === 401 || status === 403 ? 'auth' : status >= 500 || status === 429 ? 'unavailable' : 'rejected';
  return { kind, status, message, ...(code ? { code } : {}) };
}
