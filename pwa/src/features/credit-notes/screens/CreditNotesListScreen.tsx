import { useState } from 'react';
import { Anchor, Card, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router-dom';
import { PageLoader } from '../../../components/PageLoader';
import type { CreditNoteRow } from '../../../db/types';
import { formatDate, formatMoney } from '../../../lib/formats';
import { creditNoteNumberLabel, useCreditNotes } from '../data/credit-notes';
import { useInvoiceNumbers } from '../data/invoice-numbers';
import { TableHead, alignRight } from '../../../components/list/TableHead';
import { SearchBox } from '../../../components/list/SearchBox';

export const CREDIT_NOTES_EMPTY =
  'No credit notes yet. Credit an issued invoice from its page ("Credit note").';

const money = (note: CreditNoteRow) => `−${formatMoney(note.total, note.currencyCode)}`;

function matches(note: CreditNoteRow, invoiceNumber: string, q: string): boolean {
  const text = q.trim().toLowerCase();
  if (!text) return true;
  return [note.creditNoteNumber ?? '', invoiceNumber, note.customerName, note.reason].some((v) =>
    v.toLowerCase().includes(text),
  );
}

/** /dashboard/credit-notes: every credit note, newest first, searchable; offline too. */
export default function CreditNotesListScreen() {
  const notes = useCreditNotes();
  const invoiceNumbers = useInvoiceNumbers();
  const [search, setSearch] = useState('');
  const narrow = useMediaQuery('(max-width: 62em)');
  if (notes === undefined) return <PageLoader />;
  const rows = notes.filter((n) => matches(n, invoiceNumbers.get(n.invoiceId) ?? '', search));
  const invoiceLink = (note: CreditNoteRow) => (
    <Anchor component={Link} to={`/dashboard/invoices/${note.invoiceId}`} size="sm">
      {invoiceNumbers.get(note.invoiceId) ?? 'Invoice'}
    </Anchor>
  );
  const numberLink = (note: CreditNoteRow) => (
    <Anchor component={Link} to={`/dashboard/credit-notes/${note.id}`} fw={600}>
      {creditNoteNumberLabel(note)}
    </Anchor>
  );
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Credit notes</Title>
        <Text c="dimmed" size="sm">
          Corrections of issued invoices: credited in full, by lines, or by an amount.
        </Text>
      </div>
      <SearchBox noun="credit notes" value={search} onSearch={setSearch} maw={420} />
      {rows.length === 0 ? (
        <Paper withBorder shadow="xs" p="xl">
          <Text c="dimmed" ta="center">
            {notes.length === 0 ? CREDIT_NOTES_EMPTY : 'No credit notes match your search.'}
          </Text>
        </Paper>
      ) : narrow ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {rows.map((note) => (
            <Card key={note.id} padding="md" shadow="xs" withBorder data-testid="credit-note-card">
              <Group justify="space-between" wrap="nowrap">
                {numberLink(note)}
                <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {money(note)}
                </Text>
              </Group>
              <Text size="sm">{note.customerName}</Text>
              <Group justify="space-between" mt={4}>
                {invoiceLink(note)}
                <Text size="xs" c="dimmed">
                  {formatDate(note.issueDate)}
                </Text>
              </Group>
              <Text size="xs" c="dimmed" lineClamp={2} mt={4}>
                {note.reason}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      ) : (
        <Paper withBorder shadow="xs" style={{ overflow: 'hidden' }}>
          <Table verticalSpacing="sm" highlightOnHover>
            <TableHead
              cells={['Number', 'Invoice', 'Customer', 'Reason', 'Date', alignRight('Amount')]}
            />
            <Table.Tbody>
              {rows.map((note) => (
                <Table.Tr key={note.id} data-testid="credit-note-row">
                  <Table.Td>{numberLink(note)}</Table.Td>
                  <Table.Td>{invoiceLink(note)}</Table.Td>
                  <Table.Td>{note.customerName}</Table.Td>
                  <Table.Td maw={320}>
                    <Text size="sm" truncate>
                      {note.reason}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatDate(note.issueDate)}</Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {money(note)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
