import type { ErrorBody, ErrorCode, FieldError } from '@sherehe/shared/errors';
import { MESSAGES } from '@sherehe/shared/messages';
import { errorBodySchema } from '@sherehe/shared/schemas/common';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorBodyOf } from '../lib/app-error';

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  502: 'MAIL_FAILED',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

/** Connection failures of either driver: the database is unreachable, not the request wrong. */
function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '08006', '08001'].includes(code)
    )
      return true;
    if (
      typeof message === 'string' &&
      /timeout exceeded when trying to connect|Connection terminated|PGlite is closed|Cannot use a pool after calling end/i.test(
        message,
      )
    )
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The client went away while its body was being read (`aborted`, ECONNRESET from the request's own
 * stream): nobody is left to answer, and nothing is wrong with the server or its database.
 */
function isAbortedByClient(error: unknown, raw: FastifyRequest['raw']): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code !== 'ECONNRESET' && message !== 'aborted') return false;
  return raw.readableAborted || (raw as { aborted?: boolean }).aborted === true || !raw.complete;
}

export function sendError(reply: FastifyReply, status: number, body: ErrorBody) {
  const withField = reply.request.routeOptions.config?.errorField ? { ...body, error: body.message } : body;
  return reply.code(status).type('application/json; charset=utf-8').send(withField);
}

/** A zod issue as it comes inside a union's: its path below the union, and the branches of a union in it. */
interface UnionBranchIssue {
  path?: PropertyKey[];
  message?: string;
  code?: string;
  errors?: UnionBranchIssue[][];
}

/** How many of a branch's issues are about fields the input does not have (0 when it is not an object). */
function absentFields(issues: UnionBranchIssue[], input: unknown): number {
  if (typeof input !== 'object' || input === null) return 0;
  return issues.filter((issue) => {
    const key = issue.path?.[0];
    return key !== undefined && !Object.hasOwn(input, key);
  }).length;
}

/**
 * The fields of a union's input that are wrong, from the branch the input came closest to (the one
 * with the fewest issues; of two with as many, the one whose issues are about fields the input has),
 * instead of zod's one "Invalid input" at the union: a booking's payment with a bad phone or amount is
 * told about its phone or amount, not that it is not a plan's payment either.
 */
function unionFieldErrors(
  at: string[],
  branches: UnionBranchIssue[][],
  input?: unknown,
): FieldError[] | undefined {
  const closer = (issues: UnionBranchIssue[], best: UnionBranchIssue[]) =>
    issues.length < best.length ||
    (issues.length === best.length && absentFields(issues, input) < absentFields(best, input));
  const closest = branches
    .filter((issues) => issues.length > 0)
    .reduce<UnionBranchIssue[] | undefined>(
      (best, issues) => (!best || closer(issues, best) ? issues : best),
      undefined,
    );
  return closest?.flatMap((issue) => {
    const where = [...at, ...(issue.path ?? []).map(String)];
    if (issue.code === 'invalid_union' && issue.errors) {
      const nested = unionFieldErrors(where, issue.errors);
      if (nested) return nested;
    }
    return [{ path: where.join('.'), message: issue.message ?? MESSAGES.security.invalidValue }];
  });
}

/** What a validation error was about: the request's body, query, params or headers. */
function inputOf(error: FastifyError, request: FastifyRequest): unknown {
  const where = (error as { validationContext?: string }).validationContext;
  if (where === 'querystring') return request.query;
  if (where === 'params') return request.params;
  if (where === 'headers') return request.headers;
  return request.body;
}

function validationErrors(error: FastifyError, request: FastifyRequest): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.flatMap((issue) => {
    const at = issue.instancePath.split('/').filter(Boolean);
    const branches = (issue.params as { errors?: UnionBranchIssue[][] } | undefined)?.errors;
    if (issue.keyword === 'invalid_union' && Array.isArray(branches)) {
      // A whole body or query that is a union: its fields tell which branch it meant.
      const input = at.length === 0 ? inputOf(error, request) : undefined;
      const fields = unionFieldErrors(at, branches, input);
      if (fields) return fields;
    }
    return [{ path: at.join('.'), message: issue.message ?? MESSAGES.security.invalidValue }];
  });
}

/**
 * Every error leaves as `{ success: false, message, code, errors? }`, a 500 with its `requestId`
 * (docs/architecture.md).
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body = errorBodyOf(error);
      // A busy server says when to come back (as it does when the database is unreachable).
      if (error.statusCode === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', '5');
      return sendError(reply, error.statusCode, body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = validationErrors(error, request);
      return sendError(reply, 400, {
        success: false,
        message: errors[0]?.message ?? MESSAGES.generic.invalidInput,
        code: 'VALIDATION',
        errors,
      });
    }
    if (isAbortedByClient(error, request.raw)) {
      request.log.info('request aborted by the client before its body arrived');
      return sendError(reply, 400, {
        success: false,
        message: MESSAGES.generic.invalidInput,
        code: 'VALIDATION',
      });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      reply.header('retry-after', '5');
      return sendError(reply, 503, {
        success: false,
        message: MESSAGES.security.unavailable,
        code: 'UNAVAILABLE',
      });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = STATUS_CODES[status] ?? 'VALIDATION';
      let message = error.message;
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') message = MESSAGES.images.tooLarge;
      else if (status === 413) message = MESSAGES.security.tooLarge;
      else if (status === 429) message = error.message || MESSAGES.security.rateLimited(1);
      else if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
        message = MESSAGES.security.invalidJson;
      else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') message = MESSAGES.security.unsupportedType;
      return sendError(reply, status, { success: false, message, code });
    }
    request.log.error({ err: error }, 'request failed');
    // The message says nothing of the cause; the id finds it in the log.
    return sendError(reply, 500, {
      success: false,
      message: MESSAGES.generic.server,
      code: 'INTERNAL',
      requestId: request.id,
    });
  });
});

/**
 * A route's error answers for its `response` schema: each status answers the one error body, so a
 * route lists only which statuses it may answer with (`...errorResponses(400, 401, 404)`).
 */
export function errorResponses<const S extends readonly number[]>(
  ...statuses: S
): { [K in S[number]]: typeof errorBodySchema } {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as {
    [K in S[number]]: typeof errorBodySchema;
  };
}
