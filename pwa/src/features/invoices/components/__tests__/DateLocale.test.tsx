import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATE_MESSAGES } from '@smb/shared-types/locale-dates';
import { setCurrentDatabase } from '../../../../db/current';
import type { SmbDatabase } from '../../../../db/database';
import { LocaleProvider } from '../../../../lib/locale';
import { newClientDb } from '../../../../sync/__tests__/helpers';
import { renderScreen } from '../../../../test/render';
import InvoiceDetailScreen from '../../screens/InvoiceDetailScreen';
import { invoiceRow, seed } from '../../screens/__tests__/fixtures';

/**
 * Issue 34.1: dates are typed and shown in the tenant's locale (a native date input follows the
 * browser's language): 26.11.2026 under de-DE, 11/26/2026 under en-US; what the locale would not
 * write is refused with the field's message, never read as another day.
 */
let db: SmbDatabase;
beforeEach(() => {
  db = newClientDb();
  setCurrentDatabase(db);
});
afterEach(() => {
  setCurrentDatabase(null);
  db.close();
});

async function openPayment(locale: string) {
  await seed(db, [
    invoiceRow({
      id: 'a',
      currencyCode: 'EUR',
      total: 500,
      amountPaid: 0,
      issueDate: '2026-11-02',
      dueDate: '2026-12-02',
    }),
  ]);
  renderScreen(
    '/dashboard/invoices/:id',
    <LocaleProvider locale={locale}>
      <InvoiceDetailScreen />
    </LocaleProvider>,
    '/dashboard/invoices/a',
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Record Payment' }));
  const dialog = await screen.findByRole('dialog');
  return { user, dialog, date: within(dialog).getByRole('textbox', { name: 'Date' }) };
}

async function typeDate(locale: string, text: string) {
  const opened = await openPayment(locale);
  await opened.user.clear(opened.date);
  await opened.user.type(opened.date, text);
  await opened.user.click(within(opened.dialog).getByRole('button', { name: 'Record Payment' }));
  return opened;
}

describe('dates in the tenant’s locale', () => {
  it.each([
    ['de-DE', '26.11.2026', /^\d{1,2}\.\d{1,2}\.\d{4}$/],
    ['en-US', '11/26/2026', /^\d{1,2}\/\d{1,2}\/\d{4}$/],
  ])(
    'under %s, today shows the locale’s way and %s records 2026-11-26',
    async (locale, text, shape) => {
      const { date } = await openPayment(locale);
      expect((date as HTMLInputElement).value).toMatch(shape);
      setCurrentDatabase(db);
      await typeDateInto(date, text);
      await waitFor(async () => expect(await db.outbox.count()).toBe(1));
      const [queued] = await db.outbox.toArray();
      expect(queued).toMatchObject({ name: 'payment.create', args: { paidOn: '2026-11-26' } });
    },
  );

  it.each([
    ['en-US', '26.11.2026', '11/26/2026'],
    ['de-DE', '11/26/2026', '26.11.2026'],
    ['de-DE', '31.02.2026', '26.11.2026'],
  ])(
    'under %s, %s is refused with an example (%s) and nothing is recorded',
    async (locale, text, example) => {
      const { dialog, date } = await typeDate(locale, text);
      expect(await within(dialog).findByText(DATE_MESSAGES.notADate(example))).toBeInTheDocument();
      expect(date).toHaveValue(text);
      expect(await db.outbox.count()).toBe(0);
    },
  );
});

/** Types `text` over the field's day and records the payment. */
async function typeDateInto(date: HTMLElement, text: string) {
  const user = userEvent.setup();
  await user.clear(date);
  await user.type(date, text);
  const dialog = screen.getByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
}
