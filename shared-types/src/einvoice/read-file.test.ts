import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildEInvoice } from './build';
import { CASES } from './cases.fixture';
import { writeCii } from './cii';
import { embedFacturX } from './facturx-pdf';
import { EINVOICE_FILE_MESSAGES, EINVOICE_READ_MESSAGES, readEInvoiceFile } from './read-file';
import { writeUbl } from './ubl';

const bytes = (text: string) => new TextEncoder().encode(text);

async function plainPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage().drawText('Invoice');
  return pdf.save();
}

describe('readEInvoiceFile', () => {
  const invoice = buildEInvoice(CASES['mixed rates with discounts and a shipping charge']!);
  const creditNote = buildEInvoice(CASES['partial credit note']!);

  it('reads UBL Invoice and CreditNote and CII XML, saying which syntax it was', async () => {
    expect(await readEInvoiceFile(bytes(writeUbl(invoice, 'peppol')))).toEqual({
      document: invoice,
      format: 'UBL',
    });
    expect(await readEInvoiceFile(bytes(writeUbl(creditNote, 'xrechnung')))).toEqual({
      document: creditNote,
      format: 'UBL',
    });
    expect(await readEInvoiceFile(bytes(writeCii(invoice)))).toEqual({
      document: invoice,
      format: 'CII',
    });
  });

  it('reads the CII XML embedded in a Factur-X PDF', async () => {
    const pdf = await embedFacturX(await plainPdf(), writeCii(creditNote), {
      title: `Credit note ${creditNote.number}`,
      author: creditNote.seller.name,
      date: new Date('2026-11-26T09:00:00Z'),
    });
    expect(await readEInvoiceFile(pdf)).toEqual({ document: creditNote, format: 'Factur-X' });
  });

  it.each([
    ['an empty file', async () => new Uint8Array(), EINVOICE_FILE_MESSAGES.empty],
    ['a PDF without an e-invoice inside', plainPdf, EINVOICE_FILE_MESSAGES.noXml],
    ['a damaged PDF', async () => bytes('%PDF-1.7\nnothing else'), EINVOICE_FILE_MESSAGES.notPdf],
    ['a text file', async () => bytes('Dear supplier, <b>thanks'), EINVOICE_READ_MESSAGES.notXml],
    [
      'XML of another kind',
      async () => bytes('<Order xmlns="urn:x"><ID>1</ID></Order>'),
      EINVOICE_READ_MESSAGES.unknown,
    ],
  ])('refuses %s', async (_name, file, message) => {
    await expect(readEInvoiceFile(await file())).rejects.toThrow(message);
  });

  it('refuses a file over the size limit without parsing it', async () => {
    await expect(readEInvoiceFile(new Uint8Array(20 * 1024 * 1024 + 1))).rejects.toThrow(
      EINVOICE_FILE_MESSAGES.tooLarge,
    );
  });
});
