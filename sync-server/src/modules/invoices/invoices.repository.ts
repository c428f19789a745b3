import type { Insertable, Updateable } from 'kysely';
import { isUuid } from '@smb/shared-types';
import type { TenantDb } from '../../db/tenant-database';
import { containsPattern, fetchPage } from '../../db/query';
import type { InvoiceItemTable, InvoiceTable } from './invoices.table';

function fromInvoices(db: TenantDb) {
  return db.selectFrom('invoices as inv').innerJoin('orders as o', 'o.id', 'inv.order_id');
}

const withOrder = (query: ReturnType<typeof fromInvoices>) =>
  query.selectAll('inv').select('o.order_number as order_number');

export type InvoiceWithOrderRow = Awaited<ReturnType<typeof findInvoicesByIds>>[number];

export async function findInvoicesByIds(db: TenantDb, ids: string[]) {
  if (ids.length === 0) return [];
  return withOrder(fromInvoices(db)).where('inv.id', 'in', ids).execute();
}

/** One page, newest first; `q` matches the invoice or order number or the customer's name. */
export async function listInvoices(
  db: TenantDb,
  page: { limit?: number; offset?: number; q?: string },
) {
  const base = fromInvoices(db).$if(page.q !== undefined, (query) => {
    const pattern = containsPattern(page.q!);
    return query.where((eb) =>
      eb.or([
        eb('inv.invoice_number', 'ilike', pattern),
        eb('o.order_number', 'ilike', pattern),
        eb('inv.customer_name', 'ilike', pattern),
      ]),
    );
  });
  return fetchPage(
    base,
    (query) => withOrder(query).orderBy('inv.created_at', 'desc').orderBy('inv.id', 'desc'),
    page,
  );
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

/** The invoice row, locked for the rest of the transaction; undefined for an unknown or malformed id. */
export async function lockInvoice(trx: TenantDb, id: string) {
  if (!isUuid(id)) return undefined;
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
