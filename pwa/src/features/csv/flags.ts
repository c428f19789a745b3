import { IMPORT_FIELDS, type ImportKind } from './fields';
import { columnsOf, type ColumnMapping } from './mapping';
import type { PreparedRow } from './prepare';
import { cellText, parseNumber } from './values';
import type { SkippedNote } from './variants';

/** "1 row", "2 rows". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count.toLocaleString()} ${count === 1 ? singular : pluralForm}`;
}

/** One thing the preview says about the file as a whole. */
export interface PreviewFlag {
  level: 'warning' | 'info';
  text: string;
  /** Row-by-row detail, shown under the text. */
  details?: string[];
}

export const FLAG_MESSAGES = {
  emptyColumn: (header: string, label: string) =>
    `The column “${header}” (${label}) is empty in every row.`,
  noPrices: (header: string) =>
    `Every price is 0 or blank in “${header}”: check which column holds the prices.`,
  unreadable: (count: number) => `${plural(count, 'value')} could not be read:`,
  skipped: (count: number) => `${plural(count, 'row')} skipped:`,
  notes: (count: number) => `${plural(count, 'row')} imported with a note:`,
  variants: (count: number, products: number) =>
    `${plural(count, 'variant')} of ${plural(products, 'product')}, each imported as a product of its own.`,
} as const;

/** Rows listed under a flag before "… and N more". */
const DETAIL_ROWS = 5;

function detailList(items: string[]): string[] {
  return items.length > DETAIL_ROWS
    ? [
        ...items.slice(0, DETAIL_ROWS),
        `… and ${(items.length - DETAIL_ROWS).toLocaleString()} more`,
      ]
    : items;
}

/**
 * What the preview must not leave unsaid: a mapped column empty in every row, a price column of
 * zeros and blanks, values that could not be read (row and cell), rows skipped and why, rows
 * imported with a note (e.g. without their main contact), and the variants found.
 */
export function previewFlags(
  kind: ImportKind,
  headers: string[],
  rows: string[][],
  mapping: ColumnMapping,
  prepared: PreparedRow[],
  skipped: SkippedNote[],
  variants: { count: number; products: number } | null,
): PreviewFlag[] {
  const flags: PreviewFlag[] = [];
  if (variants && variants.count > 0)
    flags.push({ level: 'info', text: FLAG_MESSAGES.variants(variants.count, variants.products) });
  for (const field of IMPORT_FIELDS[kind]) {
    const fed = columnsOf(mapping, field.key);
    // A field fed from several columns (address lines) is flagged when all of them are empty.
    if (
      fed.length > 0 &&
      rows.length > 0 &&
      rows.every((r) => fed.every((c) => cellText(r[c]) === ''))
    )
      flags.push({
        level: 'warning',
        text: FLAG_MESSAGES.emptyColumn(
          fed.map((c) => headers[c] || `Column ${c + 1}`).join('”, “'),
          field.label,
        ),
      });
  }
  const price = columnsOf(mapping, 'price')[0];
  if (kind === 'products' && price !== undefined && rows.length > 0) {
    const filled = rows.some((r) => cellText(r[price]) !== '');
    if (filled && rows.every((r) => !parseNumber(cellText(r[price]))))
      flags.push({ level: 'warning', text: FLAG_MESSAGES.noPrices(headers[price] ?? '') });
  }
  const unreadable = prepared.flatMap((r) =>
    r.reasons
      .filter((reason) => reason.includes(' must be a number: '))
      .map((reason) => `Row ${r.line}: ${reason}`),
  );
  if (unreadable.length > 0)
    flags.push({
      level: 'warning',
      text: FLAG_MESSAGES.unreadable(unreadable.length),
      details: detailList(unreadable),
    });
  if (skipped.length > 0)
    flags.push({
      level: 'warning',
      text: FLAG_MESSAGES.skipped(skipped.length),
      details: detailList(skipped.map((s) => `Row ${s.line}: ${s.reason}`)),
    });
  const noted = prepared.filter((r) => r.notes.length > 0);
  if (noted.length > 0)
    flags.push({
      level: 'info',
      text: FLAG_MESSAGES.notes(noted.length),
      details: detailList(noted.map((r) => `Row ${r.line}: ${r.notes.join('; ')}`)),
    });
  return flags;
}
