import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NUMBER_MESSAGES } from '@smb/shared-types/locale-numbers';
import { setCurrentDatabase } from '../../../../db/current';
import type { SmbDatabase } from '../../../../db/database';
import { LocaleProvider } from '../../../../lib/locale';
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

/** The invoice screen as the dashboard shows it, under the tenant's locale. */
async function openInvoice(locale: string) {
  await seed(db, [invoiceRow({ id: 'a', currencyCode: 'EUR', total: 5000, amountPaid: 0 })]);
  renderScreen(
    '/dashboard/invoices/:id',
    <LocaleProvider locale={locale}>
      <InvoiceDetailScreen />
    </LocaleProvider>,
    '/dashboard/invoices/a',
  );
  await screen.findByTestId('balance-due');
}

async function typePayment(text: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Record Payment' }));
  const dialog = await screen.findByRole('dialog');
  const input = within(dialog).getByRole('textbox', { name: 'Amount' });
  await user.clear(input);
  await user.type(input, text);
  await user.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
  return dialog;
}

const spaces = (text: string | null) => text?.replace(/[\u00a0\u202f]/g, ' ');

describe('Record Payment in the tenant’s locale (issue 34.1)', () => {
  it('under de-DE, 1.234,56 records 1234.56 and shows 1.234,56 €', async () => {
    await openInvoice('de-DE');
    expect(spaces(screen.getByTestId('balance-due').textContent)).toContain('5.000,00 €');
    await typePayment('1.234,56');
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [queued] = await db.outbox.toArray();
    expect(queued).toMatchObject({
      name: 'payment.create',
      args: { invoiceId: 'a', amount: 1234.56 },
    });
    await waitFor(() =>
      expect(spaces(screen.getByTestId('balance-due').textContent)).toContain('3.765,44 €'),
    );
    const row = screen.getByTestId('payment-row');
    expect(spaces(row.textContent)).toContain('1.234,56 €');
  });

  it('under en-US, 1.000,00 is refused with a message and nothing is recorded', async () => {
    await openInvoice('en-US');
    const dialog = await typePayment('1.000,00');
    expect(
      await within(dialog).findByText(NUMBER_MESSAGES.notANumber('1,234.56')),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Amount' })).toHaveValue('1.000,00');
    expect(await db.outbox.count()).toBe(0);
    expect((await db.invoices.get('a'))?.amountPaid).toBe(0);
  });
});
