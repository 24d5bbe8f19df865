import { z } from 'zod';
import { ERROR_REASONS, ERROR_STATUS } from '../errors';
import { validationMessages } from '../messages/validation';

/** A string field that must be present and non-blank, with a readable message either way. */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: validationMessages.required(label) })
    .trim()
    .min(1, validationMessages.required(label))
    .max(max, validationMessages.tooLong(label, max));
}

/** An optional free-text field: absent, null and blank all mean ''. */
export function optionalText(label: string, max: number) {
  return z
    .string({ error: validationMessages.notText(label) })
    .trim()
    .max(max, validationMessages.tooLong(label, max))
    .nullish()
    .transform((value) => value ?? '');
}

export const emailSchema = z
  .string({ error: validationMessages.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, validationMessages.emailRequired)
  .max(254, validationMessages.emailTooLong)
  .pipe(z.email(validationMessages.emailInvalid));

export const idParamsSchema = z.object({ id: z.string() });

export const successSchema = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof successSchema>;

export const successMessageSchema = z.object({ success: z.literal(true), message: z.string() });
export type SuccessMessageResponse = z.infer<typeof successMessageSchema>;

/** A successful answer: `success: true`, then the fields of `shape`. */
export function successWith<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ success: z.literal(true), ...shape });
}

/** A successful answer that says what was done: `success: true`, its `message`, then `shape`'s fields. */
export function successMessageWith<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ success: z.literal(true), message: z.string(), ...shape });
}

/** Where a paged list stands: `total` items over `pages` pages, this one `page`; sent when it was paged. */
export function pageCounts() {
  return {
    total: z.number().int().optional(),
    page: z.number().int().optional(),
    pages: z.number().int().optional(),
  };
}

/** `pageCounts` of a list that is always paged. */
export function alwaysPageCounts() {
  return { total: z.number().int(), page: z.number().int(), pages: z.number().int() };
}

export const errorBodySchema = z
  .object({
    success: z.literal(false),
    message: z.string(),
    code: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...(keyof typeof ERROR_STATUS)[]]),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    upgradePrompt: z.literal(true).optional(),
    /** Which refusal of its code this is, where a client may tell them apart (`ERROR_REASONS`). */
    reason: z.enum(ERROR_REASONS).optional(),
    /** The message again, on calls whose specified clients read `error` (POST /api/messages). */
    error: z.string().optional(),
    /** On a 500: the request's id (also its `x-request-id` header), to find it in the server's log. */
    requestId: z.string().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Query parameters that page a list on the server. */
export const pageQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number.' }).int().min(1).max(100_000).optional(),
  limit: z.coerce.number({ error: 'limit must be a number.' }).int().min(1).max(100).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
