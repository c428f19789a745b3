import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SmbDatabase } from '../../../../db/database';
import type { TaxRateRow } from '../../../../db/types';
import { newClientDb } from '../../../../sync/__tests__/helpers';
import { toCsv } from '../../../../lib/csv-export';
import { readCsvBytes } from '../../../csv/read-file';
import { INVOICE_COLUMNS, QUOTE_COLUMNS } from '../../../csv/data/list-columns';
import { createCurrency } from '../../../currencies/data/currencies';
import { createCustomer } from '../../../customers/data/customers';
import { createInvoice } from '../../../orders/data/orders';
import { createProduct } from '../../../products/data/products';
import { convertQuote, createQuote, setQuoteStatus } from '../../../quotes/data/quotes';
import { loadDashboard } from '../useDashboard';

/**
 * Issue 33 item 9: an accepted 19 % quote and the invoice made from it are one amount everywhere —
 * on the dashboard (its stored summaries) and in the CSV exports — the documents' stored EN 16931
 * totals, never the currency's single rate (10 % here, which only lines naming no rate take).
 */
let db: SmbDatabase;
beforeEach(() => {
  db = newClientDb();
});
afterEach(() => db.close());

const rate = (id: string, percent: number): TaxRateRow => ({
  id,
  name: `VAT ${percent} %`,
  rate: percent,
  category: 'S',
  exemptionReason: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  version: '1',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

/** The exported cells by header (one data row). */
function exported<T>(columns: Parameters<typeof toCsv<T>>[0], row: T): Record<string, string> {
  const sheet = readCsvBytes(new TextEncoder().encode(toCsv(columns, [row])));
  return Object.fromEntries(sheet.headers.map((h, i) => [h, sheet.rows[0]![i]!]));
}

describe('a 19 % / 7 % quote, accepted, converted and invoiced offline', () => {
  it('shows one amount on the dashboard and in the exports: the stored totals', async () => {
    await createCurrency(
      {
        code: 'EUR',
        name: 'Euro',
        symbol: '€',
        taxRate: 10,
        dollarExchangeRate: 1,
        isDefault: true,
      },
      db,
    );
    await db.tax_rates.bulkPut([rate('vat19', 19), rate('vat7', 7)]);
    const machine = await createProduct({ name: 'Machine', price: 1000, currencyCode: 'EUR' }, db);
    const book = await createProduct({ name: 'Manual', price: 37.4, currencyCode: 'EUR' }, db);
    const customerId = await createCustomer(
      {
        name: 'Bäckerei Kurz',
        email: 'k@b.test',
        mainContactName: 'K',
        mainContactEmail: 'k@b.test',
      },
      db,
    );
    const contact = await db.contacts.where('customerId').equals(customerId).first();
    const quoteId = await createQuote(
      {
        customerId,
        contactId: contact!.id,
        currencyCode: 'EUR',
        items: [
          { productId: machine, quantity: 2, taxRateId: 'vat19' },
          { productId: book, quantity: 1, taxRateId: 'vat7' },
        ],
      },
      db,
    );
    // 2,000.00 at 19 % = 380.00; 37.40 at 7 % = 2.618 → 2.62; total 2,420.02.
    const quote = (await db.quotes.get(quoteId))!;
    expect(quote.total).toBe(2420.02);
    expect(quote.taxBreakdown).toEqual([
      { category: 'S', rate: 19, taxableAmount: 2000, taxAmount: 380 },
      { category: 'S', rate: 7, taxableAmount: 37.4, taxAmount: 2.62 },
    ]);

    await setQuoteStatus(quoteId, 'Accepted', db);
    const orderId = await convertQuote(quoteId, db);
    const invoiceId = await createInvoice(orderId, db);
    const invoice = (await db.invoices.get(invoiceId))!;
    expect(invoice.total).toBe(2420.02);

    const { metrics } = await loadDashboard(db);
    expect(metrics.acceptedThisMonth).toEqual({ count: 1, value: '2420.02' });
    expect(metrics.revenueThisMonth).toBe('2420.02');
    expect(metrics.outstanding.value).toBe('2420.02');
    expect(metrics.topCustomers).toEqual([{ customerId, name: 'Bäckerei Kurz', value: '2420.02' }]);

    const amounts = {
      Subtotal: '2037.40',
      Discounts: '0.00',
      Charges: '0.00',
      Net: '2037.40',
      Tax: '382.62',
      Rounding: '0.00',
      Total: '2420.02',
      'Tax breakdown': 'S 19% on 2000.00: 380.00; S 7% on 37.40: 2.62',
    };
    const quoteRow = { document: (await db.quotes.get(quoteId))!, number: 'Q-1' };
    expect(
      exported(QUOTE_COLUMNS, { ...quoteRow, customerName: 'Bäckerei Kurz', contactName: 'K' }),
    ).toMatchObject(amounts);
    expect(
      exported(INVOICE_COLUMNS, {
        invoice,
        number: 'INV-1',
        orderNumber: 'O-1',
        balance: '2420.02',
        overdueDays: 0,
      }),
    ).toMatchObject({ ...amounts, Balance: '2420.02' });
    expect(
      Object.keys(exported(QUOTE_COLUMNS, { ...quoteRow, customerName: '', contactName: '' })),
    ).not.toContain('Tax rate');
  });

  it('a document stored before the breakdown existed exports its one rate on its net', () => {
    const old = {
      document: {
        ...({} as Parameters<(typeof QUOTE_COLUMNS)[0]['value']>[0]['document']),
        status: 'Draft',
        currencyCode: 'USD',
        subtotal: 100,
        taxRate: 10,
        taxAmount: 10,
        total: 110,
        items: [],
        createdAt: '2026-01-01T00:00:00.000Z',
      },
      number: 'Q-9',
      customerName: 'Old',
      contactName: null,
    };
    expect(exported(QUOTE_COLUMNS, old)).toMatchObject({
      Net: '100.00',
      Tax: '10.00',
      Total: '110.00',
      'Tax breakdown': 'S 10% on 100.00: 10.00',
    });
  });
});
