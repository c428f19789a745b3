import type { CurrencyRow, InvoiceRow, PaymentRow, QuoteRow } from '../../../../db/types';

/** Rows for the dashboard tests (metrics.test.ts, summaries.test.ts). */

const DAY = 86_400_000;

/** The fixed clock of every test: Tuesday 24 November 2026, 10:00 UTC. */
export const NOW = new Date('2026-11-24T10:00:00Z');

export function currency(code: string, rate: string, isDefault = false): CurrencyRow {
  return {
    id: `cur-${code}`,
    code,
    name: code,
    symbol: code === 'USD' ? '$' : code,
    taxRate: 0,
    dollarExchangeRate: Number(rate),
    isDefault,
    version: '1',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

export function quote(id: string, over: Partial<QuoteRow>): QuoteRow {
  return {
    id,
    customerId: 'c1',
    contactId: null,
    currencyCode: 'USD',
    status: 'Draft',
    notes: '',
    subtotal: 0,
    taxRate: 0,
    taxAmount: 0,
    total: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    version: '1',
    updatedAt: '2026-01-01T00:00:00.000Z',
    items: [],
    quoteNumber: id,
    accessToken: null,
    viewedAt: null,
    acceptedAt: null,
    rejectedAt: null,
    ...over,
  };
}

export function invoice(id: string, over: Partial<InvoiceRow>): InvoiceRow {
  return {
    id,
    customerId: 'c1',
    contactId: null,
    currencyCode: 'USD',
    status: 'Unpaid',
    notes: '',
    subtotal: 0,
    taxRate: 0,
    taxAmount: 0,
    total: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    version: '1',
    updatedAt: '2026-01-01T00:00:00.000Z',
    items: [],
    invoiceNumber: id,
    orderId: `o-${id}`,
    customerName: 'Customer c1',
    customerEmail: 'c1@example.com',
    contactName: null,
    contactEmail: null,
    contactRole: null,
    paidAt: null,
    issueDate: null,
    dueDate: null,
    paymentTerms: null,
    amountPaid: 0,
    ...over,
  };
}

export function payment(id: string, invoiceId: string, amount: number, paidOn: string): PaymentRow {
  return {
    id,
    invoiceId,
    amount,
    paidOn,
    method: 'card',
    reference: null,
    note: null,
    createdBy: null,
    createdAt: `${paidOn}T12:00:00.000Z`,
    version: '1',
    updatedAt: `${paidOn}T12:00:00.000Z`,
  };
}

/** A deterministic pseudo-random fixture (mulberry32), shaped like a real tenant's data. */
export function fixture(seed: number, size: number) {
  let s = seed >>> 0;
  const rand = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const amount = () => Math.round(rand() * 500_000) / 100; // 0.00 … 5,000.00, in cents
  const dayIso = () => new Date(NOW.getTime() - Math.floor(rand() * 450) * DAY).toISOString();
  const currencies = [
    currency('EUR', '1.0843', true),
    currency('USD', '1'),
    currency('GBP', '1.2711'),
    currency('CAD', '0.7315'),
  ];
  const codes = currencies.map((c) => c.code).concat(['XYZ']); // XYZ: unknown, rate 1
  const customers = Array.from({ length: 12 }, (_, k) => `cust-${k}`);
  const quotes = Array.from({ length: size }, (_, k) => {
    const status = pick(['Draft', 'Sent', 'Accepted', 'Rejected', 'Converted'] as const);
    const decided = rand() < 0.8 ? dayIso() : null;
    return quote(`q${k}`, {
      status,
      total: amount(),
      currencyCode: pick(codes),
      customerId: pick(customers),
      updatedAt: dayIso(),
      acceptedAt: status === 'Accepted' || status === 'Converted' ? decided : null,
      rejectedAt: status === 'Rejected' ? decided : null,
      validUntil: status === 'Sent' && rand() < 0.7 ? dayIso().slice(0, 10) : null,
    });
  });
  const invoices = Array.from({ length: size }, (_, k) => {
    const total = amount();
    const paidShare = pick([0, 0, 0.25, 0.5, 1]);
    const paid = Math.round(total * paidShare * 100) / 100;
    const created = dayIso();
    const issued = rand() < 0.9 ? created.slice(0, 10) : null;
    const customerId = pick(customers);
    return invoice(`i${k}`, {
      total,
      amountPaid: paid,
      currencyCode: pick(codes),
      customerId,
      customerName: `Customer ${customerId}`,
      status:
        rand() < 0.1
          ? 'Cancelled'
          : paid >= total
            ? 'Paid'
            : paid > 0
              ? 'Partially paid'
              : 'Unpaid',
      createdAt: created,
      issueDate: issued,
      dueDate:
        issued && rand() < 0.85
          ? new Date(at10(issued) + 30 * DAY).toISOString().slice(0, 10)
          : null,
    });
  });
  const payments = invoices
    .filter((i) => (i.amountPaid ?? 0) > 0)
    .map((i, k) =>
      payment(
        `p${k}`,
        i.id,
        i.amountPaid!,
        new Date(at10(i.createdAt.slice(0, 10)) + Math.floor(rand() * 40) * DAY)
          .toISOString()
          .slice(0, 10),
      ),
    );
  return { quotes, invoices, payments, currencies, now: NOW };
}
export const at10 = (day: string) => Date.parse(`${day}T00:00:00Z`);
