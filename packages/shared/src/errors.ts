/** Domain error codes and the HTTP status each maps to (docs/architecture.md, The API contract). */
export const ERROR_STATUS = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  PLAN_LIMIT: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  /** The mail server refused or could not be reached (the test email reports it). */
  MAIL_FAILED: 502,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * Refusals a client may tell apart within one code, sent as `reason` beside it (additive: the
 * `code` and status stay what they were). `DAY_UNAVAILABLE`: the 409 of a blocked or full day
 * ('This planner is not available on that date.'), which the booking form shows under its date.
 */
export const ERROR_REASONS = ['DAY_UNAVAILABLE'] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];

export interface FieldError {
  path: string;
  message: string;
}

/** The one wire format of every error (docs/architecture.md, The API contract). */
export interface ErrorBody {
  success: false;
  message: string;
  code: ErrorCode;
  errors?: FieldError[];
  upgradePrompt?: true;
  reason?: ErrorReason;
  /** On a 500: the request's id (also its `x-request-id` header), to find it in the server's log. */
  requestId?: string;
}
