import {
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { invoiceStatusLabel, overdueLabel } from '@smb/shared-types/invoices';
import type { InvoiceRow } from '../../../db/types';
import { PdfButton } from '../../../components/pdf/PdfButton';
import { MailButton } from '../../../components/mail/MailButton';
import { invoiceNumberLabel } from '../data/invoices';
import { formatAmount, formatDate } from './format';
import { InvoiceStatusBadge, NotSyncedBadge } from './InvoiceStatusBadge';

export interface InvoiceListRow {
  invoice: InvoiceRow;
  orderNumber: string;
  pending: boolean;
  /** Days past the due date with a balance (0: not overdue). */
  overdueDays: number;
}

const COLUMNS = [
  'Invoice #',
  'Order #',
  'Customer',
  'Contact',
  'Date',
  'Due Date',
  'Total',
  'Status',
  'View',
];

/** A due date is a calendar date: shown at noon UTC so no time zone moves it a day. */
const dueDateText = (invoice: InvoiceRow) =>
  invoice.dueDate ? formatDate(`${invoice.dueDate}T12:00:00.000Z`) : '—';

/** The stored status ("Draft" until issued), and "Overdue" with the days when the invoice is past due with a balance. */
function StatusBadges({ row, stacked = false }: { row: InvoiceListRow; stacked?: boolean }) {
  const Layout = stacked ? Stack : Group;
  return (
    <Layout gap={4} align={stacked ? 'flex-start' : undefined} wrap="wrap">
      <InvoiceStatusBadge status={invoiceStatusLabel(row.invoice)} />
      {row.overdueDays > 0 && (
        <Badge
          color="red"
          variant="light"
          radius="sm"
          style={{ minWidth: 'max-content' }}
          title={overdueLabel(row.overdueDays)}
          data-testid="overdue-badge"
        >
          Overdue
        </Badge>
      )}
    </Layout>
  );
}

function ViewButton({ invoice }: { invoice: InvoiceRow }) {
  return (
    <Button
      component={Link}
      to={`/dashboard/invoices/${invoice.id}`}
      variant="light"
      size="xs"
      leftSection={<IconEye size={14} />}
      aria-label={`View invoice ${invoiceNumberLabel(invoice)}`}
    >
      View
    </Button>
  );
}

function NumberCell({ row }: { row: InvoiceListRow }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text
        fw={600}
        size="sm"
        c={row.invoice.invoiceNumber ? undefined : 'dimmed'}
        style={{ whiteSpace: 'nowrap' }}
      >
        {invoiceNumberLabel(row.invoice)}
      </Text>
      {row.pending && <NotSyncedBadge />}
    </Group>
  );
}

/** Desktop and tablet: a table with hover. */
export function InvoicesTable({ rows }: { rows: InvoiceListRow[] }) {
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th
                key={column}
                style={{ whiteSpace: 'nowrap' }}
                ta={column === 'Total' ? 'right' : column === 'View' ? 'right' : undefined}
              >
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.invoice.id} data-testid="invoice-row">
              <Table.Td>
                <NumberCell row={row} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.orderNumber}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {row.invoice.customerName || 'N/A'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{row.invoice.contactName || 'N/A'}</Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDate(row.invoice.createdAt)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{dueDateText(row.invoice)}</Text>
                {row.overdueDays > 0 && (
                  <Text size="xs" c="red" fw={500}>
                    {overdueLabel(row.overdueDays)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td
                ta="right"
                style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
              >
                {formatAmount(row.invoice.total, row.invoice.currencyCode)}
              </Table.Td>
              <Table.Td>
                <StatusBadges row={row} stacked />
              </Table.Td>
              <Table.Td ta="right">
                <InvoiceActions invoice={row.invoice} justify="flex-end" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** An invoice's PDF and View buttons, side by side. */
function InvoiceActions({ invoice, justify }: { invoice: InvoiceRow; justify?: 'flex-end' }) {
  return (
    <Group gap={4} justify={justify} wrap="nowrap">
      <MailButton kind="invoice" doc={invoice} label={invoiceNumberLabel(invoice)} compact />
      <PdfButton kind="invoice" id={invoice.id} label={invoiceNumberLabel(invoice)} compact />
      <ViewButton invoice={invoice} />
    </Group>
  );
}

/** Phones (one column) and tablets (two): one card per invoice. */
export function InvoiceCards({ rows, columns = 1 }: { rows: InvoiceListRow[]; columns?: number }) {
  return (
    <SimpleGrid cols={columns} spacing="sm">
      {rows.map((row) => (
        <Card key={row.invoice.id} padding="md" data-testid="invoice-row">
          <Group justify="space-between" wrap="nowrap" mb={6}>
            <NumberCell row={row} />
            <StatusBadges row={row} />
          </Group>
          <Text size="sm" fw={500}>
            {row.invoice.customerName || 'N/A'}
          </Text>
          <Text size="xs" c="dimmed">
            {row.invoice.contactName || 'N/A'} · Order {row.orderNumber} ·{' '}
            {formatDate(row.invoice.createdAt)}
          </Text>
          <Text size="xs" c={row.overdueDays > 0 ? 'red' : 'dimmed'}>
            Due {dueDateText(row.invoice)}
            {row.overdueDays > 0 && ` · ${overdueLabel(row.overdueDays)}`}
          </Text>
          <Group justify="space-between" mt="sm">
            <Text fw={700}>{formatAmount(row.invoice.total, row.invoice.currencyCode)}</Text>
            <InvoiceActions invoice={row.invoice} />
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}

export function InvoicesSkeleton() {
  return (
    <Stack gap="sm" p="md" role="status" aria-label="Loading invoices">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} height={28} radius="sm" />
      ))}
    </Stack>
  );
}
