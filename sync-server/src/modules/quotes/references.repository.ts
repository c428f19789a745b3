import type { TenantDb } from '../../db/tenant-database';

/**
 * Read access to the master data quotes, orders and invoices refer to (customers, contacts,
 * products, currencies). Kept here so the documents do not depend on the master-data routes.
 */

export async function findCustomer(db: TenantDb, id: string) {
  return db
    .selectFrom('customers')
    .select(['id', 'name', 'email', 'address'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findContact(db: TenantDb, id: string) {
  return db
    .selectFrom('contacts')
    .select(['id', 'customer_id', 'name', 'email', 'role'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findProducts(db: TenantDb, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('products')
    .select(['id', 'name', 'sku', 'price', 'currency_code'])
    .where('id', 'in', ids)
    .execute();
}

export async function findCurrencyByCode(db: TenantDb, code: string) {
  return db
    .selectFrom('currencies')
    .select(['code', 'symbol', 'tax_rate'])
    .where('code', '=', code)
    .executeTakeFirst();
}
