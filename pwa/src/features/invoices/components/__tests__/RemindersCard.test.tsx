import 'fake-indexeddb/auto';
import { formatLocaleDate } from '@smb/shared-types/locale-dates';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays, today } from '@smb/shared-types/payments';
import { setCurrentDatabase } from '../../../../db/current';
import type { SmbDatabase } from '../../../../db/database';
import { newClientDb } from '../../../../sync/__tests__/helpers';
import { SLOW_WAIT, renderScreen } from '../../../../test/render';
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

describe('Invoice reminders', () => {
  it('lists the reminders sent and stops the next ones (queued offline)', async () => {
    await seed(db, [
      invoiceRow({
        id: 'a',
        total: 110,
        amountPaid: 0,
        issueDate: '2026-10-15',
        dueDate: '2026-11-14',
        remindersStopped: false,
        reminders: [
          { number: 1, sentAt: '2026-11-17T09:00:00.000Z', sentTo: 'ann@acme.test' },
          { number: 2, sentAt: '2026-11-24T09:00:00.000Z', sentTo: 'ann@acme.test' },
        ],
      }),
    ]);
    renderDetail('a');
    const card = await screen.findByTestId('reminders-card');
    expect(
      within(card)
        .getAllByTestId('reminder-line')
        .map((l) => l.textContent),
    ).toEqual([
      'Reminder 1 sent 17 Nov to ann@acme.test',
      'Reminder 2 sent 24 Nov to ann@acme.test',
    ]);
    fireEvent.click(within(card).getByRole('button', { name: 'Stop reminders' }));
    expect(
      await within(card).findByRole('button', { name: 'Resume reminders' }, SLOW_WAIT),
    ).toBeInTheDocument();
    expect(within(card).getByText('Stopped')).toBeInTheDocument();
    expect((await db.invoices.get('a'))?.remindersStopped).toBe(true);
    expect(await db.outbox.toArray()).toMatchObject([
      { name: 'invoice.setReminders', args: { id: 'a', stopped: true } },
    ]);
  });

  it('a paid invoice offers no reminders to stop', async () => {
    await seed(db, [invoiceRow({ id: 'a', total: 110, amountPaid: 110, status: 'Paid' })]);
    renderDetail('a');
    const card = await screen.findByTestId('reminders-card');
    expect(within(card).getByText('No reminders sent yet')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('Invoice due date', () => {
  it('new terms move the due date from the issue date while nothing is paid', async () => {
    const issued = today();
    await seed(db, [
      invoiceRow({
        id: 'a',
        total: 110,
        amountPaid: 0,
        issueDate: issued,
        dueDate: addDays(issued, 30),
        paymentTerms: 'net_30',
      }),
    ]);
    renderDetail('a');
    fireEvent.click(await screen.findByRole('button', { name: 'Change Due Date' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Payment Terms' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Net 7', hidden: true }));
    // Shown the locale's way (en-US by default).
    expect(within(dialog).getByLabelText('Due Date')).toHaveValue(
      formatLocaleDate(addDays(issued, 7), 'en-US'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SLOW_WAIT);
    expect(await db.invoices.get('a')).toMatchObject({
      paymentTerms: 'net_7',
      dueDate: addDays(issued, 7),
    });
    expect(await db.outbox.toArray()).toMatchObject([
      {
        name: 'invoice.setTerms',
        args: { id: 'a', paymentTerms: 'net_7', dueDate: addDays(issued, 7) },
      },
    ]);
  });

  it('refuses a due date before the issue date, and is not offered once something is paid', async () => {
    const issued = today();
    await seed(db, [
      invoiceRow({ id: 'a', total: 110, amountPaid: 0, issueDate: issued, dueDate: issued }),
      invoiceRow({ id: 'b', total: 110, amountPaid: 10, status: 'Partially paid' }),
    ]);
    const view = renderDetail('a');
    fireEvent.click(await screen.findByRole('button', { name: 'Change Due Date' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Due Date'), {
      target: { value: addDays(issued, -1) },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('The due date cannot be before the issue date'),
    ).toBeInTheDocument();
    expect(await db.outbox.count()).toBe(0);
    view.unmount();

    renderDetail('b');
    await screen.findByTestId('balance-due');
    expect(screen.queryByRole('button', { name: 'Change Due Date' })).not.toBeInTheDocument();
  });
});
