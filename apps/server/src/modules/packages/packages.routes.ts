import { MESSAGES } from '@sherehe/shared/messages';
import { idParamsSchema, successMessageSchema } from '@sherehe/shared/schemas/common';
import {
  listPackagesQuerySchema,
  PACKAGE_PHOTO_MAX_BYTES,
  PACKAGE_PHOTO_MAX_MB,
  PACKAGE_PHOTOS_MAX,
  packageFieldsSchema,
  packageListResponseSchema,
  packageMessageResponseSchema,
  packageResponseSchema,
  packageUpdateFieldsSchema,
} from '@sherehe/shared/schemas/packages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseId } from '../../lib/ids';
import { type MultipartFiles, type MultipartForm, readMultipartForm } from '../../lib/multipart';
import { limitUploads } from '../../lib/request-limits';
import { currentAuth, requireRole } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { answerNotKept, answerOnlyForThisViewer } from '../../plugins/read-cache';
import { auditContext } from '../audit';
import { addPackagePhoto, removePackagePhoto } from './package-photos.service';
import { presentPackage } from './packages.presenter';
import {
  changePackage,
  createPackage,
  readPackage,
  removePackage,
  searchCatalogue,
} from './packages.service';
import { SEARCH_MATCHES_MS, SearchMatchesCache } from './search-matches';

const tags = ['packages'];
const writeErrors = {
  ...errorResponses(400, 401, 403, 404, 413, 415, 429, 503),
};
const photoNote = `JPEG, PNG, WebP, GIF or AVIF, judged by its bytes, at most ${PACKAGE_PHOTO_MAX_MB} MB; stored re-encoded as WebP (at most 2,048 px, metadata dropped)`;
const multipartNote = `multipart/form-data with the text fields title, description, price, category (id), location, depositPercent, cancellationPolicy (flexible, moderate or strict; moderate when left out), and a file field \`image\`, the cover (${photoNote}). More photos: the repeated file field \`images\`, after the cover; at most ${PACKAGE_PHOTOS_MAX} photos in all (400 past it). The answer's \`image\` is the cover, and \`images\` every photo in order, the cover first.`;
const updateNote = `${multipartNote} Every field is optional here; the fields sent are changed. \`image\` replaces the cover; \`images\` are added after the other photos; \`removeImages\` (photo ids, comma-separated) removes photos; \`imageOrder\` (photo ids, comma-separated) puts those photos first in that order, the first becoming the cover. All in one transaction.`;
/** A package's photos: larger than other uploads (15 MB each), up to 8 in a form. */
const photoFiles: MultipartFiles = {
  maxBytes: PACKAGE_PHOTO_MAX_BYTES,
  tooLarge: MESSAGES.packagePhotos.tooLarge(PACKAGE_PHOTO_MAX_MB),
  many: PACKAGE_PHOTOS_MAX,
  tooMany: MESSAGES.packagePhotos.tooMany(PACKAGE_PHOTOS_MAX),
};
const photoParamsSchema = idParamsSchema.extend({ imageId: z.string() });

export const packagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const countUpload = limitUploads(app.limiter, app.config.limits.uploadsPerUser);
  /** Every photo of a form is one upload against the per-user upload limit. */
  async function countPhotos(request: FastifyRequest, reply: FastifyReply, form: MultipartForm<unknown>) {
    const photos = (form.image ? 1 : 0) + form.images.length;
    for (let count = 0; count < photos; count += 1) await countUpload(request, reply);
  }
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
        'Filters: q (title and description), category, location, minPrice, maxPrice, planner, date (YYYY-MM-DD: only packages whose planner can take a new event that day: not blocked, not full; today or later in Nairobi, within the booking horizon, else 400), minRating (a whole number from 1 to 5: the average rating as shown, with one decimal, at least that). Sort: newest (default), price_asc, price_desc, rating (average rating, then review count), featured. Paged on the server when page or limit is given. Only packages in the catalogue (listed), unless an admin asks for includeUnlisted=true.',
      querystring: listPackagesQuerySchema,
      response: {
        200: packageListResponseSchema,
        ...errorResponses(400, 401, 403),
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
      // A day's availability changes with bookings and blocked days, which leave the read cache
      // alone: such an answer is never kept.
      else if (request.query.date) answerNotKept(request);
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
        'A package out of the catalogue (its planner may no longer offer packages) is found by admins and its planner only. `images` lists every photo, the cover (`image`) first.',
      params: idParamsSchema,
      response: { 200: packageResponseSchema, ...errorResponses(404) },
    },
    handler: async (request, reply) => {
      const id = parseId(request.params.id, MESSAGES.packages.notFound);
      const row = await readPackage({ db: app.db, viewer: request.auth?.user, id });
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
      const form = await readMultipartForm(request, packageFieldsSchema, photoFiles);
      await countPhotos(request, reply, form);
      const row = await createPackage({
        db: app.db,
        storage: app.storage,
        actor: auth.user,
        fields: form.fields,
        image: form.image,
        images: form.images,
      });
      // Its page, its planner's profile and its category's first page (docs/decisions/023).
      await request.publicPagesChanged({ packages: [row.package.id] });
      return reply
        .code(201)
        .send({ success: true, message: MESSAGES.packages.created, data: presentPackage(row, app.storage) });
    },
  });

  app.put('/api/packages/update/:id', {
    schema: {
      tags,
      summary: 'Change a package (its planner, or an admin)',
      description: updateNote,
      consumes: ['multipart/form-data'],
      params: idParamsSchema,
      response: { 200: packageMessageResponseSchema, ...writeErrors },
    },
    preHandler: requireRole('planner', 'admin'),
    handler: async (request, reply) => {
      const auth = currentAuth(request);
      const id = parseId(request.params.id, MESSAGES.packages.notFound);
      const form = await readMultipartForm(request, packageUpdateFieldsSchema, photoFiles);
      await countPhotos(request, reply, form);
      // Read before the change too: the old category's first page shows it no more.
      await request.publicPagesChanged({ packages: [id] });
      const row = await changePackage({
        db: app.db,
        storage: app.storage,
        actor: auth.user,
        id,
        fields: form.fields,
        image: form.image,
        images: form.images,
        audit: auditContext(request),
      });
      return {
        success: true as const,
        message: MESSAGES.packages.updated,
        data: presentPackage(row, app.storage),
      };
    },
  });

  app.post('/api/packages/:id/images', {
    schema: {
      tags,
      summary: 'Add one photo to a package (its planner, or an admin)',
      description: `multipart/form-data with one file field \`image\` (${photoNote}), added after the other photos; at most ${PACKAGE_PHOTOS_MAX} photos a package (400 past it). One request a photo, so a slow connection sends each on its own.`,
      consumes: ['multipart/form-data'],
      params: idParamsSchema,
      response: { 201: packageMessageResponseSchema, ...writeErrors },
    },
    preHandler: requireRole('planner', 'admin'),
    handler: async (request, reply) => {
      const auth = currentAuth(request);
      const id = parseId(request.params.id, MESSAGES.packages.notFound);
      const form = await readMultipartForm(request, z.object({}), { ...photoFiles, many: 1 });
      if (form.image) await countUpload(request, reply);
      await request.publicPagesChanged({ packages: [id] });
      const row = await addPackagePhoto({
        db: app.db,
        storage: app.storage,
        actor: auth.user,
        id,
        photo: form.image,
      });
      return reply.code(201).send({
        success: true,
        message: MESSAGES.packagePhotos.added,
        data: presentPackage(row, app.storage),
      });
    },
  });

  app.delete('/api/packages/:id/images/:imageId', {
    schema: {
      tags,
      summary: 'Remove one photo of a package (its planner, or an admin)',
      description:
        'Removing the cover makes the next photo the cover; the last photo cannot be removed (400). The files go once the change is saved.',
      params: photoParamsSchema,
      response: { 200: packageMessageResponseSchema, ...writeErrors },
    },
    preHandler: requireRole('planner', 'admin'),
    handler: async (request) => {
      const auth = currentAuth(request);
      const id = parseId(request.params.id, MESSAGES.packages.notFound);
      const imageId = parseId(request.params.imageId, MESSAGES.packagePhotos.notFound);
      await request.publicPagesChanged({ packages: [id] });
      const row = await removePackagePhoto({
        db: app.db,
        storage: app.storage,
        actor: auth.user,
        id,
        imageId,
      });
      return {
        success: true as const,
        message: MESSAGES.packagePhotos.removed,
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
        ...errorResponses(401, 403, 404),
      },
    },
    preHandler: requireRole('planner', 'admin'),
    handler: async (request) => {
      const auth = currentAuth(request);
      const id = parseId(request.params.id, MESSAGES.packages.notFound);
      // Read before it goes: its planner's profile and its category's first page.
      await request.publicPagesChanged({ packages: [id] });
      await removePackage({
        db: app.db,
        storage: app.storage,
        attachmentStore: app.attachmentStore,
        actor: auth.user,
        id,
        audit: auditContext(request),
      });
      return { success: true as const, message: MESSAGES.packages.deleted };
    },
  });
};
