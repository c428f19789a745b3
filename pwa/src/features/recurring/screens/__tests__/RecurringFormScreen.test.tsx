import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SCHEDULE_MESSAGES } from '@smb/shared-types/recurrence';
import {
  seedMasterData,
  storeLocalSession,
} from '../../../../components/documents/__tests__/fixtures';
import { setCurrentDatabase } from '../../../../db/current';
import type { SmbDatabase } from '../../../../db/database';
import { newClientDb } from '../../../../sync/__tests__/helpers';
import { mutate } from '../../../../sync/mutate';
import { renderScreen } from '../../../../test/render';
import { PLACEHOLDER_HINT } from '../../components/ScheduleCard';
import RecurringFormScreen from '../RecurringFormScreen';

let db: SmbDatabase;
beforeEach(async () => {
  db = newClientDb();
  await seedMasterData(db);
  setCurrentDatabase(db);
  storeLocalSession();
});
afterEach(() => {
  setCurrentDatabase(null);
  db.close();
});

const P = 'a0000000-0000-4000-8000-000000000001';

async function profile() {
  await mutate(db, 'recurringProfile.create', {
    id: P,
    customerId: 'cu-acme',
    contactId: 'co-ann',
    currencyCode: 'USD',
    items: [{ id: 'b0000000-0000-4000-8000-000000000001', productId: 'pr-widget', quantity: 2 }],
    startDate: '2027-01-31',
    frequency: { unit: 'month', every: 1 },
  });
}

const select = async (label: string, option: string) => {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
};

describe('Recurring invoice editor', () => {
  it('offers the schedule with the placeholders hint, and refuses an end before the start', async () => {
    const user = userEvent.setup();
    await profile();
    renderScreen(
      '/dashboard/recurring/:id/edit',
      <RecurringFormScreen />,
      `/dashboard/recurring/${P}/edit`,
    );
    await screen.findByRole('heading', { name: 'Edit Recurring Invoice' });
    const card = screen.getByTestId('schedule-card');
    expect(card).toHaveTextContent(PLACEHOLDER_HINT);
    expect(within(card).getByRole('combobox', { name: 'Frequency' })).toHaveValue('Monthly');
    await select('Ends', 'On a date');
    const end = within(card).getByRole('textbox', { name: 'End date' });
    await user.type(end, '2026-12-31');
    fireEvent.blur(end);
    await user.click(screen.getByRole('button', { name: 'Update Recurring Invoice' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SCHEDULE_MESSAGES.endDate);
    expect((await db.outbox.toArray()).map((e) => e.name)).toEqual(['recurringProfile.create']);
  });

  it('saves a new frequency offline: the update names the changed schedule fields', async () => {
    const user = userEvent.setup();
    await profile();
    renderScreen(
      '/dashboard/recurring/:id/edit',
      <RecurringFormScreen />,
      `/dashboard/recurring/${P}/edit`,
    );
    await screen.findByRole('heading', { name: 'Edit Recurring Invoice' });
    await select('Frequency', 'Quarterly');
    await select('Each invoice', 'Issue and mail automatically');
    await user.click(screen.getByRole('button', { name: 'Update Recurring Invoice' }));
    await waitFor(async () =>
      expect((await db.recurring_profiles.get(P))!).toMatchObject({
        frequencyEvery: 3,
        mode: 'issue-and-mail',
      }),
    );
    const update = (await db.outbox.toArray()).at(-1)!;
    expect(update.name).toBe('recurringProfile.update');
    expect(update.args).toMatchObject({
      changes: { frequencyEvery: 3, mode: 'issue-and-mail' },
    });
  });

  it('chooses another currency: the profile is repriced and the update carries the code', async () => {
    const user = userEvent.setup();
    await profile();
    renderScreen(
      '/dashboard/recurring/:id/edit',
      <RecurringFormScreen />,
      `/dashboard/recurring/${P}/edit`,
    );
    await screen.findByRole('heading', { name: 'Edit Recurring Invoice' });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveValue('USD - US Dollar ($)'),
    );
    await select('Currency', 'CAD - Canadian Dollar (C$)');
    await waitFor(() => expect(screen.getByTestId('totals')).toHaveTextContent('Tax (9.975%)'));
    await user.click(screen.getByRole('button', { name: 'Update Recurring Invoice' }));
    await waitFor(async () =>
      expect((await db.recurring_profiles.get(P))!.currencyCode).toBe('CAD'),
    );
    const update = (await db.outbox.toArray()).at(-1)!;
    expect(update).toMatchObject({
      name: 'recurringProfile.update',
      args: { changes: { currencyCode: 'CAD' } },
    });
  });
});
