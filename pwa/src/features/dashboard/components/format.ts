import { formatLocale, formatMoney } from '../../../lib/formats';
import type { DashboardMetrics } from '../data/metrics';

/** An amount in the dashboard's (the tenant's default) currency. */
export const money = (
  value: string | number,
  m: Pick<DashboardMetrics, 'currencyCode' | 'currencySymbol'>,
) => formatMoney(value, m.currencyCode, m.currencySymbol);

/**
 * Short axis labels in the tenant's locale: $12.3K (en-US), 12.345 € / 1,2 Mio. € (de-DE), with
 * the currency's own symbol (display only; the figures themselves stay exact).
 */
export function compactMoney(
  value: number,
  m: Pick<DashboardMetrics, 'currencyCode' | 'currencySymbol'>,
) {
  const parts = new Intl.NumberFormat(formatLocale(), {
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
    style: 'currency',
    currency: m.currencyCode && /^[A-Z]{3}$/.test(m.currencyCode) ? m.currencyCode : 'USD',
  }).formatToParts(value);
  return parts
    .map((p) => (p.type === 'currency' && m.currencySymbol ? m.currencySymbol : p.value))
    .join('');
}

/** 'Nov 2026' for '2026-11'. */
export function monthLabel(month: string): string {
  const [y, mo] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, mo - 1, 1)).toLocaleString('en-US', {
    month: 'short',
    year: '2-digit',
    timeZone: 'UTC',
  });
}

/** The filtered lists behind the cards and charts (the lists' `status` and `q` URL filters). */
export const dashboardLinks = {
  openQuotes: '/dashboard/quotes?status=Draft,Sent',
  won: '/dashboard/quotes?status=Accepted,Converted',
  decided: '/dashboard/quotes?status=Accepted,Converted,Rejected',
  quoteStatus: (status: string) => `/dashboard/quotes?status=${encodeURIComponent(status)}`,
  outstanding: '/dashboard/invoices?status=Outstanding',
  overdue: '/dashboard/invoices?status=Overdue',
  revenue: '/dashboard/invoices',
  customerInvoices: (name: string) => `/dashboard/invoices?q=${encodeURIComponent(name)}`,
};
