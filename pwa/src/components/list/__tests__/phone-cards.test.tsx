import { fireEvent, screen, within } from '@testing-library/react';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import { DocumentListTable, type ListedDocument } from '../../documents/DocumentListTable';
import { PHONE_QUERY } from '../RecordCards';

/** Makes the phone media query match, as on a 390 px screen. */
function onPhone(matches: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    matches: matches && query === PHONE_QUERY,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }));
}

afterEach(() => vi.restoreAllMocks());

const DOCS: (ListedDocument & { number: string | null })[] = [
  {
    id: 'q1',
    number: 'Q-0007',
    customerId: 'c1',
    contactId: 'k1',
    createdAt: '2026-03-01T10:00:00Z',
    total: 1250,
    currencyCode: 'USD',
    status: 'Sent',
  },
  {
    id: 'q2',
    number: null,
    customerId: 'c2',
    contactId: null,
    createdAt: '2026-03-02T10:00:00Z',
    total: 40,
    currencyCode: 'USD',
    status: 'Draft',
  },
];

function renderList(onAction: (action: string, id: string) => void) {
  return renderScreen(
    '/dashboard/quotes',
    <DocumentListTable
      rows={DOCS}
      numberHeader="Quote #"
      testId="quote-row"
      numberOf={(row) => ({ label: row.number ?? 'Pending', assigned: row.number !== null })}
      href={(row) => `/dashboard/quotes/${row.id}`}
      customerName={(row) => (row.customerId === 'c1' ? 'Northwind Traders' : undefined)}
      contactName={(row) => (row.contactId ? 'Jane Doe' : undefined)}
      pendingIds={new Set(['q2'])}
      actionsOf={(row, label) => [
        {
          key: 'edit',
          label: 'Edit',
          ariaLabel: `Edit quote ${label}`,
          icon: IconPencil,
          onClick: () => onAction('edit', row.id),
        },
        {
          key: 'delete',
          label: 'Delete',
          ariaLabel: `Delete quote ${label}`,
          icon: IconTrash,
          color: 'red',
          onClick: () => onAction('delete', row.id),
        },
      ]}
    />,
  );
}

describe('document list on a phone and a wider screen', () => {
  it('shows one card per document on a phone, with status, Not synced and the row actions as named buttons', () => {
    onPhone(true);
    const onAction = vi.fn();
    renderList(onAction);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = screen.getAllByTestId('quote-row');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('link', { name: 'Q-0007' })).toHaveAttribute(
      'href',
      '/dashboard/quotes/q1',
    );
    expect(first.getByText('Sent')).toBeInTheDocument();
    expect(first.getByText('Northwind Traders')).toBeInTheDocument();
    expect(first.getByText(/Jane Doe/)).toBeInTheDocument();
    expect(first.getByText('$1,250.00')).toBeInTheDocument();
    expect(first.queryByText('Not synced')).not.toBeInTheDocument();
    const second = within(cards[1]!);
    expect(second.getByText('Pending')).toBeInTheDocument();
    expect(second.getByText('Not synced')).toBeInTheDocument();
    expect(second.getByText('N/A')).toBeInTheDocument();
    const del = second.getByRole('button', { name: 'Delete quote Pending' });
    expect(del).toHaveTextContent('Delete');
    fireEvent.click(del);
    expect(onAction).toHaveBeenCalledWith('delete', 'q2');
  });

  it('keeps the table with icon actions from the sm breakpoint up', () => {
    onPhone(false);
    const onAction = vi.fn();
    renderList(onAction);
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Quote #' })).toBeInTheDocument();
    const rows = screen.getAllByTestId('quote-row');
    expect(rows.map((r) => r.tagName)).toEqual(['TR', 'TR']);
    const edit = within(rows[0]!).getByRole('button', { name: 'Edit quote Q-0007' });
    expect(edit).not.toHaveTextContent('Edit');
    fireEvent.click(edit);
    expect(onAction).toHaveBeenCalledWith('edit', 'q1');
  });
});
