/**
 * GET /api/credit-notes/{id}/e-invoice and …/e-invoice/readiness: a credit note as UBL CreditNote
 * (type 381) or its Factur-X PDF, naming the invoice it corrects (BT-25, BT-26);
 * another format → 400, another tenant's or an unknown id → 404. Its mail (REST and the
 * creditNote.email mutation) carries the customer's format, as the invoice's does.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditNote, Invoice } from '@smb/shared-types';
import {
  EINVOICE_MESSAGES,
  READINESS_MESSAGES,
  readEInvoice,
  type EInvoiceDocument,
  type EInvoiceReadinessReport,
} from '@smb/shared-types/einvoice';
import { extractFacturXXml } from '@smb/shared-types/einvoice/read-file';
import { expectStatus } from './api-helpers';
import { createTestApp, mailsTo, type TestApp } from './helpers';
import { TestClient } from './sync-helpers';
import {
  CREDIT_NOTE_CASES,
  INVOICE_CASES,
  attachments,
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

describe('the credit note mail carries the customer’s format', () => {
  const setFormat = async (format: string | null) =>
    expectStatus(
      await seller.api.put(`/api/customers/${seller.buyers.de.customerId}`, {
        einvoiceFormat: format,
      }),
      200,
    );
  const mail = (to: string) => ({
    to,
    subject: `Credit note ${note.creditNoteNumber}`,
    text: 'Hi',
  });

  /** The credit note's amounts, read back from the XML the mail carries. */
  const expectAmounts = (read: EInvoiceDocument) => {
    expect(read.kind).toBe('creditNote');
    expect(read.number).toBe(note.creditNoteNumber);
    expect(read.precedingInvoice?.number).toBe(invoice.invoiceNumber);
    expect(read.totals.taxTotal).toBe(note.taxAmount.toFixed(2));
    expect(read.totals.taxInclusive).toBe((note.total - note.roundingAmount).toFixed(2));
    expect(read.totals.due).toBe(note.total.toFixed(2));
  };

  it('POST /api/credit-notes/{id}/email: XRechnung puts the XML beside the PDF', async () => {
    await setFormat('xrechnung');
    const to = 'credit-xrechnung@example.com';
    expectStatus(await seller.api.post(`/api/credit-notes/${note.id}/email`, mail(to)), 200);
    const [raw] = mailsTo(t.mailDir, to);
    const files = attachments(raw!);
    expect(files.map((f) => [f.type, f.name])).toEqual([
      ['application/pdf', `CreditNote-${note.creditNoteNumber}.pdf`],
      ['application/xml', `CreditNote-${note.creditNoteNumber}-xrechnung.xml`],
    ]);
    const xml = files[1]!.body.toString();
    expect(xml).toContain('urn:xeinkauf.de:kosit:xrechnung_3.0');
    expectAmounts(readEInvoice(xml));
  });

  it('the creditNote.email mutation: Factur-X sends the Factur-X PDF in place of the PDF', async () => {
    await setFormat('facturx');
    const to = 'credit-facturx@example.com';
    const device = new TestClient(t, seller.token);
    const pushed = await device.push([
      {
        id: 1,
        name: 'creditNote.email',
        args: { id: note.id, mailId: randomUUID(), ...mail(to) },
      },
    ]);
    expect(pushed.body.results[0]?.status).toBe('applied');
    // The mail leaves once the mutation has committed.
    for (let i = 0; i < 50 && mailsTo(t.mailDir, to).length === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const [raw] = mailsTo(t.mailDir, to);
    const files = attachments(raw!);
    expect(files.map((f) => [f.type, f.name])).toEqual([
      ['application/pdf', `CreditNote-${note.creditNoteNumber}.pdf`],
    ]);
    expectAmounts(readEInvoice(await extractFacturXXml(new Uint8Array(files[0]!.body))));
  });

  it('no format: the plain PDF only', async () => {
    await setFormat('none');
    const to = 'credit-none@example.com';
    expectStatus(await seller.api.post(`/api/credit-notes/${note.id}/email`, mail(to)), 200);
    const files = attachments(mailsTo(t.mailDir, to)[0]!);
    expect(files.map((f) => f.type)).toEqual(['application/pdf']);
    expect(files[0]!.body.toString('latin1')).not.toContain('factur-x.xml');
  });
});
