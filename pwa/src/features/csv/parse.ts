import Papa from 'papaparse';

/** A parsed CSV: the header row, the data rows (cells as text) and the delimiter found. */
export interface ParsedCsv {
  headers: string[];
  rows: string[][];
  delimiter: string;
  /** Problems the parser reported (e.g. an unclosed quote), with the 1-based file line. */
  errors: string[];
}

export const CSV_DELIMITERS = [',', ';', '\t'] as const;

/**
 * Parses CSV text with papaparse: `,` `;` or tab (guessed from the first lines), quoted fields with
 * embedded delimiters, newlines and doubled quotes. The first non-empty row is the header; fully
 * blank lines are skipped.
 */
export function parseCsvText(text: string): ParsedCsv {
  const result = Papa.parse<string[]>(text, {
    delimitersToGuess: [...CSV_DELIMITERS],
    skipEmptyLines: 'greedy',
  });
  const [first = [], ...rows] = result.data;
  const headers = first.map((h) => h.trim());
  return {
    headers,
    rows,
    delimiter: result.meta.delimiter,
    errors: result.errors
      // A file with one column cannot show its delimiter; that is not a problem of the file.
      .filter((e) => e.code !== 'UndetectableDelimiter')
      .map((e) => (e.row !== undefined ? `Row ${e.row + 1}: ${e.message}` : e.message)),
  };
}
