import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCurrentDatabase } from '../../../../db/current';
import type { SmbDatabase } from '../../../../db/database';
import { newClientDb } from '../../../../sync/__tests__/helpers';
import { SLOW_WAIT, expectLocation, renderScreen } from '../../../../test/render';
import { INVOICE_MESSAGES } from '@smb/shared-types/invoices';
import { CREDIT_NOTE_MESSAGES } from '@smb/shared-types/credit-notes';
import { DRAFT_NOTE, ISSUED_NOTE } from '../../components/IssueState';
import InvoiceDetailScreen, { NO_CANCEL_ISSUED } from '../InvoiceDetailScreen';
import { invoiceRow, seed } from './fixtures';

let db: SmbDatabase;
beforeEach(() => {
  db = newClientDb();
  setCurrentDatabase(db);
});
afterEach(() => {
  vi.restoreAllMocks();
  setCurrentDatabase(null);
  db.close();
});

const renderDetail = (id: string) =>
  renderScreen('/dashboard/invoices/:id', <InvoiceDetailScreen />, `/dashboard/invoices/${id}`);

async function chooseStatus(status: string) {
  fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
  fireEvent.click(await screen.findByRole('option', { name: status, hidden: true }));
}

describe('InvoiceDetailScreen', () => {
  it('shows number, order, date, snapshot customer and contact, items, summary and safe notes', async () => {
    await seed(db, [
      invoiceRow({
        id: 'a',
        invoiceNumber: 'INV-00007',
        notes:
          '<p>Thanks for your <strong>business</strong>!</p><script>alert(1)</script><a href="javascript:alert(2)">pay</a>',
        items: [
          {
            id: 'i1',
            productId: 'p1',
            position: 1,
            productName: 'Valve',
            productSku: null,
            quantity: 2,
            unitPrice: 10,
            subtotal: 20,
          },
          {
            id: 'i0',
            productId: 'p0',
            position: 0,
            productName: 'Copper pipe',
            productSku: 'CP-15',
            quantity: 3,
            unitPrice: 374.09,
            subtotal: 1122.27,
          },
        ],
        subtotal: 1142.27,
        taxRate: 9.975,
        taxAmount: 113.94,
        total: 1256.21,
      }),
    ]);
    renderDetail('a');
    expect(await screen.findByRole('heading', { name: 'Invoice INV-00007' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'ORD-00042' })).toHaveAttribute(
      'href',
      '/dashboard/orders/order-1',
    );
    expect(
      screen.getByText(new Date('2026-03-04T10:00:00.000Z').toLocaleDateString()),
    ).toBeInTheDocument();
    expect(screen.getByText('Acme Plumbing')).toBeInTheDocument();
    expect(screen.getByText('billing@acme.test')).toBeInTheDocument();
    expect(screen.getByText('Ann Smith')).toBeInTheDocument();
    expect(screen.getByText('ann@acme.test')).toBeInTheDocument();
    expect(screen.getByText('Primary')).toBeInTheDocument();

    const items = screen.getAllByTestId('invoice-item');
    expect(
      items.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Copper pipeSKU CP-15', '3', '$374.09', '$1,122.27'],
      ['Valve', '2', '$10.00', '$20.00'],
    ]);
    expect(screen.getByText('Tax (9.975%)')).toBeInTheDocument();
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('$1,142.27');
    expect(screen.getByTestId('summary-tax')).toHaveTextContent('$113.94');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$1,256.21');

    const notes = screen.getByTestId('invoice-notes');
    expect(within(notes).getByText('business').tagName).toBe('STRONG');
    expect(notes.querySelector('script')).toBeNull();
    expect(within(notes).getByText('pay')).not.toHaveAttribute('href');
    // Not paid: no paid date.
    expect(screen.queryByText('Paid On')).not.toBeInTheDocument();
  });

  it('has no notes card when the notes are empty', async () => {
    await seed(db, [invoiceRow({ id: 'a', notes: '<p></p>' })]);
    renderDetail('a');
    await screen.findByRole('heading', { name: /^Invoice INV-/ });
    expect(screen.queryByRole('heading', { name: 'Notes' })).not.toBeInTheDocument();
  });

  it('saves the chosen status on this device, queues it and goes back to the list', async () => {
    await seed(db, [invoiceRow({ id: 'a' })]);
    renderDetail('a');
    await screen.findByRole('heading', { name: /^Invoice INV-/ });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Unpaid');
    await chooseStatus('Paid');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expectLocation('/dashboard/invoices');
    const saved = await db.invoices.get('a');
    expect(saved).toMatchObject({ status: 'Paid' });
    expect(saved?.paidAt).toBeTruthy();
    expect(await db.outbox.toArray()).toMatchObject([
      { name: 'invoice.setStatus', args: { id: 'a', status: 'Paid' } },
    ]);
  });

  it("shows 'Failed to update invoice status' when saving fails and stays on the page", async () => {
    await seed(db, [invoiceRow({ id: 'a' })]);
    renderDetail('a');
    await screen.findByRole('heading', { name: /^Invoice INV-/ });
    await chooseStatus('Cancelled');
    vi.spyOn(db, 'transaction').mockRejectedValueOnce(new Error('disk failure'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update invoice status')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /^Invoice INV-/ })).toBeInTheDocument();
    expect((await db.invoices.get('a'))?.status).toBe('Unpaid');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(screen.queryByText('Failed to update invoice status')).not.toBeInTheDocument(),
    );
  });

  it('shows the paid date of a paid invoice', async () => {
    await seed(db, [invoiceRow({ id: 'a', status: 'Paid', paidAt: '2026-04-05T12:00:00.000Z' })]);
    renderDetail('a');
    expect(await screen.findByText('Paid On')).toBeInTheDocument();
    expect(
      screen.getByText(new Date('2026-04-05T12:00:00.000Z').toLocaleDateString()),
    ).toBeInTheDocument();
  });

  it('links an invoice a recurring profile made back to its profile', async () => {
    const profileId = 'a0000000-0000-4000-8000-000000000009';
    await seed(db, [invoiceRow({ id: 'a', orderId: null, recurringProfileId: profileId })]);
    renderDetail('a');
    expect(await screen.findByRole('link', { name: 'From recurring profile' })).toHaveAttribute(
      'href',
      `/dashboard/recurring/${profileId}`,
    );
    expect(screen.queryByText('Order Number')).not.toBeInTheDocument();
  });

  it('shows a status change the server refused, with its reason', async () => {
    await seed(db, [invoiceRow({ id: 'a' })]);
    await db.rejections.put({
      mutationId: 4,
      name: 'invoice.setStatus',
      args: { id: 'a', status: 'Paid' },
      statusCode: 409,
      message: 'A cancelled invoice cannot be paid',
      createdAt: '',
    });
    renderDetail('a');
    expect(await screen.findByText('A cancelled invoice cannot be paid')).toBeInTheDocument();
    expect(screen.getByText('Failed to update invoice status')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(async () => expect(await db.rejections.count()).toBe(0), SLOW_WAIT);
  });

  it('says when the invoice does not exist', async () => {
    renderDetail('missing');
    expect(await screen.findByText('Invoice not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Invoices/ })).toHaveAttribute(
      'href',
      '/dashboard/invoices',
    );
  });
});

describe('InvoiceDetailScreen: draft and issued', () => {
  it('a draft shows "Draft", can change its due date, and "Mark as Issued" queues invoice.issue', async () => {
    await seed(db, [invoiceRow({ id: 'a', issueDate: '2026-03-04', dueDate: '2026-04-03' })]);
    renderDetail('a');
    await screen.findByRole('heading', { name: /^Invoice INV-/ });
    expect(screen.getAllByText('Draft').length).toBeGreaterThan(0);
    expect(screen.getByText(DRAFT_NOTE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change Due Date' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Mark as Issued' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as issued?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as Issued' }));

    expect(await screen.findByText(ISSUED_NOTE, {}, SLOW_WAIT)).toBeInTheDocument();
    expect((await db.invoices.get('a'))?.issuedAt).toBeTruthy();
    expect(await db.outbox.toArray()).toMatchObject([{ name: 'invoice.issue', args: { id: 'a' } }]);
    expect(screen.queryByRole('button', { name: 'Change Due Date' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as Issued' })).not.toBeInTheDocument();
    expect(screen.queryByText('Draft')).not.toBeInTheDocument();
  });

  it('an issued invoice is read-only: no due date change, Cancelled not offered', async () => {
    await seed(db, [invoiceRow({ id: 'a', issuedAt: '2026-03-05T09:00:00.000Z' })]);
    renderDetail('a');
    expect(await screen.findByText(ISSUED_NOTE)).toBeInTheDocument();
    expect(screen.getByText(NO_CANCEL_ISSUED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change Due Date' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    // Cancelling an issued invoice means crediting it in full: the option is not offered.
    expect(await screen.findByRole('option', { name: 'Paid', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Cancelled', hidden: true })).toBeNull();
  });

  it('credits an issued invoice in full from the "Credit note" dialog: Cancelled, nothing due', async () => {
    await seed(db, [invoiceRow({ id: 'a', issuedAt: '2026-03-05T09:00:00.000Z' })]);
    renderDetail('a');
    fireEvent.click(await screen.findByRole('button', { name: 'Credit note' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create credit note' }));
    expect(await screen.findAllByText(CREDIT_NOTE_MESSAGES.reasonRequired)).not.toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Order cancelled' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create credit note' }));
    await waitFor(async () => expect(await db.credit_notes.count()).toBe(1), SLOW_WAIT);
    const [note] = await db.credit_notes.toArray();
    const invoice = (await db.invoices.get('a'))!;
    expect(note).toMatchObject({ invoiceId: 'a', reason: 'Order cancelled', kind: 'full' });
    expect(note!.total).toBe(invoice.total);
    expect(invoice).toMatchObject({ status: 'Cancelled', creditedAmount: invoice.total });
  });

  it('shows an edit the server refused because the invoice was issued, with the reason', async () => {
    await seed(db, [invoiceRow({ id: 'a', issuedAt: '2026-03-05T09:00:00.000Z' })]);
    await db.rejections.put({
      mutationId: 7,
      name: 'invoice.setStatus',
      args: { id: 'a', status: 'Cancelled' },
      statusCode: 409,
      message: INVOICE_MESSAGES.issued,
      createdAt: '',
    });
    renderDetail('a');
    expect(
      await screen.findByText('This invoice has been issued; correct it with a credit note.'),
    ).toBeInTheDocument();
  });
});
