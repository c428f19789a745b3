import { PRIMARY_CONTACT_ROLE } from '@smb/shared-types/customers';
import { taxExclusiveAmount, type StoredBreakdownRow } from '@smb/shared-types/document-lines';
import { roundMoney } from '@smb/shared-types/money';
import { TAX_CATEGORY_RULES } from '@smb/shared-types/tax-categories';
import type { SmbDatabase } from '../../../db/database';
import type {
  ContactRow,
  CustomerRow,
  InvoiceRow,
  OrderRow,
  ProductRow,
  QuoteRow,
} from '../../../db/types';
import type { CsvColumn } from '../../../lib/csv-export';
import { IMPORT_FIELDS, type ImportKind } from '../fields';

/**
 * The columns each list exports. Customers, contacts and products use the import's own field
 * labels, so an exported file imports again with every column recognised.
 */
const label = (kind: ImportKind, key: string) =>
  IMPORT_FIELDS[kind].find((f) => f.key === key)!.label;

export interface CustomerExportRow extends CustomerRow {
  mainContact: Pick<ContactRow, 'name' | 'email' | 'phoneNumber'> | null;
}

export const CUSTOMER_COLUMNS: CsvColumn<CustomerExportRow>[] = [
  { header: label('customers', 'name'), value: (c) => c.name },
  { header: label('customers', 'email'), value: (c) => c.email },
  { header: label('customers', 'phoneNumber'), value: (c) => c.phoneNumber },
  { header: label('customers', 'address'), value: (c) => c.address },
  { header: label('customers', 'address2'), value: (c) => c.address2 },
  { header: label('customers', 'mainContactName'), value: (c) => c.mainContact?.name },
  { header: label('customers', 'mainContactEmail'), value: (c) => c.mainContact?.email },
  {
    header: label('customers', 'mainContactPhoneNumber'),
    value: (c) => c.mainContact?.phoneNumber,
  },
  { header: label('customers', 'paymentTerms'), value: (c) => c.paymentTerms },
  { header: 'Created', value: (c) => c.createdAt },
];

export interface ContactExportRow extends ContactRow {
  companyName: string | null;
}

export const CONTACT_COLUMNS: CsvColumn<ContactExportRow>[] = [
  { header: 'Customer', value: (c) => c.companyName },
  { header: label('contacts', 'name'), value: (c) => c.name },
  { header: label('contacts', 'email'), value: (c) => c.email },
  { header: label('contacts', 'phoneNumber'), value: (c) => c.phoneNumber },
  { header: label('contacts', 'role'), value: (c) => c.role },
  { header: 'Created', value: (c) => c.createdAt },
];

export const PRODUCT_COLUMNS: CsvColumn<ProductRow>[] = [
  { header: label('products', 'name'), value: (p) => p.name },
  { header: label('products', 'sku'), value: (p) => p.sku },
  { header: label('products', 'price'), value: (p) => p.price, type: 'money' },
  { header: label('products', 'currencyCode'), value: (p) => p.currencyCode },
  { header: label('products', 'cost'), value: (p) => p.cost, type: 'money' },
  { header: label('products', 'stock'), value: (p) => p.stock, type: 'number' },
  { header: label('products', 'category'), value: (p) => p.category },
  { header: label('products', 'supplier'), value: (p) => p.supplier },
  { header: label('products', 'description'), value: (p) => p.description },
  { header: 'Created', value: (p) => p.createdAt },
];

type StoredAmounts = Pick<
  QuoteRow,
  | 'subtotal'
  | 'taxRate'
  | 'taxAmount'
  | 'total'
  | 'allowanceTotal'
  | 'chargeTotal'
  | 'roundingAmount'
  | 'taxBreakdown'
>;

/**
 * The stored breakdown per rate; a row stored before it (pulled before the upgrade) has one rate,
 * the document's, on its whole net.
 */
function breakdownOf(doc: StoredAmounts): StoredBreakdownRow[] {
  if (doc.taxBreakdown && doc.taxBreakdown.length > 0) return doc.taxBreakdown;
  const net = Number(taxExclusiveAmount(doc));
  const category = doc.taxRate > 0 ? 'S' : 'Z';
  return [{ category, rate: doc.taxRate, taxableAmount: net, taxAmount: doc.taxAmount }];
}

/**
 * One cell for the breakdown: "S 19% on 210.00: 39.90; S 7% on 45.00: 3.15" (category code, rate,
 * taxable amount, tax — plain decimals, as the money columns).
 */
export function breakdownText(doc: StoredAmounts): string {
  return breakdownOf(doc)
    .map(
      (row) =>
        `${row.category} ${TAX_CATEGORY_RULES[row.category].taxed ? row.rate : 0}% on ${roundMoney(row.taxableAmount)}: ${roundMoney(row.taxAmount)}`,
    )
    .join('; ');
}

/**
 * A document's stored EN 16931 totals as columns: the lines' nets, discounts and charges, the
 * tax-exclusive net, the tax, rounding, the total, and the breakdown per rate.
 */
function amountColumns<R>(doc: (row: R) => StoredAmounts): CsvColumn<R>[] {
  return [
    { header: 'Subtotal', value: (r) => doc(r).subtotal, type: 'money' },
    { header: 'Discounts', value: (r) => doc(r).allowanceTotal ?? 0, type: 'money' },
    { header: 'Charges', value: (r) => doc(r).chargeTotal ?? 0, type: 'money' },
    { header: 'Net', value: (r) => taxExclusiveAmount(doc(r)), type: 'money' },
    { header: 'Tax', value: (r) => doc(r).taxAmount, type: 'money' },
    { header: 'Rounding', value: (r) => doc(r).roundingAmount ?? 0, type: 'money' },
    { header: 'Total', value: (r) => doc(r).total, type: 'money' },
    { header: 'Tax breakdown', value: (r) => breakdownText(doc(r)) },
  ];
}

/** A quote or order with the names the list shows. */
export interface DocumentExportRow<T> {
  document: T;
  number: string;
  customerName: string | null | undefined;
  contactName: string | null | undefined;
}

function documentColumns<T extends QuoteRow | OrderRow>(
  numberHeader: string,
): CsvColumn<DocumentExportRow<T>>[] {
  return [
    { header: numberHeader, value: (r) => r.number },
    { header: 'Status', value: (r) => r.document.status },
    { header: 'Customer', value: (r) => r.customerName },
    { header: 'Contact', value: (r) => r.contactName },
    { header: 'Currency', value: (r) => r.document.currencyCode },
    ...amountColumns<DocumentExportRow<T>>((r) => r.document),
    { header: 'Items', value: (r) => r.document.items.length, type: 'number' },
    { header: 'Created', value: (r) => r.document.createdAt },
  ];
}

export const QUOTE_COLUMNS = documentColumns<QuoteRow>('Quote #');
export const ORDER_COLUMNS = documentColumns<OrderRow>('Order #');

export interface InvoiceExportRow {
  invoice: InvoiceRow;
  number: string;
  orderNumber: string;
  balance: string;
  overdueDays: number;
}

export const INVOICE_COLUMNS: CsvColumn<InvoiceExportRow>[] = [
  { header: 'Invoice #', value: (r) => r.number },
  { header: 'Order #', value: (r) => r.orderNumber },
  { header: 'Status', value: (r) => r.invoice.status },
  { header: 'Customer', value: (r) => r.invoice.customerName },
  { header: 'Customer email', value: (r) => r.invoice.customerEmail },
  { header: 'Contact', value: (r) => r.invoice.contactName },
  { header: 'Currency', value: (r) => r.invoice.currencyCode },
  ...amountColumns<InvoiceExportRow>((r) => r.invoice),
  { header: 'Paid', value: (r) => r.invoice.amountPaid ?? 0, type: 'money' },
  { header: 'Balance', value: (r) => r.balance, type: 'money' },
  { header: 'Issue date', value: (r) => r.invoice.issueDate },
  { header: 'Due date', value: (r) => r.invoice.dueDate },
  { header: 'Days overdue', value: (r) => r.overdueDays, type: 'number' },
  { header: 'Paid at', value: (r) => r.invoice.paidAt },
  { header: 'Created', value: (r) => r.invoice.createdAt },
];

/** Customers as the list shows them, each with its main contact (role Primary), for the export. */
export async function withMainContacts(
  db: SmbDatabase,
  customers: CustomerRow[],
): Promise<CustomerExportRow[]> {
  const primary = new Map<string, ContactRow>();
  await db.contacts.each((c) => {
    if (c.role === PRIMARY_CONTACT_ROLE && !primary.has(c.customerId)) primary.set(c.customerId, c);
  });
  return customers.map((c) => {
    const main = primary.get(c.id);
    return {
      ...c,
      mainContact: main
        ? { name: main.name, email: main.email, phoneNumber: main.phoneNumber }
        : null,
    };
  });
}
