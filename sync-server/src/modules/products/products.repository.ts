import type { Selectable } from 'kysely';
import { isUuid, type ListQuery } from '@smb/shared-types';
import { recordRows } from '../../db/records';
import type { TenantDb } from '../../db/tenant-database';
import { containingText, fetchPage, type Page } from '../../db/query';
import type { ProductTable } from '../../db/tables/products.table';

/** A product with its currency's name and symbol (API answers carry the currency object, not only its code). */
export type ProductRow = Selectable<ProductTable> & {
  currency_name: string | null;
  currency_symbol: string | null;
};

const rows = recordRows('products');
export const insertProduct = rows.insert;
export const updateProduct = rows.update;

function withCurrency(db: TenantDb) {
  return db
    .selectFrom('products as p')
    .leftJoin('currencies as c', 'c.code', 'p.currency_code')
    .selectAll('p')
    .select(['c.name as currency_name', 'c.symbol as currency_symbol']);
}

/** The product, or undefined for an unknown or malformed id (answered 404 alike). */
export async function findProduct(db: TenantDb, id: string): Promise<ProductRow | undefined> {
  if (!isUuid(id)) return undefined;
  return withCurrency(db).where('p.id', '=', id).executeTakeFirst();
}

export async function lockProduct(db: TenantDb, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return (
    (await db
      .selectFrom('products')
      .select('id')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst()) !== undefined
  );
}

export async function listProducts(db: TenantDb, filter: ListQuery): Promise<Page<ProductRow>> {
  const base = db
    .selectFrom('products as p')
    .leftJoin('currencies as c', 'c.code', 'p.currency_code')
    .$call(containingText(filter.q, ['p.name', 'p.sku', 'p.category', 'p.supplier']));
  return fetchPage(
    base,
    (q) =>
      q
        .selectAll('p')
        .select(['c.name as currency_name', 'c.symbol as currency_symbol'])
        .orderBy((eb) => eb.fn('lower', ['p.name']))
        .orderBy('p.id'),
    filter,
  );
}

/**
 * Deletes the product. Quote and order lines keep their copied name, sku and price (their FK sets
 * product_id to NULL); the quotes and orders holding such lines get the new version, since their
 * lines are synced inside them.
 */
export async function deleteProduct(db: TenantDb, id: string, version: string): Promise<void> {
  const bump = { version, updated_at: new Date() };
  await db
    .updateTable('quotes')
    .set(bump)
    .where('id', 'in', db.selectFrom('quote_items').select('quote_id').where('product_id', '=', id))
    .execute();
  await db
    .updateTable('orders')
    .set(bump)
    .where('id', 'in', db.selectFrom('order_items').select('order_id').where('product_id', '=', id))
    .execute();
  await db.deleteFrom('products').where('id', '=', id).execute();
}
