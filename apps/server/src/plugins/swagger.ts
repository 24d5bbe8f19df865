import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { needsSignedInUser, SESSION_COOKIE } from './auth';

/** Either credential will do: the session cookie or `Authorization: Bearer <token>`. */
const SIGNED_IN = [{ cookie: [] }, { bearer: [] }];
/** Guests are answered too; a session, when there is one, may change the answer. */
const GUEST_OR_SIGNED_IN = [{}, ...SIGNED_IN];

const upperFirst = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** The words of a path segment: `sitemap.xml` → Sitemap Xml, `check-in` → Check In. */
const wordsOf = (segment: string): string =>
  segment
    .split(/[^A-Za-z0-9]+/)
    .map(upperFirst)
    .join('');

/**
 * A route's operationId, from its method and path (stable while the route stays where it is):
 * `GET /api/packages/:id/images` → `getPackagesByIdImages`, `GET /sitemaps/:name.xml` →
 * `getSitemapsByNameXml`. A route may name its own in `schema.operationId`.
 */
export function operationIdOf(method: string, url: string): string {
  const segments = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean);
  const words = segments.map((segment) =>
    segment.startsWith(':') ? `By${wordsOf(segment.slice(1))}` : wordsOf(segment),
  );
  return `${method.toLowerCase()}${words.join('')}`;
}

/**
 * The zod schemas turned into JSON schemas, and what the document adds to every operation: an
 * operationId and who may call it (`security`: a signed-in user for the routes behind
 * `requireUser`/`requireRole`; anyone for the rest of the API; no credential outside /api).
 */
const transform: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const { route } = input;
  const own: FastifySchema & { hide?: boolean; operationId?: string; security?: unknown } = schema ?? {};
  if (own.hide) return { schema: own, url };
  const [method = 'GET'] = [route.method].flat();
  const security = needsSignedInUser(route.preHandler)
    ? SIGNED_IN
    : url === '/api' || url.startsWith('/api/')
      ? GUEST_OR_SIGNED_IN
      : [];
  return {
    schema: {
      ...own,
      operationId: own.operationId ?? operationIdOf(method, url),
      security: own.security ?? security,
    },
    url,
  };
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/** Calls `visit` on every object in `value`, depth first. */
function eachObject(value: unknown, visit: (object: Json) => void): void {
  if (Array.isArray(value)) for (const item of value) eachObject(item, visit);
  else if (isObject(value)) {
    visit(value);
    for (const item of Object.values(value)) eachObject(item, visit);
  }
}

/**
 * What the document needs beyond zod's JSON schemas: a record keyed by an enum (every key
 * required) names its keys as properties, and the schemas no operation uses are left out (the
 * `…Input` twins of answers that no request sends).
 */
function finishDocument(document: Json): Json {
  eachObject(document, (schema) => {
    const keys = isObject(schema.propertyNames) ? schema.propertyNames.enum : undefined;
    if (Array.isArray(keys) && Array.isArray(schema.required) && !schema.properties)
      schema.properties = Object.fromEntries(
        keys.map((key) => [String(key), schema.additionalProperties ?? {}]),
      );
  });
  const components = isObject(document.components) ? document.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const used = new Set<string>();
  const use = (value: unknown) =>
    eachObject(value, (object) => {
      const name =
        typeof object.$ref === 'string' && object.$ref.match(/^#\/components\/schemas\/(.+)$/)?.[1];
      if (name && !used.has(name)) {
        used.add(name);
        use(schemas[name]);
      }
    });
  use({ ...document, components: { ...components, schemas: {} } });
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...components, schemas: kept } };
}

/** OpenAPI generated from the shared zod schemas, browsable at /api/docs. */
export const swaggerPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Sherehe API',
        description: [
          'The event-planning marketplace API. Authenticate with the session cookie or `Authorization: Bearer <token>` (the `token` of login and registration).',
          'There is no CSRF token: a state-changing request (POST, PUT, PATCH, DELETE) that names where it comes from (`Origin`, else `Referer`) must come from this site or an allowed CORS origin, or it is refused with 403.',
        ].join('\n\n'),
        version: '1.0.0',
      },
      servers: [{ url: new URL(app.config.publicUrl).origin, description: 'This server (PUBLIC_URL)' }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'The `token` that login and registration answer with.',
          },
          cookie: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The session cookie that login and registration set (HttpOnly).',
          },
        },
      },
    },
    transform,
    transformObject: (input) => finishDocument(jsonSchemaTransformObject(input) as Json),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
