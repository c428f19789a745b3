/**
 * The identifiers a company and its customers print on invoices, checked for their shape before
 * a document needs them: IBAN and BIC (ibantools), VAT IDs (country prefix, and for an EU address
 * the prefix of that country), and electronic addresses (scheme and identifier, with the check
 * digits the Peppol rules verify). Each answers a field message or null.
 */
import { electronicFormatIBAN, isValidBIC, validateIBAN } from 'ibantools';

export const EU_COUNTRIES: readonly string[] = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
];

/** Greece writes EL before its VAT numbers, not GR. */
const VAT_PREFIX: Record<string, string> = { GR: 'EL' };

/** Electronic address schemes a small business meets (ISO 6523 ICD and Peppol EAS codes). */
export const ELECTRONIC_ADDRESS_SCHEMES: Record<string, string> = {
  '0208': 'Belgian company number (KBO/BCE)',
  '9925': 'Belgian VAT number',
  '9930': 'German VAT number',
  '0204': 'German Leitweg-ID (public buyers)',
  '0225': 'French SIREN',
  '0009': 'French SIRET',
  '9957': 'French VAT number',
  '0106': 'Dutch KvK number',
  '0190': 'Dutch OIN',
  '9944': 'Dutch VAT number',
  '9914': 'Austrian VAT number',
  '0211': 'Italian VAT number',
  '9920': 'Spanish VAT number',
  '0184': 'Danish CVR number',
  '0007': 'Swedish organisation number',
  '0037': 'Finnish business ID',
  '0192': 'Norwegian organisation number',
  '0088': 'GLN (global location number)',
};

export const IDENTIFIER_MESSAGES = {
  iban: 'Enter a valid IBAN: its check digits do not match.',
  bic: 'Enter a valid BIC: 8 or 11 letters and digits, e.g. COBADEFFXXX.',
  vatShape: 'A VAT ID starts with its country code, e.g. DE123456789.',
  vatCountry: (prefix: string, country: string) =>
    `This VAT ID starts with ${prefix}, but the address is in ${country}: use the VAT ID of ${country}.`,
  scheme: 'Choose the kind of electronic address.',
  belgianNumber: 'A Belgian company number has 10 digits and valid check digits, e.g. 0123456749.',
  gln: 'A GLN has 13 digits and a valid check digit.',
  addressId: 'Enter the electronic address itself.',
} as const;

export function normaliseIban(value: string): string {
  return electronicFormatIBAN(value) ?? value.replace(/\s+/g, '').toUpperCase();
}

export function ibanProblem(value: string): string | null {
  return validateIBAN(normaliseIban(value)).valid ? null : IDENTIFIER_MESSAGES.iban;
}

export function bicProblem(value: string): string | null {
  return isValidBIC(value.replace(/\s+/g, '').toUpperCase()) ? null : IDENTIFIER_MESSAGES.bic;
}

export function normaliseVatId(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

/** The VAT ID's shape, and for an address in the EU that it is that country's. */
export function vatIdProblem(value: string, country?: string | null): string | null {
  const vatId = normaliseVatId(value);
  if (!/^[A-Z]{2}[0-9A-Z+*]{2,13}$/.test(vatId)) return IDENTIFIER_MESSAGES.vatShape;
  const code = country?.toUpperCase();
  if (code && EU_COUNTRIES.includes(code)) {
    const expected = VAT_PREFIX[code] ?? code;
    const prefix = vatId.slice(0, 2);
    if (prefix !== expected) return IDENTIFIER_MESSAGES.vatCountry(prefix, code);
  }
  return null;
}

function belgianNumberValid(id: string): boolean {
  if (!/^[01]\d{9}$/.test(id)) return false;
  return 97 - (Number(id.slice(0, 8)) % 97) === Number(id.slice(8));
}

function glnValid(id: string): boolean {
  if (!/^\d{13}$/.test(id)) return false;
  const digits = [...id].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** An electronic address: a known scheme, and an identifier that scheme accepts. */
export function electronicAddressProblems(address: {
  scheme: string;
  id: string;
}): Partial<Record<'scheme' | 'id', string>> {
  if (!(address.scheme in ELECTRONIC_ADDRESS_SCHEMES))
    return { scheme: IDENTIFIER_MESSAGES.scheme };
  const id = address.id.trim();
  if (id === '') return { id: IDENTIFIER_MESSAGES.addressId };
  if (address.scheme === '0208' && !belgianNumberValid(id))
    return { id: IDENTIFIER_MESSAGES.belgianNumber };
  if (address.scheme === '0088' && !glnValid(id)) return { id: IDENTIFIER_MESSAGES.gln };
  return {};
}
