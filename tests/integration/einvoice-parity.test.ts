// @vitest-environment node
/**
 * The device writes the e-invoice the server sends: every issued invoice of the e-invoice matrix,
 * made through the real server and pulled by the PWA's sync engine into its local store (Dexie on
 * fake-indexeddb), is written from the local rows by the PWA's own code (`localEInvoice`, as the
 * invoice screen's download does offline) and compared with GET /api/invoices/{id}/e-invoice
 * (and every credit note of the matrix with GET /api/credit-notes/{id}/e-invoice):
 * the same Peppol BIS and XRechnung XML byte for byte, and the same CII as the server's Factur-X
 * PDF carries.
 */
import 'fake-indexeddb/auto';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditNote, Invoice } from '@smb/shared-types';
import { FACTURX_FILE_NAME } from '@smb/shared-types/einvoice/facturx-pdf';
import { SmbDatabase } from '../../pwa/src/db/database';
import { localEInvoice, localEInvoiceXml } from '../../pwa/src/components/einvoice/local-einvoice';
import { SyncEngine } from '../../pwa/src/sync/engine';
import { createSyncStatusStore } from '../../pwa/src/sync/status';
import type { SyncFetch } from '../../pwa/src/sync/transport';
import {
  CREDIT_NOTE_CASES,
  INVOICE_CASES,
  creditNote,
  issuedInvoice,
  makeSeller,
  type Seller,
} from '../../sync-server/test/einvoice-helpers';
import { createTestApp, type TestApp } from '../../sync-server/test/helpers';

const run = promisify(execFile);

let t: TestApp;
let seller: Seller;
let db: SmbDatabase;
const invoices = new Map<string, Invoice>();
const creditNotes = new Map<string, CreditNote>();

beforeAll(async () => {
  t = await createTestApp();
  seller = await makeSeller(t);
  for (const [name, c] of Object.entries(INVOICE_CASES))
    invoices.set(name, await issuedInvoice(seller, c));
  for (const [name, c] of Object.entries(CREDIT_NOTE_CASES))
    creditNotes.set(name, await creditNote(seller, invoices.get(c.invoice)!, c));
  const inject: SyncFetch = async (url, init) => {
    const res = await t.app.inject({
      method: init.method,
      url,
      headers: init.headers,
      payload: init.body,
    });
    return { status: res.statusCode, json: async () => res.json() as unknown };
  };
  db = new SmbDatabase(`smb-${seller.tenantId}-${seller.userId}-einvoice-parity`);
  const engine = new SyncEngine({
    db,
    transport: { fetch: inject, getToken: () => seller.token },
    status: createSyncStatusStore(),
    locks: null,
    eventSource: null,
    listenToWindow: false,
    onBusyChange: () => undefined,
    debounceMs: 3_600_000,
    intervalMs: 3_600_000,
  });
  engine.start();
  expect((await engine.syncNow()).ok).toBe(true);
  engine.stop();
}, 300_000);
afterAll(async () => {
  db?.close();
  await t?.close();
});

async function local(invoice: Invoice) {
  const row = await db.invoices.get(invoice.id);
  expect(row, invoice.invoiceNumber).toBeDefined();
  return localEInvoice(db, { kind: 'invoice', row: row! });
}

/** A credit note as its screen writes it, from the pulled row. */
async function localNote(note: CreditNote) {
  const row = await db.credit_notes.get(note.id);
  expect(row, note.creditNoteNumber).toBeDefined();
  return localEInvoice(db, { kind: 'creditNote', row: row! });
}

/** The CII XML the server's Factur-X PDF carries. */
async function serverCii(url: string): Promise<string> {
  const res = await seller.api.get(`${url}?format=facturx`);
  expect(res.statusCode).toBe(200);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'einvoice-parity-'));
  const file = path.join(dir, 'invoice.pdf');
  writeFileSync(file, res.rawPayload);
  await run('pdfdetach', ['-saveall', '-o', dir, file]);
  return readFileSync(path.join(dir, FACTURX_FILE_NAME), 'utf8');
}

describe('the device and the server write the same e-invoice', () => {
  it('Peppol BIS and XRechnung: the same XML, byte for byte, for every case', async () => {
    for (const [name, invoice] of invoices) {
      const mine = await local(invoice);
      for (const format of ['peppol', 'xrechnung'] as const) {
        const res = await seller.api.get(`/api/invoices/${invoice.id}/e-invoice?format=${format}`);
        expect(res.statusCode).toBe(200);
        const device = localEInvoiceXml(mine, format);
        expect(device.xml, `${format}: ${name}`).toBe(res.body);
        expect(res.headers['content-disposition']).toBe(
          `attachment; filename="${device.fileName}"`,
        );
      }
    }
  }, 300_000);

  it('Factur-X: the device’s CII is the one in the server’s PDF', async () => {
    for (const [name, invoice] of invoices) {
      const device = localEInvoiceXml(await local(invoice), 'facturx');
      expect(device.xml, name).toBe(await serverCii(`/api/invoices/${invoice.id}/e-invoice`));
    }
  }, 300_000);

  it('credit notes: the same Peppol BIS, XRechnung and Factur-X CII as the server’s', async () => {
    for (const [name, note] of creditNotes) {
      const mine = await localNote(note);
      const url = `/api/credit-notes/${note.id}/e-invoice`;
      for (const format of ['peppol', 'xrechnung'] as const) {
        const res = await seller.api.get(`${url}?format=${format}`);
        expect(res.statusCode).toBe(200);
        const device = localEInvoiceXml(mine, format);
        expect(device.xml, `${format}: ${name}`).toBe(res.body);
        expect(device.xml).toContain(`<cbc:ID>${note.creditNoteNumber}</cbc:ID>`);
        expect(res.headers['content-disposition']).toBe(
          `attachment; filename="${device.fileName}"`,
        );
      }
      expect(localEInvoiceXml(mine, 'facturx').xml, name).toBe(await serverCii(url));
    }
  }, 300_000);

  it('the USD invoice states its VAT in EUR on both sides', async () => {
    const { xml } = localEInvoiceXml(await local(invoices.get('another currency')!), 'peppol');
    expect(xml).toContain('<cbc:TaxCurrencyCode>EUR</cbc:TaxCurrencyCode>');
  });
});
