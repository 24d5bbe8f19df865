import { z } from 'zod';
import { BOOKING_STATUSES } from '../booking-status';

export const analyticsOverviewSchema = z
  .object({
    totalBookings: z.number().int(),
    completedBookings: z.number().int(),
    /** Sum of the stored prices of completed bookings, Ksh. */
    totalRevenue: z.number(),
    /** Marketplace-wide user counts: admins only (left out for a planner). */
    totalUsers: z.number().int().optional(),
    clients: z.number().int().optional(),
    planners: z.number().int().optional(),
    admins: z.number().int().optional(),
    totalPackages: z.number().int(),
    totalReviews: z.number().int(),
    /** How many bookings are in each status. */
    bookingsByStatus: z.record(z.enum(BOOKING_STATUSES), z.number().int()),
    /** Completed bookings and their revenue by month of the event, the last 12 months, oldest first. */
    revenueByMonth: z.array(z.object({ month: z.string(), revenue: z.number(), bookings: z.number().int() })),
    /**
     * The money through the ledger (DESIGN §7), Ksh: booking payments received, refunds given back,
     * the platform's fees (net of fees returned with refunds) and payouts made; the marketplace's for an
     * admin, the planner's own for a planner.
     */
    money: z
      .object({ paymentsReceived: z.number(), refunds: z.number(), fees: z.number(), payouts: z.number() })
      .optional(),
    /** Whose numbers these are. */
    scope: z.enum(['marketplace', 'planner']),
  })
  .meta({ id: 'AnalyticsOverview' });
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;

export const analyticsResponseSchema = z.object({ success: z.literal(true), data: analyticsOverviewSchema });
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;
