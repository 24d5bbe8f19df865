import { z } from 'zod';
import {
  BLOCK_NOTE_MAX,
  blockRangeProblem,
  daysInRange,
  MAX_AVAILABILITY_DAYS,
  MAX_EVENTS_PER_DAY,
  MIN_EVENTS_PER_DAY,
} from '../calendar';
import { isCalendarDay } from '../dates';
import { calendarMessages } from '../messages/calendar';
import { successMessageWith, successWith } from './common';

/** A calendar day written YYYY-MM-DD (Africa/Nairobi's days; 2026-02-30 is not one). */
export function calendarDaySchema(requiredMessage: string = calendarMessages.dayInvalid) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .refine((value) => isCalendarDay(value), calendarMessages.dayInvalid);
}

/**
 * The one rule of every from/to filter: when both days are given, `to` is not before `from`. Null when
 * the range holds (or a bound is missing or not yet a day), else the message said on the "To" field.
 * The web app asks it before sending, the API's query schemas refuse with it (400 on `to`).
 */
export function dayRangeError(from: string | undefined, to: string | undefined): string | null {
  if (!from || !to || !isCalendarDay(from) || !isCalendarDay(to)) return null;
  return from > to ? calendarMessages.rangeBackwards : null;
}

/** `dayRangeError` as a zod refinement of a query with `from` and `to`. */
export function refineDayRange(
  query: { from?: string | undefined; to?: string | undefined },
  context: z.RefinementCtx,
) {
  const message = dayRangeError(query.from, query.to);
  if (message) context.addIssue({ code: 'custom', path: ['to'], message });
}

/** The planner's own limit, on the profile (PATCH /api/user/profile). */
export const eventsPerDaySchema = z
  .number({ error: calendarMessages.eventsPerDayRange })
  .int(calendarMessages.eventsPerDayRange)
  .min(MIN_EVENTS_PER_DAY, calendarMessages.eventsPerDayRange)
  .max(MAX_EVENTS_PER_DAY, calendarMessages.eventsPerDayRange);

export const plannerIdParamsSchema = z.object({ id: z.string() });

/** GET /api/planners/{id}/availability?from&to: at most MAX_AVAILABILITY_DAYS days, both included. */
export const availabilityQuerySchema = z
  .object({
    from: calendarDaySchema(calendarMessages.fromRequired),
    to: calendarDaySchema(calendarMessages.toRequired),
  })
  .superRefine((query, context) => {
    if (dayRangeError(query.from, query.to)) {
      refineDayRange(query, context);
    } else if (daysInRange(query.from, query.to) > MAX_AVAILABILITY_DAYS) {
      context.addIssue({ code: 'custom', path: ['to'], message: calendarMessages.rangeTooLong });
    }
  });
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

/** Which days cannot be booked (blocked or full), never why or for whom. */
export const availabilityResponseSchema = successWith({ unavailable: z.array(z.string()) });
export type AvailabilityResponse = z.infer<typeof availabilityResponseSchema>;

export const availabilityBlockSchema = z
  .object({
    /** The blocked day, YYYY-MM-DD. */
    date: z.string(),
    /** The planner's own note; nobody else sees it. */
    note: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'AvailabilityBlock' });
export type AvailabilityBlock = z.infer<typeof availabilityBlockSchema>;

/**
 * The one rule of a range of days blocked or unblocked at once: `to` not before `from`, and at most
 * MAX_BLOCK_RANGE_DAYS days, both included (`blockRangeProblem`). Null when it holds (or a day is missing or not a day),
 * else the message said on `to`. The web app asks it before sending; the API refuses with it (400).
 */
export function blockRangeError(from: string | undefined, to: string | undefined): string | null {
  if (!from || !to || !isCalendarDay(from) || !isCalendarDay(to)) return null;
  const problem = blockRangeProblem(from, to);
  if (problem === 'backwards') return calendarMessages.blockRangeBackwards;
  return problem === 'tooLong' ? calendarMessages.blockRangeTooLong : null;
}

/**
 * POST /api/availability/blocks: one day (`date`), or every day from `date` to `to`, both included,
 * with one note for all of them.
 */
export const createBlockBodySchema = z
  .object({
    date: calendarDaySchema(),
    /** The range's last day (YYYY-MM-DD); without it, `date` alone is blocked. */
    to: calendarDaySchema().optional(),
    note: z
      .string({ error: calendarMessages.noteText })
      .trim()
      .max(BLOCK_NOTE_MAX, calendarMessages.noteTooLong)
      .nullish()
      .transform((value) => value ?? ''),
  })
  .superRefine((body, context) => {
    const message = blockRangeError(body.date, body.to);
    if (message) context.addIssue({ code: 'custom', path: ['to'], message });
  });
export type CreateBlockBody = z.infer<typeof createBlockBodySchema>;

export const blockDateParamsSchema = z.object({ date: z.string() });

/** DELETE /api/availability/blocks/{date}?to=: with `to`, every blocked day from `date` to `to`. */
export const unblockQuerySchema = z.object({ to: calendarDaySchema().optional() });
export type UnblockQuery = z.infer<typeof unblockQuerySchema>;

/** GET /api/availability/blocks: from today on unless `from` says otherwise; `to` optional. */
export const listBlocksQuerySchema = z
  .object({
    from: calendarDaySchema().optional(),
    to: calendarDaySchema().optional(),
  })
  .superRefine(refineDayRange);
export type ListBlocksQuery = z.infer<typeof listBlocksQuerySchema>;

export const blockResponseSchema = successMessageWith({
  /** The first day's block (the only one when no `to` was sent). */
  block: availabilityBlockSchema,
  /** Every day of the range, each now blocked, in order; days blocked before keep their note. */
  blocks: z.array(availabilityBlockSchema),
});
export type BlockResponse = z.infer<typeof blockResponseSchema>;

export const unblockResponseSchema = successMessageWith({
  /** The days unblocked by this call, in order. */
  dates: z.array(z.string()),
});
export type UnblockResponse = z.infer<typeof unblockResponseSchema>;

export const blockListResponseSchema = successWith({ blocks: z.array(availabilityBlockSchema) });
export type BlockListResponse = z.infer<typeof blockListResponseSchema>;

/** GET and POST /api/calendar/feed: the signed-in user's secret feed address. */
export const calendarFeedResponseSchema = successWith({
  /** `PUBLIC_URL/api/calendar/<token>.ics`; `webcal://` is the same address with that scheme. */
  url: z.string(),
  message: z.string().optional(),
});
export type CalendarFeedResponse = z.infer<typeof calendarFeedResponseSchema>;

export const calendarTokenParamsSchema = z.object({ token: z.string() });

/** An iCalendar document (RFC 5545), for the OpenAPI document. */
export const icalendarSchema = z.string().meta({ description: 'text/calendar; charset=utf-8 (RFC 5545)' });
