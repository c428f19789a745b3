import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES } from '@smb/shared-types/quotes';
import type { SmbDatabase } from '../../../../db/database';
import type { RecurringProfileRow } from '../../../../db/types';
import { EXTRAS_TEXT } from '../../components/ExtrasCard';
import { mutate } from '../../../../sync/mutate';
import { closeTestDatabase, syncedCustomer, useTestDatabase } from '../../../../test/local-store';
import { renderScreen } from '../../../../test/render';
import RecurringDetailScreen from '../RecurringDetailScreen';
import RecurringListScreen, { RECURRING_EMPTY } from '../RecurringListScreen';

let db: SmbDatabase;
beforeEach(() => {
  db = useTestDatabase();
});
afterEach(() => closeTestDatabase(db));

const C = 'c0000000-0000-4000-8000-000000000001';
const P = 'a0000000-0000-4000-8000-000000000001';

/** A profile made on this device (offline): Nordwind BV, 2 × 100 every 2 weeks. */
async function profile(over: Record<string, unknown> = {}) {
  await db.customers.put(syncedCustomer(1, { id: C, name: 'Nordwind BV' }));
  await mutate(db, 'recurringProfile.create', {
    id: P,
    customerId: C,
    contactId: 'd0000000-0000-4000-8000-000000000001',
    currencyCode: 'USD',
    items: [
      {
        id: 'b0000000-0000-4000-8000-000000000001',
        productId: null,
        quantity: 2,
        description: 'Cleaning {MONTH}',
        unitPrice: 100,
      },
    ],
    startDate: '2027-01-04',
    frequency: { unit: 'week', every: 2 },
    ...over,
  });
}

describe('RecurringListScreen', () => {
  it('says there are none yet', async () => {
    renderScreen('/dashboard/recurring', <RecurringListScreen />);
    expect(await screen.findByTestId('recurring-empty')).toHaveTextContent(RECURRING_EMPTY);
  });

  it('lists a profile made offline: customer, frequency, next date, status', async () => {
    await profile();
    renderScreen('/dashboard/recurring', <RecurringListScreen />);
    const row = await screen.findByTestId('recurring-row');
    expect(row).toHaveTextContent('Nordwind BV');
    expect(row).toHaveTextContent('Every 2 weeks');
    expect(row).toHaveTextContent('Active');
    expect(within(row).getByRole('link', { name: 'Nordwind BV' })).toHaveAttribute(
      'href',
      `/dashboard/recurring/${P}`,
    );
  });
});

describe('RecurringDetailScreen', () => {
  const open = () =>
    renderScreen(
      '/dashboard/recurring/:id',
      <RecurringDetailScreen />,
      `/dashboard/recurring/${P}`,
    );

  it('shows the schedule in words and the next five dates; pauses and resumes offline', async () => {
    await profile({ end: { kind: 'after', count: 3 } });
    open();
    await screen.findByRole('heading', { name: 'Nordwind BV' });
    expect(screen.getByText(/Every 2 weeks from .*3 invoices in all/)).toBeInTheDocument();
    expect(within(screen.getByTestId('next-dates')).getAllByRole('listitem')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(screen.getByTestId('recurring-status')).toHaveTextContent('Paused'));
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(screen.getByTestId('recurring-status')).toHaveTextContent('Active'));
    fireEvent.click(screen.getByRole('button', { name: 'Skip next' }));
    expect(await screen.findByText('The next invoice is skipped.')).toBeInTheDocument();
    expect((await db.outbox.toArray()).map((e) => e.name)).toEqual([
      'recurringProfile.create',
      'recurringProfile.pause',
      'recurringProfile.resume',
      'recurringProfile.skipNext',
    ]);
  });

  it('asks before invoicing now and before deleting', async () => {
    await profile();
    open();
    await screen.findByRole('heading', { name: 'Nordwind BV' });
    fireEvent.click(screen.getByRole('button', { name: 'Invoice now' }));
    const ask = await screen.findByRole('dialog', { name: 'Invoice now?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Invoice now' }));
    await waitFor(async () =>
      expect((await db.outbox.toArray()).map((e) => e.name)).toContain(
        'recurringProfile.invoiceNow',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this recurring invoice?' });
    expect(confirm).toHaveTextContent('The invoices it made stay.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(async () => expect(await db.recurring_profiles.get(P)).toBeUndefined());
  });

  it('adds, edits and removes the next invoice’s extras offline; Cancel keeps them', async () => {
    const user = userEvent.setup();
    await profile();
    open();
    const card = await screen.findByTestId('extras-card');
    expect(within(card).getByTestId('no-extras')).toHaveTextContent(EXTRAS_TEXT.none);
    await user.click(within(card).getByRole('button', { name: 'Add extras' }));
    // A half-filled line is refused with the documents' message.
    await user.click(within(card).getByRole('button', { name: 'Save extras' }));
    expect(await within(card).findByText(DOCUMENT_MESSAGES.completeItems)).toBeInTheDocument();
    await user.type(within(card).getByRole('textbox', { name: 'Item 1 description' }), 'Setup');
    const price = within(card).getByRole('textbox', { name: 'Item 1 unit price' });
    await user.clear(price);
    await user.type(price, '50');
    await user.click(within(card).getByRole('button', { name: 'Save extras' }));
    await waitFor(async () =>
      expect(extrasOf((await db.recurring_profiles.get(P))!)).toEqual([['Setup', 1, 50]]),
    );
    expect(await within(card).findByText('Setup')).toBeInTheDocument();

    // Edit: a second line, the first removed.
    await user.click(within(card).getByRole('button', { name: 'Edit extras' }));
    await user.click(within(card).getByRole('button', { name: 'Add a free line' }));
    await user.type(within(card).getByRole('textbox', { name: 'Item 2 description' }), 'Travel');
    const second = within(card).getByRole('textbox', { name: 'Item 2 unit price' });
    await user.clear(second);
    await user.type(second, '20');
    await user.click(within(card).getAllByRole('button', { name: /Remove/ })[0]!);
    await user.click(within(card).getByRole('button', { name: 'Save extras' }));
    await waitFor(async () =>
      expect(extrasOf((await db.recurring_profiles.get(P))!)).toEqual([['Travel', 1, 20]]),
    );

    // Cancel drops the edit.
    await user.click(within(card).getByRole('button', { name: 'Edit extras' }));
    await user.click(within(card).getByRole('button', { name: 'Add a free line' }));
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(within(card).queryByRole('button', { name: 'Save extras' })).toBeNull();
    expect(extrasOf((await db.recurring_profiles.get(P))!)).toEqual([['Travel', 1, 20]]);
    // The recurring lines never change.
    expect((await db.recurring_profiles.get(P))!.items.filter((l) => !l.oneOff)).toHaveLength(1);
    expect((await db.outbox.toArray()).map((e) => e.name)).toEqual([
      'recurringProfile.create',
      'recurringProfile.setExtras',
      'recurringProfile.setExtras',
    ]);
  });

  it('clears the extras after a confirmation', async () => {
    await profile({
      extraItems: [
        {
          id: 'b0000000-0000-4000-8000-000000000002',
          productId: null,
          quantity: 1,
          description: 'Setup',
          unitPrice: 50,
        },
      ],
    });
    open();
    const card = await screen.findByTestId('extras-card');
    expect(await within(card).findByText('Setup')).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Clear extras' }));
    const ask = await screen.findByRole('dialog', { name: EXTRAS_TEXT.clearTitle });
    fireEvent.click(within(ask).getByRole('button', { name: 'Clear extras' }));
    expect(await within(card).findByTestId('no-extras')).toBeInTheDocument();
    expect(extrasOf((await db.recurring_profiles.get(P))!)).toEqual([]);
    const last = (await db.outbox.toArray()).at(-1)!;
    expect(last).toMatchObject({ name: 'recurringProfile.setExtras', args: { extraItems: [] } });
  });
});

const extrasOf = (row: RecurringProfileRow) =>
  row.items.filter((l) => l.oneOff).map((l) => [l.description, l.quantity, l.unitPrice]);
