/**
 * Bench-only browser harness for the dashboard home, bundled by bench/dashboard.ts with
 * esbuild and run in headless Chromium. It fills a real IndexedDB store (the app's Dexie schema)
 * with 20,000 customers, 5,000 quotes and 5,000 invoices (+ payments), then mounts the real
 * `DashboardHome` screen over it and times, from the mount, the figures on screen and the charts
 * drawn. Nothing of this ships in the app.
 */
import '@mantine/core/styles.css';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router-dom';
import DashboardHome from '../../pwa/src/app/routes/DashboardHome';
import { theme } from '../../pwa/src/app/theme';
import { setCurrentDatabase } from '../../pwa/src/db/current';
import { SmbDatabase } from '../../pwa/src/db/database';
import { unpackSummaries } from '../../pwa/src/db/summaries';
import type {
  CurrencyRow,
  CustomerRow,
  DocumentItemRow,
  InvoiceRow,
  PaymentRow,
  QuoteRow,
} from '../../pwa/src/db/types';
import { computeDashboard } from '../../pwa/src/features/dashboard/data/metrics';
import { loadDashboard } from '../../pwa/src/features/dashboard/data/useDashboard';

const DAY = 86_400_000;
let db: SmbDatabase | null = null;

function need(): SmbDatabase {
  if (!db) throw new Error('call seed() first');
  return db;
}

const items = (k: number): DocumentItemRow[] =>
  [1, 2, 3].map((n) => ({
    id: `item-${k}-${n}`,
    productId: `product-${(k * n) % 2000}`,
    position: n,
    productName: `Product ${(k * n) % 2000}`,
    productSku: `SKU-${(k * n) % 2000}`,
    quantity: n,
    unitPrice: 120.5 * n,
    subtotal: 120.5 * n * n,
  }));

/** Fills the store: the sizes of the issue's budget, documents spread over 15 months. */
async function seed(counts: { customers: number; quotes: number; invoices: number }) {
  db = new SmbDatabase(`bench-dashboard-${Date.now()}`);
  const now = Date.now();
  const at = (k: number) => new Date(now - ((k * 7919) % 450) * DAY).toISOString();
  const stamp = { version: '1', updatedAt: new Date(now).toISOString() };
  const currencies: CurrencyRow[] = [
    ['USD', 1, true],
    ['EUR', 1.0843, false],
    ['GBP', 1.2711, false],
  ].map(([code, rate, isDefault]) => ({
    id: `currency-${code}`,
    code: code as string,
    name: code as string,
    symbol: code === 'USD' ? '$' : (code as string),
    taxRate: 10,
    dollarExchangeRate: rate as number,
    isDefault: isDefault as boolean,
    ...stamp,
  }));
  const codes = ['USD', 'USD', 'EUR', 'GBP'];
  const customers: CustomerRow[] = Array.from({ length: counts.customers }, (_, k) => ({
    id: `customer-${k}`,
    name: `Customer ${k}`,
    email: `c${k}@example.com`,
    phoneNumber: null,
    address: `${k} High Street`,
    address2: null,
    createdAt: at(k),
    ...stamp,
  }));
  const statuses = ['Draft', 'Sent', 'Accepted', 'Rejected', 'Converted'];
  const quotes: QuoteRow[] = Array.from({ length: counts.quotes }, (_, k) => {
    const status = statuses[k % statuses.length]!;
    return {
      id: `quote-${k}`,
      quoteNumber: `Q-${k}`,
      customerId: `customer-${k % counts.customers}`,
      contactId: null,
      currencyCode: codes[k % codes.length]!,
      status,
      notes: '',
      subtotal: 1000 + k,
      taxRate: 10,
      taxAmount: 100 + k / 10,
      total: Math.round((1100 + k * 1.1) * 100) / 100,
      createdAt: at(k),
      items: items(k),
      accessToken: null,
      viewedAt: null,
      acceptedAt: status === 'Accepted' || status === 'Converted' ? at(k + 3) : null,
      rejectedAt: status === 'Rejected' ? at(k + 3) : null,
      ...stamp,
    };
  });
  const payments: PaymentRow[] = [];
  const invoices: InvoiceRow[] = Array.from({ length: counts.invoices }, (_, k) => {
    const created = at(k);
    const total = Math.round((500 + ((k * 37) % 9000) + 0.37) * 100) / 100;
    const paid = k % 3 === 0 ? total : k % 3 === 1 ? Math.round(total * 50) / 100 : 0;
    if (paid > 0)
      payments.push({
        id: `payment-${k}`,
        invoiceId: `invoice-${k}`,
        amount: paid,
        paidOn: created.slice(0, 10),
        method: 'bank_transfer',
        reference: null,
        note: null,
        createdBy: null,
        createdAt: created,
        ...stamp,
      });
    return {
      id: `invoice-${k}`,
      invoiceNumber: `INV-${k}`,
      orderId: `order-${k}`,
      customerId: `customer-${k % 700}`,
      customerName: `Customer ${k % 700}`,
      customerEmail: `c${k % 700}@example.com`,
      contactId: null,
      contactName: null,
      contactEmail: null,
      contactRole: null,
      currencyCode: codes[k % codes.length]!,
      status: paid === total ? 'Paid' : paid > 0 ? 'Partially paid' : 'Unpaid',
      notes: '',
      subtotal: total,
      taxRate: 0,
      taxAmount: 0,
      total,
      amountPaid: paid,
      paidAt: null,
      issueDate: created.slice(0, 10),
      dueDate: new Date(Date.parse(created) + 30 * DAY).toISOString().slice(0, 10),
      paymentTerms: 'net_30',
      createdAt: created,
      items: items(k),
      ...stamp,
    };
  });
  const d = need();
  await d.transaction(
    'rw',
    [d.currencies, d.customers, d.quotes, d.invoices, d.payments],
    async () => {
      await d.currencies.bulkPut(currencies);
      await d.customers.bulkPut(customers);
      await d.quotes.bulkPut(quotes);
      await d.invoices.bulkPut(invoices);
      await d.payments.bulkPut(payments);
    },
  );
  setCurrentDatabase(d);
  return {
    customers: await d.customers.count(),
    quotes: await d.quotes.count(),
    invoices: await d.invoices.count(),
    payments: await d.payments.count(),
  };
}

/** Resolves with the time (performance.now) when `selector` is in the document. */
function when(selector: string): Promise<number> {
  return new Promise((resolve) => {
    if (document.querySelector(selector)) return resolve(performance.now());
    const observer = new MutationObserver(() => {
      if (!document.querySelector(selector)) return;
      observer.disconnect();
      resolve(performance.now());
    });
    observer.observe(document.body, { subtree: true, childList: true });
  });
}

/** Mounts the dashboard home; ms from the mount to the figures and to the drawn charts. */
async function render(): Promise<{ figuresMs: number; chartsMs: number; openQuotes: string }> {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const started = performance.now();
  root.render(
    createElement(
      MantineProvider,
      { theme },
      createElement(MemoryRouter, { initialEntries: ['/dashboard'] }, createElement(DashboardHome)),
    ),
  );
  const figures = await when('[data-testid="dashboard-cards"]');
  const charts = await when('.recharts-bar-rectangle');
  const openQuotes =
    document.querySelector('[data-testid="card-open-quotes-value"]')?.textContent ?? '';
  root.unmount();
  host.remove();
  return { figuresMs: figures - started, chartsMs: charts - started, openQuotes };
}

/** The read transaction and the computation alone, without React. */
async function compute(): Promise<number> {
  const started = performance.now();
  await loadDashboard(need());
  return performance.now() - started;
}

/** Where the read + compute time goes: each table read alone, then the computation alone. */
async function profile(): Promise<Record<string, number>> {
  const d = need();
  const out: Record<string, number> = {};
  const time = async <T>(label: string, fn: () => Promise<T> | T): Promise<T> => {
    const t = performance.now();
    const r = await fn();
    out[label] = Math.round(performance.now() - t);
    return r;
  };
  const buckets = await time('summaries', () => d.summaries.toArray());
  const { quotes, invoices, payments } = await time('unpack', () => unpackSummaries(buckets));
  const currencies = await time('currencies', () => d.currencies.toArray());
  await time('customers.count', () => d.customers.count());
  await time('compute', () =>
    computeDashboard({ quotes, invoices, payments, currencies, now: new Date() }),
  );
  await time('loadDashboard', () => loadDashboard(d));
  return out;
}

(window as unknown as { __smbDashboard: unknown }).__smbDashboard = {
  seed,
  render,
  compute,
  profile,
};
