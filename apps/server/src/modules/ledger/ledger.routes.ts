import { refundsMessages } from '@sherehe/shared/messages/refunds';
import { fromCents } from '@sherehe/shared/money';
import { idParamsSchema } from '@sherehe/shared/schemas/common';
import {
  bookingRefundsResponseSchema,
  earningsResponseSchema,
  payoutResponseSchema,
  payoutsResponseSchema,
  recordPayoutBodySchema,
  refundPreviewResponseSchema,
} from '@sherehe/shared/schemas/ledger';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseId } from '../../lib/ids';
import { currentAuth, requireRole, requireUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { auditContext } from '../audit';
import { presentLedgerEntry, presentPayout, presentRefund } from './ledger.presenter';
import { payoutsOverview, plannerEarnings, recordPayout } from './ledger.service';
import { bookingRefunds } from './refunds.service';

const errors = errorResponses(400, 401, 403, 404);

/** Refunds of cancelled bookings, the planners' earnings and the admins' payouts (docs/money.md#refunds-the-ledger-and-payouts). */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/bookings/:id/refund-preview', {
    schema: {
      tags: ['bookings'],
      summary: 'What cancelling the booking now would refund to its client, and by which rule',
      params: idParamsSchema,
      response: { 200: refundPreviewResponseSchema, ...errors },
    },
    preHandler: requireUser,
    handler: async (request) => {
      const id = parseId(request.params.id, refundsMessages.bookingNotFound);
      const { preview } = await bookingRefunds(app.db, currentAuth(request).user, id);
      return {
        success: true as const,
        preview: {
          rule: preview.rule,
          ruleText: refundsMessages.rules[preview.rule],
          amountPaid: fromCents(preview.paidCents),
          amount: fromCents(preview.amountCents),
          kept: fromCents(preview.paidCents - preview.amountCents),
        },
      };
    },
  });

  app.get('/api/bookings/:id/refunds', {
    schema: {
      tags: ['bookings'],
      summary: "A booking's refunds, with their amounts and the rule that decided them (its parties)",
      params: idParamsSchema,
      response: { 200: bookingRefundsResponseSchema, ...errors },
    },
    preHandler: requireUser,
    handler: async (request) => {
      const id = parseId(request.params.id, refundsMessages.bookingNotFound);
      const { refunds } = await bookingRefunds(app.db, currentAuth(request).user, id);
      return { success: true as const, refunds: refunds.map(presentRefund) };
    },
  });

  app.get('/api/earnings', {
    schema: {
      tags: ['payouts'],
      summary: "The planner's balances (pending, payable), ledger and payouts",
      description:
        'Every payment, fee, refund and payout of the planner is a row; `balance` is their sum, `payable` the part of completed or cancelled bookings whose event day has passed, minus payouts; `pending` the rest.',
      response: { 200: earningsResponseSchema, ...errors },
    },
    preHandler: requireRole('planner', 'admin'),
    handler: async (request) => {
      const earnings = await plannerEarnings(app.db, currentAuth(request).user.id);
      return {
        success: true as const,
        balance: earnings.balance,
        pending: earnings.pending,
        payable: earnings.payable,
        entries: earnings.entries.map(presentLedgerEntry),
        payouts: earnings.payouts.map(presentPayout),
      };
    },
  });

  app.get('/api/payouts', {
    schema: {
      tags: ['payouts'],
      summary: 'What each planner is owed and the payout history (admins)',
      response: { 200: payoutsResponseSchema, ...errors },
    },
    preHandler: requireRole('admin'),
    handler: async () => {
      const overview = await payoutsOverview(app.db);
      return {
        success: true as const,
        planners: overview.planners,
        payouts: overview.payouts.map(presentPayout),
      };
    },
  });

  app.post('/api/payouts', {
    config: { keepsPublicReads: true },
    schema: {
      tags: ['payouts'],
      summary: 'Record a payout made to a planner by M-Pesa (admins)',
      description: 'At most the planner’s payable balance (409 otherwise); the M-Pesa reference is unique.',
      body: recordPayoutBodySchema,
      response: { 201: payoutResponseSchema, ...errors, ...errorResponses(409) },
    },
    preHandler: requireRole('admin'),
    handler: async (request, reply) => {
      const { payout, planner } = await recordPayout(
        app.db,
        {
          adminId: currentAuth(request).user.id,
          ...request.body,
        },
        auditContext(request),
      );
      return reply.code(201).send({ success: true as const, payout: presentPayout({ payout, planner }) });
    },
  });
};
