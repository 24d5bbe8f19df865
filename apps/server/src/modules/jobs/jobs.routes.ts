import { MESSAGES } from '@sherehe/shared/messages';
import { idParamsSchema } from '@sherehe/shared/schemas/common';
import {
  jobListQuerySchema,
  jobListResponseSchema,
  jobRetriedResponseSchema,
} from '@sherehe/shared/schemas/jobs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseId } from '../../lib/ids';
import { requireRole } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { auditContext } from '../audit';
import { presentJob } from './jobs.presenter';
import { listJobsPage, retryJob } from './jobs.service';

const tags = ['admin'];

export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/jobs', {
    schema: {
      tags,
      summary:
        'Background jobs (mail and the like), the latest change first; ?status=failed for the ones that gave up (admin)',
      querystring: jobListQuerySchema,
      response: {
        200: jobListResponseSchema,
        ...errorResponses(400, 401, 403),
      },
    },
    preHandler: requireRole('admin'),
    handler: async (request) => {
      const { rows, page } = await listJobsPage({ db: app.db, ...request.query });
      return { success: true as const, jobs: rows.map((row) => presentJob(row, request.lang)), ...page };
    },
  });

  app.post('/api/admin/jobs/:id/retry', {
    schema: {
      tags,
      summary: 'Run a failed job again from its first try (admin)',
      params: idParamsSchema,
      response: {
        200: jobRetriedResponseSchema,
        ...errorResponses(401, 403, 404, 409),
      },
    },
    // Background work is not public data: the read cache stays.
    config: { keepsPublicReads: true },
    preHandler: requireRole('admin'),
    handler: async (request) => {
      const id = parseId(request.params.id, MESSAGES.jobs.notFound);
      const job = await retryJob({ jobs: app.jobs, id, audit: auditContext(request) });
      return { success: true as const, message: MESSAGES.jobs.retried, job: presentJob(job, request.lang) };
    },
  });
};
