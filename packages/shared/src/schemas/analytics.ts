import { z } from 'zod';
import { BOOKING_STATUSES } from '../booking-status';
import { successWith } from './common';

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
     * The money, Ksh, by the definitions the Payments page's totals use (docs/money.md, Money
     * figures); the marketplace's for an admin, the planner's own for a planner:
     * `paymentsReceived` succeeded payments before refunds (`bookingPayments` + `planPayments`),
     * `refunds` given back by succeeded refunds, `fees` the platform's fees on booking payments less
     * fees given back, `plannersShare` bookingPayments − refunds − fees, `platformRevenue` fees +
     * planPayments, `payouts` paid out to planners, `owedToPlanners` plannersShare − payouts.
     */
    money: z
      .object({
        paymentsReceived: z.number(),
        refunds: z.number(),
        fees: z.number(),
        payouts: z.number(),
        bookingPayments: z.number(),
        planPayments: z.number(),
        plannersShare: z.number(),
        platformRevenue: z.number(),
        owedToPlanners: z.number(),
      })
      .optional(),
    /** Whose numbers these are. */
    scope: z.enum(['marketplace', 'planner']),
  })
  .meta({ id: 'AnalyticsOverview' });
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;

export const analyticsResponseSchema = successWith({ data: analyticsOverviewSchema });
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;
