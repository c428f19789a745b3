import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCurrentDatabase } from '../../../../db/current';
import type { SmbDatabase } from '../../../../db/database';
import { newClientDb } from '../../../../sync/__tests__/helpers';
import { addDays, today } from '@smb/shared-types/payments';
import { SLOW_WAIT, renderScreen } from '../../../../test/render';
import { setInvoiceStatus } from '../../data/invoices';
import InvoicesListScreen from '../InvoicesListScreen';
import { invoiceRow, orderRow, seed } from './fixtures';

let db: SmbDatabase;
beforeEach(() => {
  db = newClientDb();
  setCurrentDatabase(db);
});
afterEach(() => {
  setCurrentDatabase(null);
  db.close();
});

const renderList = () => renderScreen('/dashboard/invoices', <InvoicesListScreen />);
const rows = () => screen.getAllByTestId('invoice-row');

describe('InvoicesListScreen', () => {
  it('shows a loading state, then the empty state with a way to the orders', async () => {
    renderList();
    expect(screen.getByRole('status', { name: 'Loading invoices' })).toBeInTheDocument();
    expect(await screen.findByText('No Invoices Yet', {}, SLOW_WAIT)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: /Go to Orders/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/orders');
  });

  it('lists invoice, order, customer, contact, date, en-US total, status and View', async () => {
    await seed(
      db,
      [
        invoiceRow({
          id: 'a',
          invoiceNumber: 'INV-00001',
          createdAt: '2026-03-01T10:00:00Z',
          status: 'Paid',
        }),
        invoiceRow({
          id: 'b',
          invoiceNumber: null,
          orderId: 'order-2',
          contactName: null,
          currencyCode: 'EUR',
          total: 98765.4,
          createdAt: '2026-03-02T10:00:00Z',
          status: 'Cancelled',
        }),
      ],
      [orderRow(), orderRow({ id: 'order-2', orderNumber: null })],
    );
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      'Invoice #',
      'Order #',
      'Customer',
      'Contact',
      'Date',
      'Due Date',
      'Total',
      'Status',
      'View',
    ]);

    const [newest, older] = rows();
    // Newest first; a number not yet assigned by the server reads 'Pending'.
    const cells = within(newest!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      'Pending',
      'Pending',
      'Acme Plumbing',
      'N/A',
      new Date('2026-03-02T10:00:00Z').toLocaleDateString(),
      '—',
      '€98,765.40',
      'Cancelled',
      'View',
    ]);
    expect(within(older!).getByText('INV-00001')).toBeInTheDocument();
    expect(within(older!).getByText('ORD-00042')).toBeInTheDocument();
    expect(within(older!).getByText('$1,234.50')).toBeInTheDocument();
    expect(within(older!).getByText('Paid')).toBeInTheDocument();

    fireEvent.click(within(older!).getByRole('link', { name: 'View invoice INV-00001' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/invoices/a');
  });

  it('marks invoices with unsynced changes', async () => {
    await seed(db, [
      invoiceRow({ id: 'a', invoiceNumber: 'INV-00001' }),
      invoiceRow({ id: 'b', invoiceNumber: 'INV-00002' }),
    ]);
    await setInvoiceStatus('a', 'Paid', db);
    renderList();
    await waitFor(() => expect(screen.getAllByText('Not synced')).toHaveLength(1));
    const marked = screen
      .getByText('Not synced')
      .closest('[data-testid="invoice-row"]') as HTMLElement;
    expect(within(marked).getByText('INV-00001')).toBeInTheDocument();
  });

  it('searches by number, customer or contact and filters by status', async () => {
    await seed(db, [
      invoiceRow({
        id: 'a',
        invoiceNumber: 'INV-00001',
        customerName: 'Globex',
        contactName: 'Hank',
      }),
      invoiceRow({
        id: 'b',
        invoiceNumber: 'INV-00002',
        customerName: 'Initech',
        contactName: 'Peter',
        status: 'Paid',
      }),
    ]);
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const search = screen.getByRole('textbox', { name: 'Search invoices' });
    fireEvent.change(search, { target: { value: 'glob' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByText('Globex')).toBeInTheDocument();
    fireEvent.change(search, { target: { value: 'peter' } });
    await waitFor(() => expect(screen.getByText('Initech')).toBeInTheDocument());
    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(await screen.findByText('No invoices match your search.')).toBeInTheDocument();
    fireEvent.change(search, { target: { value: '' } });
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it('shows Overdue with the days, filters Overdue and Partially paid, and sorts by due date', async () => {
    const on = today();
    await seed(db, [
      invoiceRow({
        id: 'late',
        invoiceNumber: 'INV-00001',
        status: 'Partially paid',
        total: 100,
        amountPaid: 40,
        dueDate: addDays(on, -12),
        createdAt: '2026-03-01T10:00:00Z',
      }),
      invoiceRow({
        id: 'soon',
        invoiceNumber: 'INV-00002',
        total: 100,
        amountPaid: 0,
        dueDate: addDays(on, 5),
        createdAt: '2026-03-03T10:00:00Z',
      }),
      invoiceRow({
        id: 'paid',
        invoiceNumber: 'INV-00003',
        status: 'Paid',
        total: 100,
        amountPaid: 100,
        dueDate: addDays(on, -30),
        createdAt: '2026-03-02T10:00:00Z',
      }),
    ]);
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const numbers = () => rows().map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(numbers()).toEqual(['INV-00002', 'INV-00003', 'INV-00001']); // newest first

    // Only the invoice past due with a balance is Overdue, with its days.
    expect(screen.getAllByTestId('overdue-badge')).toHaveLength(1);
    const late = rows()[2]!;
    expect(within(late).getByTestId('overdue-badge')).toHaveTextContent('Overdue');
    expect(within(late).getByText('12 days overdue')).toBeInTheDocument();
    expect(within(late).getByText('Partially paid')).toBeInTheDocument();

    const choose = async (label: string, option: string) => {
      fireEvent.click(screen.getByRole('combobox', { name: label }));
      fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
    };
    await choose('Sort invoices', 'Due date');
    await waitFor(() => expect(numbers()).toEqual(['INV-00003', 'INV-00001', 'INV-00002']));

    await choose('Filter by status', 'Overdue');
    await waitFor(() => expect(numbers()).toEqual(['INV-00001']));
    await choose('Filter by status', 'Partially paid');
    await waitFor(() => expect(numbers()).toEqual(['INV-00001']));
    await choose('Filter by status', 'Unpaid');
    await waitFor(() => expect(numbers()).toEqual(['INV-00002']));
  });

  it('pages thousands of invoices 50 at a time', async () => {
    const many = Array.from({ length: 1234 }, (_, i) =>
      invoiceRow({
        id: `x-${i}`,
        invoiceNumber: `INV-${String(i + 1).padStart(5, '0')}`,
        createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      }),
    );
    await seed(db, many);
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(screen.getByText('Showing 1–50 of 1234')).toBeInTheDocument();
    expect(within(rows()[0]!).getByText('INV-01234')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '25' }));
    await waitFor(() => expect(rows()).toHaveLength(34));
    expect(screen.getByText('Showing 1201–1234 of 1234')).toBeInTheDocument();
    expect(within(rows()[33]!).getByText('INV-00001')).toBeInTheDocument();
  });
});

describe('InvoicesListScreen on a phone', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows one card per invoice instead of a wide table', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          onchange: null,
          addListener: () => undefined,
          removeListener: () => undefined,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    await seed(db, [invoiceRow({ id: 'a', invoiceNumber: 'INV-00001', status: 'Paid' })]);
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = rows()[0]!;
    expect(within(card).getByText('INV-00001')).toBeInTheDocument();
    expect(within(card).getByText('Paid')).toBeInTheDocument();
    expect(within(card).getByText('$1,234.50')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View invoice INV-00001' })).toHaveAttribute(
      'href',
      '/dashboard/invoices/a',
    );
  });
});
