import { formatDate as localeDate, formatMoney } from '../../../lib/formats';

/** A date in the tenant's format, '—' when none. */
export function formatDate(iso: string | null | undefined): string {
  return localeDate(iso) || '—';
}

/** Money with the document's currency, in the tenant's format. */
export function formatAmount(amount: number, currencyCode: string): string {
  return formatMoney(amount, currencyCode);
}
