import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_COMPANY_DETAILS } from '@smb/shared-types/company';
import { DOCUMENT_MAIL_MESSAGES } from '@smb/shared-types/document-mail';
import type { SmbDatabase } from '../../../db/database';
import { setMeta } from '../../../db/meta';
import { newClientDb } from '../../../sync/__tests__/helpers';
import { createCustomer } from '../../../features/customers/data/customers';
import { createInvoice, createOrder } from '../../../features/orders/data/orders';
import { createProduct } from '../../../features/products/data/products';
import { issueInvoice } from '../../../features/invoices/data/invoices';
import { createCreditNote } from '../../../features/credit-notes/data/credit-notes';
import { mailDraft, queueDocumentMail } from '../document-mail';

let db: SmbDatabase;
beforeEach(async () => {
  db = newClientDb();
  await setMeta(db, 'tenant', {
    id: 't',
    naturalName: 'Atelier Dupont',
    schemaName: 'tenant_t',
    createdAt: new Date().toISOString(),
    company: { ...EMPTY_COMPANY_DETAILS, email: 'contact@dupont.test' },
  });
});
afterEach(() => db.close());

async function invoiceFor(documentLanguage?: 'fr') {
  const customerId = await createCustomer(
    {
      name: 'Client Lyon',
      email: 'info@lyon.test',
      ...(documentLanguage ? { documentLanguage } : {}),
      mainContactName: 'Élodie Martin',
      mainContactEmail: 'elodie@lyon.test',
    },
    db,
  );
  const contact = await db.contacts.where('customerId').equals(customerId).first();
  const productId = await createProduct({ name: 'Vanne', price: 1234.56, currencyCode: 'USD' }, db);
  const orderId = await createOrder(
    { customerId, contactId: contact!.id, items: [{ productId, quantity: 1 }] },
    db,
  );
  const invoiceId = await createInvoice(orderId, db);
  return { order: (await db.orders.get(orderId))!, invoice: (await db.invoices.get(invoiceId))! };
}

describe('the mail of a document', () => {
  it('starts in the customer’s language, to the document’s contact, from the company', async () => {
    const { invoice, order } = await invoiceFor('fr');
    const draft = await mailDraft('invoice', invoice, db);
    expect(draft).toMatchObject({
      to: 'elodie@lyon.test',
      language: 'fr',
      languageName: 'Français',
      company: 'Atelier Dupont',
      replyTo: 'contact@dupont.test',
      attachments: ['Invoice-Draft.pdf'],
    });
    // Not numbered yet (made offline): the subject fills in once synced.
    expect(draft.subject).toBe('Facture de Atelier Dupont');
    expect(draft.text).toContain('Bonjour Élodie Martin,');
    expect(draft.text).toContain('facture d’un montant de 1\u202f358,02\u00a0$US');
    const confirmation = await mailDraft('order', { ...order, orderNumber: 'ORD-7' }, db);
    expect(confirmation.subject).toBe('Confirmation de commande ORD-7 de Atelier Dupont');
    const { order: english } = await invoiceFor();
    expect((await mailDraft('order', { ...english, orderNumber: 'ORD-8' }, db)).subject).toBe(
      'Order confirmation ORD-8 from Atelier Dupont',
    );
  });

  it('queues invoice.email with an id of its own and shows the send at once; refuses a bad address', async () => {
    const { invoice } = await invoiceFor();
    const body = { to: ' ap@lyon.test ', subject: 'Invoice', text: 'Attached.' };
    expect(await queueDocumentMail('invoice', invoice.id, body, db)).toBe('ap@lyon.test');
    const after = await db.invoices.get(invoice.id);
    expect(after).toMatchObject({ emailedTo: 'ap@lyon.test' });
    expect(after?.emailedAt).toBeTruthy();
    const entry = (await db.outbox.toArray()).at(-1);
    expect(entry).toMatchObject({ name: 'invoice.email', status: 'pending' });
    expect(entry?.args).toMatchObject({ id: invoice.id, to: 'ap@lyon.test', subject: 'Invoice' });
    expect(String((entry?.args as { mailId: string }).mailId)).toMatch(/^[0-9a-f-]{36}$/);

    await expect(
      queueDocumentMail('invoice', invoice.id, { ...body, to: 'nope' }, db),
    ).rejects.toThrow(DOCUMENT_MAIL_MESSAGES.invalidRecipient);
  });

  it('drafts a credit note’s mail to the invoice’s contact, naming the invoice, and queues creditNote.email', async () => {
    const { invoice } = await invoiceFor('fr');
    await db.invoices.update(invoice.id, { invoiceNumber: 'INV-9' });
    await issueInvoice(invoice.id, db);
    const noteId = await createCreditNote(invoice.id, { kind: 'full', reason: 'Retour' }, db);
    const note = { ...(await db.credit_notes.get(noteId))!, creditNoteNumber: 'CN-3' };
    const draft = await mailDraft('credit_note', note, db);
    expect(draft).toMatchObject({
      to: 'elodie@lyon.test',
      language: 'fr',
      attachments: ['CreditNote-CN-3.pdf'],
    });
    expect(draft.subject).toBe('Avoir CN-3 de Atelier Dupont');
    expect(draft.text).toContain('Bonjour Élodie Martin,');
    expect(draft.text).toContain('INV-9');
    expect(draft.text).toContain('1\u202f358,02\u00a0$US');

    const body = { to: 'ap@lyon.test', subject: 'Avoir', text: 'Ci-joint.' };
    expect(await queueDocumentMail('credit_note', noteId, body, db)).toBe('ap@lyon.test');
    expect(await db.credit_notes.get(noteId)).toMatchObject({ emailedTo: 'ap@lyon.test' });
    const entry = (await db.outbox.toArray()).at(-1);
    expect(entry).toMatchObject({ name: 'creditNote.email', status: 'pending' });
    expect(entry?.args).toMatchObject({ id: noteId, to: 'ap@lyon.test' });
  });

  it('names the files the customer’s e-invoice format adds to an invoice’s or credit note’s mail', async () => {
    const { invoice, order } = await invoiceFor();
    await db.invoices.update(invoice.id, { invoiceNumber: 'INV-10' });
    await issueInvoice(invoice.id, db);
    const noteId = await createCreditNote(invoice.id, { kind: 'full', reason: 'Return' }, db);
    const note = { ...(await db.credit_notes.get(noteId))!, creditNoteNumber: 'CN-4' };
    const numbered = { ...invoice, invoiceNumber: 'INV-10' };
    await db.customers.update(invoice.customerId, { einvoiceFormat: 'xrechnung' });
    expect((await mailDraft('credit_note', note, db)).attachments).toEqual([
      'CreditNote-CN-4.pdf',
      'CreditNote-CN-4-xrechnung.xml',
    ]);
    expect((await mailDraft('invoice', numbered, db)).attachments).toEqual([
      'Invoice-INV-10.pdf',
      'Invoice-INV-10-xrechnung.xml',
    ]);
    await db.customers.update(invoice.customerId, { einvoiceFormat: 'facturx' });
    expect((await mailDraft('credit_note', note, db)).attachments).toEqual([
      'CreditNote-CN-4.pdf (Factur-X)',
    ]);
    // An order's confirmation stays a PDF.
    expect((await mailDraft('order', { ...order, orderNumber: 'ORD-9' }, db)).attachments).toEqual([
      'Order-ORD-9.pdf',
    ]);
  });
});
