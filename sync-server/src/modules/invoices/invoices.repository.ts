import type { Insertable, Updateable } from 'kysely';
import type { TenantDb } from '../../db/tenant-database';
import { likePattern } from '../quotes/quotes.repository';
import type { InvoiceItemTable, InvoiceTable } from './invoices.table';

function selectInvoices(db: TenantDb) {
  return db
    .selectFrom('invoices as inv')
    .innerJoin('orders as o', 'o.id', 'inv.order_id')
    .selectAll('inv')
    .select('o.order_number as order_number');
}

export type InvoiceWithOrderRow = Awaited<ReturnType<typeof findInvoicesByIds>>[number];

export async function findInvoicesByIds(db: TenantDb, ids: string[]) {
  if (ids.length === 0) return [];
  return selectInvoices(db).where('inv.id', 'in', ids).execute();
}

/** One page, newest first; `q` matches the invoice or order number or the customer's name. */
export async function listInvoices(
  db: TenantDb,
  page: { limit?: number; offset?: number; q?: string },
) {
  let query = selectInvoices(db);
  let count = db.selectFrom('invoices as inv').innerJoin('orders as o', 'o.id', 'inv.order_id');
  if (page.q) {
    const pattern = likePattern(page.q);
    query = query.where((eb) =>
      eb.or([
        eb('inv.invoice_number', 'ilike', pattern),
        eb('o.order_number', 'ilike', pattern),
        eb('inv.customer_name', 'ilike', pattern),
      ]),
    );
    count = count.where((eb) =>
      eb.or([
        eb('inv.invoice_number', 'ilike', pattern),
        eb('o.order_number', 'ilike', pattern),
        eb('inv.customer_name', 'ilike', pattern),
      ]),
    );
  }
  query = query.orderBy('inv.created_at', 'desc').orderBy('inv.id', 'desc');
  if (page.limit !== undefined) query = query.limit(page.limit);
  if (page.offset) query = query.offset(page.offset);
  const [rows, total] = await Promise.all([
    query.execute(),
    count.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function findInvoiceItems(db: TenantDb, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return [];
  return db
    .selectFrom('invoice_items')
    .selectAll()
    .where('invoice_id', 'in', invoiceIds)
    .orderBy('invoice_id')
    .orderBy('position')
    .execute();
}

export async function lockInvoice(trx: TenantDb, id: string) {
  return trx.selectFrom('invoices').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertInvoice(
  trx: TenantDb,
  row: Insertable<InvoiceTable>,
  items: Insertable<InvoiceItemTable>[],
) {
  await trx.insertInto('invoices').values(row).execute();
  if (items.length) await trx.insertInto('invoice_items').values(items).execute();
}

export async function updateInvoice(trx: TenantDb, id: string, set: Updateable<InvoiceTable>) {
  await trx.updateTable('invoices').set(set).where('id', '=', id).execute();
}
