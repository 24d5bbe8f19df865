import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { operationIdOf } from '../src/plugins/swagger';
import { useTestApp } from './build-app';

const t = useTestApp();

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
}

async function openApiDocument() {
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** Every operation of the document, as `GET /api/packages/{id}` and its object. */
function operationsOf(doc: { paths: Record<string, Record<string, Operation>> }): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([route, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]): [string, Operation] => [`${method.toUpperCase()} ${route}`, operation]),
  );
}

const SIGNED_IN = [{ cookie: [] }, { bearer: [] }];

describe('the OpenAPI document tools read', () => {
  it('names every operation with an operationId of its own', async () => {
    const operations = operationsOf(await openApiDocument());
    expect(operations.length).toBeGreaterThan(80);
    expect(operations.filter(([, operation]) => !operation.operationId).map(([key]) => key)).toEqual([]);
    const ids = operations.map(([, operation]) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    for (const id of ids) expect(id).toMatch(/^[a-z]+[A-Za-z0-9]*$/);
    const byKey = Object.fromEntries(operations.map(([key, operation]) => [key, operation.operationId]));
    expect(byKey['GET /api/packages']).toBe('getPackages');
    expect(byKey['GET /api/packages/{id}']).toBe('getPackagesById');
    expect(byKey['DELETE /api/packages/{id}/images/{imageId}']).toBe('deletePackagesByIdImagesByImageId');
    expect(byKey['GET /api/calendar/{token}.ics']).toBe('getCalendarByTokenIcs');
    expect(byKey['GET /robots.txt']).toBe('getRobotsTxt');
  });

  it('derives operationIds from the method and the path', () => {
    expect(operationIdOf('GET', '/api/packages')).toBe('getPackages');
    expect(operationIdOf('POST', '/api/auth/request-password-reset')).toBe('postAuthRequestPasswordReset');
    expect(operationIdOf('GET', '/sitemaps/:name.xml')).toBe('getSitemapsByNameXml');
    expect(operationIdOf('PATCH', '/api/user/:id/role')).toBe('patchUserByIdRole');
    expect(operationIdOf('GET', '/api')).toBe('get');
  });

  it('names its server and how to sign in: the session cookie or a bearer token', async () => {
    const doc = await openApiDocument();
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'http://localhost:3000' })]);
    expect(doc.components.securitySchemes.cookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'sherehe_session',
    });
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    // No CSRF header: the origin check is what guards cookie writes, and the document says so.
    expect(doc.info.description).toContain('Origin');
  });

  it('marks the operations that need a signed-in user, and only them', async () => {
    const doc = await openApiDocument();
    const operations = operationsOf(doc);
    expect(operations.filter(([, operation]) => !operation.security).map(([key]) => key)).toEqual([]);
    const security = Object.fromEntries(operations.map(([key, operation]) => [key, operation.security]));
    for (const key of [
      'GET /api/user/data',
      'PATCH /api/user/{id}/role',
      'POST /api/packages/create',
      'GET /api/bookings/my',
      'GET /api/payments/{id}',
      'GET /api/admin/jobs',
      'DELETE /api/user/me',
    ])
      expect(security[key], key).toEqual(SIGNED_IN);
    for (const key of [
      'GET /api/packages',
      'GET /api/packages/{id}',
      'POST /api/auth/login',
      'GET /api/plans',
    ])
      expect(security[key], key).toEqual([{}, ...SIGNED_IN]);
    expect(security['GET /robots.txt']).toEqual([]);
    // Every scheme an operation names is declared.
    const schemes = new Set(Object.keys(doc.components.securitySchemes));
    const named = operations.flatMap(([, operation]) => (operation.security ?? []).flatMap(Object.keys));
    expect(named.filter((name) => !schemes.has(name))).toEqual([]);
  });

  it('generates a typed client that compiles a right call and refuses wrong ones', async () => {
    const doc = await openApiDocument();
    const types = astToString(await openapiTS(doc));
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sherehe-openapi-client-'));
    try {
      const files: Record<string, string> = {
        'api.d.ts': types,
        'client.ts': `import type { paths } from './api';
type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Gettable = { [P in keyof paths]: paths[P] extends { get: object } ? P : never }[keyof paths];
type GetOf<P extends Gettable> = paths[P]['get'];
export type Query<P extends Gettable> = GetOf<P> extends { parameters: { query?: infer Q } } ? Q : never;
export type Ok<P extends Gettable> = GetOf<P> extends { responses: { 200: infer R } } ? Json<R> : never;
export declare function get<P extends Gettable>(path: P, query?: Query<P>): Promise<Ok<P>>;
`,
        'right.ts': `import type { operations } from './api';
import { get } from './client';
export async function titles(): Promise<string[]> {
  const page = await get('/api/packages', { q: 'garden', sort: 'price_asc', page: 1 });
  return page.data.map((pkg) => pkg.title);
}
type Found = operations['getPackagesById']['responses']['200']['content']['application/json'];
export const price = (found: Found): number => found.data.price;
`,
        'wrong-path.ts': `import { get } from './client';
export const answer = get('/api/packagez');
`,
        'wrong-query.ts': `import { get } from './client';
export const answer = get('/api/packages', { sort: 'cheapest' });
`,
        'wrong-answer.ts': `import { get } from './client';
export async function price(): Promise<number> {
  const page = await get('/api/packages');
  return page.data[0].title;
}
`,
        'wrong-operation.ts': `import type { operations } from './api';
export type Missing = operations['getPackagez'];
`,
      };
      for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
      const program = ts.createProgram(
        Object.keys(files).map((name) => path.join(dir, name)),
        {
          strict: true,
          noEmit: true,
          target: ts.ScriptTarget.ES2022,
          module: ts.ModuleKind.ESNext,
          moduleResolution: ts.ModuleResolutionKind.Bundler,
          lib: ['lib.es2022.d.ts'],
          types: [],
          skipLibCheck: true,
        },
      );
      const errorsOf = (name: string) =>
        ts
          .getPreEmitDiagnostics(program, program.getSourceFile(path.join(dir, name)))
          .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      expect(errorsOf('api.d.ts')).toEqual([]);
      expect(errorsOf('client.ts')).toEqual([]);
      expect(errorsOf('right.ts')).toEqual([]);
      for (const name of ['wrong-path.ts', 'wrong-query.ts', 'wrong-answer.ts', 'wrong-operation.ts'])
        expect(errorsOf(name), name).not.toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
