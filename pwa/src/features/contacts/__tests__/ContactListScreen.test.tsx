import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SmbDatabase } from '../../../db/database';
import { renderScreen } from '../../../test/render';
import {
  closeTestDatabase,
  syncedContact,
  syncedCustomer,
  useTestDatabase,
} from '../../../test/local-store';
import ContactListScreen from '../screens/ContactListScreen';

let db: SmbDatabase;
const acme = syncedCustomer(1, { name: 'Acme' });
const globex = syncedCustomer(2, { name: 'Globex' });

beforeEach(async () => {
  db = useTestDatabase();
  await db.customers.bulkPut([acme, globex]);
  await db.contacts.bulkPut([
    syncedContact(1, acme.id, {
      name: 'Ann',
      email: 'ann@acme.test',
      role: 'Primary',
      phoneNumber: '555-0101',
    }),
    syncedContact(2, acme.id, { name: 'Bob', email: 'bob@acme.test', role: 'Buyer' }),
    syncedContact(3, globex.id, { name: 'Gina', email: 'gina@globex.test', role: 'CFO' }),
  ]);
});
afterEach(() => {
  vi.restoreAllMocks();
  closeTestDatabase(db);
});

const PATH = '/dashboard/contacts';
const names = () =>
  screen.queryAllByTestId('contact-row').map((r) => within(r).getAllByRole('cell')[0]!.textContent);

describe('contact list', () => {
  it('lists every contact with the spec columns and its company', async () => {
    renderScreen(PATH, <ContactListScreen />);
    await waitFor(() => expect(names()).toEqual(['Ann', 'Bob', 'Gina']));
    expect(screen.getAllByRole('columnheader').map((h) => h.firstChild?.textContent)).toEqual([
      'Name',
      'Email',
      'Phone',
      'Role',
      'Company',
      'Actions',
    ]);
    const gina = screen.getAllByTestId('contact-row')[2]!;
    expect(within(gina).getByText('gina@globex.test')).toBeInTheDocument();
    expect(within(gina).getByText('CFO')).toBeInTheDocument();
    expect(within(gina).getByText('Globex')).toBeInTheDocument();
  });

  it('filters by the customer chosen in the dropdown', async () => {
    renderScreen(PATH, <ContactListScreen />);
    await waitFor(() => expect(names()).toHaveLength(3));
    fireEvent.click(screen.getByPlaceholderText('All customers'));
    fireEvent.click(await screen.findByRole('option', { name: 'Globex', hidden: true }));
    await waitFor(() => expect(names()).toEqual(['Gina']));
  });

  it('takes the filter from the customer list and clears it with Clear Filter', async () => {
    renderScreen(PATH, <ContactListScreen />, {
      pathname: PATH,
      state: { customerId: acme.id, customerName: 'Acme' },
    });
    await waitFor(() => expect(names()).toEqual(['Ann', 'Bob']));
    expect(screen.getByText(/Showing contacts of/)).toHaveTextContent('Showing contacts of Acme');
    expect(screen.queryByPlaceholderText('All customers')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Clear Filter' }));
    await waitFor(() => expect(names()).toEqual(['Ann', 'Bob', 'Gina']));
    expect(screen.queryByText(/Showing contacts of/)).not.toBeInTheDocument();
    expect(screen.getByPlaceholderText('All customers')).toBeInTheDocument();
  });

  it('adds a contact for the filtered customer', async () => {
    renderScreen(PATH, <ContactListScreen />, {
      pathname: PATH,
      state: { customerId: globex.id, customerName: 'Globex' },
    });
    await waitFor(() => expect(names()).toEqual(['Gina']));
    fireEvent.click(screen.getByRole('button', { name: 'Add Contact' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/contacts/new');
    expect(JSON.parse(screen.getByTestId('location-state').textContent ?? 'null')).toEqual({
      customerId: globex.id,
      customerName: 'Globex',
    });
  });

  it('deletes a contact after confirmation', async () => {
    renderScreen(PATH, <ContactListScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Bob' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete this contact? This action cannot be undone.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete contact' }));
    await waitFor(() => expect(names()).toEqual(['Ann', 'Gina']));
    expect(await db.contacts.get(syncedContact(2, acme.id).id)).toBeUndefined();
  });

  it('shows an empty state with an add button', async () => {
    await db.contacts.clear();
    renderScreen(PATH, <ContactListScreen />);
    expect(await screen.findByText('No contacts yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add Contact' }).length).toBeGreaterThan(0);
  });

  it("says 'Failed to load customers: ...' when the customers cannot be read", async () => {
    vi.spyOn(db.customers, 'orderBy').mockImplementation(() => {
      throw new Error('disk unavailable');
    });
    renderScreen(PATH, <ContactListScreen />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load customers: disk unavailable',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss error' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
