import { Group, Paper, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import type { MonthlyRevenue, UpcomingInvoice } from '@smb/shared-types/recurring-outlook';
import { formatDate, formatMoney } from '../../../lib/formats';
import { TableHead, alignRight } from '../../../components/list/TableHead';

export const NO_UPCOMING_INVOICES = 'No invoices scheduled in the next 7 days';

/**
 * Recurring invoices on the dashboard: the monthly recurring revenue (net) per currency and the
 * invoices the schedules make in the next seven days (shared-types recurring-outlook.ts).
 */
export function RecurringOutlook({
  monthly,
  upcoming,
}: {
  monthly: MonthlyRevenue[];
  upcoming: UpcomingInvoice[];
}) {
  return (
    <Paper withBorder shadow="xs" p="md" data-testid="card-recurring">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600} c="dimmed">
          Monthly recurring revenue
        </Text>
        <ThemeIcon size={32} radius="md" variant="light" color="cyan" aria-hidden>
          <IconRepeat size={18} stroke={1.8} />
        </ThemeIcon>
      </Group>
      <Stack gap={0} mt={4} data-testid="card-recurring-value">
        {monthly.length === 0 ? (
          <Text fz={26} fw={700} lh={1.2}>
            —
          </Text>
        ) : (
          monthly.map((m) => (
            <Text
              key={m.currencyCode}
              fz={26}
              fw={700}
              lh={1.2}
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {formatMoney(m.amount, m.currencyCode)}
            </Text>
          ))
        )}
      </Stack>
      <Text size="sm" c="dimmed" mt={4}>
        Active schedules, before tax, per month
      </Text>

      <Text size="sm" fw={600} mt="md" mb={4} id="recurring-next-7-days">
        Next 7 days
      </Text>
      {upcoming.length === 0 ? (
        <Text size="sm" c="dimmed">
          {NO_UPCOMING_INVOICES}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={280}>
          <Table aria-labelledby="recurring-next-7-days" verticalSpacing={4} fz="sm">
            <TableHead cells={['Date', 'Customer', alignRight('Amount')]} />
            <Table.Tbody>
              {upcoming.map((i) => (
                <Table.Tr key={`${i.profileId}-${i.date}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(i.date)}</Table.Td>
                  <Table.Td>{i.customerName}</Table.Td>
                  <Table.Td
                    ta="right"
                    style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                  >
                    {formatMoney(i.amount, i.currencyCode)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
