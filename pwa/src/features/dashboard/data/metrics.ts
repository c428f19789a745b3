import { compareMoney, convertMoney, subtractMoney, sumMoney } from '@smb/shared-types/money';
import { addDays, overdueDays, today } from '@smb/shared-types/payments';
import { QUOTE_STATUSES, type QuoteStatus } from '@smb/shared-types/quotes';
import type { CurrencyRow, InvoiceRow, PaymentRow, QuoteRow } from '../../../db/types';

/**
 * The dashboard's numbers (issue 20), computed on the device over plain local rows — pure, no
 * clock of its own (`now` is passed in), exact decimals (every amount is converted exactly and
 * summed with the shared money module, rounded once at the end).
 *
 * Definitions (calendar dates and months in UTC, like due dates and `overdueDays`):
 * - open quotes: status Draft or Sent;
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
 */
export interface DashboardInput {
  quotes: readonly QuoteRow[];
  invoices: readonly InvoiceRow[];
  payments: readonly PaymentRow[];
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
  status: QuoteStatus;
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
export const invoiceDate = (invoice: InvoiceRow): string =>
  invoice.issueDate ?? invoice.createdAt.slice(0, 10);

/** Percent with one decimal, e.g. 2 of 3 → 66.7. */
function percent(part: number, whole: number): number {
  return Math.round((part / whole) * 1000) / 10;
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
  const convert = (amount: number | string, code: string): string => {
    if (code === currencyCode) return String(amount);
    convertedFrom.add(code);
    return convertMoney(amount, rates.get(code) ?? 1, baseRate);
  };

  // Quotes: open, won/lost, pipeline.
  const open: string[] = [];
  const accepted: string[] = [];
  let won = 0;
  let lost = 0;
  const stages = new Map<string, string[]>(QUOTE_STATUSES.map((s) => [s, []]));
  for (const quote of input.quotes) {
    const value = convert(quote.total, quote.currencyCode);
    stages.get(quote.status)?.push(value);
    if (OPEN.has(quote.status)) open.push(value);
    if (WON.has(quote.status)) {
      const decided = (quote.acceptedAt ?? quote.updatedAt).slice(0, 10);
      if (decided.slice(0, 7) === month) accepted.push(value);
      if (decided >= windowStart && decided <= day) won++;
    } else if (quote.status === 'Rejected') {
      const decided = (quote.rejectedAt ?? quote.updatedAt).slice(0, 10);
      if (decided >= windowStart && decided <= day) lost++;
    }
  }

  // Invoices: revenue, outstanding, overdue, top customers.
  const invoicedByMonth = new Map<string, string[]>(months.map((m) => [m, []]));
  const outstanding: string[] = [];
  const overdue: string[] = [];
  let anyDueDate = false;
  const byCustomer = new Map<string, { name: string; amounts: string[] }>();
  const currencyOfInvoice = new Map<string, string>();
  for (const invoice of input.invoices) {
    currencyOfInvoice.set(invoice.id, invoice.currencyCode);
    if (invoice.dueDate) anyDueDate = true;
    if (invoice.status === 'Cancelled') continue;
    const balance = subtractMoney(invoice.total, invoice.amountPaid ?? 0);
    if (compareMoney(balance, 0) > 0) {
      const converted = convert(balance, invoice.currencyCode);
      outstanding.push(converted);
      const late = overdueDays(
        { status: invoice.status, dueDate: invoice.dueDate ?? null, balance },
        day,
      );
      if (late > 0) overdue.push(converted);
    }
    const bucket = invoicedByMonth.get(invoiceDate(invoice).slice(0, 7));
    if (!bucket) continue;
    const total = convert(invoice.total, invoice.currencyCode);
    bucket.push(total);
    const customer = byCustomer.get(invoice.customerId);
    if (customer) customer.amounts.push(total);
    else byCustomer.set(invoice.customerId, { name: invoice.customerName, amounts: [total] });
  }

  const paidByMonth = new Map<string, string[]>(months.map((m) => [m, []]));
  for (const payment of input.payments) {
    const bucket = paidByMonth.get(payment.paidOn.slice(0, 7));
    const code = currencyOfInvoice.get(payment.invoiceId);
    if (bucket && code) bucket.push(convert(payment.amount, code));
  }

  const revenueByMonth = months.map((m) => ({
    month: m,
    invoiced: sumMoney(invoicedByMonth.get(m)!),
    paid: sumMoney(paidByMonth.get(m)!),
  }));
  const revenueThisMonth = revenueByMonth[revenueByMonth.length - 1]!.invoiced;
  const revenueLastMonth = revenueByMonth.find((r) => r.month === lastMonth)!.invoiced;

  const topCustomers = [...byCustomer.entries()]
    .map(([customerId, { name, amounts }]) => ({ customerId, name, value: sumMoney(amounts) }))
    .sort(
      (a, b) =>
        compareMoney(b.value, a.value) ||
        a.name.localeCompare(b.name) ||
        (a.customerId < b.customerId ? -1 : 1),
    )
    .slice(0, 5);

  const last = Number(revenueLastMonth);
  return {
    currencyCode,
    currencySymbol: defaultCurrency?.symbol ?? null,
    convertedFrom: [...convertedFrom].sort(),
    openQuotes: { count: open.length, value: sumMoney(open) },
    acceptedThisMonth: { count: accepted.length, value: sumMoney(accepted) },
    winRate: { won, lost, rate: won + lost === 0 ? null : percent(won, won + lost) },
    outstanding: { count: outstanding.length, value: sumMoney(outstanding) },
    overdue: anyDueDate ? { count: overdue.length, value: sumMoney(overdue) } : null,
    revenueThisMonth,
    revenueLastMonth,
    revenueChange:
      compareMoney(revenueLastMonth, 0) === 0
        ? null
        : Math.round(((Number(revenueThisMonth) - last) / last) * 1000) / 10,
    revenueByMonth,
    hasPayments: input.payments.length > 0,
    pipeline: QUOTE_STATUSES.map((status) => ({
      status,
      count: stages.get(status)!.length,
      value: sumMoney(stages.get(status)!),
    })),
    topCustomers,
  };
}
