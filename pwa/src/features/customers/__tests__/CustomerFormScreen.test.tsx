import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDENTIFIER_MESSAGES } from '@smb/shared-types/identifiers';
import type { SmbDatabase } from '../../../db/database';
import { renderScreen } from '../../../test/render';
import CustomerFormScreen from '../screens/CustomerFormScreen';
import {
  closeTestDatabase,
  eventually,
  syncedCustomer,
  useTestDatabase,
} from '../../../test/local-store';

let db: SmbDatabase;
beforeEach(() => {
  db = useTestDatabase();
});
afterEach(() => {
  vi.useRealTimers();
  closeTestDatabase(db);
});

const ROUTE = '/dashboard/customers/:id';
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`)), { target: { value } });

describe('new customer', () => {
  it('requires company and main contact name and email, one message at a time', async () => {
    renderScreen(ROUTE, <CustomerFormScreen />, '/dashboard/customers/new');
    const save = await screen.findByRole('button', { name: 'Create Customer' });
    fireEvent.click(save);
    expect(await screen.findByRole('alert')).toHaveTextContent('Company name is required');
    type('Company Name', 'Acme');
    fireEvent.click(save);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Company email is required'),
    );
    type('Company Email', 'sales@acme.test');
    fireEvent.click(save);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Main contact name is required'),
    );
    type('Main Contact Name', 'Ann');
    fireEvent.click(save);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Main contact email is required'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss error' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(await db.customers.count()).toBe(0);
  });

  it('saves with its Primary contact, says so and returns to the list after 1 second', async () => {
    renderScreen(ROUTE, <CustomerFormScreen />, '/dashboard/customers/new');
    await screen.findByRole('button', { name: 'Create Customer' });
    type('Company Name', '  Acme Ltd ');
    type('Company Email', 'sales@acme.test');
    type('Company Phone Number', '+44 20 7946 0000');
    type('Company Address', '1 High Street');
    type('Company Address 2', 'London');
    type('Main Contact Name', 'Ann Smith');
    type('Main Contact Email', 'ann@acme.test');
    type('Main Contact Phone Number', '+44 7700 900000');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Create Customer' }));
    await eventually(() =>
      expect(screen.getByText('Customer created successfully!')).toBeInTheDocument(),
    );
    const [customer] = await db.customers.toArray();
    expect(customer).toMatchObject({
      name: 'Acme Ltd',
      email: 'sales@acme.test',
      phoneNumber: '+44 20 7946 0000',
      address: '1 High Street',
      address2: 'London',
    });
    expect(await db.contacts.toArray()).toMatchObject([
      { customerId: customer!.id, name: 'Ann Smith', email: 'ann@acme.test', role: 'Primary' },
    ]);

    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/customers$/);
  });
});

describe('edit customer', () => {
  it('loads the customer without the main contact fields and saves the changes', async () => {
    const customer = syncedCustomer(5, { name: 'Globex', address2: 'Suite 9' });
    await db.customers.put(customer);
    renderScreen(ROUTE, <CustomerFormScreen />, `/dashboard/customers/${customer.id}`);
    expect(await screen.findByDisplayValue('Globex')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Edit Customer' })).toBeInTheDocument();
    expect(screen.getByDisplayValue('Suite 9')).toBeInTheDocument();
    expect(screen.queryByLabelText('Main Contact Name', { exact: false })).not.toBeInTheDocument();

    type('Company Name', '');
    fireEvent.click(screen.getByRole('button', { name: 'Update Customer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Company name is required');

    type('Company Name', 'Globex Corporation');
    type('Company Address 2', '');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Update Customer' }));
    await eventually(() =>
      expect(screen.getByText('Customer updated successfully!')).toBeInTheDocument(),
    );
    expect(await db.customers.get(customer.id)).toMatchObject({
      name: 'Globex Corporation',
      address2: null,
      email: customer.email,
    });
    expect((await db.outbox.toArray()).map((e) => e.name)).toEqual(['customer.update']);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/customers$/);
  });

  it('checks the identity for invoices field by field and saves it compact', async () => {
    const customer = syncedCustomer(6, { name: 'Käufer AG' });
    await db.customers.put(customer);
    renderScreen(ROUTE, <CustomerFormScreen />, `/dashboard/customers/${customer.id}`);
    expect(await screen.findByDisplayValue('Käufer AG')).toBeInTheDocument();
    expect(screen.getByText('Identity on Invoices')).toBeInTheDocument();

    type('Country', 'de');
    type('Postcode', '80331');
    type('City', 'München');
    type('VAT ID', 'FR12345678901');
    fireEvent.blur(screen.getByLabelText('VAT ID'));
    expect(await screen.findByText(IDENTIFIER_MESSAGES.vatCountry('FR', 'DE'))).toBeInTheDocument();
    type('IBAN', 'DE89 3704 0044 0532 0130 01');
    fireEvent.blur(screen.getByLabelText('IBAN'));
    expect(await screen.findByText(IDENTIFIER_MESSAGES.iban)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Update Customer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      IDENTIFIER_MESSAGES.vatCountry('FR', 'DE'),
    );
    expect(await db.outbox.count()).toBe(0);

    type('VAT ID', 'de 987 654 321');
    type('IBAN', 'DE89 3704 0044 0532 0130 00');
    type('Buyer Reference', 'PO-17');
    await waitFor(() => expect(screen.queryByText(IDENTIFIER_MESSAGES.iban)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Update Customer' }));
    await eventually(() =>
      expect(screen.getByText('Customer updated successfully!')).toBeInTheDocument(),
    );
    expect(await db.customers.get(customer.id)).toMatchObject({
      country: 'DE',
      postcode: '80331',
      city: 'München',
      vatId: 'DE987654321',
      iban: 'DE89370400440532013000',
      buyerReference: 'PO-17',
    });
  });

  it('says when the customer does not exist', async () => {
    renderScreen(
      ROUTE,
      <CustomerFormScreen />,
      '/dashboard/customers/00000000-0000-4000-8000-000000000999',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Customer not found');
    fireEvent.click(screen.getByRole('button', { name: 'Back to Customers' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/customers');
  });
});
