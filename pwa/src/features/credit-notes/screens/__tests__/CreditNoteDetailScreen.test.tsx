import 'fake-indexeddb/auto';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_COMPANY_DETAILS } from '@smb/shared-types/company';
import { EINVOICE_MESSAGES, READINESS_MESSAGES } from '@smb/shared-types/einvoice';
import { setCurrentDatabase } from '../../../../db/current';
import type { SmbDatabase } from '../../../../db/database';
import { setMeta } from '../../../../db/meta';
import { newClientDb } from '../../../../sync/__tests__/helpers';
import { SLOW_WAIT, renderScreen } from '../../../../test/render';
import { createCustomer } from '../../../customers/data/customers';
import { createInvoice, createOrder } from '../../../orders/data/orders';
import { createProduct } from '../../../products/data/products';
import { issueInvoice } from '../../../invoices/data/invoices';
import { createCreditNote } from '../../data/credit-notes';
import CreditNoteDetailScreen from '../CreditNoteDetailScreen';

let db: SmbDatabase;
beforeEach(async () => {
  db = newClientDb();
  setCurrentDatabase(db);
  await setMeta(db, 'tenant', {
    id: 't',
    naturalName: 'Harbour Supplies',
    schemaName: 'tenant_t',
    createdAt: new Date().toISOString(),
    company: { ...EMPTY_COMPANY_DETAILS, email: 'office@harbour.test' },
  });
});
afterEach(() => {
  setCurrentDatabase(null);
  db.close();
});

/** A credit note of an issued invoice, made on this device, then numbered as the server would. */
async function creditNote(): Promise<string> {
  const customerId = await createCustomer(
    {
      name: 'Nordwind BV',
      email: 'office@nordwind.test',
      mainContactName: 'Anna Berg',
      mainContactEmail: 'anna@nordwind.test',
    },
    db,
  );
  const contact = await db.contacts.where('customerId').equals(customerId).first();
  const productId = await createProduct({ name: 'Survey', price: 480, currencyCode: 'USD' }, db);
  const orderId = await createOrder(
    { customerId, contactId: contact!.id, items: [{ productId, quantity: 2 }] },
    db,
  );
  const invoiceId = await createInvoice(orderId, db);
  await db.invoices.update(invoiceId, { invoiceNumber: 'INV-0007' });
  await issueInvoice(invoiceId, db);
  const id = await createCreditNote(invoiceId, { kind: 'full', reason: 'Cancelled' }, db);
  await db.credit_notes.update(id, { creditNoteNumber: 'CN-0003' });
  return id;
}

describe('CreditNoteDetailScreen', () => {
  it('offers the PDF and the e-mail to the invoice’s contact, in the customer’s words', async () => {
    const id = await creditNote();
    renderScreen(
      '/dashboard/credit-notes/:id',
      <CreditNoteDetailScreen />,
      `/dashboard/credit-notes/${id}`,
    );
    await screen.findByRole('heading', { name: 'Credit note CN-0003' });
    expect(screen.getByRole('button', { name: 'PDF of credit note CN-0003' })).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'E-mail credit note CN-0003' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mail credit note CN-0003' });
    expect(await within(dialog).findByDisplayValue('anna@nordwind.test')).toBeInTheDocument();
    expect(
      within(dialog).getByDisplayValue('Credit note CN-0003 from Harbour Supplies'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('CreditNote-CN-0003.pdf')).toBeInTheDocument();
  });

  it('says offline what the e-invoice still needs and downloads it once numbered', async () => {
    const id = await creditNote();
    renderScreen(
      '/dashboard/credit-notes/:id',
      <CreditNoteDetailScreen />,
      `/dashboard/credit-notes/${id}`,
    );
    expect(await screen.findByText(READINESS_MESSAGES.buyerAddress, {}, SLOW_WAIT)).toBeTruthy();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(items).toContain(`${READINESS_MESSAGES.buyerCountry} (Customer)`);
    expect(screen.getByText(EINVOICE_MESSAGES.noFormat)).toBeTruthy();
    expect(screen.queryByText(EINVOICE_MESSAGES.notNumbered)).toBeNull();
    expect(screen.getByRole('button', { name: 'E-invoice XML' })).toBeEnabled();
  });

  it('waits for the number the server gives a credit note made offline', async () => {
    const id = await creditNote();
    await db.credit_notes.update(id, { creditNoteNumber: null });
    renderScreen(
      '/dashboard/credit-notes/:id',
      <CreditNoteDetailScreen />,
      `/dashboard/credit-notes/${id}`,
    );
    expect(await screen.findByText(EINVOICE_MESSAGES.notNumbered, {}, SLOW_WAIT)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'E-invoice XML' })).toBeDisabled();
  });
});
