/** Companies for the benches, made in bulk through the code that creates a company's schema. */
import { createHmac, randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Database } from '../../sync-server/src/db/database';
import { createTenantSchema } from '../../sync-server/src/db/provisioning';
import { insertTenant, insertUser } from '../../sync-server/src/modules/auth/auth.repository';
import { serverEnv } from '../../tests/reliability/support';
import { eachConcurrently } from './concurrently';

/** The secret the bench servers sign with (`serverEnv`), so the bench signs its own tokens. */
export const JWT_SECRET = serverEnv('/tmp').JWT_SECRET!;

export interface Company {
  tenantId: string;
  schemaName: string;
  token: string;
  customerId: string;
  pull?: { clientGroupId: string; clientId: string; cursor: string };
}

/** A token as the server signs it (HS256 over the same claims), so no company needs a login. */
export function tokenFor(userId: string, tenantId: string, schema: string, email: string): string {
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({
    sub: userId,
    tenantId,
    tenantSchema: schema,
    IsTenantAdmin: 'true',
    email,
    tv: 0,
    iat: now,
    exp: now + 2 * 60 * 60,
  })}`;
  return `${body}.${createHmac('sha256', JWT_SECRET).update(body).digest('base64url')}`;
}

/** The small book, in one transaction on the company's schema: ids in, SQL does the rest. */
const BOOK_SQL = `
WITH v AS (UPDATE sync_state SET version = version + 1 RETURNING version)
SELECT version FROM v`;
export async function writeBook(client: pg.PoolClient, schema: string, customerId: string) {
  await client.query('BEGIN');
  try {
    await client.query(`SET LOCAL search_path TO "${schema}"`);
    const { rows } = await client.query<{ version: string }>(BOOK_SQL);
    const v = rows[0]!.version;
    await client.query(
      `INSERT INTO customers (id, name, email, address, version)
       SELECT CASE WHEN i = 1 THEN $2::uuid ELSE gen_random_uuid() END, 'Customer ' || i,
              'customer' || i || '@example.com', i || ' Main Street', $1
         FROM generate_series(1, 20) i`,
      [v, customerId],
    );
    await client.query(
      `INSERT INTO contacts (id, customer_id, name, email, version)
       SELECT gen_random_uuid(), c.id, 'Contact ' || c.name || ' ' || k, 'contact' || k || '@example.com', $1
         FROM customers c, generate_series(1, 2) k
        ORDER BY c.name, k LIMIT 30`,
      [v],
    );
    await client.query(
      `INSERT INTO products (id, name, sku, price, currency_code, version)
       SELECT gen_random_uuid(), 'Product ' || i, 'SKU-' || i, 10 + i, 'USD', $1
         FROM generate_series(1, 10) i`,
      [v],
    );
    await client.query(
      `WITH q AS (
         INSERT INTO quotes (id, quote_number, customer_id, currency_code, subtotal, total, version)
         SELECT gen_random_uuid(), 'Q-' || lpad(i::text, 4, '0'),
                (SELECT id FROM customers ORDER BY name OFFSET (i % 20) LIMIT 1), 'USD', 66, 66, $1
           FROM generate_series(1, 15) i
         RETURNING id)
       INSERT INTO quote_items (id, quote_id, product_id, position, product_name, quantity, unit_price, subtotal)
       SELECT gen_random_uuid(), q.id, p.id, n, p.name, n, p.price, p.price * n
         FROM q, generate_series(1, 3) n, LATERAL (SELECT id, name, price FROM products ORDER BY name OFFSET n LIMIT 1) p`,
      [v],
    );
    await client.query(
      `WITH o AS (
         INSERT INTO orders (id, order_number, customer_id, currency_code, subtotal, tax_rate, tax_amount, total, status, version)
         SELECT gen_random_uuid(), 'O-' || lpad(i::text, 4, '0'),
                (SELECT id FROM customers ORDER BY name OFFSET i LIMIT 1), 'USD', 100, 10, 10, 110, 'Completed', $1
           FROM generate_series(1, 5) i
         RETURNING id, order_number, customer_id),
       inv AS (
         INSERT INTO invoices (id, invoice_number, order_id, customer_id, customer_name, customer_email,
                               currency_code, subtotal, tax_rate, tax_amount, total, version)
         SELECT gen_random_uuid(), replace(o.order_number, 'O-', 'INV-'), o.id, c.id, c.name, c.email,
                'USD', 100, 10, 10, 110, $1
           FROM o JOIN customers c ON c.id = o.customer_id
         RETURNING id)
       INSERT INTO invoice_items (id, invoice_id, position, product_name, quantity, unit_price, subtotal)
       SELECT gen_random_uuid(), inv.id, 0, 'Service', 1, 100, 100 FROM inv`,
      [v],
    );
    await client.query(
      `UPDATE counters SET value = CASE name WHEN 'quote' THEN 15 ELSE 5 END
        WHERE name IN ('quote', 'order', 'invoice')`,
    );
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
}

/**
 * `count` companies, numbered from `from`, through the code that makes a company
 * (`createTenantSchema`, the control plane's tenant and owner), each with the small book,
 * `concurrency` at a time.
 */
export async function provisionCompanies(
  database: Database,
  { from, count }: { from: number; count: number },
  concurrency: number,
  log: (line: string) => void,
): Promise<{ companies: Company[]; perCompanyMs: number[]; started: number }> {
  const companies: Company[] = [];
  const perCompanyMs: number[] = [];
  const started = performance.now();
  const numbers = Array.from({ length: Math.max(0, count) }, (_, k) => from + k);
  await eachConcurrently(numbers, concurrency, async (i) => {
    const t0 = performance.now();
    const tenant = await createTenantSchema(database, `Company ${i}`);
    await insertTenant(database.db, tenant);
    const email = `owner${i}@many.test`;
    const user = await insertUser(database.db, {
      id: randomUUID(),
      tenant_id: tenant.id,
      email,
      password_hash: null,
      is_verified: true,
      is_tenant_admin: true,
      is_pending_approval: false,
    });
    const customerId = randomUUID();
    const client = await database.pool.connect();
    try {
      await writeBook(client, tenant.schema_name, customerId);
    } finally {
      client.release();
    }
    perCompanyMs.push(performance.now() - t0);
    companies.push({
      tenantId: tenant.id,
      schemaName: tenant.schema_name,
      token: tokenFor(user.id, tenant.id, tenant.schema_name, email),
      customerId,
    });
    if (companies.length % 1000 === 0) log(`  ${companies.length} companies made…`);
  });
  return { companies, perCompanyMs, started };
}

/**
 * The companies an earlier run provisioned in this database (`owner<i>@many.test`), in order, each
 * with its first customer, and the number the next company takes: a run that kept its database
 * goes on from them. A company whose book never committed (its run was stopped) is left out, but
 * its number stays taken.
 */
export async function existingCompanies(
  database: Database,
): Promise<{ companies: Company[]; next: number }> {
  const { rows } = await database.pool.query<{
    user_id: string;
    tenant_id: string;
    schema_name: string;
    email: string;
    n: number;
  }>(
    `SELECT u.id AS user_id, t.id AS tenant_id, t.schema_name, u.email,
            substring(u.email FROM 'owner([0-9]+)@')::integer AS n
       FROM app.users u JOIN app.tenants t ON t.id = u.tenant_id
      WHERE u.email LIKE 'owner%@many.test'
      ORDER BY n`,
  );
  const companies: Company[] = [];
  for (const row of rows) {
    const customer = await database.pool.query<{ id: string }>(
      `SELECT id FROM "${row.schema_name}".customers WHERE name = 'Customer 1'`,
    );
    if (!customer.rows[0]) continue;
    companies.push({
      tenantId: row.tenant_id,
      schemaName: row.schema_name,
      token: tokenFor(row.user_id, row.tenant_id, row.schema_name, row.email),
      customerId: customer.rows[0].id,
    });
  }
  return { companies, next: rows.length === 0 ? 0 : rows.at(-1)!.n + 1 };
}
