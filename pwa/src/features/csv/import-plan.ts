import type { ImportKind } from './fields';
import { guessMapping, type ColumnMapping } from './mapping';
import type { ParsedCsv } from './parse';
import { detectSystem, systemMapping, type KnownSystem } from './profiles';
import { sheetAt } from './sheet';
import { expandVariants, type SkippedNote } from './variants';

/**
 * What the wizard imports from a read file: the header row (found, or chosen by the user), the
 * system the file comes from and its mapping (or the guessed one), the data rows with variants
 * made products of their own, and the rows left out with why.
 */
export interface ImportPlan {
  headerRow: number;
  headers: string[];
  rows: string[][];
  lines: number[];
  system: KnownSystem | null;
  mapping: ColumnMapping;
  skipped: SkippedNote[];
  /** Variants imported as products, and how many products they belong to. */
  variants: { count: number; products: number } | null;
}

export const PLAN_MESSAGES = {
  footerRow: (text: string) => `Totals or footer row below the data (“${text.slice(0, 60)}”)`,
} as const;

/** The plan of `csv` for `kind`, with the header on `headerRow` (1-based) or where it was found. */
export function planImport(
  kind: ImportKind,
  csv: Pick<ParsedCsv, 'table' | 'headerRow'>,
  headerRow = csv.headerRow,
): ImportPlan {
  const sheet = sheetAt(csv.table, Math.max(0, Math.min(headerRow, csv.table.length) - 1));
  const system = detectSystem(sheet.headers);
  const mapping =
    (system && systemMapping(system, kind, sheet.headers)) ??
    guessMapping(kind, sheet.headers, sheet.rows);
  const skipped: SkippedNote[] = sheet.footer.map((f) => ({
    line: f.line,
    reason: PLAN_MESSAGES.footerRow(f.text),
  }));
  let { rows, lines } = sheet;
  let variants: ImportPlan['variants'] = null;
  if (kind === 'products' && system?.variants) {
    const expanded = expandVariants(system.variants, sheet.headers, rows, lines);
    ({ rows, lines } = expanded);
    skipped.unshift(...expanded.skipped);
    variants = { count: expanded.variants, products: expanded.withVariants };
  }
  skipped.sort((a, b) => a.line - b.line);
  return {
    headerRow: sheet.headerRow,
    headers: sheet.headers,
    rows,
    lines,
    system,
    mapping,
    skipped,
    variants,
  };
}
