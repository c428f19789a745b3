import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CUSTOMER_MESSAGES } from '@smb/shared-types/customers';
import type { SmbDatabase } from '../../../db/database';
import { renderScreen } from '../../../test/render';
import { createCustomer } from '../data/customers';
import CustomerListScreen from '../screens/CustomerListScreen';
import { closeTestDatabase, syncedCustomer, useTestDatabase } from '../../../test/local-store';

let db: SmbDatabase;
beforeEach(() => {
  db = useTestDatabase();
});
afterEach(() => closeTestDatabase(db));

const PATH = '/dashboard/customers';
/** Fifty Mantine rows take a while to render in jsdom. */
const SLOW = { timeout: 5000 };
const rows = () => screen.queryAllByTestId('customer-row');

describe('customer list', () => {
  it('shows an empty state whose button opens the new-customer form', async () => {
    renderScreen(PATH, <CustomerListScreen />);
    expect(await screen.findByText('No customers yet')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add Customer' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/customers/new');
  });

  it('lists the spec columns, pages by 50 and searches', async () => {
    await db.customers.bulkPut(Array.from({ length: 60 }, (_, i) => syncedCustomer(i + 1)));
    renderScreen(PATH, <CustomerListScreen />);
    await waitFor(() => expect(rows()).toHaveLength(50), SLOW);
    const headers = screen.getAllByRole('columnheader').map((h) => h.firstChild?.textContent);
    expect(headers).toEqual(['Name', 'Email', 'Phone', 'Address', 'Actions']);
    expect(within(rows()[0]!).getByText('Customer 001')).toBeInTheDocument();
    expect(within(rows()[0]!).getByText('c1@example.test')).toBeInTheDocument();
    expect(within(rows()[0]!).getByText('1 Main Street')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–50 of 60 customers')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(rows()).toHaveLength(10), SLOW);
    expect(screen.getByText('Showing 51–60 of 60 customers')).toBeInTheDocument();
    expect(within(rows()[0]!).getByText('Customer 051')).toBeInTheDocument();

    fireEvent.change(screen.getByPlaceholderText('Search customers...'), {
      target: { value: 'c42@EXAMPLE' },
    });
    await waitFor(() => expect(rows()).toHaveLength(1), SLOW);
    await waitFor(() => expect(rows()).toHaveLength(1), SLOW);
    expect(within(rows()[0]!).getByText('Customer 042')).toBeInTheDocument();
    expect(screen.getByText('1 customer')).toBeInTheDocument();

    fireEvent.change(screen.getByPlaceholderText('Search customers...'), {
      target: { value: 'zzz' },
    });
    expect(await screen.findByText('No customers match “zzz”.', {}, SLOW)).toBeInTheDocument();
  });

  it('marks customers with unsynced changes', async () => {
    await db.customers.put(syncedCustomer(1, { name: 'Synced Ltd' }));
    await createCustomer({
      companyName: 'Offline Co',
      companyEmail: 'o@offline.test',
      mainContactName: 'Olga',
      mainContactEmail: 'olga@offline.test',
    });
    renderScreen(PATH, <CustomerListScreen />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const offline = rows().find((r) => r.textContent?.includes('Offline Co'))!;
    const synced = rows().find((r) => r.textContent?.includes('Synced Ltd'))!;
    await waitFor(() => expect(within(offline).getByText('Not synced')).toBeInTheDocument());
    expect(within(synced).queryByText('Not synced')).not.toBeInTheDocument();
  });

  it('opens the contacts of a customer with its id and name as navigation state', async () => {
    const customer = syncedCustomer(7, { name: 'Globex' });
    await db.customers.put(customer);
    renderScreen(PATH, <CustomerListScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Contacts of Globex' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/contacts');
    expect(JSON.parse(screen.getByTestId('location-state').textContent ?? 'null')).toEqual({
      customerId: customer.id,
      customerName: 'Globex',
    });
  });

  it('edits from the row action', async () => {
    const customer = syncedCustomer(3);
    await db.customers.put(customer);
    renderScreen(PATH, <CustomerListScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Customer 003' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(
      `/dashboard/customers/${customer.id}`,
    );
  });

  it('asks before deleting, warning about everything that goes with the customer', async () => {
    const customer = syncedCustomer(1, { name: 'Initech' });
    await db.customers.put(customer);
    renderScreen(PATH, <CustomerListScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Initech' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete Initech?')).toBeInTheDocument();
    const warning = within(dialog).getByText(/permanently removed/).textContent ?? '';
    for (const part of [
      'contacts',
      'quotes and quote items',
      'orders and order items',
      'permanently removed',
    ])
      expect(warning).toContain(part);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await db.customers.get(customer.id)).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Initech' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete customer' }),
    );
    await waitFor(async () => expect(await db.customers.get(customer.id)).toBeUndefined());
    expect(await screen.findByText('No customers yet')).toBeInTheDocument();
    expect((await db.outbox.toArray()).map((e) => e.name)).toEqual(['customer.delete']);
  });

  it('shows the refusal when the customer has invoices, and the banner can be dismissed', async () => {
    const customer = syncedCustomer(1, { name: 'Umbrella' });
    await db.customers.put(customer);
    await db.invoices.put({ id: 'inv-1', customerId: customer.id } as never);
    renderScreen(PATH, <CustomerListScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Umbrella' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete customer' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(CUSTOMER_MESSAGES.hasInvoices);
    expect(await db.customers.get(customer.id)).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss error' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
