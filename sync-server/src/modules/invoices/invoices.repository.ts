import { sql, type Insertable, type Updateable } from 'kysely';
import { isUuid } from '@smb/shared-types';
import type { TenantDb } from '../../db/tenant-database';
import { containingText, fetchPage, newestFirst, preparedList, rowsWithIds } from '../../db/query';
import { prepared } from '../../db/prepared';
import { LINE_ITEM_COLUMN_NAMES } from '../../db/tables/documents.table';
import {
  INVOICE_COLUMN_NAMES,
  type InvoiceItemTable,
  type InvoiceTable,
} from '../../db/tables/invoices.table';

function fromInvoices(db: TenantDb) {
  return db.selectFrom('invoices as inv').leftJoin('orders as o', 'o.id', 'inv.order_id');
}

/** Every column of an invoice, named: the list runs prepared. */
const INVOICE_COLUMNS = INVOICE_COLUMN_NAMES.map((column) => `inv.${column}` as const);

const withOrder = (query: ReturnType<typeof fromInvoices>) =>
  query.select([...INVOICE_COLUMNS, 'o.order_number as order_number']);

export type InvoiceWithOrderRow = Awaited<ReturnType<typeof findInvoicesByIds>>[number];

export const findInvoicesByIds = (db: TenantDb, ids: string[]) =>
  rowsWithIds(withOrder(fromInvoices(db)), 'inv.id', ids);

/** What a search matches: the invoice or order number or the customer's name. */
const SEARCHED = ['inv.invoice_number', 'o.order_number', 'inv.customer_name'];

/** One page, newest first; `q` matches what a search matches. */
export const listInvoices = preparedList(fromInvoices, SEARCHED, (q) =>
  newestFirst(withOrder(q), 'inv'),
);

/**
 * A page filtered by status ('Overdue': past due with a balance, not cancelled, as of `today`)
 * and/or sorted by due date (soonest first). The common unfiltered list stays prepared.
 */
export async function listInvoicesFiltered(
  db: TenantDb,
  query: {
    limit?: number;
    offset?: number;
    q?: string;
    status?: string;
    sort?: 'createdAt' | 'dueDate';
    today: string;
  },
) {
  let base = fromInvoices(db).$call(containingText(query.q, SEARCHED));
  if (query.status === 'Overdue')
    base = base
      .where('inv.status', '!=', 'Cancelled')
      .where(sql<boolean>`inv.amount_paid + inv.credited_amount < inv.total`)
      .where('inv.due_date', '<', sql<Date>`${query.today}::date`);
  else if (query.status) base = base.where('inv.status', '=', query.status as never);
  return fetchPage(
    base,
    (q) =>
      query.sort === 'dueDate'
        ? withOrder(q).orderBy('inv.due_date', 'asc').orderBy('inv.id', 'asc')
        : newestFirst(withOrder(q), 'inv'),
    query,
  );
}

/** Lines of several invoices in line order: one prepared statement whatever their number. */
const invoiceItems = prepared((db: TenantDb, invoiceIds: string[]) =>
  db
    .selectFrom('invoice_items')
    .select([...LINE_ITEM_COLUMN_NAMES, 'invoice_id'])
    .where(sql<boolean>`invoice_id = any(${invoiceIds}::uuid[])`)
    .orderBy('invoice_id')
    .orderBy('position'),
);

export async function findInvoiceItems(db: TenantDb, invoiceIds: string[]) {
  return invoiceIds.length === 0 ? [] : invoiceItems(db, invoiceIds);
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
