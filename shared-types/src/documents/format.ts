import { roundMoney, type MoneyInput } from '../money';

/**
 * Amounts as documents print them: the currency's symbol, thousands grouped, 2 decimals, read from
 * the exact decimal (never through a float sum): `€1,234.50`, `-$5.00`.
 */
export function formatDocumentMoney(value: MoneyInput, symbol: string): string {
  const fixed = roundMoney(value);
  const negative = fixed.startsWith('-');
  const [whole = '0', cents = '00'] = (negative ? fixed.slice(1) : fixed).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${symbol}${grouped}.${cents}`;
}

/** A tax rate as typed, without trailing zeros: `10%`, `8.875%`. */
export function formatTaxRate(rate: MoneyInput): string {
  const text = String(rate).trim();
  const trimmed = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  return `${trimmed || '0'}%`;
}

/** Quantities grouped like amounts: `1,000`. */
export function formatQuantity(quantity: number): string {
  return String(quantity).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

const DATE = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** `Nov 24, 2026` (UTC, so the server and every browser print the same day). */
export function formatDocumentDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE.format(date);
}
