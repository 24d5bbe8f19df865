import { MESSAGES } from '@sherehe/shared/messages';
import { errorBodySchema, idParamsSchema, successMessageSchema } from '@sherehe/shared/schemas/common';
import {
  listPackagesQuerySchema,
  packageFieldsSchema,
  packageListResponseSchema,
  packageMessageResponseSchema,
  packageResponseSchema,
  packageUpdateFieldsSchema,
} from '@sherehe/shared/schemas/packages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseId } from '../../lib/ids';
import { readMultipartForm } from '../../lib/multipart';
import { limitUploads } from '../../lib/request-limits';
import { currentAuth, requireRole } from '../../plugins/auth';
import { answerOnlyForThisViewer } from '../../plugins/read-cache';
import { presentPackage } from './packages.presenter';
import { changePackage, createPackage, getPackage, removePackage, searchCatalogue } from './packages.service';
import { SEARCH_MATCHES_MS, SearchMatchesCache } from './search-matches';

const tags = ['packages'];
const writeErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
  429: errorBodySchema,
  503: errorBodySchema,
};
const multipartNote =
  'multipart/form-data with the text fields title, description, price, category (id), location and a file field `image` (JPEG, PNG, WebP, GIF or AVIF, at most 5 MB).';

export const packagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const countUpload = limitUploads(app.limiter, app.config.limits.uploadsPerUser);
  // Searches from memory (decision 019), dropped with the read cache's answers by every write.
  let kept: SearchMatchesCache | undefined;
  if (app.readCache.enabled) {
    kept = new SearchMatchesCache({
      ttlMs: Math.max(SEARCH_MATCHES_MS, app.config.readCacheMs),
      rowsTtlMs: app.config.readCacheMs,
    });
    app.readCache.track(kept);
  }

  app.get('/api/packages', {
    // The same answer for everyone: kept by the read cache (docs/decisions/010).
    config: { publicRead: true },
    schema: {
      tags,
      summary: 'Search packages',
      description:
        'Filters: q (title and description), category, location, minPrice, maxPrice, planner. Sort: newest (default), price_asc, price_desc, rating, featured. Paged on the server when page or limit is given. Only packages in the catalogue (listed), unless an admin asks for includeUnlisted=true.',
      querystring: listPackagesQuerySchema,
      response: {
        200: packageListResponseSchema,
        400: errorBodySchema,
        401: errorBodySchema,
        403: errorBodySchema,
      },
    },
    handler: async (request, reply) => {
      const { rows, page } = await searchCatalogue({
        db: app.db,
        viewer: request.auth?.user,
        query: request.query,
        kept,
      });
      // An admin's list with the packages out of the catalogue is theirs alone.
      if (request.query.includeUnlisted) answerOnlyForThisViewer(request, reply);
      const data = rows.map((row) => presentPackage(row, app.storage));
      return {
        success: true as const,
        data,
        ...(request.query.planner && { packages: data }),
        ...page,
      };
    },
  });

  app.get('/api/packages/:id', {
    // The same answer for everyone: kept by the read cache (docs/decisions/010).
    config: { publicRead: true },
    schema: {
      tags,
      summary: 'One package',
      description:
        'A package out of the catalogue (its planner may no longer offer packages) is found by admins and its planner only.',
      params: idParamsSchema,
      response: { 200: packageResponseSchema, 404: errorBodySchema },
    },
    handler: async (request, reply) => {
      const id = parseId(request.params.id, MESSAGES.packages.notFound);
      const row = await getPackage({ db: app.db, viewer: request.auth?.user, id });
      if (!row.package.listed) answerOnlyForThisViewer(request, reply);
      return { success: true as const, data: presentPackage(row, app.storage) };
    },
  });

  app.post('/api/packages/create', {
    schema: {
      tags,
      summary: 'Create a package (planner, admin)',
      description: multipartNote,
      consumes: ['multipart/form-data'],
      response: { 201: packageMessageResponseSchema, ...writeErrors },
    },
    preHandler: requireRole('planner', 'admin'),
    handler: async (request, reply) => {
      const auth = currentAuth(request);
      const form = await readMultipartForm(request, packageFieldsSchema);
      if (form.image) await countUpload(request, reply);
      const row = await createPackage({
        db: app.db,
        storage: app.storage,
        actor: auth.user,
        fields: form.fields,
        image: form.image,
      });
      return reply
        .code(201)
        .send({ success: true, message: MESSAGES.packages.created, data: presentPackage(row, app.storage) });
    },
  });

  app.put('/api/packages/update/:id', {
    schema: {
      tags,
      summary: 'Change a package (its planner, or an admin)',
      description: `${multipartNote} Every field is optional here; the fields sent are changed.`,
      consumes: ['multipart/form-data'],
      params: idParamsSchema,
      response: { 200: packageMessageResponseSchema, ...writeErrors },
    },
    preHandler: requireRole('planner', 'admin'),
    handler: async (request, reply) => {
      const auth = currentAuth(request);
      const id = parseId(request.params.id, MESSAGES.packages.notFound);
      const form = await readMultipartForm(request, packageUpdateFieldsSchema);
      if (form.image) await countUpload(request, reply);
      const row = await changePackage({
        db: app.db,
        storage: app.storage,
        actor: auth.user,
        id,
        fields: form.fields,
        image: form.image,
      });
      return {
        success: true as const,
        message: MESSAGES.packages.updated,
        data: presentPackage(row, app.storage),
      };
    },
  });

  app.delete('/api/packages/delete/:id', {
    schema: {
      tags,
      summary: 'Delete a package (its planner, or an admin)',
      params: idParamsSchema,
      response: {
        200: successMessageSchema,
        401: errorBodySchema,
        403: errorBodySchema,
        404: errorBodySchema,
      },
    },
    preHandler: requireRole('planner', 'admin'),
    handler: async (request) => {
      const auth = currentAuth(request);
      const id = parseId(request.params.id, MESSAGES.packages.notFound);
      await removePackage({
        db: app.db,
        storage: app.storage,
        attachmentStore: app.attachmentStore,
        actor: auth.user,
        id,
      });
      return { success: true as const, message: MESSAGES.packages.deleted };
    },
  });
};
