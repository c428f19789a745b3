/**
 * Issue 35's validation layer: invoices and credit notes made through the real server for the
 * issue's matrix of cases, downloaded from GET /api/invoices/{id}/e-invoice and
 * GET /api/credit-notes/{id}/e-invoice in every format and checked by the
 * official rule sets (CEN EN 16931, Peppol BIS 3.0, KoSIT XRechnung 3.0, Factur-X 1.09) with the
 * validator beside the repository (`../shared/einvoice`, installed by its setup.sh, which CI's
 * `.ci/run` calls): zero fatal, zero error. The Factur-X PDF's XML is extracted and validated the
 * same way, and its text still reads the figures. Each XML reads back to the document's amounts,
 * a credit note to the invoice it corrects, and a USD invoice to its VAT in EUR (BT-6, BT-111).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '@smb/shared-types';
import { D, dec } from '@smb/shared-types/decimal';
import {
  readEInvoice,
  type EInvoiceDocument,
  type EInvoiceFormat,
} from '@smb/shared-types/einvoice';
import {
  assertValidatorInstalled,
  validateFacturXPdf,
  validateXml,
  type Verdict,
} from '@smb/shared-types/einvoice/validator.fixture';
import { createTestApp, type TestApp } from './helpers';
import {
  CREDIT_NOTE_CASES,
  EUR_IN_DOLLARS,
  INVOICE_CASES,
  creditNote,
  issuedInvoice,
  makeSeller,
  type Seller,
} from './einvoice-helpers';
import { pdfText } from './pdf-helpers';

/** A document of the matrix as the API gave it, with what its e-invoice must read back. */
interface Made {
  path: 'invoices' | 'credit-notes';
  id: string;
  number: string;
  kind: EInvoiceDocument['kind'];
  total: number;
  taxAmount: number;
  roundingAmount: number;
  due: number;
  /** A credit note: the invoice it corrects. */
  corrects?: Invoice;
  currencyCode: string;
}

let t: TestApp;
let seller: Seller;
const documents = new Map<string, Made>();
const counts: Record<string, { files: number; fatalOrError: number; warnings: number }> = {};
const dir = mkdtempSync(path.join(os.tmpdir(), 'einvoice-official-'));

beforeAll(async () => {
  await assertValidatorInstalled();
  t = await createTestApp();
  seller = await makeSeller(t);
  for (const [name, c] of Object.entries(INVOICE_CASES)) {
    const invoice = await issuedInvoice(seller, c);
    documents.set(name, {
      ...invoice,
      path: 'invoices',
      number: invoice.invoiceNumber,
      kind: 'invoice',
      due: invoice.balance,
    });
  }
  for (const [name, c] of Object.entries(CREDIT_NOTE_CASES)) {
    // A fresh invoice each: the invoice cases above keep the amounts they were issued with.
    const invoice = await issuedInvoice(seller, INVOICE_CASES[c.invoice]!);
    const note = await creditNote(seller, invoice, c);
    documents.set(name, {
      ...note,
      path: 'credit-notes',
      number: note.creditNoteNumber,
      kind: 'creditNote',
      due: note.total,
      corrects: invoice,
    });
  }
}, 300_000);
afterAll(async () => {
  for (const [format, c] of Object.entries(counts))
    console.info(
      `[e-invoice via API] ${format}: ${c.files} files, ${c.fatalOrError} fatal/error, ${c.warnings} warnings`,
    );
  await t?.close();
});

function count(format: string, verdict: Verdict) {
  const c = (counts[format] ??= { files: 0, fatalOrError: 0, warnings: 0 });
  c.files += 1;
  c.fatalOrError += verdict.errors.length;
  c.warnings += verdict.warnings;
}

/** At most two validator runs at a time (each is a JVM; the machine is shared). */
async function inPairs<T>(items: T[], run: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += 2) await Promise.all(items.slice(i, i + 2).map(run));
}

async function download(doc: Made, format: EInvoiceFormat) {
  const res = await seller.api.get(`/api/${doc.path}/${doc.id}/e-invoice?format=${format}`);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

const cents = (n: number) => n.toFixed(2);

/** Every amount, the kind, the corrected invoice and the tax currency read back from the XML. */
function expectReadBack(xml: string, doc: Made) {
  const read = readEInvoice(xml);
  expect(read.kind).toBe(doc.kind);
  expect(read.number).toBe(doc.number);
  expect(read.currency).toBe(doc.currencyCode);
  expect(read.totals.taxTotal).toBe(cents(doc.taxAmount));
  // With gross prices the payable total carries a rounding (BT-114) the document shows too.
  expect(read.totals.taxInclusive).toBe(cents(doc.total - doc.roundingAmount));
  expect(read.totals.rounding).toBe(cents(doc.roundingAmount));
  expect(read.totals.due).toBe(cents(doc.due));
  expect(read.precedingInvoice).toEqual(
    doc.corrects
      ? { number: doc.corrects.invoiceNumber, issueDate: doc.corrects.issueDate }
      : undefined,
  );
  // The company keeps its books in EUR: a USD document states its VAT in EUR too, at the rate
  // of its currencies (one dollar is 1 / EUR_IN_DOLLARS euros).
  expect(read.taxCurrency).toEqual(
    doc.currencyCode === 'EUR'
      ? undefined
      : {
          code: 'EUR',
          taxTotal: dec(doc.taxAmount)
            .dividedBy(EUR_IN_DOLLARS)
            .toDecimalPlaces(2, D.ROUND_HALF_UP)
            .toFixed(2),
        },
  );
}

describe('e-invoices made through the server pass the official rules', () => {
  for (const format of ['peppol', 'xrechnung'] as const) {
    it(`${format}: every case, zero fatal and zero error, and every amount reads back`, async () => {
      await inPairs([...documents], async ([name, doc]) => {
        const res = await download(doc, format);
        expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
        const verdict = await validateXml(res.body, format);
        count(format, verdict);
        expect(verdict.errors, `${format}: ${name}`).toEqual([]);
        expect(verdict.valid, `${format}: ${name}`).toBe(true);
        expectReadBack(res.body, doc);
      });
    }, 900_000);
  }

  it('facturx: the PDF carries XML that passes, and its text still reads the figures', async () => {
    await inPairs([...documents], async ([name, doc]) => {
      const res = await download(doc, 'facturx');
      expect(res.headers['content-type']).toBe('application/pdf');
      const file = path.join(dir, `${doc.id}.pdf`);
      writeFileSync(file, res.rawPayload);
      const verdict = await validateFacturXPdf(file);
      count('facturx (extracted from the PDF)', verdict);
      expect(verdict.errors, `facturx: ${name}`).toEqual([]);
      expect(verdict.valid, `facturx: ${name}`).toBe(true);
      const text = pdfText(res.rawPayload).replace(/\s+/g, ' ');
      expect(text).toContain(doc.number);
      const total = doc.total.toLocaleString('en-US', { minimumFractionDigits: 2 });
      expect(text).toContain(total);
    });
  }, 900_000);
});
