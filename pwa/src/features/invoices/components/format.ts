import { formatMoney } from '@smb/shared-types/money';

/** Creation date in the user's local format (spec §2). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleDateString();
}

/** en-US money with the document's currency (spec §2, §9). */
export function formatAmount(amount: number, currencyCode: string): string {
  return formatMoney(amount, currencyCode);
}
