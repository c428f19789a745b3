import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  orderRow,
  seedMasterData,
  storeLocalSession,
} from '../../../components/documents/__tests__/fixtures';
import { setCurrentDatabase } from '../../../db/current';
import type { SmbDatabase } from '../../../db/database';
import type { InvoiceRow } from '../../../db/types';
import { newClientDb } from '../../../sync/__tests__/helpers';
import { expectLocation, renderScreen } from '../../../test/render';
import OrderFormScreen from '../screens/OrderFormScreen';
import OrdersListScreen from '../screens/OrdersListScreen';

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

function invoiceFor(orderId: string): InvoiceRow {
  const order = orderRow({ id: orderId });
  return {
    ...order,
    id: 'inv-1',
    invoiceNumber: 'INV-0003',
    orderId,
    customerName: 'Acme Ltd',
    customerEmail: 'office@acme.test',
    contactName: null,
    contactEmail: null,
    contactRole: null,
    status: 'Unpaid',
    paidAt: null,
  };
}

describe('Orders list', () => {
  it('shows the empty state with a link to quotes', async () => {
    const user = userEvent.setup();
    renderScreen('/dashboard/orders', <OrdersListScreen />);
    expect(await screen.findByText('No Orders Yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('link', { name: 'Go to Quotes' }).at(-1)!);
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/quotes');
  });

  it('lists number or Pending, customer, contact or N/A, total and status', async () => {
    await db.orders.bulkPut([
      orderRow({ id: 'o1', orderNumber: 'SO-0001', total: 2000, status: 'Shipped' }),
      orderRow({
        id: 'o2',
        customerId: 'cu-globex',
        contactId: null,
        currencyCode: 'EUR',
        total: 10,
      }),
    ]);
    renderScreen('/dashboard/orders', <OrdersListScreen />);
    const first = (await screen.findByText('SO-0001')).closest('tr')!;
    expect(within(first).getByText('Acme Ltd')).toBeInTheDocument();
    expect(within(first).getByText('Ann Able')).toBeInTheDocument();
    expect(within(first).getByText('$2,000.00')).toBeInTheDocument();
    expect(within(first).getByText('Shipped')).toBeInTheDocument();
    const second = screen.getByText('Pending', { selector: 'a' }).closest('tr')!;
    expect(within(second).getByText('Globex')).toBeInTheDocument();
    expect(within(second).getByText('N/A')).toBeInTheDocument();
    expect(within(second).getByText('€10.00')).toBeInTheDocument();
    for (const header of ['Order #', 'Customer', 'Contact', 'Date', 'Total', 'Status', 'Actions'])
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
  });

  it('deletes after the confirmation', async () => {
    const user = userEvent.setup();
    await db.orders.put(orderRow({ id: 'o1', orderNumber: 'SO-0001' }));
    renderScreen('/dashboard/orders', <OrdersListScreen />);
    await user.click(await screen.findByRole('button', { name: 'Delete order SO-0001' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Are you sure you want to delete this order?'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No Orders Yet')).toBeInTheDocument();
    expect(await db.orders.get('o1')).toBeUndefined();
  });

  it('Invoice creates the invoice and opens it', async () => {
    const user = userEvent.setup();
    await db.orders.put(orderRow({ id: 'o1', orderNumber: 'SO-0001' }));
    renderScreen('/dashboard/orders', <OrdersListScreen />);
    await user.click(await screen.findByRole('button', { name: 'Invoice order SO-0001' }));
    await expectLocation(/^\/dashboard\/invoices\/.+/);
    const invoice = await db.invoices.where('orderId').equals('o1').first();
    expect(screen.getByTestId('location')).toHaveTextContent(`/dashboard/invoices/${invoice!.id}`);
  });
});

describe('Order form', () => {
  it('shows number and Pending status read-only and really saves changes with updateOrder', async () => {
    const user = userEvent.setup();
    await db.orders.put(orderRow({ id: 'o1', orderNumber: 'SO-0001' }));
    renderScreen('/dashboard/orders/:id', <OrderFormScreen />, '/dashboard/orders/o1');
    expect(await screen.findByRole('heading', { name: 'Order SO-0001' })).toBeInTheDocument();
    expect(
      screen
        .getByText('Order Details')
        .closest('.mantine-Card-root')!
        .querySelector('[data-status="Pending"]'),
    ).toHaveTextContent('Pending');
    expect(screen.getByTestId('totals')).toHaveTextContent('Tax (10%)');

    const quantity = screen.getByRole('textbox', { name: 'Item 1 quantity' });
    await user.clear(quantity);
    await user.type(quantity, '4');
    expect(screen.getByTestId('totals')).toHaveTextContent('Total$87.96');
    await user.click(screen.getByRole('button', { name: 'Update Order' }));
    await expectLocation('/dashboard/orders');
    const saved = await db.orders.get('o1');
    expect(saved!.items[0]!.quantity).toBe(4);
    expect(saved!.total).toBe(87.96);
    expect((await db.outbox.toArray()).map((e) => e.name)).toEqual(['order.update']);
  });

  it('checks the quote/order rules in order before saving', async () => {
    const user = userEvent.setup();
    await db.orders.put(orderRow({ id: 'o1', orderNumber: 'SO-0001', contactId: null }));
    renderScreen('/dashboard/orders/:id', <OrderFormScreen />, '/dashboard/orders/o1');
    const save = await screen.findByRole('button', { name: 'Update Order' });
    await user.click(save);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a contact');
    await user.click(screen.getByRole('button', { name: 'Change Recipient' }));
    await user.click(await screen.findByRole('button', { name: 'Select Acme Ltd' }));
    await user.click(await screen.findByRole('button', { name: 'Select Ann Able' }));
    await user.click(screen.getByRole('button', { name: 'Remove item 1' }));
    await user.click(save);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Please add at least one item'),
    );
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await user.click(save);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Please complete all item details'),
    );
    expect(await db.outbox.count()).toBe(0);
  });

  it('an invoiced order is read-only and says why', async () => {
    await db.orders.put(orderRow({ id: 'o1', orderNumber: 'SO-0001' }));
    await db.invoices.put(invoiceFor('o1'));
    renderScreen('/dashboard/orders/:id', <OrderFormScreen />, '/dashboard/orders/o1');
    expect(await screen.findByTestId('invoiced-note')).toHaveTextContent(
      'This order has invoice INV-0003 and can no longer be changed or deleted',
    );
    expect(screen.queryByRole('button', { name: 'Update Order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change Recipient' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Item' })).not.toBeInTheDocument();
  });
});
