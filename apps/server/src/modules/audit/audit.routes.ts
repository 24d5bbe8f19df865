import { auditListQuerySchema, auditListResponseSchema } from '@sherehe/shared/schemas/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageInfo, pageWindow } from '../../lib/paging';
import { requireRole } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { presentAuditEvent } from './audit.presenter';
import { listAuditEvents } from './audit.queries';

const tags = ['admin'];
const DEFAULT_PAGE_SIZE = 20;

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/audit', {
    schema: {
      tags,
      summary:
        'The audit trail of admin actions and money movements, newest first, by who, what and when (admin)',
      description:
        '`actor` is a username or a user id; `action` one of the audit actions; `from` and `to` are days (YYYY-MM-DD) in Nairobi, both included.',
      querystring: auditListQuerySchema,
      response: {
        200: auditListResponseSchema,
        ...errorResponses(400, 401, 403),
      },
    },
    preHandler: requireRole('admin'),
    handler: async (request) => {
      const window = pageWindow(request.query, { defaultSize: DEFAULT_PAGE_SIZE, alwaysPaged: true });
      const { rows, total } = await listAuditEvents(app.db, request.query, {
        limit: window.limit,
        offset: window.offset,
      });
      return {
        success: true as const,
        events: rows.map((row) => presentAuditEvent(row, request.lang)),
        ...pageInfo(window, total),
      };
    },
  });
};
