import { IMPORT_FIELDS } from './fields';
import { normaliseHeader } from './mapping';
import { KNOWN_SYSTEMS } from './profiles';

/**
 * Where the table is in a file: report exports (QuickBooks) put a title, the company and the date
 * range above the header, and a totals row or a "printed on" line below the data.
 */

/** The header and the data rows below it, with each row's number in the file (1-based). */
export interface Sheet {
  /** Row number of the header in the file, 1-based. */
  headerRow: number;
  headers: string[];
  rows: string[][];
  lines: number[];
  /** Rows below the data that are not data: totals, a "printed on" line. */
  footer: { line: number; text: string }[];
}

/** Rows looked at for the header. */
const HEADER_SEARCH_ROWS = 30;

let knownWords: Set<string> | null = null;
function headerWords(): Set<string> {
  if (!knownWords) {
    knownWords = new Set<string>();
    for (const fields of Object.values(IMPORT_FIELDS))
      for (const f of fields) for (const a of f.aliases) knownWords.add(a);
    for (const s of KNOWN_SYSTEMS)
      for (const h of s.signature) knownWords.add(normaliseHeader(h.replace(/\*$/, '')));
  }
  return knownWords;
}

const filledCells = (row: string[]) => row.filter((c) => c.trim() !== '').length;
const isBlank = (row: string[] | undefined) => !row || filledCells(row) === 0;

/**
 * The header row (0-based index into `table`): among the first rows with at least two filled
 * cells (a title row has one), the one with the most cells that are header words we know; the
 * earliest on a tie, so a file with headers we do not know keeps its first row as the header.
 */
export function detectHeaderRow(table: string[][]): number {
  const words = headerWords();
  let best = -1;
  let bestKnown = -1;
  for (let i = 0; i < table.length && i < HEADER_SEARCH_ROWS; i++) {
    const row = table[i]!;
    if (filledCells(row) < 2) continue;
    const known = row.filter((c) => words.has(normaliseHeader(c))).length;
    if (known > bestKnown) {
      best = i;
      bestKnown = known;
    }
  }
  if (best >= 0) return best;
  const first = table.findIndex((row) => !isBlank(row));
  return Math.max(first, 0);
}

const TOTAL = /^(grand\s+)?totals?\b|^sum\b|^gesamt|^total\s/i;

/**
 * Splits the table at the header row: the rows after it (blank ones dropped), and the footer —
 * trailing rows that are a totals row or a single cell when the header has several columns.
 */
export function sheetAt(table: string[][], headerIndex: number): Sheet {
  const header = table[headerIndex] ?? [];
  const headers = header.map((h) => h.trim());
  const rows: string[][] = [];
  const lines: number[] = [];
  for (let i = headerIndex + 1; i < table.length; i++) {
    if (isBlank(table[i])) continue;
    rows.push(table[i]!);
    lines.push(i + 1);
  }
  const footer: Sheet['footer'] = [];
  const width = headers.filter(Boolean).length;
  while (rows.length > 0) {
    const last = rows[rows.length - 1]!;
    const first = last.find((c) => c.trim() !== '')?.trim() ?? '';
    if (!(
      TOTAL.test(first) ||
      (width >= 3 && filledCells(last) === 1 && last[0]?.trim() === first)
    ))
      break;
    footer.unshift({ line: lines[lines.length - 1]!, text: first });
    rows.pop();
    lines.pop();
  }
  return { headerRow: headerIndex + 1, headers, rows, lines, footer };
}
