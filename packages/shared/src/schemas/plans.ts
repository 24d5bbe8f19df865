import { z } from 'zod';
import { PLAN_NAMES } from '../plans';

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

export const plansResponseSchema = z.object({ success: z.literal(true), plans: z.array(planSchema) });
export type PlansResponse = z.infer<typeof plansResponseSchema>;

export const changePlanBodySchema = z.object({
  planId: z.string({ error: 'planId is required.' }).trim().min(1, 'planId is required.').max(64),
});
export type ChangePlanBody = z.infer<typeof changePlanBodySchema>;
