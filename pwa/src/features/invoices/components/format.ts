import { formatMoney } from '@smb/shared-types/money';

/** Creation date in the user's local format. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleDateString();
}

/** en-US money with the document's currency. */
export function formatAmount(amount: number, currencyCode: string): string {
  return formatMoney(amount, currencyCode);
}
