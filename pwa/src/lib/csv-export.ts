import Papa from 'papaparse';
import { roundMoney } from '@smb/shared-types/money';

/** A cell value before formatting. */
export type CsvValue = string | number | boolean | null | undefined;

/** One exported column: its header and how a row gives its value. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
  /** money: exactly 2 decimals; number: as is; text (default): neutralised against formulas. */
  type?: 'text' | 'money' | 'number';
}

/** Excel needs the byte-order mark to read UTF-8 (accents) correctly. */
export const UTF8_BOM = '\uFEFF';

/** A formula character a spreadsheet acts on at the start of a cell (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A separator inside the cell — comma, semicolon, tab, line break — then (after blanks or
 * quotes) a formula character: a spreadsheet that splits on that separator regardless of our
 * quotes (`;` in many locales) would start a new cell there, and read a formula.
 */
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n][\s"']*)(?=[=+\-@])/g;

/**
 * OWASP CSV injection: a cell starting with = + - @ tab or carriage return is read as a formula
 * by spreadsheets; an apostrophe in front makes it text (the import drops it again). The same
 * apostrophe goes in front of a formula character that follows a separator inside the cell, and
 * every cell is quoted (`toCsv`), its quotes doubled.
 */
export function neutraliseCell(text: string): string {
  const inner = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return FORMULA_START.test(inner) ? `'${inner}` : inner;
}

function formatCell(value: CsvValue, type: CsvColumn<unknown>['type']): string {
  if (value === null || value === undefined) return '';
  if (type === 'money') return roundMoney(value as number | string);
  if (type === 'number' && typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return neutraliseCell(String(value));
}

/** The rows as CSV: header row, comma-separated, CRLF, every cell quoted, UTF-8 BOM first. */
export function toCsv<T>(columns: CsvColumn<T>[], rows: T[]): string {
  const data = rows.map((row) => columns.map((c) => formatCell(c.value(row), c.type)));
  return (
    UTF8_BOM +
    Papa.unparse(
      { fields: columns.map((c) => neutraliseCell(c.header)), data },
      { newline: '\r\n', quotes: true },
    )
  );
}

/** Offers `text` as a download named `fileName` (works offline: nothing leaves the device). */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `customers-2026-11-24.csv`. */
export function csvFileName(noun: string, now = new Date()): string {
  return `${noun}-${now.toISOString().slice(0, 10)}.csv`;
}
