/** Calls of the tenant-data API for tests: a client bound to a token, and members made by invitation. */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { STRONG_PASSWORD, bearer, latestCode, uniqueEmail, type TestApp } from './helpers';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Client {
  call(method: Method, url: string, payload?: object): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload: object): Promise<LightMyRequestResponse>;
  put(url: string, payload: object): Promise<LightMyRequestResponse>;
  del(url: string): Promise<LightMyRequestResponse>;
}

export function client(t: TestApp, token?: string): Client {
  const call = (method: Method, url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
  return {
    call,
    get: (url) => call('GET', url),
    post: (url, payload) => call('POST', url, payload),
    put: (url, payload) => call('PUT', url, payload),
    del: (url) => call('DELETE', url),
  };
}

/** Expects a status and returns the JSON body; the failure message shows the body. */
export function expectStatus<T = Record<string, unknown>>(
  res: LightMyRequestResponse,
  status: number,
): T {
  if (res.statusCode !== status)
    throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return (res.body ? res.json() : undefined) as T;
}

/** Invites a user through the API, accepts with the mailed code and returns their token. */
export async function inviteAndAccept(
  t: TestApp,
  adminToken: string,
  isTenantAdmin = false,
  email = uniqueEmail('member'),
): Promise<{ email: string; token: string; userId: string }> {
  const invited = expectStatus<{ id: string }>(
    await client(t, adminToken).post('/api/users/invite', { email, isTenantAdmin }),
    201,
  );
  const accepted = await t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-invitation',
    payload: { email, otpCode: latestCode(t.mailDir, email), password: STRONG_PASSWORD },
  });
  const { token } = expectStatus<{ token: string }>(accepted, 200);
  return { email, token, userId: invited.id };
}

/** The claims of a token (not verified: the tests read what the client reads). */
export function claimsOf(token: string): Record<string, string> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
    string,
    string
  >;
}

/** The tenant's schema name (tests only: the app never takes it from input). */
export async function schemaOf(t: TestApp, tenantId: string): Promise<string> {
  const { rows } = await t.ctx.database.pool.query<{ schema_name: string }>(
    'SELECT schema_name FROM app.tenants WHERE id = $1',
    [tenantId],
  );
  if (!rows[0]) throw new Error(`no tenant ${tenantId}`);
  return rows[0].schema_name;
}

/**
 * A quote and an order (one line each, for `productId` when given) written straight into the schema:
 * quotes and orders are another module's, and these tests are about what master-data writes do to them.
 */
export async function seedQuoteAndOrder(
  t: TestApp,
  schema: string,
  customerId: string,
  contactId: string | null,
  productId: string | null = null,
): Promise<{ quoteId: string; orderId: string }> {
  const quoteId = randomUUID();
  const orderId = randomUUID();
  const tag = randomUUID().slice(0, 8);
  const q = (text: string, values: unknown[]) => t.ctx.database.pool.query(text, values);
  const s = `"${schema}"`;
  await q(
    `INSERT INTO ${s}.quotes (id, quote_number, customer_id, contact_id, currency_code, subtotal, tax_rate, tax_amount, total, version)
     VALUES ($1, $2, $3, $4, 'USD', 10, 10, 1, 11, 1)`,
    [quoteId, `Q-${tag}`, customerId, contactId],
  );
  await q(
    `INSERT INTO ${s}.quote_items (id, quote_id, product_id, product_name, product_sku, quantity, unit_price, subtotal)
     VALUES ($1, $2, $3, 'Widget', 'W-1', 1, 10, 10)`,
    [randomUUID(), quoteId, productId],
  );
  await q(
    `INSERT INTO ${s}.orders (id, order_number, quote_id, customer_id, contact_id, currency_code, subtotal, tax_rate, tax_amount, total, version)
     VALUES ($1, $2, $3, $4, $5, 'USD', 10, 10, 1, 11, 1)`,
    [orderId, `O-${tag}`, quoteId, customerId, contactId],
  );
  await q(
    `INSERT INTO ${s}.order_items (id, order_id, product_id, product_name, product_sku, quantity, unit_price, subtotal)
     VALUES ($1, $2, $3, 'Widget', 'W-1', 1, 10, 10)`,
    [randomUUID(), orderId, productId],
  );
  return { quoteId, orderId };
}

/** An invoice for the order, written straight into the schema. */
export async function seedInvoice(
  t: TestApp,
  schema: string,
  orderId: string,
  customerId: string,
): Promise<string> {
  const id = randomUUID();
  await t.ctx.database.pool.query(
    `INSERT INTO "${schema}".invoices (id, invoice_number, order_id, customer_id, customer_name, customer_email, currency_code, subtotal, tax_rate, tax_amount, total, version)
     VALUES ($1, $2, $3, $4, 'Customer', 'c@example.com', 'USD', 10, 10, 1, 11, 1)`,
    [id, `I-${id.slice(0, 8)}`, orderId, customerId],
  );
  return id;
}

/** Rows of a tenant table, for before/after comparisons. */
export async function rowsOf(
  t: TestApp,
  schema: string,
  table: string,
  where = 'true',
  values: unknown[] = [],
) {
  return (
    await t.ctx.database.pool.query(
      `SELECT * FROM "${schema}"."${table}" WHERE ${where} ORDER BY 1`,
      values,
    )
  ).rows;
}
