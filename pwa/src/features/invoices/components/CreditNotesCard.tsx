import { Anchor, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { CreditNoteRow, InvoiceRow } from '../../../db/types';
import { creditNoteNumberLabel } from '../../credit-notes/data/credit-notes';
import { formatAmount, formatDate } from './format';
import { TableHead, alignRight } from '../../../components/list/TableHead';

/** The invoice's credit notes: number, date, reason, amount, and what they credited in all. */
export function CreditNotesCard({
  invoice,
  creditNotes,
}: {
  invoice: InvoiceRow;
  creditNotes: CreditNoteRow[];
}) {
  if (creditNotes.length === 0) return null;
  const money = (v: number) => formatAmount(v, invoice.currencyCode);
  return (
    <Card padding="lg" shadow="xs" data-testid="invoice-credit-notes">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Credit notes</Title>
        <Text size="sm" c="dimmed">
          Credited: <b>{money(invoice.creditedAmount ?? 0)}</b>
        </Text>
      </Group>
      <Table.ScrollContainer minWidth={280} type="native">
        <Table verticalSpacing="xs" striped>
          <TableHead
            cells={['Number', { label: 'Date', visibleFrom: 'sm' }, 'Reason', alignRight('Amount')]}
          />
          <Table.Tbody>
            {creditNotes.map((note) => (
              <Table.Tr key={note.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/dashboard/credit-notes/${note.id}`} size="sm">
                    {creditNoteNumberLabel(note)}
                  </Anchor>
                </Table.Td>
                <Table.Td visibleFrom="sm">{formatDate(note.issueDate)}</Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm">{note.reason}</Text>
                    {note.refundAmount > 0 && (
                      <Text size="xs" c="dimmed">
                        Refunded {money(note.refundAmount)}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  −{money(note.total)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
