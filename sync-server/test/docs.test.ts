import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import { isPublicRoute, routeKeys } from './route-policy';

const collected: RouteOptions[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ build: { onRoute: (route) => collected.push(route) } });
});
afterAll(async () => {
  await t?.close();
});

type Operation = { tags?: string[]; security?: unknown; responses?: Record<string, unknown> };

describe('OpenAPI document', () => {
  it('is served as JSON at /api/docs/json with the tenant-data paths, tags and bearer security', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, Operation>>;
      components: { securitySchemes: object };
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components.securitySchemes).toHaveProperty('bearer');
    const expected: Array<[string, string[]]> = [
      ['/api/customers/', ['get', 'post']],
      ['/api/customers/{id}', ['get', 'put', 'delete']],
      ['/api/contacts/', ['get']],
      ['/api/contacts/customer/{customerId}', ['get', 'post']],
      ['/api/contacts/{id}', ['get', 'put', 'delete']],
      ['/api/products/', ['get', 'post']],
      ['/api/products/{id}', ['get', 'put', 'delete']],
      ['/api/products/defaultcurrency', ['get']],
      ['/api/products/currencies', ['get']],
      ['/api/currencies/', ['get', 'post']],
      ['/api/currencies/{id}', ['get', 'put', 'delete']],
      ['/api/currencies/code/{code}', ['get']],
      ['/api/currencies/default', ['get']],
      ['/api/tax-rates/', ['get', 'post']],
      ['/api/tax-rates/{id}', ['get', 'put', 'delete']],
      ['/api/tenants/current', ['get', 'put']],
      ['/api/tenants/{id}', ['delete']],
      ['/api/users/', ['get']],
      ['/api/users/{id}', ['get', 'delete']],
      ['/api/users/invite', ['post']],
      ['/api/users/{id}/role', ['put']],
    ];
    for (const [path, methods] of expected) {
      const item = doc.paths[path] ?? doc.paths[path.replace(/\/$/, '')];
      expect(item, path).toBeDefined();
      for (const method of methods) {
        const op = item![method];
        expect(op, `${method} ${path}`).toBeDefined();
        expect(op!.tags?.length, `${method} ${path} tags`).toBeGreaterThan(0);
        expect(op!.security, `${method} ${path} security`).toEqual([{ bearer: [] }]);
      }
    }
    // Responses are described, list schemas are arrays.
    expect(doc.paths['/api/customers/']!.get!.responses!['200']).toMatchObject({
      content: { 'application/json': { schema: { type: 'array' } } },
    });
  });

  it('gives every route tags, and every non-public route (and only those) the bearer security requirement', () => {
    const problems: string[] = [];
    for (const { key, route } of routeKeys(collected)) {
      const schema = (route.schema ?? {}) as {
        tags?: string[];
        security?: unknown;
        hide?: boolean;
      };
      if (schema.hide) continue; // the docs' own routes
      if (!schema.tags?.length) problems.push(`${key}: no tags`);
      const bearer = JSON.stringify(schema.security) === JSON.stringify([{ bearer: [] }]);
      if (!isPublicRoute(key) && !bearer)
        problems.push(`${key}: authenticated but documented without bearer security`);
      if (isPublicRoute(key) && schema.security)
        problems.push(`${key}: public but documented with security`);
    }
    expect(problems).toEqual([]);
  });

  it('serves the browsable page at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const page =
      res.statusCode === 302
        ? await t.app.inject({
            method: 'GET',
            url: `/api/docs/${res.headers.location}`.replace('/api/docs/./', '/api/docs/'),
          })
        : res;
    expect([200, 302]).toContain(res.statusCode);
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/swagger/i);
  });
});
