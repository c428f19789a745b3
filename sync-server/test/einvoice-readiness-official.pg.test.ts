/**
 * Readiness means the official rules accept the file. A company and a customer without the data
 * Peppol BIS and XRechnung reject a file for — the seller's and the buyer's electronic address
 * (PEPPOL-EN16931-R020, R010), the seller's contact (BR-DE-2; Peppol's DE-R-002 between German
 * companies) and the buyer reference (BR-DE-15, DE-R-015) —
 * get those listed by GET …/e-invoice/readiness, in the shop owner's words, while the validator
 * (`../shared/einvoice`, as in einvoice-official.pg.test.ts) rejects the file; once they are
 * filled in, readiness answers ready and every format of the invoice and its credit note validates
 * with zero errors.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditNote, Invoice } from '@smb/shared-types';
import {
  READINESS_MESSAGES,
  type EInvoiceFormat,
  type EInvoiceReadinessReport,
} from '@smb/shared-types/einvoice';
import {
  assertValidatorInstalled,
  validateFacturXPdf,
  validateXml,
} from '@smb/shared-types/einvoice/validator.fixture';
import { expectStatus } from './api-helpers';
import { createTestApp, type TestApp } from './helpers';
import {
  CREDIT_NOTE_CASES,
  INVOICE_CASES,
  SELLER_COMPANY,
  creditNote,
  issuedInvoice,
  makeSeller,
  type Seller,
} from './einvoice-helpers';

let t: TestApp;
let seller: Seller;
let invoice: Invoice;
let note: CreditNote;
const dir = mkdtempSync(path.join(os.tmpdir(), 'einvoice-readiness-'));

const BUYER = {
  electronicAddressScheme: '9930',
  electronicAddressId: 'DE987654321',
  buyerReference: '04011000-12345-03',
};

beforeAll(async () => {
  await assertValidatorInstalled();
  t = await createTestApp();
  seller = await makeSeller(t);
  // What the rules need, left out: no electronic addresses, no phone or e-mail, no reference.
  expectStatus(
    await seller.api.put('/api/tenants/current/company', {
      electronicAddressScheme: null,
      electronicAddressId: null,
      phone: null,
      email: null,
    }),
    200,
  );
  expectStatus(
    await seller.api.put(`/api/customers/${seller.buyers.de.customerId}`, {
      electronicAddressScheme: null,
      electronicAddressId: null,
      buyerReference: null,
    }),
    200,
  );
  invoice = await issuedInvoice(seller, INVOICE_CASES['domestic standard rate']!);
  note = await creditNote(seller, invoice, CREDIT_NOTE_CASES['full credit note']!);
}, 300_000);
afterAll(async () => {
  await t?.close();
});

const DOCUMENTS = () => [
  { path: 'invoices', id: invoice.id },
  { path: 'credit-notes', id: note.id },
];

async function readiness(doc: { path: string; id: string }, format: EInvoiceFormat) {
  return expectStatus<EInvoiceReadinessReport>(
    await seller.api.get(`/api/${doc.path}/${doc.id}/e-invoice/readiness?format=${format}`),
    200,
  );
}

/** The validator's verdict on the file the server serves. */
async function verdict(doc: { path: string; id: string }, format: EInvoiceFormat) {
  const res = await seller.api.get(`/api/${doc.path}/${doc.id}/e-invoice?format=${format}`);
  expect(res.statusCode).toBe(200);
  if (format !== 'facturx') return validateXml(res.body, format);
  const file = path.join(dir, `${doc.id}.pdf`);
  writeFileSync(file, res.rawPayload);
  return validateFacturXPdf(file);
}

const ruleIds = (errors: string[]) => errors.map((line) => line.split('\t')[2]);

describe('readiness lists what the official rules reject, and ready means valid', () => {
  it('missing data: readiness names it in plain words and the rules reject the file', async () => {
    for (const doc of DOCUMENTS()) {
      const peppol = await readiness(doc, 'peppol');
      expect(peppol.ready).toBe(false);
      // Seller and buyer are both German: Peppol's German rules ask what XRechnung asks.
      expect(peppol.problems.map((p) => [p.where, p.message])).toEqual([
        ['company', READINESS_MESSAGES.sellerAddress],
        ['customer', READINESS_MESSAGES.buyerAddress],
        ['customer', READINESS_MESSAGES.buyerReference],
        ['company', READINESS_MESSAGES.sellerContactPeppolDe],
      ]);
      const xrechnung = await readiness(doc, 'xrechnung');
      expect(xrechnung.ready).toBe(false);
      expect(xrechnung.problems.map((p) => [p.where, p.message])).toEqual([
        ['company', READINESS_MESSAGES.sellerAddress],
        ['customer', READINESS_MESSAGES.buyerAddress],
        ['customer', READINESS_MESSAGES.buyerReference],
        ['company', READINESS_MESSAGES.sellerContact],
      ]);
    }
    const peppolRules = ruleIds((await verdict(DOCUMENTS()[0]!, 'peppol')).errors);
    expect(peppolRules.sort()).toEqual(
      ['DE-R-002', 'DE-R-015', 'PEPPOL-EN16931-R010', 'PEPPOL-EN16931-R020'].sort(),
    );
    const xrechnungRules = ruleIds((await verdict(DOCUMENTS()[1]!, 'xrechnung')).errors);
    expect(xrechnungRules.sort()).toEqual(['BR-DE-15', 'BR-DE-2']);
  }, 300_000);

  it('filled in: ready, and every format of the invoice and the credit note validates', async () => {
    expectStatus(await seller.api.put('/api/tenants/current/company', SELLER_COMPANY), 200);
    expectStatus(await seller.api.put(`/api/customers/${seller.buyers.de.customerId}`, BUYER), 200);
    for (const doc of DOCUMENTS())
      for (const format of ['peppol', 'xrechnung', 'facturx'] as const) {
        const report = await readiness(doc, format);
        expect(report.problems, `${format}: ${doc.path}`).toEqual([]);
        expect(report.ready).toBe(true);
        const result = await verdict(doc, format);
        expect(result.errors, `${format}: ${doc.path}`).toEqual([]);
        expect(result.valid).toBe(true);
      }
  }, 600_000);
});
