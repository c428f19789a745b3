import { useDeferredValue, useMemo, useState } from 'react';
import { EmptyState, Group, Pagination, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileInvoice, IconTruckDelivery } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
import { today } from '@smb/shared-types/payments';
import { usePendingIds } from '../../../sync/useSyncStatus';
import { orderNumberLabel, useOrders } from '../../orders/data/orders';
import { invoiceNumberLabel, useInvoices } from '../data/invoices';
import { ExportCsvButton } from '../../../components/list/ExportCsvButton';
import { INVOICE_COLUMNS } from '../../csv/data/list-columns';
import { balanceOf } from '../data/payments';

import {
  INVOICE_LIST_FILTERS,
  INVOICE_SORT_OPTIONS,
  invoiceOverdueDays,
  isInvoiceFilter,
  matchesInvoiceFilter,
  sortInvoices,
  type InvoiceFilter,
  type InvoiceSort,
} from '../data/invoice-list';
import {
  InvoiceCards,
  InvoicesSkeleton,
  InvoicesTable,
  type InvoiceListRow,
} from '../components/InvoicesTable';
import { LinkButton } from '../../../components/LinkButton';
import { rowSearch } from '../../../components/crud/search';
import { SearchBox } from '../../../components/list/SearchBox';

export const INVOICES_PAGE_SIZE = 50;

/** Case- and accent-insensitive search over number, order, customer, e-mail and contact. */
const searchInvoices = rowSearch(({ invoice, orderNumber }: InvoiceListRow) => [
  invoiceNumberLabel(invoice),
  orderNumber,
  invoice.customerName,
  invoice.customerEmail,
  invoice.contactName,
]);

/**
 * /dashboard/invoices: every invoice, newest first or by due date, searchable, filtered
 * by status or Overdue, and paged — all from the local store, so offline too.
 */
export default function InvoicesListScreen() {
  const invoices = useInvoices();
  const orders = useOrders();
  const pending = usePendingIds('invoices');
  const phone = useMediaQuery('(max-width: 36em)');
  // Below 1200 px the sidebar leaves too little room for eight columns: cards, two per row.
  const tablet = useMediaQuery('(max-width: 75em)');
  // `?status=Overdue` / `?status=Outstanding` and `?q=` (the dashboard links here with them).
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const statusParam = params.get('status');
  const status: InvoiceFilter | null = isInvoiceFilter(statusParam) ? statusParam : null;
  const setStatus = (value: InvoiceFilter | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set('status', value);
        else next.delete('status');
        return next;
      },
      { replace: true },
    );
  const [sort, setSort] = useState<InvoiceSort>('createdAt');
  const on = today();
  const [page, setPage] = useState(1);
  const needle = useDeferredValue(search.trim());

  const rows = useMemo<InvoiceListRow[] | undefined>(() => {
    if (!invoices || !orders) return undefined;
    const orderNumbers = new Map(orders.map((o) => [o.id, orderNumberLabel(o)]));
    return invoices.map((invoice) => ({
      invoice,
      orderNumber: (invoice.orderId && orderNumbers.get(invoice.orderId)) || '—',
      pending: pending.has(invoice.id),
      overdueDays: invoiceOverdueDays(invoice, on),
    }));
  }, [invoices, orders, pending, on]);

  const filtered = useMemo(
    () =>
      rows &&
      sortInvoices(
        searchInvoices(rows, needle).filter((row) => matchesInvoiceFilter(row.invoice, status, on)),
        sort,
      ),
    [rows, status, needle, sort, on],
  );
  const pageCount = Math.max(1, Math.ceil((filtered?.length ?? 0) / INVOICES_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const visible = filtered?.slice((current - 1) * INVOICES_PAGE_SIZE, current * INVOICES_PAGE_SIZE);

  const header = (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <div>
        <Title order={2}>Invoices</Title>
        <Text c="dimmed" size="sm">
          Track payment of the invoices made from your orders.
        </Text>
      </div>
      <ExportCsvButton
        noun="invoices"
        columns={INVOICE_COLUMNS}
        disabled={!filtered || filtered.length === 0}
        rows={() =>
          (filtered ?? []).map((row) => ({
            invoice: row.invoice,
            number: invoiceNumberLabel(row.invoice),
            orderNumber: row.orderNumber,
            balance: balanceOf(row.invoice),
            overdueDays: row.overdueDays,
          }))
        }
      />
    </Group>
  );

  if (rows && rows.length === 0)
    return (
      <Stack gap="lg">
        {header}
        <Paper withBorder p="xl" shadow="xs">
          <EmptyState
            variant="light"
            icon={<IconFileInvoice size={28} />}
            title="No Invoices Yet"
            description="Invoices are created from orders. Open your orders and choose Invoice to bill a customer."
          >
            <EmptyState.Actions>
              <LinkButton to="/dashboard/orders" icon={IconTruckDelivery}>
                Go to Orders
              </LinkButton>
            </EmptyState.Actions>
          </EmptyState>
        </Paper>
      </Stack>
    );

  return (
    <Stack gap="lg">
      {header}
      <Group gap="sm" wrap="wrap">
        <SearchBox
          noun="invoices"
          value={search}
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
          style={{ flex: '1 1 240px' }}
          maw={420}
        />
        <Select
          aria-label="Filter by status"
          placeholder="All statuses"
          data={[...INVOICE_LIST_FILTERS]}
          value={status}
          onChange={(value) => {
            setStatus(isInvoiceFilter(value) ? value : null);
            setPage(1);
          }}
          clearable
          w={{ base: '100%', xs: 180 }}
        />
        <Select
          aria-label="Sort invoices"
          data={INVOICE_SORT_OPTIONS}
          value={sort}
          onChange={(value) => {
            setSort(value === 'dueDate' ? 'dueDate' : 'createdAt');
            setPage(1);
          }}
          allowDeselect={false}
          w={{ base: '100%', xs: 160 }}
        />
      </Group>
      {visible && visible.length === 0 ? (
        <Paper withBorder shadow="xs" p="xl">
          <Text c="dimmed" ta="center">
            No invoices match your search.
          </Text>
        </Paper>
      ) : (phone || tablet) && visible ? (
        <InvoiceCards rows={visible} columns={phone ? 1 : 2} />
      ) : (
        <Paper withBorder shadow="xs" style={{ overflow: 'hidden' }}>
          {visible ? <InvoicesTable rows={visible} /> : <InvoicesSkeleton />}
        </Paper>
      )}
      {filtered && filtered.length > INVOICES_PAGE_SIZE && (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            Showing {(current - 1) * INVOICES_PAGE_SIZE + 1}–
            {Math.min(current * INVOICES_PAGE_SIZE, filtered.length)} of {filtered.length}
          </Text>
          <Pagination value={current} onChange={setPage} total={pageCount} size="sm" />
        </Group>
      )}
    </Stack>
  );
}
