/**
 * Tenant isolation beyond the route matrix (beyond test/isolation.test.ts): look-alike tenants, marker strings in
 * every object, every list and search route and the sync pull read as each tenant, and a small
 * pool reused by interleaved requests of two tenants.
 */
import { randomUUID } from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, expectStatus, inviteAndAccept, schemaOf, type Client } from '../api-helpers';
import { bearer, createTestApp, registerTenant, type TestApp } from '../helpers';
import { isPublicRoute, routeKeys } from '../route-policy';
import { decode, forge } from './tokens';

interface Tenant {
  name: string;
  marker: string;
  tenantId: string;
  schema: string;
  admin: Client;
  member: Client;
  adminToken: string;
}

const collected: RouteOptions[] = [];
let t: TestApp;
const tenants: Tenant[] = [];

/** One of every object, each text field carrying the tenant's marker. */
async function seed(tenant: Tenant) {
  const m = tenant.marker;
  const api = tenant.admin;
  const customer = expectStatus<{ id: string }>(
    await api.post('/api/customers', {
      companyName: `${m} customer`,
      companyEmail: `${m}@customer.test`,
      companyPhoneNumber: `${m}-phone`,
      companyAddress: `${m} street`,
      companyAddress2: `${m} floor`,
      mainContactName: `${m} contact`,
      mainContactEmail: `${m}.contact@customer.test`,
    }),
    201,
  );
  const contact = expectStatus<{ id: string }>(
    await api.post(`/api/contacts/customer/${customer.id}`, {
      name: `${m} buyer`,
      email: `${m}.buyer@customer.test`,
      role: `${m} role`,
    }),
    201,
  );
  const currency = `${'ABC'[tenants.indexOf(tenant)]}QX`;
  expectStatus(
    await api.post('/api/currencies', { code: currency, name: `${m} money`, symbol: '¤' }),
    201,
  );
  const product = expectStatus<{ id: string }>(
    await api.post('/api/products', {
      name: `${m} product`,
      sku: `${m}-sku`,
      price: 9.99,
      currencyCode: currency,
      category: `${m} cat`,
      supplier: `${m} sup`,
      description: `${m} desc`,
    }),
    201,
  );
  const body = {
    customerId: customer.id,
    contactId: contact.id,
    currencyCode: currency,
    notes: `<p>${m} notes</p>`,
    items: [{ productId: product.id, quantity: 2 }],
  };
  expectStatus(await api.post('/api/quotes', body), 201);
  const toConvert = expectStatus<{ id: string }>(await api.post('/api/quotes', body), 201);
  const order = expectStatus<{ id: string }>(
    await api.post(`/api/quotes/${toConvert.id}/convert`, {}),
    201,
  );
  expectStatus(await api.post(`/api/orders/${order.id}/create-invoice`, {}), 201);
}

beforeAll(async () => {
  t = await createTestApp({ poolSize: 2, build: { onRoute: (route) => collected.push(route) } });
  // 'Acme' and 'Acme 1' slug alike: their schemas must still be distinct and sealed from each other.
  for (const name of ['Acme', 'Acme 1', 'Globex']) {
    const reg = await registerTenant(t, name);
    const member = await inviteAndAccept(t, reg.token, false);
    tenants.push({
      name,
      marker: `mk${randomUUID().replace(/-/g, '').slice(0, 10)}`,
      tenantId: reg.tenantId,
      schema: await schemaOf(t, reg.tenantId),
      admin: client(t, reg.token),
      member: client(t, member.token),
      adminToken: reg.token,
    });
  }
  for (const tenant of tenants) await seed(tenant);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('look-alike tenants', () => {
  it('get distinct schemas', () => {
    const [acme, acme1] = tenants;
    expect(acme!.schema).toMatch(/^acme_/);
    expect(acme1!.schema).toMatch(/^acme1_/);
    expect(new Set(tenants.map((x) => x.schema)).size).toBe(3);
  });

  it("never show another tenant's marker in any list, search or pull", async () => {
    const lists = routeKeys(collected).filter(
      (r) =>
        r.method === 'GET' &&
        !r.url.includes(':') &&
        !isPublicRoute(r.key) &&
        !r.url.includes('/events'),
    );
    expect(lists.length).toBeGreaterThan(8);
    let calls = 0;
    let leaks = 0;
    for (const reader of tenants) {
      const others = tenants.filter((x) => x !== reader).map((x) => x.marker);
      for (const who of [reader.admin, reader.member]) {
        for (const route of lists) {
          for (const query of ['', '?q=mk', `?q=${others[0]}`, `?q=${others[1]}&limit=500`]) {
            const res = await who.get(`${route.url}${query}`);
            calls++;
            if (res.statusCode >= 500) throw new Error(`${route.key} → ${res.statusCode}`);
            if (others.some((m) => res.body.includes(m))) leaks++;
          }
        }
        const pull = await t.app.inject({
          method: 'POST',
          url: '/api/sync/pull',
          headers: bearer(reader.adminToken),
          payload: { clientGroupId: randomUUID(), clientId: randomUUID(), cursor: null },
        });
        calls++;
        expect(pull.body).toContain(reader.marker);
        if (others.some((m) => pull.body.includes(m))) leaks++;
      }
    }
    console.log(
      `isolation: ${calls} list/search/pull calls by 3 look-alike tenants → ${leaks} responses with another tenant's marker`,
    );
    expect(leaks).toBe(0);
  });
});

describe('broken tokens on every route', () => {
  it('answers 401 to an expired and to a tampered token on every non-public route', async () => {
    const guarded = routeKeys(collected).filter((r) => !isPublicRoute(r.key));
    const { header, payload } = decode(tenants[0]!.adminToken);
    const now = Math.floor(Date.now() / 1000);
    const expired = forge(
      header,
      { ...payload, iat: now - 7300, exp: now - 100 },
      t.config.jwtSecret,
    );
    const [h, , sig] = tenants[0]!.adminToken.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, tenantId: tenants[2]!.tenantId })).toString('base64url')}.${sig}`;
    let calls = 0;
    for (const route of guarded)
      for (const token of [expired, tampered]) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: route.url.replace(/:(\w+)/g, randomUUID()),
          headers: bearer(token),
          ...(route.method === 'POST' || route.method === 'PUT' ? { payload: {} } : {}),
        });
        calls++;
        expect(res.statusCode, `${route.key}`).toBe(401);
      }
    console.log(`broken tokens: ${calls} calls on ${guarded.length} routes → all 401`);
  });
});

describe('pool reuse', () => {
  it('keeps interleaved requests of two tenants apart on a pool of 2 connections', async () => {
    const [a, , b] = tenants;
    const total = 2000;
    let mismatches = 0;
    let failures = 0;
    const one = async (i: number) => {
      const tenant = i % 2 ? a! : b!;
      const other = i % 2 ? b! : a!;
      const res = await (i % 4 < 2
        ? tenant.admin.get('/api/customers')
        : tenant.member.get('/api/products'));
      if (res.statusCode !== 200) failures++;
      else if (!res.body.includes(tenant.marker) || res.body.includes(other.marker)) mismatches++;
    };
    for (let start = 0; start < total; start += 50)
      await Promise.all(Array.from({ length: 50 }, (_, k) => one(start + k)));
    console.log(
      `pool reuse: ${total} interleaved requests of 2 tenants on ${t.ctx.database.pool.options.max} connection(s) → ${mismatches} mismatches, ${failures} failures`,
    );
    expect(mismatches).toBe(0);
    expect(failures).toBe(0);
  }, 120_000);
});
