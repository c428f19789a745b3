import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES, addDays, today } from '@smb/shared-types/payments';
import { setCurrentDatabase } from '../../../../db/current';
import type { SmbDatabase } from '../../../../db/database';
import { newClientDb } from '../../../../sync/__tests__/helpers';
import { renderScreen } from '../../../../test/render';
import InvoiceDetailScreen from '../../screens/InvoiceDetailScreen';
import { invoiceRow, seed } from '../../screens/__tests__/fixtures';

let db: SmbDatabase;
beforeEach(() => {
  db = newClientDb();
  setCurrentDatabase(db);
});
afterEach(() => {
  setCurrentDatabase(null);
  db.close();
});

const renderDetail = (id: string) =>
  renderScreen('/dashboard/invoices/:id', <InvoiceDetailScreen />, `/dashboard/invoices/${id}`);

async function recordPayment(amount: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Record Payment' }));
  const dialog = await screen.findByRole('dialog');
  const input = within(dialog).getByRole('textbox', { name: 'Amount' });
  fireEvent.change(input, { target: { value: amount } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
  return dialog;
}

describe('Invoice payments', () => {
  it('records a partial payment offline: balance, Partially paid and a queued payment.create', async () => {
    await seed(db, [
      invoiceRow({
        id: 'a',
        total: 110,
        amountPaid: 0,
        issueDate: today(),
        dueDate: addDays(today(), 30),
        paymentTerms: 'net_30',
      }),
    ]);
    renderDetail('a');
    expect(await screen.findByText('Net 30')).toBeInTheDocument();
    expect(screen.getByTestId('balance-due')).toHaveTextContent('$110.00');

    await recordPayment('40.5');
    await waitFor(() => expect(screen.getByTestId('balance-due')).toHaveTextContent('$69.50'));
    expect((await db.invoices.get('a'))?.status).toBe('Partially paid');
    expect(screen.getAllByTestId('payment-row')).toHaveLength(1);
    const [queued] = await db.outbox.toArray();
    expect(queued).toMatchObject({
      name: 'payment.create',
      args: { invoiceId: 'a', amount: 40.5, method: 'bank_transfer' },
    });
  });

  it('refuses more than the balance, saying what the balance is', async () => {
    await seed(db, [
      invoiceRow({ id: 'a', total: 110, amountPaid: 100, status: 'Partially paid' }),
    ]);
    renderDetail('a');
    await screen.findByTestId('balance-due');
    const dialog = await recordPayment('10.01');
    expect(
      await within(dialog).findByText(PAYMENT_MESSAGES.overpaid('$10.00')),
    ).toBeInTheDocument();
    expect(await db.outbox.count()).toBe(0);
  });

  it('shows the days overdue of an invoice past its due date with a balance', async () => {
    await seed(db, [
      invoiceRow({
        id: 'a',
        total: 110,
        amountPaid: 0,
        issueDate: addDays(today(), -40),
        dueDate: addDays(today(), -12),
      }),
    ]);
    renderDetail('a');
    expect(await screen.findByTestId('overdue-badge')).toHaveTextContent(
      'Overdue · 12 days overdue',
    );
  });
});
