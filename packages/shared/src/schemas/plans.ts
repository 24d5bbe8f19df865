import { z } from 'zod';
import { PLAN_NAMES } from '../plans';
import { successWith } from './common';

export const planFeaturesSchema = z.object({
  maxBookingsPerMonth: z.number().int().nullable(),
  maxPackages: z.number().int().nullable(),
  analytics: z.boolean(),
  featuredListing: z.boolean(),
  prioritySupport: z.boolean(),
});

export const planSchema = z
  .object({
    _id: z.string(),
    name: z.enum(PLAN_NAMES),
    price: z.number(),
    features: planFeaturesSchema,
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof planSchema>;

/** GET /api/plans: each plan, and for a paid one what 30 days cost in Ksh (absent when payments are off). */
export const pricedPlanSchema = planSchema
  .extend({ priceKes: z.number().optional() })
  .meta({ id: 'PricedPlan' });
export type PricedPlan = z.infer<typeof pricedPlanSchema>;

export const plansResponseSchema = successWith({ plans: z.array(pricedPlanSchema) });
export type PlansResponse = z.infer<typeof plansResponseSchema>;

export const changePlanBodySchema = z.object({
  planId: z.string({ error: 'planId is required.' }).trim().min(1, 'planId is required.').max(64),
});
export type ChangePlanBody = z.infer<typeof changePlanBodySchema>;

/** PATCH /api/user/plan for a paid plan without a paid period: pay first (POST /api/payments). */
export const paymentRequiredBodySchema = z.object({
  success: z.literal(false),
  code: z.literal('PAYMENT_REQUIRED'),
  paymentRequired: z.literal(true),
  planId: z.string(),
  /** What 30 days of the plan cost, Ksh (the dollar price × PLAN_KES_PER_USD). */
  amount: z.number(),
  message: z.string(),
});
export type PaymentRequiredBody = z.infer<typeof paymentRequiredBodySchema>;

/**
 * PATCH /api/user/{id}/plan (admins): the plan and, for a paid plan, the end of its period (an ISO
 * date-time in the future); without `until` a paid plan has no end. Free never has one.
 */
export const adminPlanBodySchema = changePlanBodySchema.extend({
  until: z.iso
    .datetime({ offset: true, error: 'until must be a date and time like 2026-12-31T23:59:00+03:00.' })
    .optional(),
});
export type AdminPlanBody = z.infer<typeof adminPlanBodySchema>;
