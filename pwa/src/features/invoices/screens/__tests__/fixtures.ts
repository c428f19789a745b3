import type { SmbDatabase } from '../../../../db/database';
import type { InvoiceRow, OrderRow } from '../../../../db/types';

let seq = 0;

/** An invoice row as a pull stores it. */
export function invoiceRow(overrides: Partial<InvoiceRow> = {}): InvoiceRow {
  seq += 1;
  return {
    id: `inv-${seq}`,
    invoiceNumber: `INV-${String(seq).padStart(5, '0')}`,
    orderId: 'order-1',
    customerId: 'cust-1',
    contactId: 'contact-1',
    customerName: 'Acme Plumbing',
    customerEmail: 'billing@acme.test',
    contactName: 'Ann Smith',
    contactEmail: 'ann@acme.test',
    contactRole: 'Primary',
    currencyCode: 'USD',
    status: 'Unpaid',
    notes: '',
    subtotal: 1122.27,
    taxRate: 10,
    taxAmount: 112.23,
    total: 1234.5,
    createdAt: '2026-03-04T10:00:00.000Z',
    paidAt: null,
    // A draft, as a new invoice is, unless something is paid (a payment issues it).
    issuedAt: overrides.status?.includes('aid') ? '2026-03-04T10:00:00.000Z' : null,
    version: '1',
    updatedAt: '2026-03-04T10:00:00.000Z',
    items: [
      {
        id: `item-${seq}-1`,
        productId: 'p-1',
        position: 0,
        productName: 'Copper pipe',
        productSku: 'CP-15',
        quantity: 3,
        unitPrice: 374.09,
        subtotal: 1122.27,
      },
    ],
    ...overrides,
  };
}

export function orderRow(overrides: Partial<OrderRow> = {}): OrderRow {
  return {
    id: 'order-1',
    orderNumber: 'ORD-00042',
    quoteId: null,
    customerId: 'cust-1',
    contactId: 'contact-1',
    currencyCode: 'USD',
    status: 'Pending',
    notes: '',
    subtotal: 0,
    taxRate: 10,
    taxAmount: 0,
    total: 0,
    createdAt: '2026-03-01T10:00:00.000Z',
    version: '1',
    updatedAt: '2026-03-01T10:00:00.000Z',
    items: [],
    ...overrides,
  };
}

export async function seed(
  db: SmbDatabase,
  invoices: InvoiceRow[],
  orders: OrderRow[] = [orderRow()],
) {
  await db.orders.bulkPut(orders);
  await db.invoices.bulkPut(invoices);
}
