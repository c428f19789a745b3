import type { Insertable, Updateable } from 'kysely';
import type { TenantDb } from '../../db/tenant-database';
import type { LineRow } from '../quotes/document-lines';
import { likePattern } from '../quotes/quotes.repository';
import type { OrderTable } from './orders.table';

function selectOrders(db: TenantDb) {
  return db
    .selectFrom('orders as o')
    .leftJoin('customers as c', 'c.id', 'o.customer_id')
    .leftJoin('contacts as ct', 'ct.id', 'o.contact_id')
    .leftJoin('invoices as inv', 'inv.order_id', 'o.id')
    .selectAll('o')
    .select([
      'c.name as customer_name',
      'c.email as customer_email',
      'c.address as customer_address',
      'ct.name as contact_name',
      'ct.email as contact_email',
      'ct.role as contact_role',
      'inv.id as invoice_id',
      'inv.invoice_number as invoice_number',
    ]);
}

export type OrderWithPartiesRow = Awaited<ReturnType<typeof findOrdersByIds>>[number];

export async function findOrdersByIds(db: TenantDb, ids: string[]) {
  if (ids.length === 0) return [];
  return selectOrders(db).where('o.id', 'in', ids).execute();
}

/** One page, newest first; `q` matches the order number or the customer's name. */
export async function listOrders(
  db: TenantDb,
  page: { limit?: number; offset?: number; q?: string },
) {
  let query = selectOrders(db);
  let count = db.selectFrom('orders as o').leftJoin('customers as c', 'c.id', 'o.customer_id');
  if (page.q) {
    const pattern = likePattern(page.q);
    query = query.where((eb) =>
      eb.or([eb('o.order_number', 'ilike', pattern), eb('c.name', 'ilike', pattern)]),
    );
    count = count.where((eb) =>
      eb.or([eb('o.order_number', 'ilike', pattern), eb('c.name', 'ilike', pattern)]),
    );
  }
  query = query.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc');
  if (page.limit !== undefined) query = query.limit(page.limit);
  if (page.offset) query = query.offset(page.offset);
  const [rows, total] = await Promise.all([
    query.execute(),
    count.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function lockOrder(trx: TenantDb, id: string) {
  return trx.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function orderIdExists(db: TenantDb, id: string): Promise<boolean> {
  return !!(await db.selectFrom('orders').select('id').where('id', '=', id).executeTakeFirst());
}

export async function findOrderItems(db: TenantDb, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_items as i')
    .leftJoin('products as p', 'p.id', 'i.product_id')
    .selectAll('i')
    .select(['p.name as current_name', 'p.sku as current_sku', 'p.price as current_price'])
    .where('i.order_id', 'in', orderIds)
    .orderBy('i.order_id')
    .orderBy('i.position')
    .execute();
}

export async function findInvoiceOfOrder(db: TenantDb, orderId: string) {
  return db
    .selectFrom('invoices')
    .select(['id', 'invoice_number'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

export async function insertOrder(trx: TenantDb, row: Insertable<OrderTable>) {
  await trx.insertInto('orders').values(row).execute();
}

export async function updateOrder(trx: TenantDb, id: string, set: Updateable<OrderTable>) {
  await trx.updateTable('orders').set(set).where('id', '=', id).execute();
}

export async function replaceOrderItems(trx: TenantDb, orderId: string, lines: LineRow[]) {
  await trx.deleteFrom('order_items').where('order_id', '=', orderId).execute();
  if (lines.length)
    await trx
      .insertInto('order_items')
      .values(lines.map((l) => ({ ...l, order_id: orderId })))
      .execute();
}

export async function deleteOrder(trx: TenantDb, id: string) {
  await trx.deleteFrom('orders').where('id', '=', id).execute();
}
