/**
 * API clients (generated SDKs, many HTTP libraries) send `Content-Type:
 * application/json` on every call. A route that takes no body must accept that header with an
 * empty body; a malformed non-empty body is still refused, and a route that needs a body still
 * says so.
 */
import { randomUUID } from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct, makeRecipient } from './factories';
import { bearer, createTestApp, registerTenant, type TestApp } from './helpers';
import { routeKeys } from './route-policy';

const JSON_HEADER = { 'content-type': 'application/json' };
const NOT_JSON = {
  statusCode: 400,
  error: 'Bad Request',
  message: 'Request body is not valid JSON',
};

const collected: RouteOptions[] = [];
let t: TestApp;
let admin: Awaited<ReturnType<typeof registerTenant>>;
let fixture: { customerId: string; contactId: string; productId: string };

beforeAll(async () => {
  t = await createTestApp({ build: { onRoute: (route) => collected.push(route) } });
  admin = await registerTenant(t, 'Header Senders Ltd');
  const { customer, contact } = await makeRecipient(t, admin.tenantId);
  const product = await makeProduct(t, admin.tenantId);
  fixture = { customerId: customer.id, contactId: contact.id, productId: product.id };
});
afterAll(async () => {
  await t?.close();
});

/** Every operation that can carry a body (POST, PUT, PATCH, DELETE) but declares none. */
function bodylessOperations() {
  return routeKeys(collected).filter(
    ({ method, route }) =>
      ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) &&
      !(route.schema as { body?: unknown; hide?: boolean } | undefined)?.body &&
      !(route.schema as { hide?: boolean } | undefined)?.hide,
  );
}

const withIds = (url: string) => url.replace(/:[A-Za-z]+/g, () => randomUUID());

function call(method: string, url: string, headers: Record<string, string>, payload?: string) {
  return t.app.inject({
    method: method as 'POST',
    url,
    headers: { ...bearer(admin.token), ...headers },
    ...(payload !== undefined ? { payload } : {}),
  });
}

async function createQuote(): Promise<string> {
  const res = await call(
    'POST',
    '/api/quotes',
    JSON_HEADER,
    JSON.stringify({
      customerId: fixture.customerId,
      contactId: fixture.contactId,
      items: [{ productId: fixture.productId, quantity: 2 }],
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

describe('Content-Type: application/json with an empty body', () => {
  it('is answered like the same call without the header, on every operation that takes no body', async () => {
    const operations = bodylessOperations();
    // The routes the issue names are among them, so the list is the real one.
    const keys = operations.map((o) => o.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'POST /api/quotes/:id/send',
        'POST /api/quotes/:id/convert',
        'POST /api/orders/:id/create-invoice',
        'DELETE /api/quotes/:id',
        'DELETE /api/orders/:id',
        'DELETE /api/customers/:id',
        'DELETE /api/contacts/:id',
        'DELETE /api/products/:id',
        'DELETE /api/currencies/:id',
        'DELETE /api/users/:id',
        'DELETE /api/tenants/:id',
      ]),
    );
    const differences: string[] = [];
    for (const { method, url, key } of operations) {
      const path = withIds(url);
      const without = await call(method, path, {});
      const withHeader = await call(method, path, JSON_HEADER, '');
      if (
        withHeader.statusCode !== without.statusCode ||
        withHeader.body === JSON.stringify(NOT_JSON)
      )
        differences.push(
          `${key}: ${without.statusCode} without the header, ${withHeader.statusCode} ${withHeader.body.slice(0, 120)} with it`,
        );
    }
    expect(differences).toEqual([]);
  });

  it('sends a quote, converts it, invoices the order and deletes quotes, orders and products', async () => {
    const quoteId = await createQuote();
    const sent = await call('POST', `/api/quotes/${quoteId}/send`, JSON_HEADER, '');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ id: quoteId, status: 'Sent' });

    const converted = await call('POST', `/api/quotes/${quoteId}/convert`, JSON_HEADER, '');
    expect(converted.statusCode, converted.body).toBe(201);
    const orderId = (converted.json() as { id: string }).id;

    const invoiced = await call('POST', `/api/orders/${orderId}/create-invoice`, JSON_HEADER, '');
    expect(invoiced.statusCode, invoiced.body).toBe(201);
    expect(invoiced.json()).toMatchObject({ orderId, status: 'Unpaid' });

    const draft = await createQuote();
    const deleted = await call('DELETE', `/api/quotes/${draft}`, JSON_HEADER, '');
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await call('GET', `/api/quotes/${draft}`, {})).statusCode).toBe(404);

    const other = await call('POST', `/api/quotes/${await createQuote()}/convert`, JSON_HEADER, '');
    const otherOrder = (other.json() as { id: string }).id;
    const orderDeleted = await call('DELETE', `/api/orders/${otherOrder}`, JSON_HEADER, '');
    expect(orderDeleted.statusCode, orderDeleted.body).toBe(204);

    const spare = await makeProduct(t, admin.tenantId);
    const productDeleted = await call('DELETE', `/api/products/${spare.id}`, JSON_HEADER, '');
    expect(productDeleted.statusCode, productDeleted.body).toBe(200);
    expect((await call('GET', `/api/products/${spare.id}`, {})).statusCode).toBe(404);
  });

  it('still refuses a malformed non-empty body, on a route with a body and on one without', async () => {
    const quoteId = await createQuote();
    for (const [method, url] of [
      ['POST', `/api/quotes/${quoteId}/send`],
      ['DELETE', `/api/quotes/${quoteId}`],
      ['POST', '/api/customers'],
    ] as const) {
      const res = await call(method, url, JSON_HEADER, '{"oops": ');
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json()).toEqual(NOT_JSON);
    }
    // Nothing happened to the quote.
    expect((await call('GET', `/api/quotes/${quoteId}`, {})).json()).toMatchObject({
      status: 'Draft',
    });
  });

  it('still answers 400 to an empty body where the route needs one', async () => {
    const res = await call('POST', '/api/customers', JSON_HEADER, '');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(NOT_JSON);
  });
});
