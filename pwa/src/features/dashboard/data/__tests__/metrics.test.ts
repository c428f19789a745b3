import { describe, expect, it } from 'vitest';
import type { CurrencyRow, InvoiceRow, PaymentRow, QuoteRow } from '../../../../db/types';
import { computeDashboard, lastMonths } from '../metrics';
import { NOW, currency, fixture, invoice, payment, quote } from './dashboard-fixture';

describe('computeDashboard on a small hand-checked fixture', () => {
  const currencies = [currency('USD', '1', true), currency('EUR', '1.1')];

  it('sums converted amounts exactly and rounds once (3 × €0.05 at 1.1 = $0.165 → $0.17, not 3 × $0.06)', () => {
    const m = computeDashboard({
      quotes: ['a', 'b', 'c'].map((id) => quote(id, { currencyCode: 'EUR', total: 0.05 })),
      invoices: [],
      payments: [],
      currencies,
      now: NOW,
    });
    expect(m.openQuotes).toEqual({ count: 3, value: '0.17' });
    expect(m.convertedFrom).toEqual(['EUR']);
    expect(m.currencyCode).toBe('USD');
  });

  it('computes each card from the rules: open, accepted this month, win rate, outstanding, overdue, revenue', () => {
    const m = computeDashboard({
      quotes: [
        quote('q1', { status: 'Draft', total: 100.1 }),
        quote('q2', {
          status: 'Sent',
          total: 10.01,
          currencyCode: 'EUR',
          validUntil: '2026-11-24',
        }), // $11.011, valid today
        // Sent, but its valid-until day is over: Expired, not open.
        quote('q7', { status: 'Sent', total: 30, validUntil: '2026-11-23' }),
        quote('q3', { status: 'Accepted', total: 50, acceptedAt: '2026-11-02T09:00:00.000Z' }),
        quote('q4', { status: 'Converted', total: 70, acceptedAt: '2026-10-31T23:59:00.000Z' }),
        quote('q5', { status: 'Rejected', total: 5, rejectedAt: '2026-09-01T00:00:00.000Z' }),
        // Decided 91 days ago: outside the 90-day window.
        quote('q6', { status: 'Rejected', total: 5, rejectedAt: '2026-08-25T00:00:00.000Z' }),
      ],
      invoices: [
        invoice('i1', {
          total: 110,
          amountPaid: 10,
          issueDate: '2026-11-03',
          dueDate: '2026-11-23',
        }), // overdue by 1 day, balance 100
        invoice('i2', {
          total: 20,
          currencyCode: 'EUR',
          issueDate: '2026-10-15',
          dueDate: '2026-12-15',
        }),
        invoice('i3', { total: 999, status: 'Cancelled', issueDate: '2026-11-01' }),
        invoice('i4', { total: 30, amountPaid: 30, status: 'Paid', issueDate: '2026-11-20' }),
      ],
      payments: [payment('p1', 'i1', 10, '2026-11-10'), payment('p2', 'i4', 30, '2026-11-21')],
      currencies,
      now: NOW,
    });
    expect(m.openQuotes).toEqual({ count: 2, value: '111.11' });
    expect(m.acceptedThisMonth).toEqual({ count: 1, value: '50.00' });
    expect(m.winRate).toEqual({ won: 2, lost: 1, rate: 66.7 });
    expect(m.outstanding).toEqual({ count: 2, value: '122.00' }); // 100 + €20 × 1.1
    expect(m.overdue).toEqual({ count: 1, value: '100.00' });
    expect(m.revenueThisMonth).toBe('140.00'); // 110 + 30; the cancelled one does not count
    expect(m.revenueLastMonth).toBe('22.00');
    expect(m.revenueChange).toBe(536.4);
    expect(m.revenueByMonth.at(-1)).toEqual({
      month: '2026-11',
      invoiced: '140.00',
      paid: '40.00',
    });
    expect(m.revenueByMonth[0]!.month).toBe('2025-12');
    expect(m.hasPayments).toBe(true);
    expect(m.pipeline.map((s) => [s.status, s.count, s.value])).toEqual([
      ['Draft', 1, '100.10'],
      ['Sent', 1, '11.01'],
      ['Accepted', 1, '50.00'],
      ['Rejected', 2, '10.00'],
      ['Converted', 1, '70.00'],
      ['Expired', 1, '30.00'],
    ]);
    expect(m.topCustomers).toEqual([{ customerId: 'c1', name: 'Customer c1', value: '162.00' }]);
  });

  it('leaves overdue out while no invoice has a due date, and has no win rate or change with nothing decided', () => {
    const m = computeDashboard({
      quotes: [],
      invoices: [invoice('i1', { total: 10, issueDate: '2026-11-01' })],
      payments: [],
      currencies,
      now: NOW,
    });
    expect(m.overdue).toBeNull();
    expect(m.winRate.rate).toBeNull();
    expect(m.revenueChange).toBeNull();
    expect(m.hasPayments).toBe(false);
  });

  it('lists the 12 months ending with the current one, across a year end', () => {
    expect(lastMonths('2026-02')).toEqual([
      '2025-03', '2025-04', '2025-05', '2025-06', '2025-07', '2025-08',
      '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02',
    ]); // prettier-ignore
  });
});

// ---------------------------------------------------------------------------------------------
// Independent computation: integer arithmetic in BigInt (cents × rate in ten-thousandths), one
// filter per figure, dates compared as epoch milliseconds — no code shared with the module.

const cents = (amount: number) => BigInt(Math.round(amount * 100));
const rateUnits = (rate: number) => BigInt(Math.round(rate * 10_000));

/** Σ cents × rate ÷ baseRate, rounded half-up once, as a 2-decimal string. */
function referenceSum(items: { amount: number; rate: bigint }[], baseRate: bigint): string {
  const numerator = items.reduce((acc, i) => acc + cents(i.amount) * i.rate, 0n);
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  let q = abs / baseRate;
  if ((abs % baseRate) * 2n >= baseRate) q += 1n;
  const text = q.toString().padStart(3, '0');
  return `${negative && q !== 0n ? '-' : ''}${text.slice(0, -2)}.${text.slice(-2)}`;
}

const DAY = 86_400_000;
const startOfUtcMonth = (t: number, back = 0) => {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1);
};

function reference(input: {
  quotes: QuoteRow[];
  invoices: InvoiceRow[];
  payments: PaymentRow[];
  currencies: CurrencyRow[];
  now: Date;
}) {
  const base = input.currencies.find((c) => c.isDefault)!;
  const baseRate = rateUnits(base.dollarExchangeRate);
  const rateOf = (code: string) =>
    rateUnits(input.currencies.find((c) => c.code === code)?.dollarExchangeRate ?? 1);
  const t = input.now.getTime();
  const todayStart = Math.floor(t / DAY) * DAY;
  const thisMonth = startOfUtcMonth(t);
  const nextMonth = startOfUtcMonth(t, -1);
  const prevMonth = startOfUtcMonth(t, 1);
  const chartStart = startOfUtcMonth(t, 11);
  const at = (iso: string) => Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  const inRange = (ms: number, from: number, to: number) => ms >= from && ms < to;

  const sum = (rows: { amount: number; code: string }[]) =>
    referenceSum(
      rows.map((r) => ({ amount: r.amount, rate: rateOf(r.code) })),
      baseRate,
    );
  const q = (rows: QuoteRow[]) => ({
    count: rows.length,
    value: sum(rows.map((r) => ({ amount: r.total, code: r.currencyCode }))),
  });

  const expired = (r: QuoteRow) =>
    r.status === 'Sent' && !!r.validUntil && at(r.validUntil) < todayStart;
  const open = input.quotes.filter(
    (r) => r.status === 'Draft' || (r.status === 'Sent' && !expired(r)),
  );
  const wonRows = input.quotes.filter((r) => r.status === 'Accepted' || r.status === 'Converted');
  const wonAt = (r: QuoteRow) => at(r.acceptedAt ?? r.updatedAt);
  const lostRows = input.quotes.filter((r) => r.status === 'Rejected');
  const windowFrom = todayStart - 89 * DAY;
  const windowTo = todayStart + DAY;
  const dayOf = (ms: number) => Math.floor(ms / DAY) * DAY;
  const won = wonRows.filter((r) => inRange(dayOf(wonAt(r)), windowFrom, windowTo)).length;
  const lost = lostRows.filter((r) =>
    inRange(dayOf(at(r.rejectedAt ?? r.updatedAt)), windowFrom, windowTo),
  ).length;

  const live = input.invoices.filter((i) => i.status !== 'Cancelled');
  const balanceCents = (i: InvoiceRow) => cents(i.total) - cents(i.amountPaid ?? 0);
  const owing = live.filter((i) => balanceCents(i) > 0n);
  const balanceRows = (rows: InvoiceRow[]) =>
    rows.map((i) => ({ amount: Number(balanceCents(i)) / 100, code: i.currencyCode }));
  const late = owing.filter((i) => i.dueDate && at(i.dueDate) < todayStart);
  const issued = (i: InvoiceRow) => at(i.issueDate ?? i.createdAt.slice(0, 10));
  const invoicedBetween = (from: number, to: number) =>
    sum(
      live
        .filter((i) => inRange(issued(i), from, to))
        .map((i) => ({ amount: i.total, code: i.currencyCode })),
    );
  const codeOf = new Map(input.invoices.map((i) => [i.id, i.currencyCode]));

  const months = Array.from({ length: 12 }, (_, k) => startOfUtcMonth(t, 11 - k));
  const revenueByMonth = months.map((from, k) => {
    const to = k === 11 ? nextMonth : months[k + 1]!;
    return {
      month: new Date(from).toISOString().slice(0, 7),
      invoiced: invoicedBetween(from, to),
      paid: sum(
        input.payments
          .filter((p) => codeOf.has(p.invoiceId) && inRange(at(p.paidOn), from, to))
          .map((p) => ({ amount: p.amount, code: codeOf.get(p.invoiceId)! })),
      ),
    };
  });

  const customers = [...new Set(live.map((i) => i.customerId))].map((customerId) => {
    const theirs = live.filter(
      (i) => i.customerId === customerId && inRange(issued(i), chartStart, nextMonth),
    );
    return {
      customerId,
      name: input.invoices.find((i) => i.customerId === customerId)!.customerName,
      value: sum(theirs.map((i) => ({ amount: i.total, code: i.currencyCode }))),
      count: theirs.length,
    };
  });

  return {
    openQuotes: q(open),
    acceptedThisMonth: q(wonRows.filter((r) => inRange(dayOf(wonAt(r)), thisMonth, nextMonth))),
    won,
    lost,
    outstanding: { count: owing.length, value: sum(balanceRows(owing)) },
    overdue: { count: late.length, value: sum(balanceRows(late)) },
    revenueThisMonth: invoicedBetween(thisMonth, nextMonth),
    revenueLastMonth: invoicedBetween(prevMonth, thisMonth),
    revenueByMonth,
    pipeline: ['Draft', 'Sent', 'Accepted', 'Rejected', 'Converted', 'Expired'].map((status) => ({
      status,
      ...q(input.quotes.filter((r) => (expired(r) ? 'Expired' : r.status) === status)),
    })),
    customers: customers.filter((c) => c.count > 0),
  };
}

describe('computeDashboard against an independent computation over the same fixture', () => {
  for (const seed of [1, 2, 3, 20]) {
    it(`matches figure for figure, exactly (seed ${seed}, 600 quotes and 600 invoices in 5 currencies)`, () => {
      const data = fixture(seed, 600);
      const m = computeDashboard(data);
      const r = reference(data);
      expect(m.currencyCode).toBe('EUR');
      expect(m.convertedFrom).toEqual(['CAD', 'GBP', 'USD', 'XYZ']);
      expect(m.openQuotes).toEqual(r.openQuotes);
      expect(m.acceptedThisMonth).toEqual(r.acceptedThisMonth);
      expect([m.winRate.won, m.winRate.lost]).toEqual([r.won, r.lost]);
      expect(m.winRate.rate).toBe(Math.round((r.won / (r.won + r.lost)) * 1000) / 10);
      expect(m.outstanding).toEqual(r.outstanding);
      expect(m.overdue).toEqual(r.overdue);
      expect(m.revenueThisMonth).toBe(r.revenueThisMonth);
      expect(m.revenueLastMonth).toBe(r.revenueLastMonth);
      expect(m.revenueByMonth).toEqual(r.revenueByMonth);
      expect(m.pipeline).toEqual(r.pipeline);
      const top = [...r.customers]
        .sort((a, b) => Number(b.value) - Number(a.value) || a.name.localeCompare(b.name))
        .slice(0, 5)
        .map(({ customerId, name, value }) => ({ customerId, name, value }));
      expect(m.topCustomers).toEqual(top);
      // The fixture exercises every figure (none is trivially zero).
      for (const f of [r.openQuotes, r.acceptedThisMonth, r.outstanding, r.overdue])
        expect(f.count).toBeGreaterThan(0);
      expect(r.won + r.lost).toBeGreaterThan(0);
    });
  }
});
