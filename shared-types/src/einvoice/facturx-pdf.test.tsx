import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Document, Page, renderToBuffer, Text } from '@react-pdf/renderer';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_FONT, DOCUMENT_FONT_FILES, registerDocumentFonts } from '../documents';
import { buildEInvoice } from './build';
import { CASES } from './cases.fixture';
import { writeCii } from './cii';
import { embedFacturX, FACTURX_FILE_NAME } from './facturx-pdf';
import { readEInvoice } from './read';
import { assertValidatorInstalled, validateFacturXPdf } from './validator.fixture';

beforeAll(assertValidatorInstalled);

const run = promisify(execFile);
const fontRoot = path.dirname(
  createRequire(import.meta.url).resolve('@expo-google-fonts/inter/package.json'),
);

async function invoicePdf(title: string, lines: string[]): Promise<Uint8Array> {
  const at = (file: string) => path.join(fontRoot, file);
  registerDocumentFonts({
    regular: at(DOCUMENT_FONT_FILES.regular),
    italic: at(DOCUMENT_FONT_FILES.italic),
    bold: at(DOCUMENT_FONT_FILES.bold),
    boldItalic: at(DOCUMENT_FONT_FILES.boldItalic),
  });
  const buffer = await renderToBuffer(
    <Document
      title={title}
      author="Nordlicht Haustechnik GmbH"
      conformance="PDF/A-3b"
      language="en"
    >
      <Page size="A4" style={{ fontFamily: DOCUMENT_FONT, padding: 40, fontSize: 11 }}>
        {lines.map((line) => (
          <Text key={line}>{line}</Text>
        ))}
      </Page>
    </Document>,
  );
  return new Uint8Array(buffer);
}

describe('embedFacturX', () => {
  it('makes a Factur-X PDF whose XML passes the Factur-X rules and reads back, with the pages unchanged', async () => {
    const doc = buildEInvoice(CASES['mixed rates with discounts and a shipping charge']!);
    const xml = writeCii(doc);
    const pdf = await embedFacturX(
      await invoicePdf(`Invoice ${doc.number}`, [
        `Invoice ${doc.number}`,
        `Total due ${doc.totals.due} EUR`,
      ]),
      xml,
      {
        title: `Invoice ${doc.number}`,
        author: doc.seller.name,
        date: new Date('2026-11-26T09:00:00Z'),
      },
    );
    const dir = mkdtempSync(path.join(os.tmpdir(), 'facturx-'));
    const file = path.join(dir, 'invoice.pdf');
    writeFileSync(file, pdf);

    // The validator finds the attachment by the Factur-X rules and validates it.
    expect(await validateFacturXPdf(file)).toEqual({ valid: true, errors: [], warnings: 0 });

    // The attachment is the XML we wrote, byte for byte, and reads back to the same document.
    await run('pdfdetach', ['-saveall', '-o', dir, file]);
    const { readFileSync } = await import('node:fs');
    const attached = readFileSync(path.join(dir, FACTURX_FILE_NAME), 'utf8');
    expect(attached).toBe(xml);
    expect(readEInvoice(attached)).toEqual(doc);

    // A person still reads the same page; the PDF says it is PDF/A-3b with the Factur-X schema.
    const text = (await run('pdftotext', [file, '-'])).stdout;
    expect(text).toContain(`Total due ${doc.totals.due} EUR`);
    const meta = (await run('pdfinfo', ['-meta', file])).stdout;
    expect(meta).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(meta).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(meta).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(meta).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    const raw = Buffer.from(pdf).toString('latin1');
    expect(raw).toMatch(/\/AFRelationship \/Data/);
    expect(raw).toMatch(/\/AF \[ \d+ 0 R \]/);
    expect(raw).toMatch(/\/OutputIntents/);
  }, 120_000);
});
