import { isEmail } from '@smb/shared-types/validation';
import { IMPORT_FIELDS, type FieldType, type ImportField, type ImportKind } from './fields';
import { cellText, parseNumber } from './values';

export { IMPORT_FIELDS, IMPORT_KINDS, type ImportField, type ImportKind } from './fields';

/**
 * Field key → the column that feeds it (or absent: not imported). A known system may feed one
 * field from several columns (Xero's four address lines): their non-blank values are joined.
 */
export type ColumnMapping = Record<string, number | number[] | undefined>;

/** The columns of a mapped field, as a list. */
export function columnsOf(mapping: ColumnMapping, key: string): number[] {
  const value = mapping[key];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** "E-mail Address" → "emailaddress"; accents dropped ("Société" → "societe"). */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Header words that say a column is about something else, whatever else its header contains:
 * "Contact owner" is our salesperson, not the customer's contact; "BankAccountName" is not the
 * company; "Variant Barcode" is not the SKU; "SEO Description" is not the description.
 */
const NOT_THIS = [
  'owner',
  'createdby',
  'modifiedby',
  'salesrep',
  'bankaccount',
  'seo',
  'barcode',
  'tracker',
  'policy',
  'image',
  'url',
  'website',
  'compareat',
  'shipping',
  'instock',
  'attention',
  'yomi',
  'phonetic',
  'label',
  'type',
];

/** Rows whose values are looked at to score columns (enough to judge, cheap for 10,000 rows). */
const SAMPLE_ROWS = 200;

/** How well a header names a field: exact alias (earlier = better), then a contained alias. */
function headerScore(field: ImportField, header: string): number {
  if (!header) return 0;
  const exact = field.aliases.indexOf(header);
  if (exact >= 0) return 200 - exact;
  if (NOT_THIS.some((w) => header.includes(w) && !field.aliases.some((a) => a.includes(w))))
    return 0;
  let best = 0;
  for (const alias of field.aliases)
    if (alias.length >= 4 && header.includes(alias)) best = Math.max(best, 50 + alias.length);
  return best;
}

const FITS: Record<FieldType, (text: string) => boolean> = {
  text: () => true,
  code: (t) => t.length <= 100,
  email: (t) => isEmail(t.split(/[;,\s]|:::/)[0] ?? ''),
  phone: (t) => /\d/.test(t) && !isEmail(t),
  money: (t) => Number.isFinite(parseNumber(t)),
  number: (t) => Number.isFinite(parseNumber(t)),
};

interface ColumnValues {
  filled: number;
  /** Share of the filled sample cells each field type accepts. */
  fit: (type: FieldType) => number;
}

function columnValues(rows: string[][], column: number): ColumnValues {
  const values: string[] = [];
  for (let i = 0; i < rows.length && i < SAMPLE_ROWS; i++) {
    const text = cellText(rows[i]![column]);
    if (text !== '') values.push(text);
  }
  const cache = new Map<FieldType, number>();
  return {
    filled: values.length,
    fit: (type) => {
      if (!cache.has(type))
        cache.set(type, values.length === 0 ? 0 : values.filter(FITS[type]).length / values.length);
      return cache.get(type)!;
    },
  };
}

/**
 * Guesses which column feeds each field. Every (field, column) pair whose header names the field
 * is scored: a column with values that fit the field (e-mails for an e-mail field, amounts for a
 * price) beats any empty column, so an empty "Sale price" never wins over a filled "Regular
 * price"; then the header's match. A filled column whose values do not fit (text in a price
 * column) is not chosen. Pairs are taken best first; a column feeds at most one field.
 */
export function guessMapping(
  kind: ImportKind,
  headers: string[],
  rows: string[][] = [],
): ColumnMapping {
  const normalised = headers.map(normaliseHeader);
  const columns = headers.map((_, i) => columnValues(rows, i));
  const pairs: { key: string; column: number; score: number }[] = [];
  for (const field of IMPORT_FIELDS[kind]) {
    normalised.forEach((header, column) => {
      const named = headerScore(field, header);
      if (named === 0) return;
      const values = columns[column]!;
      const fit = values.filled === 0 ? 0 : values.fit(field.type ?? 'text');
      if (rows.length > 0 && values.filled > 0 && fit < 0.5) return;
      pairs.push({ key: field.key, column, score: named + (values.filled > 0 ? 1000 * fit : 0) });
    });
  }
  pairs.sort((a, b) => b.score - a.score || a.column - b.column);
  const mapping: ColumnMapping = {};
  const used = new Set<number>();
  for (const pair of pairs) {
    if (mapping[pair.key] !== undefined || used.has(pair.column)) continue;
    mapping[pair.key] = pair.column;
    used.add(pair.column);
  }
  return mapping;
}
