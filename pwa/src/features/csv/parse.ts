import Papa from 'papaparse';
import { detectHeaderRow, sheetAt, type Sheet } from './sheet';

/** A parsed CSV: every row as read, the header row found in it and the rows below it. */
export interface ParsedCsv extends Sheet {
  /** Every row of the file, blank ones included, so row numbers are the spreadsheet's. */
  table: string[][];
  delimiter: string;
  /** Problems the parser reported (e.g. an unclosed quote), with the 1-based file line. */
  errors: string[];
}

export const CSV_DELIMITERS = [',', ';', '\t'] as const;

/**
 * Parses CSV text with papaparse: `,` `;` or tab (guessed from the first lines), quoted fields with
 * embedded delimiters, newlines and doubled quotes. The header is the row that looks most like
 * one (title rows of report exports above it are left out); blank rows are skipped and a totals
 * row at the end is set apart (see sheet.ts).
 */
export function parseCsvText(text: string): ParsedCsv {
  const result = Papa.parse<string[]>(text, { delimitersToGuess: [...CSV_DELIMITERS] });
  const table = result.data;
  return {
    ...sheetAt(table, detectHeaderRow(table)),
    table,
    delimiter: result.meta.delimiter,
    errors: result.errors
      // A file with one column cannot show its delimiter; that is not a problem of the file.
      .filter((e) => e.code !== 'UndetectableDelimiter')
      .map((e) => (e.row !== undefined ? `Row ${e.row + 1}: ${e.message}` : e.message)),
  };
}
