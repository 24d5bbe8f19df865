import { statSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@sherehe/shared/messages';
import type { Package } from '@sherehe/shared/schemas/packages';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../plugins/errors';
import { IMMUTABLE } from '../../storage/s3-storage';
import { appleTouchIcon, faviconIco } from './icons';
import { publicRead } from './page-head';
import { shareImage, shareImageVersion } from './share-image';
import { Sitemaps } from './sitemap';

const tags = ['sharing'];
const XML_TYPE = 'application/xml; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';
/** Sitemaps and robots.txt: any cache may keep them an hour. */
const HOUR = 'public, max-age=3600';
/** The icons: a day, then checked again by their ETag. */
const DAY = 'public, max-age=86400';

const body = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: z.string() } },
});

const binary = z.string().meta({ format: 'binary' });

/** An image's bytes (the routes' schemas describe them for the OpenAPI document, as binary text). */
function sendBytes(reply: FastifyReply, type: string, bytes: Buffer) {
  return reply.type(type).send(bytes);
}

/** Where crawlers should not go: the API and the pages behind a sign-in, in both languages. */
const PRIVATE_PAGES = ['/dashboard', '/profile', '/reset-password', '/test-email', '/unauthorized'];

/**
 * What makes the public pages travel (docs/seo.md): robots.txt, the sitemaps, each package's share
 * picture and the site's icons. Served by any process, outside /api.
 */
export const sharingRoutes: FastifyPluginAsyncZod = async (app) => {
  const origin = app.config.publicUrl.replace(/\/+$/, '');
  const webIndex = app.config.webDist ? path.join(app.config.webDist, 'index.html') : undefined;
  const builtAt = () => {
    try {
      return webIndex ? statSync(webIndex).mtime : undefined;
    } catch {
      return undefined;
    }
  };
  const sitemaps = new Sitemaps(app.db, origin, builtAt);
  // A write that may change the catalogue drops what was read, as it drops the read cache.
  app.readCache.track(sitemaps);

  app.get('/robots.txt', {
    schema: {
      tags,
      summary: 'Rules for crawlers',
      description:
        'Public pages allowed; the API and the signed-in pages (both languages) not; the sitemap index named.',
      response: { 200: body(TEXT_TYPE, 'robots.txt') },
    },
    handler: async (_request, reply) => {
      const lines = [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        ...PRIVATE_PAGES.flatMap((page) => [`Disallow: ${page}`, `Disallow: /sw${page}`]),
        '',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ];
      return reply.type(TEXT_TYPE).header('cache-control', HOUR).send(lines.join('\n'));
    },
  });

  app.get('/sitemap.xml', {
    schema: {
      tags,
      summary: 'The sitemap index',
      description:
        'A <sitemapindex> of /sitemaps/pages.xml, /sitemaps/packages-N.xml and /sitemaps/planners-N.xml, each of at most 50,000 addresses.',
      response: { 200: body(XML_TYPE, 'A sitemap index') },
    },
    handler: async (_request, reply) =>
      reply
        .type(XML_TYPE)
        .header('cache-control', HOUR)
        .send(await sitemaps.index()),
  });

  app.get('/sitemaps/:name.xml', {
    schema: {
      tags,
      summary: 'One sitemap of the index',
      description:
        'pages, packages-N (listed packages) or planners-N (planners’ profiles): every page in English and Kiswahili, each address naming the other with xhtml:link hreflang, with lastmod.',
      params: z.object({ name: z.string().max(40) }),
      response: { 200: body(XML_TYPE, 'A sitemap'), ...errorResponses(404) },
    },
    handler: async (request, reply) => {
      const found = await sitemaps.file(request.params.name);
      if (found === undefined) throw new AppError('NOT_FOUND', MESSAGES.security.noRoute('GET', request.url));
      return reply.type(XML_TYPE).header('cache-control', HOUR).send(found);
    },
  });

  app.get('/share/packages/:id.jpg', {
    schema: {
      tags,
      summary: 'A package’s share picture (1200x630 JPEG)',
      description:
        'Its cover photo cropped to fill, with its title and price; its artwork when it has no photo. Drawn on the first request after a change to what it shows, then stored. `v` is the version the page’s og:image names: with the current one the answer may be kept for good. 404 for a package not in the catalogue.',
      params: z.object({ id: z.string().max(100) }),
      querystring: z.object({ v: z.string().max(64).optional() }),
      response: {
        200: { description: 'A JPEG', content: { 'image/jpeg': { schema: binary } } },
        304: z.null().describe('Not modified (If-None-Match)'),
        ...errorResponses(404, 503),
      },
    },
    handler: async (request, reply) => {
      const answer = await publicRead<{ data: Package }>(
        app,
        `/api/packages/${encodeURIComponent(request.params.id)}`,
      );
      const pkg = answer?.data;
      if (!pkg?.listed) throw new AppError('NOT_FOUND', MESSAGES.packages.notFound);
      const version = shareImageVersion(pkg);
      const etag = `"${version}"`;
      reply
        .header('etag', etag)
        .header('cache-control', request.query.v === version ? IMMUTABLE : HOUR)
        .header('cross-origin-resource-policy', 'cross-origin');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      const { body: jpeg } = await shareImage(app.storage, pkg);
      return sendBytes(reply, 'image/jpeg', jpeg);
    },
  });

  const icons = {
    '/favicon.ico': { type: 'image/x-icon', draw: faviconIco },
    '/apple-touch-icon.png': { type: 'image/png', draw: appleTouchIcon },
  };
  for (const [url, icon] of Object.entries(icons)) {
    let drawn: Promise<Buffer> | undefined;
    app.get(url, {
      schema: {
        tags,
        summary: `The site’s icon (${icon.type})`,
        response: { 200: { description: 'The icon', content: { [icon.type]: { schema: binary } } } },
      },
      handler: async (_request, reply) => {
        drawn ??= icon.draw();
        return sendBytes(reply.header('cache-control', DAY), icon.type, await drawn);
      },
    });
  }
};
