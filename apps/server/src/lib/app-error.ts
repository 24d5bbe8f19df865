import { ERROR_STATUS, type ErrorCode, type FieldError } from '@sherehe/shared/errors';

/** The one error type services throw; the error handler turns it into the wire format. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly errors: FieldError[] | undefined;
  readonly upgradePrompt: boolean;

  constructor(
    code: ErrorCode,
    message: string,
    options: { errors?: FieldError[]; upgradePrompt?: boolean; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.errors = options.errors;
    this.upgradePrompt = options.upgradePrompt ?? false;
  }
}

/** PostgreSQL text cannot hold NUL, so input carrying one is refused up front. */
export const NUL_MESSAGE = 'Text may not contain NUL characters.';
