import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import { SLOW_WAIT } from '../../../test/render';
import { RecipientCard, type Recipient } from '../RecipientCard';
import { setCurrentDatabase } from '../../../db/current';
import type { SmbDatabase } from '../../../db/database';
import { newClientDb } from '../../../sync/__tests__/helpers';
import { customers, seedMasterData } from './fixtures';

// The card reads the chosen customer and contact, and the pickers their lists, from the database.
let db: SmbDatabase;
beforeEach(async () => {
  db = newClientDb();
  await seedMasterData(db);
  setCurrentDatabase(db);
});
afterEach(() => {
  setCurrentDatabase(null);
  db.close();
});

function Harness({ initial, onChange }: { initial: Recipient; onChange?: (r: Recipient) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider theme={theme}>
      <RecipientCard
        value={value}
        onChange={(r) => {
          onChange?.(r);
          setValue(r);
        }}
        buttonLabel="Select Recipient"
      />
    </MantineProvider>
  );
}

const names = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('row')
    .slice(1)
    .map((r) => r.querySelector('td')?.textContent);

async function openCustomers(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Select Recipient' }));
  return screen.findByRole('dialog', { name: 'Select Customer' });
}

describe('Select Customer modal', () => {
  it('lists customers with location, searches name or e-mail case-insensitively, and says when nothing matches', async () => {
    const user = userEvent.setup();
    render(<Harness initial={{ customerId: null, contactId: null }} />);
    const dialog = await openCustomers(user);
    for (const header of ['Customer Name', 'Email', 'Location', 'Action'])
      expect(within(dialog).getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(names(dialog)).toEqual(['Acme Ltd', 'Globex', 'Initech']);
    expect(within(dialog).getByText('1 Main St, Springfield')).toBeInTheDocument();

    const search = within(dialog).getByPlaceholderText('Search customers...');
    await waitFor(() => expect(search).toHaveFocus());
    await user.type(search, 'ACME');
    expect(names(dialog)).toEqual(['Acme Ltd']);
    await user.clear(search);
    await user.type(search, 'hello@GLOBEX');
    expect(names(dialog)).toEqual(['Globex']);
    await user.clear(search);
    await user.type(search, 'nobody');
    expect(
      within(dialog).getByText('No customers found matching your search.'),
    ).toBeInTheDocument();
  });

  it('shows the first 100 matches of a long list and says how many more a search would narrow', async () => {
    await db.customers.bulkPut(
      Array.from({ length: 250 }, (_, i) => ({
        ...customers[1]!,
        id: `cu-many-${i + 1}`,
        name: `Customer ${i + 1}`,
        email: `c${i + 1}@many.test`,
      })),
    );
    const user = userEvent.setup();
    render(<Harness initial={{ customerId: null, contactId: null }} />);
    const dialog = await openCustomers(user);
    await waitFor(() => expect(names(dialog)).toHaveLength(100), SLOW_WAIT);
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Showing the first 100 of 253. Type to narrow the search.',
    );

    await user.type(within(dialog).getByPlaceholderText('Search customers...'), 'Customer 250');
    expect(names(dialog)).toEqual(['Customer 250']);
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
  });

  it('focuses the search 100 ms after opening', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
    try {
      render(<Harness initial={{ customerId: null, contactId: null }} />);
      fireEvent.click(screen.getByRole('button', { name: 'Select Recipient' }));
      act(() => vi.advanceTimersByTime(99));
      const search = screen.getByPlaceholderText('Search customers...');
      expect(search).not.toHaveFocus();
      act(() => vi.advanceTimersByTime(1));
      expect(search).toHaveFocus();
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    render(<Harness initial={{ customerId: null, contactId: null }} />);
    await openCustomers(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SLOW_WAIT);
  });
});

describe('Select Contact modal', () => {
  it("shows the chosen customer's contacts, searches name, e-mail or role, goes back, and shows the footer", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial={{ customerId: null, contactId: null }} onChange={onChange} />);
    const customersDialog = await openCustomers(user);
    await user.click(within(customersDialog).getByRole('button', { name: 'Select Acme Ltd' }));

    const dialog = await screen.findByRole('dialog', { name: /Select Contact/ });
    for (const header of ['Contact Name', 'Email', 'Role', 'Action'])
      expect(within(dialog).getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(names(dialog)).toEqual(['Ann Able', 'Bob Buyer']);
    const footer = within(dialog).getByTestId('contact-picker-footer');
    expect(footer).toHaveTextContent('Acme Ltd');
    expect(footer).toHaveTextContent('office@acme.test');

    const search = within(dialog).getByPlaceholderText('Search contacts...');
    await user.type(search, 'purch');
    expect(names(dialog)).toEqual(['Bob Buyer']);
    await user.clear(search);
    await user.type(search, 'ANN@');
    expect(names(dialog)).toEqual(['Ann Able']);

    await user.click(within(dialog).getByRole('button', { name: 'Back to customers' }));
    const again = await screen.findByRole('dialog', { name: 'Select Customer' });
    await user.click(within(again).getByRole('button', { name: 'Select Acme Ltd' }));
    const contactsDialog = await screen.findByRole('dialog', { name: /Select Contact/ });
    await user.click(within(contactsDialog).getByRole('button', { name: 'Select Bob Buyer' }));

    expect(onChange).toHaveBeenLastCalledWith({ customerId: 'cu-acme', contactId: 'co-bob' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SLOW_WAIT);
    const contactCard = screen.getByTestId('recipient-contact');
    expect(contactCard).toHaveTextContent('Bob Buyer');
    expect(contactCard).toHaveTextContent('bob@acme.test');
    expect(contactCard).toHaveTextContent('Purchasing');
    const customerCard = screen.getByTestId('recipient-customer');
    expect(customerCard).toHaveTextContent('Acme Ltd');
    expect(customerCard).toHaveTextContent('office@acme.test');
    expect(customerCard).toHaveTextContent('1 Main St, Springfield');
  });

  it('says when a customer has no contacts', async () => {
    const user = userEvent.setup();
    render(<Harness initial={{ customerId: null, contactId: null }} />);
    await user.click(
      within(await openCustomers(user)).getByRole('button', { name: 'Select Initech' }),
    );
    const dialog = await screen.findByRole('dialog', { name: /Select Contact/ });
    expect(within(dialog).getByText('No contacts found for this customer.')).toBeInTheDocument();
  });

  it('choosing a different customer clears the contact; the same customer keeps it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Harness initial={{ customerId: 'cu-acme', contactId: 'co-ann' }} onChange={onChange} />,
    );
    await waitFor(() =>
      expect(screen.getByTestId('recipient-contact')).toHaveTextContent('Ann Able'),
    );

    await user.click(
      within(await openCustomers(user)).getByRole('button', { name: 'Select Acme Ltd' }),
    );
    expect(onChange).toHaveBeenLastCalledWith({ customerId: 'cu-acme', contactId: 'co-ann' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SLOW_WAIT);

    await user.click(
      within(await openCustomers(user)).getByRole('button', { name: 'Select Globex' }),
    );
    expect(onChange).toHaveBeenLastCalledWith({ customerId: 'cu-globex', contactId: null });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SLOW_WAIT);
    await waitFor(() =>
      expect(screen.getByTestId('recipient-customer')).toHaveTextContent('Globex'),
    );
    expect(screen.getByTestId('recipient-contact')).toHaveTextContent('No contact selected.');
  });
});
