/**
 * GET /api/credit-notes/{id}/e-invoice and …/e-invoice/readiness: a credit note as UBL CreditNote
 * (type 381) or its Factur-X PDF, naming the invoice it corrects (BT-25, BT-26);
 * another format → 400, another tenant's or an unknown id → 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditNote, Invoice } from '@smb/shared-types';
import {
  EINVOICE_MESSAGES,
  READINESS_MESSAGES,
  readEInvoice,
  type EInvoiceReadinessReport,
} from '@smb/shared-types/einvoice';
import { expectStatus } from './api-helpers';
import { createTestApp, type TestApp } from './helpers';
import {
  CREDIT_NOTE_CASES,
  INVOICE_CASES,
  creditNote,
  issuedInvoice,
  makeSeller,
  type Seller,
} from './einvoice-helpers';

let t: TestApp;
let seller: Seller;
let other: Seller;
let invoice: Invoice;
let note: CreditNote;

beforeAll(async () => {
  t = await createTestApp();
  seller = await makeSeller(t);
  other = await makeSeller(t, 'Other Company');
  invoice = await issuedInvoice(seller, INVOICE_CASES['mixed rates']!);
  note = await creditNote(seller, invoice, CREDIT_NOTE_CASES['partial credit note by lines']!);
  // Two companies with every identity and tax rate: minutes on a loaded machine.
}, 300_000);
afterAll(async () => {
  await t?.close();
});

const url = (id: string, rest = '') => `/api/credit-notes/${id}/e-invoice${rest}`;

describe('GET /api/credit-notes/{id}/e-invoice', () => {
  it('sends a UBL CreditNote (381) naming the corrected invoice, and a Factur-X PDF', async () => {
    const number = note.creditNoteNumber;
    const peppol = await seller.api.get(url(note.id, '?format=peppol'));
    expect(peppol.statusCode).toBe(200);
    expect(peppol.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(peppol.headers['content-disposition']).toBe(
      `attachment; filename="CreditNote-${number}-peppol.xml"`,
    );
    expect(peppol.body).toContain('<CreditNote xmlns=');
    expect(peppol.body).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
    const read = readEInvoice(peppol.body);
    expect(read.kind).toBe('creditNote');
    expect(read.precedingInvoice).toEqual({
      number: invoice.invoiceNumber,
      issueDate: invoice.issueDate,
    });
    // The reason is the credit note's first note; only the credited line is on it.
    expect(read.notes[0]).toBe(note.reason);
    expect(read.lines.map((l) => [l.name, l.quantity, l.netAmount])).toEqual([
      ['Boiler service', '1', '33.33'],
    ]);
    const xrechnung = await seller.api.get(url(note.id, '?format=xrechnung'));
    expect(xrechnung.headers['content-disposition']).toContain(
      `CreditNote-${number}-xrechnung.xml`,
    );
    expect(xrechnung.body).toContain('urn:xeinkauf.de:kosit:xrechnung_3.0');
    const facturx = await seller.api.get(url(note.id, '?format=facturx'));
    expect(facturx.statusCode).toBe(200);
    expect(facturx.headers['content-type']).toBe('application/pdf');
    expect(facturx.headers['content-disposition']).toBe(
      `attachment; filename="CreditNote-${number}.pdf"`,
    );
    expect(facturx.rawPayload.toString('latin1')).toContain('factur-x.xml');
  });

  it('refuses another format (400) and another tenant’s or an unknown id (404)', async () => {
    const bad = await seller.api.get(url(note.id, '?format=edifact'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(EINVOICE_MESSAGES.queryFormat);
    expect((await seller.api.get(url(note.id))).statusCode).toBe(400);
    expect((await other.api.get(url(note.id, '?format=peppol'))).statusCode).toBe(404);
    expect((await other.api.get(url(note.id, '/readiness'))).statusCode).toBe(404);
    expect((await seller.api.get(url('nope', '?format=peppol'))).statusCode).toBe(404);
    // An invoice's id is no credit note's.
    expect((await seller.api.get(url(invoice.id, '?format=peppol'))).statusCode).toBe(404);
  });
});

describe('GET /api/credit-notes/{id}/e-invoice/readiness', () => {
  it('checks the format asked for with the shared checks', async () => {
    const ready = expectStatus<EInvoiceReadinessReport>(
      await seller.api.get(url(note.id, '/readiness?format=peppol')),
      200,
    );
    expect(ready).toEqual({
      format: 'peppol',
      formatLabel: 'Peppol BIS Billing 3.0',
      ready: true,
      problems: [],
    });
    expectStatus(
      await seller.api.put(`/api/customers/${seller.buyers.de.customerId}`, {
        buyerReference: null,
      }),
      200,
    );
    const missing = expectStatus<EInvoiceReadinessReport>(
      await seller.api.get(url(note.id, '/readiness?format=xrechnung')),
      200,
    );
    expect(missing.ready).toBe(false);
    expect(missing.problems.map((p) => p.message)).toContain(READINESS_MESSAGES.buyerReference);
  });
});
