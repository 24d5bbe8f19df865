import { MESSAGES } from '@sherehe/shared/messages';
import {
  categoriesResponseSchema,
  categoryBodySchema,
  categoryResponseSchema,
} from '@sherehe/shared/schemas/categories';
import { idParamsSchema, successMessageSchema } from '@sherehe/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseId } from '../../lib/ids';
import { requireRole } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { auditContext } from '../audit';
import { presentCategory } from './categories.presenter';
import { changeCategory, createCategory, getCategories, removeCategory } from './categories.service';

const tags = ['categories'];
const errors = errorResponses(400, 401, 403, 404, 409);

export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/category', {
    // The same answer for everyone: kept by the read cache (docs/decisions/010).
    config: { publicRead: true },
    schema: { tags, summary: 'All categories, by name', response: { 200: categoriesResponseSchema } },
    handler: async () => {
      const rows = await getCategories({ db: app.db });
      return { success: true as const, categories: rows.map(presentCategory) };
    },
  });

  app.post('/api/category/create', {
    schema: {
      tags,
      summary: 'Create a category (admin)',
      body: categoryBodySchema,
      response: { 201: categoryResponseSchema, ...errors },
    },
    preHandler: requireRole('admin'),
    handler: async (request, reply) => {
      const row = await createCategory({ db: app.db, input: request.body, audit: auditContext(request) });
      return reply
        .code(201)
        .send({ success: true, message: MESSAGES.categories.created, category: presentCategory(row) });
    },
  });

  app.put('/api/category/update/:id', {
    schema: {
      tags,
      summary: 'Rename or describe a category (admin)',
      params: idParamsSchema,
      body: categoryBodySchema,
      response: { 200: categoryResponseSchema, ...errors },
    },
    preHandler: requireRole('admin'),
    handler: async (request) => {
      const id = parseId(request.params.id, MESSAGES.categories.notFound);
      const row = await changeCategory({ db: app.db, id, input: request.body, audit: auditContext(request) });
      return { success: true as const, message: MESSAGES.categories.updated, category: presentCategory(row) };
    },
  });

  app.delete('/api/category/delete/:id', {
    schema: {
      tags,
      summary: 'Delete a category no package uses (admin)',
      params: idParamsSchema,
      response: { 200: successMessageSchema, ...errors },
    },
    preHandler: requireRole('admin'),
    handler: async (request) => {
      const id = parseId(request.params.id, MESSAGES.categories.notFound);
      await removeCategory({ db: app.db, id, audit: auditContext(request) });
      return { success: true as const, message: MESSAGES.categories.deleted };
    },
  });
};
