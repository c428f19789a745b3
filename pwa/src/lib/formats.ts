/**
 * The one place the PWA writes amounts, numbers and dates for people, in the tenant's
 * locale (`Intl`). The locale is set by `TenantLocaleProvider` (lib/locale.tsx) from the tenant
 * record; before that, and in the spec's default, it is en-US. Amounts are formatted from their
 * decimal string (exact, no float). The app's own words stay English.
 */
import { COUNTRIES } from '@smb/shared-types/countries';
import { numericDateFormat } from '@smb/shared-types/locale-dates';
import { DEFAULT_LOCALE, formatDecimal } from '@smb/shared-types/locale-numbers';
import { roundMoney } from '@smb/shared-types/money';

let current = DEFAULT_LOCALE;

/** Called by the provider only (and tests). */
export function setFormatLocale(locale: string): void {
  current = locale;
}

export function formatLocale(): string {
  return current;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();
function moneyFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
    } catch {
      // A currency code Intl does not take: the number with the tenant's symbol in front.
      format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'XXX' });
    }
    moneyFormats.set(key, format);
  }
  return format;
}

/**
 * An amount with its currency the locale's way: '€1,234.50' (en-US), '1.234,50 €' (de-DE). The
 * currency's own symbol (a tenant may set one) replaces the locale's; exact to the cent.
 */
export function formatMoney(
  amount: string | number,
  currencyCode?: string | null,
  symbol?: string | null,
  locale = current,
): string {
  const code = currencyCode && /^[A-Z]{3}$/.test(currencyCode) ? currencyCode : 'USD';
  const rounded = roundMoney(amount).replace(/^-(0\.00)$/, '$1');
  const parts = moneyFormat(locale, code).formatToParts(rounded as unknown as number);
  return parts
    .map((p) => (p.type === 'currency' && symbol ? symbol : p.value))
    .join('')
    .trim();
}

/** A plain number: up to `decimals` places, grouped ('1.234,5'). */
export function formatNumber(value: string | number, decimals = 3, locale = current): string {
  return formatDecimal(String(value), locale, { maximumFractionDigits: decimals });
}

/** A percentage as people write it there: '19 %' (de-DE), '19%' (en-US). */
export function formatPercent(value: string | number, decimals = 3, locale = current): string {
  const format = new Intl.NumberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: decimals,
  });
  const parts = format.formatToParts(0.5);
  const number = formatNumber(value, decimals, locale);
  return parts.map((p) => (p.type === 'integer' ? number : p.value)).join('');
}

/**
 * A date the locale's way ('11/26/2026', '26.11.2026', '3/1/2026'): a calendar date ('2026-11-26') as that
 * day wherever the device is, a moment (ISO time) on the device's calendar; '' when none.
 */
export function formatDate(value: string | number | Date | null | undefined, locale = current) {
  if (value === null || value === undefined || value === '') return '';
  const calendarDay = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = calendarDay ? new Date(`${value}T00:00:00.000Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return numericDateFormat(locale, calendarDay).format(date);
}

/** A date and clock time on the device's calendar ('26.11.2026, 14:02'). */
export function formatDateTime(value: string | number | Date, locale = current): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(date);
}

/** Locales offered in Settings → General: en-US and those of the countries with defaults. */
export function localeOptions(current?: string | null): Array<{ value: string; label: string }> {
  const tags = [...new Set([DEFAULT_LOCALE, ...COUNTRIES.map((c) => c.locale), current ?? ''])];
  const names = new Intl.DisplayNames('en', { type: 'language' });
  return tags
    .filter(Boolean)
    .map((tag) => ({
      value: tag,
      label: `${names.of(tag) ?? tag} — ${formatDecimal('1234.56', tag, { minimumFractionDigits: 2 })} · ${formatDate('2026-11-26', tag)}`,
    }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
}
