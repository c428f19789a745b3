/**
 * How the viewer writes an e-invoice's coded values for a person: units, countries, payment
 * means, tax categories and IBANs. Amounts and dates go through the app's one formatter.
 */
import type { EInvoiceAddress, EInvoiceTax } from '@smb/shared-types/einvoice';
import { TAX_CATEGORY_RULES } from '@smb/shared-types/tax-categories';
import { isUnitCode, UNITS } from '@smb/shared-types/units';
import { formatLocale, formatMoney, formatNumber, formatPercent } from '../../../lib/formats';

/** UNCL 4461, the payment means a supplier's invoice names. */
const PAYMENT_MEANS: Record<string, string> = {
  '1': 'Not defined',
  '10': 'Cash',
  '20': 'Cheque',
  '30': 'Credit transfer',
  '31': 'Debit transfer',
  '42': 'Payment to bank account',
  '48': 'Bank card',
  '49': 'Direct debit',
  '57': 'Standing agreement',
  '58': 'SEPA credit transfer',
  '59': 'SEPA direct debit',
  '97': 'Clearing between partners',
  ZZZ: 'Mutually defined',
};

export const paymentMeansLabel = (code: string) => PAYMENT_MEANS[code] ?? `Code ${code}`;

/** A Rec 20 unit as a word ('hour', 'kg'); a code we have no word for stays a code. */
export const unitLabel = (code: string) => (isUnitCode(code) ? UNITS[code] : code);

export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames([formatLocale(), 'en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The address as it is written on an envelope: street lines, postcode and city, region, country. */
export function addressLines(address: EInvoiceAddress): string[] {
  const place = [address.postcode, address.city].filter(Boolean).join(' ');
  return [...address.lines, place, address.region ?? '', countryName(address.country)].filter(
    (line) => line !== '',
  );
}

/** 'DE89 3704 0044 0532 0130 00': groups of four, as banks print it. */
export const formatIban = (iban: string) =>
  iban
    .replace(/\s+/g, '')
    .replace(/(.{4})/g, '$1 ')
    .trim();

/** The rate for a taxed line ('19%'), else what the category is ('Reverse charge'). */
export const taxLabel = (tax: EInvoiceTax) =>
  TAX_CATEGORY_RULES[tax.category].taxed
    ? formatPercent(tax.rate)
    : TAX_CATEGORY_RULES[tax.category].label;

/** A unit price keeps the decimals the supplier gave it (EN 16931 allows more than cents). */
export function formatPrice(price: string, currency: string): string {
  const decimals = price.split('.')[1]?.length ?? 0;
  if (decimals <= 2) return formatMoney(price, currency);
  return `${formatNumber(price, decimals)} ${currency}`;
}

export const money = (amount: string, currency: string) => formatMoney(amount, currency);
