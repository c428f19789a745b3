/**
 * Tenant-isolation matrix over EVERY route the server registers (collected with buildApp's
 * `onRoute` option, so a route added later is covered without editing this file):
 *
 * - no token → 401, and a token of a deleted user → 401, on every route that is not public;
 * - tenant B's token with tenant A's ids → 404 on every route with path parameters, and nothing
 *   of tenant A changes; B's lists never show A's records;
 * - a member (non-admin) of A → 403 on the admin routes, and never 401/403 elsewhere.
 *
 * Coverage is enforced: a non-public route with a path parameter that `PARAMS` cannot fill makes
 * the "every route is mapped" test fail until someone adds the mapping (and, if the route needs a
 * body to reach its lookup, an entry in `BODIES`).
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  expectStatus,
  inviteAndAccept,
  schemaOf,
  type Client,
  type Method,
} from './api-helpers';
import { createTestApp, registerTenant, uniqueEmail, type TestApp } from './helpers';
import { ADMIN_ROUTES, isPublicRoute, routeKeys } from './route-policy';

// ---------------------------------------------------------------------------------------------
// How to fill a route's path with tenant A's ids.

/** Tenant A's records, made through the REST calls (quotes, orders and invoices when those routes exist). */
interface TenantA {
  tenantId: string;
  memberId: string;
  customerId: string;
  contactId: string;
  productId: string;
  /** A currency only A has (B has its own USD, so USD would be found). */
  currencyId: string;
  currencyCode: string;
  taxRateId: string;
  quoteId?: string;
  orderId?: string;
  invoiceId?: string;
  paymentId?: string;
  creditNoteId?: string;
  recurringProfileId?: string;
}

/**
 * `{ route prefix, path parameter → tenant A's value }`: the entry with the longest prefix that the
 * route starts with and that names the parameter wins. A new route under a known prefix with a known
 * parameter name is covered at once; otherwise add a line here.
 */
const PARAMS: Array<{ prefix: string; param: string; value: (a: TenantA) => string | undefined }> =
  [
    { prefix: '/api/customers/', param: 'id', value: (a) => a.customerId },
    { prefix: '/api/contacts/customer/', param: 'customerId', value: (a) => a.customerId },
    { prefix: '/api/contacts/', param: 'id', value: (a) => a.contactId },
    { prefix: '/api/products/', param: 'id', value: (a) => a.productId },
    { prefix: '/api/currencies/code/', param: 'code', value: (a) => a.currencyCode },
    { prefix: '/api/currencies/', param: 'id', value: (a) => a.currencyId },
    { prefix: '/api/tax-rates/', param: 'id', value: (a) => a.taxRateId },
    { prefix: '/api/tenants/', param: 'id', value: (a) => a.tenantId },
    { prefix: '/api/users/', param: 'id', value: (a) => a.memberId },
    { prefix: '/api/quotes/', param: 'id', value: (a) => a.quoteId },
    { prefix: '/api/orders/', param: 'id', value: (a) => a.orderId },
    { prefix: '/api/invoices/', param: 'id', value: (a) => a.invoiceId },
    { prefix: '/api/invoices/', param: 'paymentId', value: (a) => a.paymentId },
    { prefix: '/api/credit-notes/', param: 'id', value: (a) => a.creditNoteId },
    { prefix: '/api/recurring-profiles/', param: 'id', value: (a) => a.recurringProfileId },
  ];

/**
 * Bodies for routes that validate their body before looking the record up: a body valid in shape,
 * naming tenant A's records where it names any, so B's call reaches the lookup (and its 404).
 * Routes not listed get `{}` for POST/PUT.
 */
const BODIES: Record<string, (a: TenantA) => object> = {
  'POST /api/contacts/customer/:customerId': () => ({ name: 'Intruder', email: 'intruder@b.test' }),
  'PUT /api/users/:id/role': () => ({ isTenantAdmin: false }),
  'POST /api/users/invite': () => ({ email: uniqueEmail('matrix') }),
  'PUT /api/tenants/current': () => ({ naturalName: 'Renamed by the matrix' }),
  'PUT /api/currencies/:id': () => ({ isDefault: true, name: 'Taken over' }),
  'POST /api/tax-rates': () => ({ name: 'B VAT', rate: 7, category: 'S' }),
  'PUT /api/tax-rates/:id': () => ({ name: 'Taken over' }),
  'PUT /api/quotes/:id': (a) => documentBody(a),
  'PUT /api/orders/:id': (a) => documentBody(a),
  'PUT /api/invoices/:id': () => ({ status: 'Paid' }),
  'POST /api/invoices/:id/payments': () => ({ amount: 1, method: 'cash' }),
  'PUT /api/invoices/:id/terms': () => ({ paymentTerms: 'net_7' }),
  'PUT /api/invoices/:id/reminders': () => ({ stopped: true }),
  'POST /api/invoices/:id/email': () => documentMail,
  'POST /api/orders/:id/email': () => documentMail,
  'POST /api/credit-notes/:id/email': () => documentMail,
  'PUT /api/billing/settings': () => ({ defaultPaymentTerms: 'net_60' }),
  'POST /api/invoices/:id/credit-notes': () => ({ kind: 'full', reason: 'Credited by the matrix' }),
  'POST /api/recurring-profiles': (a) => recurringBody(a),
  'PUT /api/recurring-profiles/:id': (a) => recurringBody(a),
};

const documentMail = { to: 'matrix@example.com', subject: 'Invoice', text: 'Attached.' };

const recurringBody = (a: TenantA) => ({
  customerId: a.customerId,
  contactId: a.contactId,
  items: [{ productId: a.productId, quantity: 1 }],
  startDate: '2027-01-01',
  frequency: { unit: 'month', every: 1 },
});

const documentBody = (a: TenantA) => ({
  customerId: a.customerId,
  contactId: a.contactId,
  currencyCode: 'USD',
  items: [{ productId: a.productId, quantity: 1 }],
  notes: 'changed by another tenant',
});

// ---------------------------------------------------------------------------------------------

interface Route {
  method: Method;
  url: string;
  key: string;
  params: string[];
  /** A server-sent-events stream: never ends on success, so only its refusals are called. */
  streaming: boolean;
}

const collected: RouteOptions[] = [];
let t: TestApp;
let routes: Route[];
let a: TenantA;
let schemaA: string;
let adminA: Client;
let memberA: Client;
let adminB: Client;

const guarded = () => routes.filter((r) => !isPublicRoute(r.key));

function toRoutes(options: RouteOptions[]): Route[] {
  return routeKeys(options).map(({ method, url, key, route }) => ({
    method: method as Method,
    url,
    key,
    params: [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!),
    streaming: answersEventStream(route.schema),
  }));
}

/** A never-ending event stream, declared in `produces` or as the content of its 200. */
function answersEventStream(schema: unknown): boolean {
  const { produces, response } = (schema ?? {}) as {
    produces?: string[];
    response?: Record<string, { content?: Record<string, unknown> }>;
  };
  return Boolean(
    produces?.includes('text/event-stream') || response?.['200']?.content?.['text/event-stream'],
  );
}

function paramValue(url: string, param: string): string | undefined {
  const match = PARAMS.filter((p) => p.param === param && url.startsWith(p.prefix)).sort(
    (x, y) => y.prefix.length - x.prefix.length,
  )[0];
  return match?.value(a);
}

function pathFor(route: Route): string {
  return route.url.replace(/:(\w+)/g, (_, param: string) => {
    const value = paramValue(route.url, param);
    if (value === undefined)
      throw new Error(`No tenant-A value for :${param} of ${route.key}: add it to PARAMS`);
    return encodeURIComponent(value);
  });
}

/** Query strings for routes that validate their query before looking the record up. */
const QUERIES: Record<string, string> = {
  'GET /api/invoices/:id/e-invoice': '?format=peppol',
  'GET /api/credit-notes/:id/e-invoice': '?format=peppol',
};

function call(api: Client, route: Route) {
  const body =
    BODIES[route.key]?.(a) ?? (route.method === 'POST' || route.method === 'PUT' ? {} : undefined);
  return api.call(route.method, pathFor(route) + (QUERIES[route.key] ?? ''), body);
}

/** Everything of tenant A: every table of its schema, and its control-plane rows. */
async function snapshotA(): Promise<Record<string, unknown[]>> {
  const pool = t.ctx.database.pool;
  const { rows: tables } = await pool.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
    [schemaA],
  );
  const snapshot: Record<string, unknown[]> = {};
  for (const { table_name } of tables)
    snapshot[table_name] = (
      await pool.query(`SELECT * FROM "${schemaA}"."${table_name}" ORDER BY 1`)
    ).rows;
  snapshot['app.tenants'] = (
    await pool.query('SELECT * FROM app.tenants WHERE id = $1', [a.tenantId])
  ).rows;
  snapshot['app.users'] = (
    await pool.query('SELECT * FROM app.users WHERE tenant_id = $1 ORDER BY id', [a.tenantId])
  ).rows;
  return snapshot;
}

/** Creates tenant A's records through the API; the document calls only when their routes exist. */
async function seedTenantA(): Promise<void> {
  const has = (key: string) => routes.some((r) => r.key === key);
  const customer = expectStatus<{ id: string }>(
    await adminA.post('/api/customers', {
      companyName: 'A Customer',
      companyEmail: 'a.customer@a.test',
      mainContactName: 'A Contact',
      mainContactEmail: 'a.contact@a.test',
    }),
    201,
  );
  const contacts = expectStatus<Array<{ id: string }>>(
    await adminA.get(`/api/contacts/customer/${customer.id}`),
    200,
  );
  const product = expectStatus<{ id: string }>(
    await adminA.post('/api/products', { name: 'A Product', price: 12.5, currencyCode: 'USD' }),
    201,
  );
  const currency = expectStatus<{ id: string; code: string }>(
    await adminA.post('/api/currencies', { code: 'AAA', name: 'A Only', symbol: 'A' }),
    201,
  );
  const taxRate = expectStatus<{ id: string }>(
    await adminA.post('/api/tax-rates', { name: 'A VAT', rate: 19, category: 'S' }),
    201,
  );
  a = {
    ...a,
    customerId: customer.id,
    contactId: contacts[0]!.id,
    productId: product.id,
    currencyId: currency.id,
    currencyCode: currency.code,
    taxRateId: taxRate.id,
  };

  if (has('POST /api/recurring-profiles'))
    a.recurringProfileId = expectStatus<{ id: string }>(
      await adminA.post('/api/recurring-profiles', recurringBody(a)),
      201,
    ).id;

  if (has('POST /api/quotes')) {
    const quote = expectStatus<{ id: string }>(
      await adminA.post('/api/quotes', documentBody(a)),
      201,
    );
    a.quoteId = quote.id;
    if (has('POST /api/quotes/:id/convert')) {
      const convertable = expectStatus<{ id: string }>(
        await adminA.post('/api/quotes', documentBody(a)),
        201,
      );
      const order = await adminA.post(`/api/quotes/${convertable.id}/convert`, {});
      a.orderId = expectStatus<{ id: string }>(order, order.statusCode === 200 ? 200 : 201).id;
      if (has('POST /api/orders/:id/create-invoice')) {
        const invoice = await adminA.post(`/api/orders/${a.orderId}/create-invoice`, {});
        a.invoiceId = expectStatus<{ id: string }>(
          invoice,
          invoice.statusCode === 200 ? 200 : 201,
        ).id;
        if (has('POST /api/invoices/:id/payments'))
          a.paymentId = expectStatus<{ id: string }>(
            await adminA.post(`/api/invoices/${a.invoiceId}/payments`, {
              amount: 1,
              method: 'cash',
            }),
            201,
          ).id;
        if (has('POST /api/invoices/:id/credit-notes')) a.creditNoteId = await creditNoteOfA();
      }
    }
  }
}

/** A credit note of tenant A: 1.00 credited on an invoice of its own, issued. */
async function creditNoteOfA(): Promise<string> {
  const quote = expectStatus<{ id: string }>(
    await adminA.post('/api/quotes', documentBody(a)),
    201,
  );
  const order = await adminA.post(`/api/quotes/${quote.id}/convert`, {});
  const orderId = expectStatus<{ id: string }>(order, order.statusCode === 200 ? 200 : 201).id;
  const invoice = await adminA.post(`/api/orders/${orderId}/create-invoice`, {});
  const invoiceId = expectStatus<{ id: string }>(
    invoice,
    invoice.statusCode === 200 ? 200 : 201,
  ).id;
  expectStatus(await adminA.post(`/api/invoices/${invoiceId}/issue`, {}), 200);
  return expectStatus<{ id: string }>(
    await adminA.post(`/api/invoices/${invoiceId}/credit-notes`, {
      kind: 'amount',
      amount: 1,
      reason: 'Matrix',
    }),
    201,
  ).id;
}

beforeAll(async () => {
  t = await createTestApp({ build: { onRoute: (route) => collected.push(route) } });
  routes = toRoutes(collected);
  const ta = await registerTenant(t, 'Tenant A');
  const tb = await registerTenant(t, 'Tenant B');
  adminA = client(t, ta.token);
  adminB = client(t, tb.token);
  schemaA = await schemaOf(t, ta.tenantId);
  const member = await inviteAndAccept(t, ta.token, false);
  memberA = client(t, member.token);
  a = { tenantId: ta.tenantId, memberId: member.userId } as TenantA;
  await seedTenantA();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('tenant-isolation matrix', () => {
  it('collects the routes, including every tenant-data call of this module', () => {
    const keys = routes.map((r) => r.key);
    for (const key of [
      'GET /api/customers/:id',
      'POST /api/contacts/customer/:customerId',
      'GET /api/products/defaultcurrency',
      'GET /api/currencies/code/:code',
      'DELETE /api/tenants/:id',
      'PUT /api/users/:id/role',
    ])
      expect(keys).toContain(key);
    for (const key of ADMIN_ROUTES)
      expect(keys, `${key} is listed as admin but not registered`).toContain(key);
  });

  it('every non-public route with path parameters is mapped to tenant A’s ids (add new ones to PARAMS)', () => {
    const unmapped = guarded()
      .flatMap((r) =>
        r.params.map((p) => ({ route: r.key, param: p, value: paramValue(r.url, p) })),
      )
      .filter((x) => x.value === undefined)
      .map((x) => `${x.route} :${x.param}`);
    expect(unmapped, 'routes whose parameters have no tenant-A fixture').toEqual([]);
  });

  it('answers 401 without a token on every non-public route', async () => {
    const anonymous = client(t);
    const failures: string[] = [];
    for (const route of guarded()) {
      const res = await call(anonymous, route);
      if (res.statusCode !== 401) failures.push(`${route.key} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 to the token of a deleted user on every non-public route', async () => {
    const doomed = await inviteAndAccept(t, (await registerTenant(t, 'Tenant D')).token, true);
    expect((await client(t, doomed.token).get('/api/tenants/current')).statusCode).toBe(200);
    await t.ctx.database.pool.query('DELETE FROM app.users WHERE id = $1', [doomed.userId]);
    const ghost = client(t, doomed.token);
    // Deleted behind the server's back (not through its API): the change reaches the session it
    // holds by NOTIFY, a moment after the commit.
    await expect.poll(async () => (await ghost.get('/api/tenants/current')).statusCode).toBe(401);
    const failures: string[] = [];
    for (const route of guarded()) {
      const res = await call(ghost, route);
      if (res.statusCode !== 401) failures.push(`${route.key} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it("answers 404 to tenant B on every route given tenant A's ids, and changes nothing of A", async () => {
    const before = await snapshotA();
    const failures: string[] = [];
    for (const route of guarded().filter((r) => r.params.length > 0 && !r.streaming)) {
      const res = await call(adminB, route);
      if (res.statusCode !== 404)
        failures.push(`${route.key} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
    expect(await snapshotA()).toEqual(before);
  });

  it("never shows tenant A's records to tenant B on the routes without ids, and changes nothing of A", async () => {
    const before = await snapshotA();
    const secrets = Object.values(a).filter(
      (v): v is string => typeof v === 'string' && v.length === 36,
    );
    const failures: string[] = [];
    for (const route of guarded().filter((r) => r.params.length === 0 && !r.streaming)) {
      const res = await call(adminB, route);
      if (res.statusCode >= 500) failures.push(`${route.key} → ${res.statusCode}`);
      const leaked = secrets.filter((id) => res.body.includes(id));
      if (leaked.length) failures.push(`${route.key} shows ${leaked.join(', ')}`);
      if (res.body.includes('A Customer') || res.body.includes('Tenant A'))
        failures.push(`${route.key} shows tenant A's names`);
    }
    expect(failures).toEqual([]);
    expect(await snapshotA()).toEqual(before);
  });

  it('answers 403 to a member on the admin routes (changing nothing), and never 401/403 on the others', async () => {
    const before = await snapshotA();
    const admin = guarded().filter((r) => ADMIN_ROUTES.has(r.key));
    const failures: string[] = [];
    for (const route of admin) {
      const res = await call(memberA, route);
      if (res.statusCode !== 403) failures.push(`${route.key} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
    expect(await snapshotA()).toEqual(before);

    // The member's own calls may change A's data: deletes go last so the other calls find their records.
    const others = guarded()
      .filter((r) => !ADMIN_ROUTES.has(r.key) && !r.streaming)
      .sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'));
    for (const route of others) {
      const res = await call(memberA, route);
      if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500)
        failures.push(
          `${route.key} → ${res.statusCode} (add it to ADMIN_ROUTES if it is admin-only)`,
        );
    }
    expect(failures).toEqual([]);
  }, 120_000); // every route once: each PDF and each mail with its PDF rendered
});
