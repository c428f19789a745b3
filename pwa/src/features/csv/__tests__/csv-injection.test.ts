/**
 * Issue 32.5: CSV injection per OWASP — every cell quoted (quotes doubled), and an apostrophe in
 * front of a formula character (= + - @ tab CR) at the start of a cell and after any separator
 * inside it, so a spreadsheet that splits cells on `;` (or tab) finds no formula either.
 */
import { describe, expect, it } from 'vitest';
import { neutraliseCell, toCsv, type CsvColumn } from '../../../lib/csv-export';

interface Row {
  name: string;
  total: number;
}
const columns: CsvColumn<Row>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Total', value: (r) => r.total, type: 'money' },
];
const body = (csv: string) => csv.slice(1).split('\r\n').slice(1).join('\r\n');

/** How a spreadsheet that ignores our quotes and splits on `separator` sees one exported line. */
function splitLike(line: string, separator: string): string[] {
  return line.split(separator).map((cell) => cell.replace(/^[\s"]+/, ''));
}
const formulaCells = (cells: string[]) => cells.filter((c) => /^[=+\-@]/.test(c));

describe('CSV export against formula injection', () => {
  it.each([
    ['=1+1', `"'=1+1"`],
    ['+1+2', `"'+1+2"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1:A2)', `"'@SUM(A1:A2)"`],
    ['\t=1+1', `"'\t'=1+1"`],
    ['\r=1+1', `"'\r'=1+1"`],
    [`;=cmd|' /C calc'!A0;`, `";'=cmd|' /C calc'!A0;"`],
    ['Acme,=HYPERLINK("http://evil.example")', `"Acme,'=HYPERLINK(""http://evil.example"")"`],
    ['Acme; -2+3', `"Acme; '-2+3"`],
    ['Acme;"@SUM(A1)"', `"Acme;""'@SUM(A1)"""`],
    ['Line 1\n=1+1', `"Line 1\n'=1+1"`],
    ['Plain, text; no formula', `"Plain, text; no formula"`],
  ])('exports %j as %s', (name, cell) => {
    expect(body(toCsv(columns, [{ name, total: -12.3 }]))).toBe(`${cell},"-12.30"`);
  });

  it('leaves no formula for a spreadsheet that splits on ; , or tab, whatever it is given', () => {
    const names = [
      `;=cmd|' /C calc'!A0;`,
      'a,=1+1',
      'a;+1',
      'a\t@SUM(A1)',
      'x; ;-1',
      '"; =2',
      '=start',
    ];
    const csv = toCsv(
      columns,
      names.map((name) => ({ name, total: 1 })),
    );
    for (const line of csv.slice(1).split('\r\n'))
      for (const separator of [';', ',', '\t'])
        expect(formulaCells(splitLike(line, separator)), `${line} split on ${separator}`).toEqual(
          [],
        );
  });

  it('neutralises headers too, and leaves amounts (negative ones included) alone', () => {
    expect(neutraliseCell('=Total')).toBe("'=Total");
    expect(toCsv([{ header: '@Name', value: () => 'x' }], [{}]).slice(1)).toBe(`"'@Name"\r\n"x"`);
  });
});
