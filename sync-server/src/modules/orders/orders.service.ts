import {
  ORDER_MESSAGES,
  ORDER_STATUSES,
  type DocumentListQuery,
  type Order,
  type OrderStatus,
} from '@smb/shared-types';
import type { TenantDb } from '../../db/tenant-database';
import { inTransaction } from '../../db/transaction';
import { isUniqueViolation, searchText, versionFields } from '../../db/query';
import { badRequest, conflict, orNotFound } from '../../errors';
import { addTombstones, nextVersion } from '../../db/version';
import {
  contentChanged,
  goneReferenceError,
  newDocumentId,
  prepareContent,
  type DocumentAmountColumns,
  type DocumentInput,
} from '../documents/document-lines';
import type { LineRow } from '../../db/tables/documents.table';
import { documentReader, linesBy } from '../documents/document-reader';
import { documentFields } from '../documents/document-shape';
import {
  documentDay,
  findLines,
  nextDocumentNumber,
  replaceLines,
} from '../documents/documents.repository';
import type { TenantScope } from '../tenant-scope';
import * as repo from './orders.repository';

type ReadScope = Pick<TenantScope, 'db'>;

function toOrder(
  row: repo.OrderWithPartiesRow,
  items: Awaited<ReturnType<typeof findLines>>,
): Order {
  return {
    id: row.id,
    orderNumber: row.order_number,
    quoteId: row.quote_id,
    ...documentFields(row, items),
    invoiceId: row.invoice_id,
    invoiceNumber: row.invoice_number,
    emailedAt: row.emailed_at ? row.emailed_at.toISOString() : null,
    emailedTo: row.emailed_to,
    ...versionFields(row),
  };
}

const reader = documentReader({
  rowsByIds: repo.findOrdersByIds,
  lines: linesBy((db, ids) => findLines(db, 'order', ids), 'document_id'),
  toApi: toOrder,
  notFound: ORDER_MESSAGES.notFound,
});

/** The API order, or 404 (unknown, malformed, or another tenant's id). */
export const loadOrder = (db: TenantDb, id: string): Promise<Order> => reader.load(db, id);

export const getOrder = (scope: ReadScope, id: string) => loadOrder(scope.db, id);

export async function listOrders(
  scope: ReadScope,
  query: DocumentListQuery,
): Promise<{ items: Order[]; total: number }> {
  const { rows, total } = await repo.listOrders(scope.db, { ...query, q: searchText(query) });
  return { items: await reader.withLines(scope.db, rows), total };
}

function checkStatus(status: string | null | undefined): OrderStatus | undefined {
  if (status === undefined || status === null || status === '') return undefined;
  if (!(ORDER_STATUSES as readonly string[]).includes(status))
    throw badRequest(ORDER_MESSAGES.invalidStatus);
  return status as OrderStatus;
}

export interface NewOrder {
  id: string;
  quote_id: string | null;
  customer_id: string;
  contact_id: string | null;
  currency_code: string;
  notes: string;
  status: OrderStatus;
  /** The default rate (lines naming none), gross or net, allowances/charges (JSON text). */
  tax_rate: string;
  prices_include_tax: boolean;
  adjustments: string;
}

/**
 * Inserts an order with the next order number (for an order dated `day`, see `documentDay`), its
 * lines and the amounts given (computed by `calculateDocument`, or a quote's, copied exactly). Runs
 * inside the caller's transaction, after its `nextVersion`.
 */
export async function insertOrderDocument(
  trx: TenantDb,
  version: string,
  day: string,
  order: NewOrder & DocumentAmountColumns,
  lines: LineRow[],
) {
  const orderNumber = await nextDocumentNumber(trx, 'order', day);
  await repo.insertOrder(trx, {
    ...order,
    order_number: orderNumber,
    version,
    updated_at: new Date(),
  });
  await replaceLines(trx, 'order', order.id, lines);
  return orderNumber;
}

/** POST /api/orders, mutator `order.create`. */
export async function createOrder(scope: TenantScope, input: DocumentInput): Promise<Order> {
  return inTransaction(scope.db, async (trx) => {
    const status = checkStatus(input.status) ?? 'Pending';
    const id = newDocumentId(input.id);
    if (await repo.orderIdExists(trx, id)) throw conflict('An order with this id already exists');
    const content = await prepareContent(trx, input, null, []);
    const version = await nextVersion(trx);
    try {
      await insertOrderDocument(
        trx,
        version,
        documentDay(scope.tenant),
        { id, quote_id: null, ...content.set, status },
        content.lines,
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('An order with this id already exists');
      throw goneReferenceError(err);
    }
    return loadOrder(trx, id);
  });
}

/** The order row, locked for the rest of the transaction, or 404. */
export async function lockedOrder(trx: TenantDb, id: string) {
  return orNotFound(await repo.lockOrder(trx, id), ORDER_MESSAGES.notFound);
}

/**
 * PUT /api/orders/{id}, mutator `order.update`: recipient, notes, lines and status; only the fields
 * given are written. Lines keep their unit price as on quotes. Once invoiced, only the status
 * (fulfilment) may still change: the invoice is the legal record of the rest.
 */
export async function updateOrder(
  scope: TenantScope,
  id: string,
  input: DocumentInput,
): Promise<Order> {
  return inTransaction(scope.db, async (trx) => {
    const status = checkStatus(input.status);
    const version = await nextVersion(trx);
    const row = await lockedOrder(trx, id);
    const stored = await findLines(trx, 'order', [row.id]);
    const changesContent = contentChanged(input, row, stored);
    if (!changesContent && (status === undefined || status === row.status))
      return loadOrder(trx, row.id);
    if (changesContent) {
      const invoice = await repo.findInvoiceOfOrder(trx, row.id);
      if (invoice) throw conflict(ORDER_MESSAGES.invoiced(invoice.invoice_number));
    }
    const content = changesContent ? await prepareContent(trx, input, row, stored) : null;
    await repo.updateOrder(trx, row.id, {
      ...content?.set,
      ...(status ? { status } : {}),
      version,
      updated_at: new Date(),
    });
    if (content) await replaceLines(trx, 'order', row.id, content.lines);
    return loadOrder(trx, row.id);
  });
}

/** DELETE /api/orders/{id}, mutator `order.delete`. An invoiced order stays (409). */
export async function deleteOrder(scope: TenantScope, id: string): Promise<void> {
  await inTransaction(scope.db, async (trx) => {
    const version = await nextVersion(trx);
    const row = await lockedOrder(trx, id);
    const invoice = await repo.findInvoiceOfOrder(trx, row.id);
    if (invoice) throw conflict(ORDER_MESSAGES.invoiced(invoice.invoice_number));
    await repo.deleteOrder(trx, row.id);
    await addTombstones(trx, 'orders', [row.id], version);
  });
}

/** The order's invoice (number and id), if one was made from it. */
export const invoiceOfOrder = (db: TenantDb, orderId: string) =>
  repo.findInvoiceOfOrder(db, orderId);

/** A new version for the order, so clients pull it again (e.g. it now shows its invoice). */
export async function touchOrder(trx: TenantDb, id: string, version: string): Promise<void> {
  await repo.updateOrder(trx, id, { version, updated_at: new Date() });
}
