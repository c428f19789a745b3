import { Box, Group, Table, Text } from '@mantine/core';
import { formatMoney } from '../../lib/formats';
import { Link } from 'react-router-dom';
import { DetailLine, RecordCard, RecordCardList, useIsPhone } from '../list/RecordCards';
import { NarrowDetail, NarrowHeading } from '../list/NarrowDetail';
import { RowActionIcons, type RowAction } from '../list/RowActions';
import { localDate } from './format';
import { NotSyncedBadge } from './ListParts';
import { StatusBadge } from './StatusBadge';
import { TableHead, alignRight } from '../list/TableHead';

/** What the quotes and orders lists show of a document. */
export interface ListedDocument {
  id: string;
  customerId: string;
  contactId: string | null;
  createdAt: string;
  total: number;
  currencyCode: string;
  status: string;
}

export interface DocumentListTableProps<T extends ListedDocument> {
  rows: T[];
  /** 'Quote #' or 'Order #'. */
  numberHeader: string;
  /** data-testid of a row or card. */
  testId: string;
  /** 'Q-0001', or 'Pending' (dimmed) until the server numbers it. */
  numberOf: (row: T) => { label: string; assigned: boolean };
  href: (row: T) => string;
  customerName: (row: T) => string | undefined;
  contactName: (row: T) => string | undefined;
  pendingIds: Set<string>;
  actionsOf: (row: T, numberLabel: string) => RowAction[];
  /** The status the badge shows (e.g. a quote's Expired); the row's own status by default. */
  statusOf?: (row: T) => string;
}

/**
 * The quotes and orders lists: Number, Customer, Contact, Date, Total, Status, Actions.
 * A table from Mantine's `sm` breakpoint up, one card per document on phones.
 */
export function DocumentListTable<T extends ListedDocument>({
  rows,
  numberHeader,
  testId,
  numberOf,
  href,
  customerName,
  contactName,
  pendingIds,
  actionsOf,
  statusOf,
}: DocumentListTableProps<T>) {
  const phone = useIsPhone();

  const numberCell = (row: T, number: { label: string; assigned: boolean }) => (
    <Group gap={6} wrap="nowrap">
      <Text
        component={Link}
        to={href(row)}
        fw={600}
        size="sm"
        c={number.assigned ? 'brand' : 'dimmed'}
      >
        {number.label}
      </Text>
      {pendingIds.has(row.id) && <NotSyncedBadge />}
    </Group>
  );

  if (phone)
    return (
      <RecordCardList>
        {rows.map((row) => {
          const number = numberOf(row);
          return (
            <RecordCard
              key={row.id}
              testId={testId}
              title={numberCell(row, number)}
              status={<StatusBadge status={statusOf ? statusOf(row) : row.status} />}
              aside={
                <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(row.total, row.currencyCode)}
                </Text>
              }
              actions={actionsOf(row, number.label)}
            >
              <Text size="sm" fw={500}>
                {customerName(row) ?? 'N/A'}
              </Text>
              <DetailLine parts={[contactName(row), localDate(row.createdAt)]} />
            </RecordCard>
          );
        })}
      </RecordCardList>
    );

  return (
    <Table.ScrollContainer minWidth={600} type="native">
      <Table
        highlightOnHover
        verticalSpacing="sm"
        horizontalSpacing="md"
        style={{ whiteSpace: 'nowrap' }}
      >
        <TableHead
          bg="gray.0"
          cells={[
            numberHeader,
            {
              label: (
                <>
                  Customer
                  <NarrowHeading names={['Contact', 'Date']} />
                </>
              ),
            },
            { label: 'Contact', visibleFrom: 'lg' },
            { label: 'Date', visibleFrom: 'lg' },
            alignRight('Total'),
            'Status',
            alignRight('Actions'),
          ]}
        />
        <Table.Tbody>
          {rows.map((row) => {
            const number = numberOf(row);
            return (
              <Table.Tr key={row.id} data-testid={testId}>
                <Table.Td>{numberCell(row, number)}</Table.Td>
                {/* Names wrap: a long company or contact name must not push Total and Status
                    behind the pinned actions. */}
                <Table.Td style={{ whiteSpace: 'normal', minWidth: 160 }}>
                  {customerName(row) ?? 'N/A'}
                  <NarrowDetail parts={[contactName(row), localDate(row.createdAt)]} />
                </Table.Td>
                <Table.Td visibleFrom="lg" style={{ whiteSpace: 'normal', minWidth: 140 }}>
                  {contactName(row) ?? 'N/A'}
                </Table.Td>
                <Table.Td visibleFrom="lg">{localDate(row.createdAt)}</Table.Td>
                <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(row.total, row.currencyCode)}
                </Table.Td>
                <Table.Td>
                  {/* Its full width: a squeezed badge would cut its label to 'DR…'. */}
                  <Box w="max-content">
                    <StatusBadge status={statusOf ? statusOf(row) : row.status} />
                  </Box>
                </Table.Td>
                <Table.Td>
                  <RowActionIcons actions={actionsOf(row, number.label)} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
