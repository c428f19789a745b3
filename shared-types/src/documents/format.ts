import { dec } from '../decimal';
import {
  documentAmount,
  documentDay,
  DOCUMENT_LOCALES,
  documentText,
  taxCategoryText,
  type DocumentLanguage,
} from '../document-language';
import { TAX_CATEGORY_RULES, type TaxCategory } from '../tax-categories';
import { formatDecimal } from '../locale-numbers';
import { roundMoney, type MoneyInput } from '../money';

/**
 * Amounts as documents print them: the currency's symbol, thousands grouped, 2 decimals, read from
 * the exact decimal (never through a float sum): `€1,234.50`, `-$5.00`. In another document
 * language, that language's way with the same symbol (`1 234,50 €`).
 */
export function formatDocumentMoney(
  value: MoneyInput,
  symbol: string,
  language: DocumentLanguage = 'en',
  currencyCode = '',
): string {
  if (language !== 'en') return documentAmount(language, value, currencyCode, symbol);
  const fixed = roundMoney(value);
  const negative = fixed.startsWith('-');
  const [whole = '0', cents = '00'] = (negative ? fixed.slice(1) : fixed).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${symbol}${grouped}.${cents}`;
}

/** A tax rate as typed, without trailing zeros: `10%`, `8.875%` (French `8,875 %`). */
export function formatTaxRate(rate: MoneyInput, language: DocumentLanguage = 'en'): string {
  if (language !== 'en')
    return new Intl.NumberFormat(DOCUMENT_LOCALES[language], {
      style: 'percent',
      maximumFractionDigits: 5,
    }).format(dec(rate).dividedBy(100).toFixed() as unknown as number);
  const text = String(rate).trim();
  const trimmed = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  return `${trimmed || '0'}%`;
}

/**
 * A tax breakdown row's name in `language`: "Tax (19%)", "Taxe (20 %)"; where no tax is due, the
 * category's name at 0 %: "Autoliquidation (0 %)".
 */
export function taxRowLabel(
  language: DocumentLanguage,
  row: { category: TaxCategory; rate: MoneyInput },
): string {
  return TAX_CATEGORY_RULES[row.category].taxed
    ? documentText(language, 'taxWithRate', { rate: formatTaxRate(row.rate, language) })
    : `${taxCategoryText(language, row.category)} (${formatTaxRate(0, language)})`;
}

/** Quantities grouped like amounts: `1,000` (German `1.000`). */
export function formatQuantity(quantity: number, language: DocumentLanguage = 'en'): string {
  if (language !== 'en') return formatDecimal(quantity, DOCUMENT_LOCALES[language]);
  return String(quantity).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `Nov 24, 2026` (UTC, so the server and every browser print the same day); `24 novembre 2026`. */
export function formatDocumentDate(iso: string, language: DocumentLanguage = 'en'): string {
  return documentDay(language, iso);
}
