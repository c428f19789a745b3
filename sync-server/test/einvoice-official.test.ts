/**
 * Issue 35's validation layer: invoices made through the real server for the issue's matrix of
 * cases, downloaded from GET /api/invoices/{id}/e-invoice in every format and checked by the
 * official rule sets (CEN EN 16931, Peppol BIS 3.0, KoSIT XRechnung 3.0, Factur-X 1.09) with the
 * validator beside the repository (`../shared/einvoice`, installed by its setup.sh, which CI's
 * `.ci/run` calls): zero fatal, zero error. The Factur-X PDF's XML is extracted and validated the
 * same way, and its text still reads the figures. Each XML reads back to the invoice's amounts.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '@smb/shared-types';
import { readEInvoice, type EInvoiceFormat } from '@smb/shared-types/einvoice';
import {
  assertValidatorInstalled,
  validateFacturXPdf,
  validateXml,
  type Verdict,
} from '@smb/shared-types/einvoice/validator.fixture';
import { createTestApp, type TestApp } from './helpers';
import { INVOICE_CASES, issuedInvoice, makeSeller, type Seller } from './einvoice-helpers';
import { pdfText } from './pdf-helpers';

let t: TestApp;
let seller: Seller;
const invoices = new Map<string, Invoice>();
const counts: Record<string, { files: number; fatalOrError: number; warnings: number }> = {};
const dir = mkdtempSync(path.join(os.tmpdir(), 'einvoice-official-'));

beforeAll(async () => {
  await assertValidatorInstalled();
  t = await createTestApp();
  seller = await makeSeller(t);
  for (const [name, c] of Object.entries(INVOICE_CASES))
    invoices.set(name, await issuedInvoice(seller, c));
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

async function download(invoice: Invoice, format: EInvoiceFormat) {
  const res = await seller.api.get(`/api/invoices/${invoice.id}/e-invoice?format=${format}`);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('e-invoices made through the server pass the official rules', () => {
  for (const format of ['peppol', 'xrechnung'] as const) {
    it(`${format}: every case, zero fatal and zero error, and every amount reads back`, async () => {
      await inPairs([...invoices], async ([name, invoice]) => {
        const res = await download(invoice, format);
        expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
        const verdict = await validateXml(res.body, format);
        count(format, verdict);
        expect(verdict.errors, `${format}: ${name}`).toEqual([]);
        expect(verdict.valid, `${format}: ${name}`).toBe(true);
        const read = readEInvoice(res.body);
        expect(read.number).toBe(invoice.invoiceNumber);
        const cents = (n: number) => n.toFixed(2);
        expect(read.totals.taxTotal).toBe(cents(invoice.taxAmount));
        // With gross prices the payable total carries a rounding (BT-114) the invoice shows too.
        expect(read.totals.taxInclusive).toBe(cents(invoice.total - invoice.roundingAmount));
        expect(read.totals.rounding).toBe(cents(invoice.roundingAmount));
        expect(read.totals.due).toBe(cents(invoice.balance));
      });
    }, 900_000);
  }

  it('facturx: the PDF carries XML that passes, and its text still reads the figures', async () => {
    await inPairs([...invoices], async ([name, invoice]) => {
      const res = await download(invoice, 'facturx');
      expect(res.headers['content-type']).toBe('application/pdf');
      const file = path.join(dir, `${invoice.id}.pdf`);
      writeFileSync(file, res.rawPayload);
      const verdict = await validateFacturXPdf(file);
      count('facturx (extracted from the PDF)', verdict);
      expect(verdict.errors, `facturx: ${name}`).toEqual([]);
      expect(verdict.valid, `facturx: ${name}`).toBe(true);
      const text = pdfText(res.rawPayload).replace(/\s+/g, ' ');
      expect(text).toContain(invoice.invoiceNumber);
      const total = invoice.total.toLocaleString('en-US', { minimumFractionDigits: 2 });
      expect(text).toContain(total);
    });
  }, 900_000);
});
