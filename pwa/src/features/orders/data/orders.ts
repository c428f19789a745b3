import { ORDER_MESSAGES } from '@smb/shared-types/orders';
import { requireDatabase } from '../../../db/current';
import type { SmbDatabase } from '../../../db/database';
import { useNewestFirst, useRow } from '../../../db/live';
import { displayNumber } from '../../../db/display';
import { NotFoundError, ValidationError } from '../../../db/errors';
import { newId } from '../../../db/meta';
import type { OrderRow } from '../../../db/types';
import {
  queueDocumentCreate,
  queueDocumentUpdate,
  type DocumentInput,
} from '../../../sync/documents-input';
import { mutate } from '../../../sync/mutate';

export type OrderInput = DocumentInput;

export const orderNumberLabel = (order: Pick<OrderRow, 'orderNumber'>) =>
  displayNumber(order.orderNumber);

async function existing(db: SmbDatabase, id: string): Promise<OrderRow> {
  const order = await db.orders.get(id);
  if (!order) throw new NotFoundError(ORDER_MESSAGES.notFound);
  return order;
}

/** An invoiced order can no longer be changed or deleted. */
async function refuseIfInvoiced(db: SmbDatabase, id: string): Promise<void> {
  const invoice = await db.invoices.where('orderId').equals(id).first();
  if (invoice)
    throw new ValidationError(ORDER_MESSAGES.invoiced(displayNumber(invoice.invoiceNumber)));
}

/** Creates a Pending order (lines naming no rate take the currency's); returns its id. */
export async function createOrder(
  input: OrderInput,
  db: SmbDatabase = requireDatabase(),
): Promise<string> {
  return queueDocumentCreate(db, 'order.create', input);
}

export async function updateOrder(
  id: string,
  input: OrderInput,
  db: SmbDatabase = requireDatabase(),
): Promise<boolean> {
  return queueDocumentUpdate(db, 'order.update', id, input, {
    load: () => existing(db, id),
    refuse: () => refuseIfInvoiced(db, id),
    notFound: ORDER_MESSAGES.notFound,
  });
}

export async function deleteOrder(id: string, db: SmbDatabase = requireDatabase()): Promise<void> {
  await db.transaction('rw', db.allTables, async () => {
    await existing(db, id);
    await refuseIfInvoiced(db, id);
    await mutate(db, 'order.delete', { id });
  });
}

/** Makes the order's invoice (Unpaid); returns the invoice id, usable offline. */
export async function createInvoice(
  orderId: string,
  db: SmbDatabase = requireDatabase(),
): Promise<string> {
  const invoiceId = newId();
  await db.transaction('rw', db.allTables, async () => {
    await existing(db, orderId);
    const invoice = await db.invoices.where('orderId').equals(orderId).first();
    if (invoice)
      throw new ValidationError(
        ORDER_MESSAGES.alreadyInvoiced(displayNumber(invoice.invoiceNumber)),
      );
    await mutate(db, 'order.createInvoice', { id: orderId, invoiceId });
  });
  return invoiceId;
}

export function useOrders(): OrderRow[] | undefined {
  return useNewestFirst((db) => db.orders);
}

export function useOrder(id: string | undefined): OrderRow | null | undefined {
  return useRow<OrderRow>((db) => db.orders, id);
}
