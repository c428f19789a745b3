import { compareMoney, convertMoney, sumMoney } from '@smb/shared-types/money';
import { addDays, overdueDays, today } from '@smb/shared-types/payments';
import { QUOTE_FILTERS, isQuoteExpired, type QuoteFilter } from '@smb/shared-types/quotes';
import type { InvoiceSummary, PaymentSummary, QuoteSummary } from '../../../db/summaries';
import type { CurrencyRow } from '../../../db/types';

/**
 * The dashboard's numbers, computed on the device over plain local rows — pure, no
 * clock of its own (`now` is passed in), exact decimals (every amount is converted exactly and
 * summed with the shared money module, rounded once at the end).
 *
 * Definitions (calendar dates and months in UTC, like due dates and `overdueDays`):
 * - open quotes: status Draft, or Sent and not yet past its valid-until day (else Expired, as the
 *   quotes list shows it);
 * - won quotes: status Accepted or Converted, decided on `acceptedAt` (else `updatedAt`);
 *   lost quotes: status Rejected, decided on `rejectedAt` (else `updatedAt`);
 * - quotes accepted this month: won quotes decided this calendar month;
 * - win rate of the last 90 days: won ÷ (won + lost) among quotes decided in the 90 days up to
 *   today (today and the 89 days before); null when none was decided;
 * - revenue: the totals of invoices that are not Cancelled, in the month of their issue date
 *   (their creation date before the server dates them); paid: payments in the month of `paidOn`;
 * - outstanding: the balances (total − payments) of invoices that are not Cancelled, when positive;
 * - overdue: the same `overdueDays` rule the invoices list uses (past due with a balance);
 * - top customers: by revenue over the 12 months of the revenue chart.
 * Amounts are in the tenant's default currency: a document in another currency is converted with
 * the rates the currencies carry (`dollarExchangeRate`: what one unit is worth in dollars), so
 * amount × its rate ÷ the default's rate. A currency the store does not know counts at rate 1.
 *
 * It reads only the fields of the documents' summaries (db/summaries.ts), so whole rows and the
 * stored summaries give the same figures.
 */
export interface DashboardInput {
  quotes: readonly QuoteSummary[];
  invoices: readonly InvoiceSummary[];
  payments: readonly PaymentSummary[];
  currencies: readonly CurrencyRow[];
  now: Date;
}

export interface Figure {
  count: number;
  /** In the default currency, 2 decimals. */
  value: string;
}

export interface RevenueMonth {
  /** 'YYYY-MM'. */
  month: string;
  invoiced: string;
  paid: string;
}

export interface PipelineStage extends Figure {
  status: QuoteFilter;
}

export interface TopCustomer {
  customerId: string;
  name: string;
  value: string;
}

export interface DashboardMetrics {
  /** The default currency's code ('USD' when the store has no default). */
  currencyCode: string;
  currencySymbol: string | null;
  /** Codes of other currencies that documents on the dashboard were converted from. */
  convertedFrom: string[];
  openQuotes: Figure;
  acceptedThisMonth: Figure;
  /** Won and lost of the last 90 days; `rate` in percent, one decimal, null when none decided. */
  winRate: { won: number; lost: number; rate: number | null };
  outstanding: Figure;
  /** Null while no invoice has a due date (the card is left out). */
  overdue: Figure | null;
  revenueThisMonth: string;
  revenueLastMonth: string;
  /** Change from last month in percent, one decimal; null when last month had none. */
  revenueChange: number | null;
  /** The last 12 months, oldest first, the current month last. */
  revenueByMonth: RevenueMonth[];
  /** Whether any payment exists (the chart shows "paid" only then). */
  hasPayments: boolean;
  pipeline: PipelineStage[];
  topCustomers: TopCustomer[];
}

const WON = new Set(['Accepted', 'Converted']);
const OPEN = new Set(['Draft', 'Sent']);

/** The 12 months ending with `month` ('YYYY-MM'), oldest first. */
export function lastMonths(month: string, count = 12): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    out.push(d.toISOString().slice(0, 7));
  }
  return out;
}

/** The invoice's issue date, or its creation date while the server has not dated it. */
export const invoiceDate = (invoice: InvoiceSummary): string =>
  invoice.issueDate ?? invoice.createdAt.slice(0, 10);

/** Percent with one decimal, e.g. 2 of 3 → 66.7. */
function percent(part: number, whole: number): number {
  return Math.round((part / whole) * 1000) / 10;
}

/** An amount in whole cents (amounts are stored with at most 2 decimals). */
const toCents = (amount: number) => Math.round(amount * 100);

/** Whole cents as a decimal string: 123456 → '1234.56' (exact, no float division). */
function centsText(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount out of range: ${cents} cents`);
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A figure's amounts, added up per currency in whole cents (exact integer sums), converted once
 * per currency at the end: conversion is linear, so Σ convert(a) = convert(Σ a) exactly, and the
 * one rounding happens on the final sum. Thousands of documents cost a handful of decimal ops.
 */
class Amounts {
  count = 0;
  private readonly cents = new Map<string, number>();

  add(cents: number, currencyCode: string): void {
    this.count++;
    this.cents.set(currencyCode, (this.cents.get(currencyCode) ?? 0) + cents);
  }

  /** The sum in cents of the default currency as a float: for ranking only, never shown. */
  approximate(rateOf: (code: string) => number, baseRate: number): number {
    let sum = 0;
    for (const [code, cents] of this.cents) sum += (cents * rateOf(code)) / baseRate;
    return sum;
  }

  /** The sum in the default currency, 2 decimals. */
  total(convert: (amount: string, code: string) => string): string {
    return sumMoney([...this.cents].map(([code, cents]) => convert(centsText(cents), code)));
  }
}

/** Every dashboard figure in one pass over each table. */
export function computeDashboard(input: DashboardInput): DashboardMetrics {
  const day = today(input.now);
  const month = day.slice(0, 7);
  const months = lastMonths(month);
  const lastMonth = months[months.length - 2]!;
  const windowStart = addDays(day, -89);

  const defaultCurrency = input.currencies.find((c) => c.isDefault);
  const currencyCode = defaultCurrency?.code ?? 'USD';
  const baseRate = defaultCurrency?.dollarExchangeRate ?? 1;
  const rates = new Map(input.currencies.map((c) => [c.code, c.dollarExchangeRate]));
  const convertedFrom = new Set<string>();
  const convert = (amount: string, code: string): string => {
    if (code === currencyCode) return amount;
    convertedFrom.add(code);
    return convertMoney(amount, rates.get(code) ?? 1, baseRate);
  };
  const figure = (a: Amounts): Figure => ({ count: a.count, value: a.total(convert) });

  // Quotes: open, won/lost, pipeline.
  const open = new Amounts();
  const accepted = new Amounts();
  let won = 0;
  let lost = 0;
  const stages = new Map<string, Amounts>(QUOTE_FILTERS.map((s) => [s, new Amounts()]));
  for (const quote of input.quotes) {
    const cents = toCents(quote.total);
    const shown = isQuoteExpired(quote, input.now) ? 'Expired' : quote.status;
    stages.get(shown)?.add(cents, quote.currencyCode);
    if (OPEN.has(shown)) open.add(cents, quote.currencyCode);
    if (WON.has(quote.status)) {
      const decided = (quote.acceptedAt ?? quote.updatedAt).slice(0, 10);
      if (decided.slice(0, 7) === month) accepted.add(cents, quote.currencyCode);
      if (decided >= windowStart && decided <= day) won++;
    } else if (quote.status === 'Rejected') {
      const decided = (quote.rejectedAt ?? quote.updatedAt).slice(0, 10);
      if (decided >= windowStart && decided <= day) lost++;
    }
  }

  // Invoices: revenue, outstanding, overdue, top customers.
  const invoicedByMonth = new Map<string, Amounts>(months.map((m) => [m, new Amounts()]));
  const outstanding = new Amounts();
  const overdue = new Amounts();
  let anyDueDate = false;
  const byCustomer = new Map<string, { name: string; amounts: Amounts }>();
  const currencyOfInvoice = new Map<string, string>();
  for (const invoice of input.invoices) {
    const code = invoice.currencyCode;
    currencyOfInvoice.set(invoice.id, code);
    if (invoice.dueDate) anyDueDate = true;
    if (invoice.status === 'Cancelled') continue;
    // Net of credit notes: what the invoice asks for now (issue 33 item 7).
    const total = toCents(invoice.total) - toCents(invoice.creditedAmount ?? 0);
    const balance = total - toCents(invoice.amountPaid ?? 0);
    if (balance > 0) {
      outstanding.add(balance, code);
      // The invoices list's own rule (past due with a balance), asked only of invoices past due.
      if (
        invoice.dueDate &&
        invoice.dueDate < day &&
        overdueDays(
          { status: invoice.status, dueDate: invoice.dueDate, balance: centsText(balance) },
          day,
        ) > 0
      )
        overdue.add(balance, code);
    }
    const bucket = invoicedByMonth.get(invoiceDate(invoice).slice(0, 7));
    if (!bucket) continue;
    bucket.add(total, code);
    const customer = byCustomer.get(invoice.customerId);
    if (customer) customer.amounts.add(total, code);
    else {
      const amounts = new Amounts();
      amounts.add(total, code);
      byCustomer.set(invoice.customerId, { name: invoice.customerName, amounts });
    }
  }

  const paidByMonth = new Map<string, Amounts>(months.map((m) => [m, new Amounts()]));
  for (const payment of input.payments) {
    const bucket = paidByMonth.get(payment.paidOn.slice(0, 7));
    const code = currencyOfInvoice.get(payment.invoiceId);
    if (bucket && code) bucket.add(toCents(payment.amount), code);
  }

  const revenueByMonth = months.map((m) => ({
    month: m,
    invoiced: invoicedByMonth.get(m)!.total(convert),
    paid: paidByMonth.get(m)!.total(convert),
  }));
  const revenueThisMonth = revenueByMonth[revenueByMonth.length - 1]!.invoiced;
  const revenueLastMonth = revenueByMonth.find((r) => r.month === lastMonth)!.invoiced;

  // Rank by an approximate (float) value first, then convert exactly only the customers that can
  // be in the top 5: those within a cent of the fifth's approximation.
  const rateOf = (code: string) => (code === currencyCode ? baseRate : (rates.get(code) ?? 1));
  const ranked = [...byCustomer.entries()]
    .map(([customerId, { name, amounts }]) => ({
      customerId,
      name,
      amounts,
      approx: amounts.approximate(rateOf, baseRate),
    }))
    .sort((a, b) => b.approx - a.approx);
  const cutoff = (ranked[4]?.approx ?? -Infinity) - 1;
  const topCustomers = ranked
    .filter((c, i) => i < 5 || c.approx >= cutoff)
    .map(({ customerId, name, amounts }) => ({ customerId, name, value: amounts.total(convert) }))
    .sort(
      (a, b) =>
        // 2-decimal amounts compare exactly as numbers (distinct cents, distinct doubles).
        Number(b.value) - Number(a.value) ||
        a.name.localeCompare(b.name) ||
        (a.customerId < b.customerId ? -1 : 1),
    )
    .slice(0, 5);

  const last = Number(revenueLastMonth);
  return {
    currencyCode,
    currencySymbol: defaultCurrency?.symbol ?? null,
    openQuotes: figure(open),
    acceptedThisMonth: figure(accepted),
    winRate: { won, lost, rate: won + lost === 0 ? null : percent(won, won + lost) },
    outstanding: figure(outstanding),
    overdue: anyDueDate ? figure(overdue) : null,
    revenueThisMonth,
    revenueLastMonth,
    revenueChange:
      compareMoney(revenueLastMonth, 0) === 0
        ? null
        : Math.round(((Number(revenueThisMonth) - last) / last) * 1000) / 10,
    revenueByMonth,
    hasPayments: input.payments.length > 0,
    pipeline: QUOTE_FILTERS.map((status) => ({ status, ...figure(stages.get(status)!) })),
    topCustomers,
    // Last: the figures above fill `convertedFrom` as they convert.
    convertedFrom: [...convertedFrom].sort(),
  };
}
