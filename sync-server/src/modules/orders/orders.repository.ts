import type { Insertable, Updateable } from 'kysely';
import { isUuid } from '@smb/shared-types';
import type { TenantDb } from '../../db/tenant-database';
import { newestFirst, preparedList, rowsWithIds } from '../../db/query';
import { PARTY_COLUMNS } from '../documents/documents.repository';
import { ORDER_COLUMN_NAMES, type OrderTable } from '../../db/tables/orders.table';

/** Orders with their customer, contact and (at most one) invoice. */
function fromOrders(db: TenantDb) {
  return db
    .selectFrom('orders as o')
    .leftJoin('customers as c', 'c.id', 'o.customer_id')
    .leftJoin('contacts as ct', 'ct.id', 'o.contact_id')
    .leftJoin('invoices as inv', 'inv.order_id', 'o.id');
}

/** Every column of an order, named: the list runs prepared. */
const ORDER_COLUMNS = ORDER_COLUMN_NAMES.map((column) => `o.${column}` as const);

const withParties = (query: ReturnType<typeof fromOrders>) =>
  query.select([
    ...ORDER_COLUMNS,
    ...PARTY_COLUMNS,
    'inv.id as invoice_id',
    'inv.invoice_number as invoice_number',
  ]);

export type OrderWithPartiesRow = Awaited<ReturnType<typeof findOrdersByIds>>[number];

export const findOrdersByIds = (db: TenantDb, ids: string[]) =>
  rowsWithIds(withParties(fromOrders(db)), 'o.id', ids);

/** One page, newest first; `q` matches the order number or the customer's name. */
export const listOrders = preparedList(fromOrders, ['o.order_number', 'c.name'], (q) =>
  newestFirst(withParties(q), 'o'),
);

/** The order row, locked for the rest of the transaction; undefined for an unknown or malformed id. */
export async function lockOrder(trx: TenantDb, id: string) {
  if (!isUuid(id)) return undefined;
  return trx.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function orderIdExists(db: TenantDb, id: string): Promise<boolean> {
  return !!(await db.selectFrom('orders').select('id').where('id', '=', id).executeTakeFirst());
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

export async function deleteOrder(trx: TenantDb, id: string) {
  await trx.deleteFrom('orders').where('id', '=', id).execute();
}
