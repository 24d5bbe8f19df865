import {
  ERROR_STATUS,
  type ErrorBody,
  type ErrorCode,
  type ErrorReason,
  type FieldError,
} from '@sherehe/shared/errors';
import { securityMessages } from '@sherehe/shared/messages/security';

/** The one error type services throw; the error handler turns it into the wire format. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly errors: FieldError[] | undefined;
  readonly upgradePrompt: boolean;
  readonly reason: ErrorReason | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { errors?: FieldError[]; upgradePrompt?: boolean; reason?: ErrorReason; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.errors = options.errors;
    this.upgradePrompt = options.upgradePrompt ?? false;
    this.reason = options.reason;
  }
}

/** The wire format of an AppError, the same for an HTTP answer and a socket acknowledgement. */
export function errorBodyOf(error: AppError): ErrorBody {
  const body: ErrorBody = { success: false, message: error.message, code: error.code };
  if (error.errors) body.errors = error.errors;
  if (error.upgradePrompt) body.upgradePrompt = true;
  if (error.reason) body.reason = error.reason;
  return body;
}

/** PostgreSQL text cannot hold NUL, so input carrying one is refused up front. */
export const NUL_MESSAGE = securityMessages.nul;
