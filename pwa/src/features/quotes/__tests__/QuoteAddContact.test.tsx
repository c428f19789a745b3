import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_PERSON_MESSAGES } from '@smb/shared-types/contacts';
import {
  seedMasterData,
  storeLocalSession,
} from '../../../components/documents/__tests__/fixtures';
import { setCurrentDatabase } from '../../../db/current';
import type { SmbDatabase } from '../../../db/database';
import { newClientDb } from '../../../sync/__tests__/helpers';
import { SLOW_WAIT, expectLocation, renderScreen } from '../../../test/render';
import QuoteFormScreen from '../screens/QuoteFormScreen';

let db: SmbDatabase;
beforeEach(async () => {
  db = newClientDb();
  await seedMasterData(db);
  setCurrentDatabase(db);
  storeLocalSession();
});
afterEach(() => {
  vi.restoreAllMocks();
  setCurrentDatabase(null);
  db.close();
});

describe('Select Contact: adding a contact without leaving the quote (issue 34.6)', () => {
  it('adds a contact to a customer without one, selects it, keeps the typed lines, and saves offline', async () => {
    const user = userEvent.setup();
    renderScreen('/dashboard/quotes/new', <QuoteFormScreen />);
    const save = await screen.findByRole('button', { name: 'Create Quote' });

    // Lines typed first: they must survive the detour.
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await user.click(screen.getByRole('combobox', { name: 'Item 1 product' }));
    fireEvent.click(await screen.findByRole('option', { name: /^Widget/, hidden: true }));
    const quantity = screen.getByRole('textbox', { name: 'Item 1 quantity' });
    await user.clear(quantity);
    await user.type(quantity, '4');

    await user.click(screen.getByRole('button', { name: 'Select Recipient' }));
    await user.click(await screen.findByRole('button', { name: 'Select Initech' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Contact' });
    expect(within(dialog).getByText('No contacts found for this customer.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    const form = within(dialog).getByRole('form', { name: 'New contact' });

    // The contact rules are the contact form's.
    await user.click(within(form).getByRole('button', { name: 'Save Contact' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      CONTACT_PERSON_MESSAGES.nameRequired,
    );

    await user.type(within(form).getByLabelText(/Contact Name/), 'Peter Gibbons');
    await user.type(within(form).getByLabelText(/Email/), 'peter@initech.test');
    await user.type(within(form).getByLabelText('Role'), 'Programmer');
    await user.click(within(form).getByRole('button', { name: 'Save Contact' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SLOW_WAIT);

    expect(await screen.findByText('Peter Gibbons')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Item 1 quantity' })).toHaveValue('4');
    const [added] = await db.contacts.where('customerId').equals('cu-initech').toArray();
    expect(added).toMatchObject({ name: 'Peter Gibbons', role: 'Programmer' });
    expect((await db.outbox.toArray()).map((e) => e.name)).toContain('contact.create');

    await user.click(save);
    await expectLocation('/dashboard/quotes');
    const [quote] = await db.quotes.toArray();
    expect(quote).toMatchObject({ customerId: 'cu-initech', contactId: added!.id });
    expect(quote!.items).toMatchObject([{ productId: 'pr-widget', quantity: 4 }]);
  });
});
