/**
 * Fixture rows for tests of quotes, orders and invoices: customers, contacts, products and
 * currencies written straight into a tenant's schema (stamped with `nextVersion` like any write),
 * so these tests do not depend on the master-data routes.
 */
import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { sql } from 'kysely';
import type { TenantDb } from '../src/db/tenant-database';
import { nextVersion } from '../src/db/version';
import type { TestApp } from './helpers';

let seq = 0;
const next = () => (seq += 1);

/** The tenant's schema-scoped Kysely, found by id in app.tenants. */
export async function tenantDb(t: TestApp, tenantId: string): Promise<TenantDb> {
  const { rows } = await sql<{
    schema_name: string;
  }>`SELECT schema_name FROM app.tenants WHERE id = ${tenantId}`.execute(t.ctx.database.db);
  const schema = rows[0]?.schema_name;
  if (!schema) throw new Error(`no tenant ${tenantId}`);
  return t.ctx.database.tenantDb(schema);
}

async function insert<T>(
  t: TestApp,
  tenantId: string,
  write: (trx: TenantDb, version: string) => Promise<T>,
): Promise<T> {
  const db = await tenantDb(t, tenantId);
  return db.transaction().execute(async (trx) => write(trx, await nextVersion(trx)));
}

export interface CustomerFixture {
  id: string;
  name: string;
  email: string;
  address: string | null;
}

export function makeCustomer(
  t: TestApp,
  tenantId: string,
  over: Partial<CustomerFixture> = {},
): Promise<CustomerFixture> {
  const n = next();
  const row = {
    id: randomUUID(),
    name: `Customer ${n}`,
    email: `customer${n}@example.com`,
    address: `${n} Main Street`,
    ...over,
  };
  return insert(t, tenantId, async (trx, version) => {
    await trx
      .insertInto('customers')
      .values({ ...row, version })
      .execute();
    return row;
  });
}

export interface ContactFixture {
  id: string;
  customerId: string;
  name: string;
  email: string;
  role: string | null;
}

export function makeContact(
  t: TestApp,
  tenantId: string,
  customerId: string,
  over: Partial<Omit<ContactFixture, 'customerId'>> = {},
): Promise<ContactFixture> {
  const n = next();
  const row = {
    id: randomUUID(),
    name: `Contact ${n}`,
    email: `contact${n}@example.com`,
    role: 'Primary',
    ...over,
  };
  return insert(t, tenantId, async (trx, version) => {
    await trx
      .insertInto('contacts')
      .values({ ...row, customer_id: customerId, version })
      .execute();
    return { ...row, customerId };
  });
}

export interface ProductFixture {
  id: string;
  name: string;
  sku: string | null;
  price: string;
  currencyCode: string;
}

export function makeProduct(
  t: TestApp,
  tenantId: string,
  over: Partial<ProductFixture> = {},
): Promise<ProductFixture> {
  const n = next();
  const row = {
    id: randomUUID(),
    name: `Product ${n}`,
    sku: `SKU-${n}`,
    price: '10.00',
    currencyCode: 'USD',
    ...over,
  };
  return insert(t, tenantId, async (trx, version) => {
    await trx
      .insertInto('products')
      .values({
        id: row.id,
        name: row.name,
        sku: row.sku,
        price: row.price,
        currency_code: row.currencyCode,
        version,
      })
      .execute();
    return row;
  });
}

export async function setProductPrice(
  t: TestApp,
  tenantId: string,
  productId: string,
  price: string,
): Promise<void> {
  await insert(t, tenantId, (trx, version) =>
    trx
      .updateTable('products')
      .set({ price, version, updated_at: new Date() })
      .where('id', '=', productId)
      .execute(),
  );
}

export function makeCurrency(
  t: TestApp,
  tenantId: string,
  c: { code: string; symbol: string; taxRate: string; name?: string },
): Promise<{ id: string; code: string }> {
  const id = randomUUID();
  return insert(t, tenantId, async (trx, version) => {
    await trx
      .insertInto('currencies')
      .values({
        id,
        code: c.code,
        name: c.name ?? c.code,
        symbol: c.symbol,
        tax_rate: c.taxRate,
        dollar_exchange_rate: '1',
        is_default: false,
        version,
      })
      .execute();
    return { id, code: c.code };
  });
}

/** A customer with one contact. */
export async function makeRecipient(
  t: TestApp,
  tenantId: string,
  over: {
    customer?: Partial<CustomerFixture>;
    contact?: Partial<Omit<ContactFixture, 'customerId'>>;
  } = {},
) {
  const customer = await makeCustomer(t, tenantId, over.customer);
  const contact = await makeContact(t, tenantId, customer.id, over.contact);
  return { customer, contact };
}

/** A tenant-schema row count, for asserting what a failed call left behind. */
export async function countRows(
  t: TestApp,
  tenantId: string,
  table: 'quotes' | 'orders' | 'invoices',
): Promise<number> {
  const db = await tenantDb(t, tenantId);
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A real 1×1 PNG (signature, IHDR, IDAT, IEND). */
export function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 0x3b, 0x4c, 0xca]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
