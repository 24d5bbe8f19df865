import { errorBodySchema } from '@sherehe/shared/schemas/common';
import { listPackagesQuerySchema, packageListResponseSchema } from '@sherehe/shared/schemas/packages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentPackage } from './packages.presenter';
import { countPackages, listPackages } from './packages.queries';

/** Without paging parameters the list is capped, so a client that filters on its own still works. */
export const UNPAGED_LIMIT = 1000;
export const DEFAULT_PAGE_SIZE = 6;

export const packagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/packages', {
    schema: {
      tags: ['packages'],
      summary: 'List packages, newest first (or featured first); paged when page or limit is given',
      querystring: listPackagesQuerySchema,
      response: { 200: packageListResponseSchema, 400: errorBodySchema },
    },
    handler: async (request) => {
      const { page, limit, sort = 'newest' } = request.query;
      if (page === undefined && limit === undefined) {
        const rows = await listPackages(app.db, { order: sort, limit: UNPAGED_LIMIT, offset: 0 });
        return { success: true as const, data: rows.map((row) => presentPackage(row, app.storage)) };
      }
      const size = limit ?? DEFAULT_PAGE_SIZE;
      const current = page ?? 1;
      const [rows, total] = await Promise.all([
        listPackages(app.db, { order: sort, limit: size, offset: (current - 1) * size }),
        countPackages(app.db),
      ]);
      return {
        success: true as const,
        data: rows.map((row) => presentPackage(row, app.storage)),
        total,
        page: current,
        pages: Math.max(1, Math.ceil(total / size)),
      };
    },
  });
};
