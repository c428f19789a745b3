import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconPlus } from '@tabler/icons-react';
import { LinkButton } from '../../../components/LinkButton';
import { Link, useNavigate } from 'react-router-dom';
import {
  EntityTable,
  dash,
  numeric,
  type EntityColumn,
} from '../../../components/list/EntityTable';
import { DetailLine, RecordCard } from '../../../components/list/RecordCards';
import { formatDate, formatMoney } from '../../../lib/formats';
import { RecurringStatusBadge } from '../components/RecurringStatusBadge';
import { frequencyLabel, useRecurringProfiles, type RecurringListItem } from '../data/recurring';

export const RECURRING_EMPTY = 'No recurring invoices yet';

type Row = RecurringListItem & { id: string };

const amount = (row: Row) => formatMoney(row.total, row.profile.currencyCode);
const customer = (row: Row) => row.customerName || 'Unknown customer';

/** /dashboard/recurring: every recurring profile, the next invoice first; offline too. */
export default function RecurringListScreen() {
  const items = useRecurringProfiles();
  const navigate = useNavigate();
  const rows = items?.map((item) => ({ ...item, id: item.profile.id }));
  const open = (row: Row) => navigate(`/dashboard/recurring/${row.id}`);
  const columns: EntityColumn<Row>[] = [
    {
      header: 'Customer',
      cell: (row) => (
        <Anchor component={Link} to={`/dashboard/recurring/${row.id}`} fw={600} size="sm">
          {customer(row)}
        </Anchor>
      ),
    },
    { header: 'Frequency', cell: (row) => frequencyLabel(row.profile) },
    { header: 'Next date', cell: (row) => (row.nextDate ? formatDate(row.nextDate) : dash) },
    { header: 'Status', cell: (row) => <RecurringStatusBadge status={row.status} /> },
    { header: 'Amount', cell: amount, th: numeric, td: numeric },
  ];
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={2}>Recurring invoices</Title>
          <Text c="dimmed" size="sm">
            Invoices that make themselves on a schedule: a draft for review, or issued and mailed.
          </Text>
        </div>
        <LinkButton to="/dashboard/recurring/new" icon={IconPlus}>
          New recurring invoice
        </LinkButton>
      </Group>
      {rows && rows.length === 0 ? (
        <Paper withBorder shadow="xs" p="xl">
          <Stack align="center" gap="sm" data-testid="recurring-empty">
            <Text c="dimmed" ta="center">
              {RECURRING_EMPTY}
            </Text>
            <LinkButton to="/dashboard/recurring/new" variant="light" icon={IconPlus}>
              Create a recurring invoice
            </LinkButton>
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder shadow="xs" style={{ overflow: 'hidden' }}>
          <EntityTable
            rows={rows}
            columns={columns}
            testId="recurring-row"
            minWidth={640}
            loading={{ label: 'Loading recurring invoices', lines: 4 }}
            card={(row) => (
              <RecordCard
                key={row.id}
                testId="recurring-row"
                title={
                  <Anchor
                    component={Link}
                    to={`/dashboard/recurring/${row.id}`}
                    fw={600}
                    truncate="end"
                    display="block"
                    maw="100%"
                    title={customer(row)}
                  >
                    {customer(row)}
                  </Anchor>
                }
                status={<RecurringStatusBadge status={row.status} />}
                aside={
                  <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {amount(row)}
                  </Text>
                }
                actions={[
                  {
                    key: 'open',
                    label: 'Open',
                    ariaLabel: `Open the recurring invoice of ${customer(row)}`,
                    icon: IconEye,
                    onClick: () => open(row),
                  },
                ]}
              >
                <DetailLine
                  parts={[
                    frequencyLabel(row.profile),
                    row.nextDate ? `Next ${formatDate(row.nextDate)}` : 'No more invoices',
                  ]}
                />
              </RecordCard>
            )}
          />
        </Paper>
      )}
    </Stack>
  );
}
