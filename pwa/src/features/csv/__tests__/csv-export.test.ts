import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { closeTestDatabase, useTestDatabase } from '../../../test/local-store';
import type { SmbDatabase } from '../../../db/database';
import { toCsv, type CsvColumn } from '../../../lib/csv-export';
import { importRows, loadImportLookups } from '../import-store';
import { guessMapping } from '../mapping';
import { prepareRows } from '../prepare';
import { readCsvBytes } from '../read-file';

interface Row {
  name: string;
  note: string;
  total: number;
  paidOn: string | null;
}
const columns: CsvColumn<Row>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Note', value: (r) => r.note },
  { header: 'Total', value: (r) => r.total, type: 'money' },
  { header: 'Paid on', value: (r) => r.paidOn },
];
const row = (over: Partial<Row>): Row => ({ name: 'A', note: '', total: 0, paidOn: null, ...over });

/** The exported cells as a spreadsheet reads them (BOM dropped, quotes undone). */
const cellsOf = (csv: string) => readCsvBytes(new TextEncoder().encode(csv)).rows;

describe('CSV export', () => {
  it('starts with a UTF-8 BOM, has a header row and CRLF line ends', () => {
    const csv = toCsv(columns, [row({ name: 'Société Générale' })]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe('"Name","Note","Total","Paid on"\r\n"Société Générale","","0.00",""');
  });

  it.each([
    ['=HYPERLINK("http://evil.example","x")'],
    ['+1+2'],
    ['-2+3'],
    ['@SUM(A1:A2)'],
    ['\t=1+1', "'\t'=1+1"],
    ['\r=1+1', "'\r'=1+1"],
  ])('neutralises a cell starting with a formula character: %j', (text, neutral = `'${text}`) => {
    const [cells] = cellsOf(toCsv(columns, [row({ name: text, note: text })]));
    // A tab or CR is a separator too: the formula after it gets its own apostrophe (csv-injection.test.ts).
    expect(cells![0]).toBe(neutral);
    expect(cells![1]).toBe(neutral);
  });

  it('leaves other text alone, quoting delimiters, quotes and newlines', () => {
    const note = 'Line 1, "quoted"\nLine 2 = fine';
    const csv = toCsv(columns, [row({ name: 'Plain name', note })]);
    expect(csv).toContain('"Line 1, ""quoted""\nLine 2 = fine"');
    expect(cellsOf(csv)[0]!.slice(0, 2)).toEqual(['Plain name', note]);
  });

  it('writes amounts with exactly two decimals and no float noise, negatives not escaped', () => {
    const totals = [0.1 + 0.2, 1234567.5, 19.99, 1e-7, -12.3, 999999999999.99];
    const csv = toCsv(
      columns,
      totals.map((total) => row({ total })),
    );
    expect(cellsOf(csv).map((c) => c[2])).toEqual([
      '0.30',
      '1234567.50',
      '19.99',
      '0.00',
      '-12.30',
      '999999999999.99',
    ]);
  });

  it('writes dates as ISO and blanks as empty cells', () => {
    const csv = toCsv(columns, [row({ paidOn: '2026-11-24' }), row({})]);
    expect(cellsOf(csv).map((c) => c[3])).toEqual(['2026-11-24', '']);
  });
});

describe('export → import round trip of customers through the local store', () => {
  let db: SmbDatabase;
  afterEach(() => closeTestDatabase(db));

  it('re-imports an exported phone "+1 …" and a formula-looking name as they were', async () => {
    db = useTestDatabase();
    const customers = [
      { name: '=Evil Corp', email: 'evil@example.test', phoneNumber: '+1 555 0100', address: null },
      {
        name: 'Plain Ltd',
        email: 'plain@example.test',
        phoneNumber: null,
        address: '1, Main "St"',
      },
    ];
    type C = (typeof customers)[number];
    const csv = toCsv<C>(
      [
        { header: 'Company', value: (c) => c.name },
        { header: 'Email', value: (c) => c.email },
        { header: 'Phone', value: (c) => c.phoneNumber },
        { header: 'Address', value: (c) => c.address },
      ],
      customers,
    );
    const parsed = readCsvBytes(new TextEncoder().encode(csv));
    const mapping = guessMapping('customers', parsed.headers);
    const rows = prepareRows('customers', parsed.rows, mapping, await loadImportLookups(db));
    const summary = await importRows(db, 'customers', rows, 'skip');
    expect(summary).toEqual({ created: 2, updated: 0, skipped: [] });
    const stored = await db.customers.orderBy('email').toArray();
    expect(
      stored.map(({ name, email, phoneNumber, address }) => ({
        name,
        email,
        phoneNumber,
        address,
      })),
    ).toEqual(
      customers.map(({ name, email, phoneNumber, address }) => ({
        name,
        email,
        phoneNumber,
        address,
      })),
    );
  });
});
