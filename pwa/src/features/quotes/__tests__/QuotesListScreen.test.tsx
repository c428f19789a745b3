import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  orderRow,
  quoteRow,
  seedMasterData,
  storeLocalSession,
} from '../../../components/documents/__tests__/fixtures';
import { setCurrentDatabase } from '../../../db/current';
import type { SmbDatabase } from '../../../db/database';
import { newClientDb } from '../../../sync/__tests__/helpers';
import { renderScreen } from '../../../test/render';
import QuotesListScreen from '../screens/QuotesListScreen';

let db: SmbDatabase;
beforeEach(async () => {
  db = newClientDb();
  await seedMasterData(db);
  setCurrentDatabase(db);
  storeLocalSession();
});
afterEach(() => {
  vi.useRealTimers();
  setCurrentDatabase(null);
  db.close();
});

const renderList = () => renderScreen('/dashboard/quotes', <QuotesListScreen />);
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
const buttonsIn = (row: HTMLElement) =>
  within(row)
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label')?.split(' ')[0]);

describe('Quotes list', () => {
  it('shows only the statuses in ?status= (the dashboard links) and clears the filter', async () => {
    await db.quotes.bulkPut([
      quoteRow({ id: 'q1', quoteNumber: 'Q-0001', status: 'Draft' }),
      quoteRow({ id: 'q2', quoteNumber: 'Q-0002', status: 'Sent' }),
      quoteRow({ id: 'q3', quoteNumber: 'Q-0003', status: 'Accepted' }),
    ]);
    renderScreen('/dashboard/quotes', <QuotesListScreen />, {
      pathname: '/dashboard/quotes',
      search: '?status=Draft,Sent',
    });
    expect(await screen.findByText('Showing Draft, Sent quotes (2 of 3)')).toBeInTheDocument();
    expect(await screen.findByText('Q-0001')).toBeInTheDocument();
    expect(screen.getByText('Q-0002')).toBeInTheDocument();
    expect(screen.queryByText('Q-0003')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filter' }));
    expect(await screen.findByText('Q-0003')).toBeInTheDocument();
    expect(screen.queryByTestId('quotes-filter')).not.toBeInTheDocument();
  });

  it('shows the spinner text while loading, then the empty state with its call to action', async () => {
    const user = userEvent.setup();
    renderList();
    expect(screen.getByText('Loading quotes...')).toBeInTheDocument();
    expect(await screen.findByText('No Quotes Yet')).toBeInTheDocument();
    expect(
      screen.getByText('Create your first professional quote to send to a customer.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Quotes' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Create First Quote' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/quotes/new');
  });

  it('Create Quote leads to the new-quote form', async () => {
    const user = userEvent.setup();
    renderList();
    await user.click(screen.getByRole('link', { name: 'Create Quote' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/quotes/new');
  });

  it('lists number or Pending, customer, contact or N/A, local date, money in the quote currency', async () => {
    await db.quotes.bulkPut([
      quoteRow({
        id: 'q1',
        quoteNumber: 'Q-0001',
        total: 1234.5,
        createdAt: '2026-03-01T12:00:00.000Z',
      }),
      quoteRow({
        id: 'q2',
        quoteNumber: null,
        customerId: 'cu-gone',
        contactId: null,
        currencyCode: 'EUR',
        total: 99.9,
      }),
    ]);
    renderList();
    const first = await rowOf('Q-0001');
    expect(within(first).getByText('Acme Ltd')).toBeInTheDocument();
    expect(within(first).getByText('Ann Able')).toBeInTheDocument();
    expect(within(first).getByText('$1,234.50')).toBeInTheDocument();
    expect(
      within(first).getByText(new Date('2026-03-01T12:00:00.000Z').toLocaleDateString()),
    ).toBeInTheDocument();
    const pending = await rowOf('Pending');
    expect(within(pending).getAllByText('N/A')).toHaveLength(2);
    expect(within(pending).getByText('€99.90')).toBeInTheDocument();
    for (const header of ['Quote #', 'Customer', 'Contact', 'Date', 'Total', 'Status', 'Actions'])
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
  });

  it('colours the status badges and offers the actions of each status', async () => {
    const statuses = ['Draft', 'Sent', 'Accepted', 'Rejected', 'Converted'];
    await db.quotes.bulkPut(
      statuses.map((status, i) => quoteRow({ id: `q${i}`, quoteNumber: `Q-000${i + 1}`, status })),
    );
    renderList();
    const colours: Record<string, string> = {
      Draft: 'gray',
      Sent: 'blue',
      Accepted: 'green',
      Rejected: 'red',
      Converted: 'cyan',
    };
    const expected: Record<string, string[]> = {
      Draft: ['View', 'PDF', 'Edit', 'Send', 'Order', 'Delete'],
      Sent: ['View', 'PDF', 'Share', 'Order', 'Delete'],
      Accepted: ['View', 'PDF', 'Order', 'Delete'],
      Rejected: ['View', 'PDF', 'Order', 'Delete'],
      Converted: ['View', 'PDF', 'Order', 'Delete'],
    };
    for (const [i, status] of statuses.entries()) {
      const row = await rowOf(`Q-000${i + 1}`);
      const badge = within(row).getByText(status).closest('[data-status]') as HTMLElement;
      expect(badge.getAttribute('style')).toContain(`--mantine-color-${colours[status]}`);
      expect(buttonsIn(row)).toEqual(expected[status]);
    }
  });

  it('deletes only after confirming', async () => {
    const user = userEvent.setup();
    await db.quotes.put(quoteRow({ id: 'q1', quoteNumber: 'Q-0001' }));
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Delete quote Q-0001' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete this quote? This action cannot be undone.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await db.quotes.get('q1')).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Delete quote Q-0001' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('No Quotes Yet')).toBeInTheDocument();
    expect(await db.quotes.get('q1')).toBeUndefined();
  });

  it('sends a draft after confirming', async () => {
    const user = userEvent.setup();
    await db.quotes.put(quoteRow({ id: 'q1', quoteNumber: 'Q-0001' }));
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Send quote Q-0001' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/send this quote/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send Quote' }));
    await waitFor(async () => expect((await db.quotes.get('q1'))?.status).toBe('Sent'));
    expect(await screen.findByRole('button', { name: 'Share quote Q-0001' })).toBeInTheDocument();
  });

  it('converts after confirming and opens the new order', async () => {
    const user = userEvent.setup();
    await db.quotes.put(quoteRow({ id: 'q1', quoteNumber: 'Q-0001', status: 'Accepted' }));
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Order quote Q-0001' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/change the status to Converted/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Convert to Order' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toMatch(/^\/dashboard\/orders\//),
    );
    const order = await db.orders.where('quoteId').equals('q1').first();
    expect(screen.getByTestId('location')).toHaveTextContent(`/dashboard/orders/${order!.id}`);
    expect((await db.quotes.get('q1'))?.status).toBe('Converted');
  });

  it('shows a failed action in a dismissible error alert', async () => {
    const user = userEvent.setup();
    await db.quotes.put(quoteRow({ id: 'q1', quoteNumber: 'Q-0001', status: 'Converted' }));
    await db.orders.put(orderRow({ id: 'o1', orderNumber: 'SO-0007', quoteId: 'q1' }));
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Order quote Q-0001' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Convert to Order' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This quote was already converted to order SO-0007');
    await user.click(within(alert).getByRole('button', { name: 'Dismiss error' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('View and Edit open the quote', async () => {
    const user = userEvent.setup();
    await db.quotes.put(quoteRow({ id: 'q1', quoteNumber: 'Q-0001' }));
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Edit quote Q-0001' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/quotes/q1');
  });

  it('pages through many quotes, 50 at a time', async () => {
    await db.quotes.bulkPut(
      Array.from({ length: 120 }, (_, i) =>
        quoteRow({
          id: `q${i}`,
          quoteNumber: `Q-${String(i + 1).padStart(4, '0')}`,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
        }),
      ),
    );
    renderList();
    await screen.findByText('Q-0120');
    expect(screen.getAllByTestId('quote-row')).toHaveLength(50);
    await userEvent.setup().click(screen.getByRole('button', { name: '3' }));
    expect(await screen.findByText('Q-0001')).toBeInTheDocument();
    expect(screen.getAllByTestId('quote-row')).toHaveLength(20);
  });
});

describe('Share dialog', () => {
  it('shows the public link; Copy turns into Copied! for 2 s', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await db.quotes.put(
      quoteRow({ id: 'q1', quoteNumber: 'Q-0001', status: 'Sent', accessToken: 'tok-123' }),
    );
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Share quote Q-0001' }));
    const dialog = await screen.findByRole('dialog');
    const link = `${window.location.origin}/quote/tenant-1/q1/view?token=tok-123`;
    expect(within(dialog).getByDisplayValue(link)).toBeInTheDocument();
    expect(
      within(dialog).getByText('This link allows anyone to view the quote without logging in.'),
    ).toBeInTheDocument();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await act(async () => {
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith(link);
    expect(within(dialog).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1999));
    expect(within(dialog).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Copied!')).not.toBeInTheDocument();
  });

  it('explains a missing token, and a token still on its way after an offline send', async () => {
    const user = userEvent.setup();
    await db.quotes.put(
      quoteRow({ id: 'q1', quoteNumber: 'Q-0001', status: 'Sent', accessToken: null }),
    );
    await db.quotes.put(quoteRow({ id: 'q2', quoteNumber: 'Q-0002', status: 'Draft' }));
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Share quote Q-0001' }));
    expect(
      await screen.findByText(
        "This quote doesn't have a sharing token. Send the quote again to generate a new access token.",
      ),
    ).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Send quote Q-0002' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send Quote' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Share quote Q-0002' }));
    expect(await screen.findByText(/has not synced yet/)).toBeInTheDocument();
    expect(within(await rowOf('Q-0002')).getByText('Not synced')).toBeInTheDocument();
  });
});
