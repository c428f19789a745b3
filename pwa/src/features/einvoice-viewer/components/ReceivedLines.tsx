import { Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { EInvoiceLine } from '@smb/shared-types/einvoice';
import { formatNumber } from '../../../lib/formats';
import { formatPrice, money, taxLabel, unitLabel } from './format';
import { TableHead, alignRight } from '../../../components/list/TableHead';

function Description({ line, currency }: { line: EInvoiceLine; currency: string }) {
  return (
    <>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {line.name}
      </Text>
      {line.description && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {line.description}
        </Text>
      )}
      {line.sellerItemId && (
        <Text size="xs" c="dimmed">
          Item {line.sellerItemId}
        </Text>
      )}
      {line.allowance && (
        <Text size="xs" c="dimmed">
          Discount {money(line.allowance.amount, currency)}
          {line.allowance.reason.toLowerCase() !== 'discount' && ` (${line.allowance.reason})`}
        </Text>
      )}
    </>
  );
}

const quantity = (line: EInvoiceLine) =>
  `${formatNumber(line.quantity, 4)} ${unitLabel(line.unitCode)}`;

/**
 * The invoice lines: a table on wide screens, one card per line on a phone (a seven-column table
 * does not fit 390 px without hiding the figures people check).
 */
export function ReceivedLines({ lines, currency }: { lines: EInvoiceLine[]; currency: string }) {
  const narrow = useMediaQuery('(max-width: 48em)');
  if (narrow) {
    return (
      <Stack gap={0} data-testid="einvoice-lines">
        {lines.map((line, i) => (
          <Stack
            key={line.id}
            gap={4}
            py="sm"
            // The divider above the lines already separates the first one.
            style={i > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
            data-testid="einvoice-line"
          >
            <Description line={line} currency={currency} />
            <Text size="sm" c="dimmed">
              {quantity(line)} × {formatPrice(line.netPrice, currency)} · VAT {taxLabel(line.tax)}
            </Text>
            <Text size="sm" fw={600} ta="right">
              {money(line.netAmount, currency)}
            </Text>
          </Stack>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="einvoice-lines">
        <TableHead
          cells={[
            { label: '#', w: 40 },
            'Description',
            alignRight('Quantity'),
            'Unit',
            alignRight('Price'),
            alignRight('VAT'),
            alignRight('Net'),
          ]}
        />
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.id} data-testid="einvoice-line">
              <Table.Td c="dimmed">{line.id}</Table.Td>
              <Table.Td>
                <Description line={line} currency={currency} />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatNumber(line.quantity, 4)}
              </Table.Td>
              <Table.Td>{unitLabel(line.unitCode)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatPrice(line.netPrice, currency)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {taxLabel(line.tax)}
              </Table.Td>
              <Table.Td ta="right" fw={500} style={{ whiteSpace: 'nowrap' }}>
                {money(line.netAmount, currency)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
