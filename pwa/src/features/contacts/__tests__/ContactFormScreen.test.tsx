import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SmbDatabase } from '../../../db/database';
import { renderScreen } from '../../../test/render';
import {
  closeTestDatabase,
  eventually,
  syncedContact,
  syncedCustomer,
  useTestDatabase,
} from '../../../test/local-store';
import ContactFormScreen from '../screens/ContactFormScreen';

let db: SmbDatabase;
const acme = syncedCustomer(1, { name: 'Acme' });
const globex = syncedCustomer(2, { name: 'Globex' });
const bob = syncedContact(2, acme.id, { name: 'Bob', email: 'bob@acme.test', role: 'Buyer' });

beforeEach(async () => {
  db = useTestDatabase();
  await db.customers.bulkPut([acme, globex]);
  await db.contacts.put(bob);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  closeTestDatabase(db);
});

const ROUTE = '/dashboard/contacts/:id';
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`)), { target: { value } });
const customerInput = () => screen.getByPlaceholderText('Select a customer') as HTMLInputElement;

describe('new contact', () => {
  it('preselects the customer passed from the list and returns 1 second after saving', async () => {
    renderScreen(ROUTE, <ContactFormScreen />, {
      pathname: '/dashboard/contacts/new',
      state: { customerId: globex.id, customerName: 'Globex' },
    });
    await waitFor(() => expect(customerInput().value).toBe('Globex'));
    type('Name', 'Gina');
    type('Email', 'gina@globex.test');
    type('Phone Number', '555-0199');
    type('Role', 'CFO');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Create Contact' }));
    await eventually(() =>
      expect(screen.getByText('Contact created successfully!')).toBeInTheDocument(),
    );
    expect(await db.contacts.where('customerId').equals(globex.id).toArray()).toMatchObject([
      { name: 'Gina', email: 'gina@globex.test', phoneNumber: '555-0199', role: 'CFO' },
    ]);
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/contacts$/);
  });

  it('preselects the customer of ?customerId=', async () => {
    renderScreen(ROUTE, <ContactFormScreen />, `/dashboard/contacts/new?customerId=${acme.id}`);
    await waitFor(() => expect(customerInput().value).toBe('Acme'));
  });

  it('requires a customer, a name and an email', async () => {
    renderScreen(ROUTE, <ContactFormScreen />, '/dashboard/contacts/new');
    const save = await screen.findByRole('button', { name: 'Create Contact' });
    fireEvent.click(save);
    expect(await screen.findByRole('alert')).toHaveTextContent('Customer is required');
    fireEvent.click(customerInput());
    fireEvent.click(await screen.findByRole('option', { name: 'Acme', hidden: true }));
    fireEvent.click(save);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Name is required'));
    type('Name', 'Zed');
    fireEvent.click(save);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Email is required'));
    type('Email', 'not-an-email');
    fireEvent.click(save);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Email is not a valid email address'),
    );
    expect(await db.contacts.count()).toBe(1);
  });
});

describe('edit contact', () => {
  it('really saves the changes (no "coming soon" alert) and returns to the list', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderScreen(ROUTE, <ContactFormScreen />, `/dashboard/contacts/${bob.id}`);
    expect(await screen.findByDisplayValue('Bob')).toBeInTheDocument();
    expect(screen.getByDisplayValue('Buyer')).toBeInTheDocument();
    expect(customerInput().value).toBe('Acme');
    type('Role', 'Head of Purchasing');
    type('Email', 'robert@acme.test');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Update Contact' }));
    await eventually(() =>
      expect(screen.getByText('Contact updated successfully!')).toBeInTheDocument(),
    );
    expect(await db.contacts.get(bob.id)).toMatchObject({
      name: 'Bob',
      email: 'robert@acme.test',
      role: 'Head of Purchasing',
    });
    expect((await db.outbox.toArray()).map((e) => e.name)).toEqual(['contact.update']);
    expect(alert).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/contacts$/);
  });

  it("says 'Contact not found' for an unknown id", async () => {
    renderScreen(
      ROUTE,
      <ContactFormScreen />,
      '/dashboard/contacts/00000000-0000-4000-9000-000000000999',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Contact not found$/);
  });

  it("says 'Failed to load contact details: ...' when the contact cannot be read", async () => {
    vi.spyOn(db.contacts, 'get').mockRejectedValue(new Error('read failed'));
    renderScreen(ROUTE, <ContactFormScreen />, `/dashboard/contacts/${bob.id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load contact details: read failed',
    );
  });

  it("says 'Failed to load customers: ...' when the customers cannot be read", async () => {
    vi.spyOn(db.customers, 'orderBy').mockImplementation(() => {
      throw new Error('disk unavailable');
    });
    renderScreen(ROUTE, <ContactFormScreen />, '/dashboard/contacts/new');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load customers: disk unavailable',
    );
  });
});
