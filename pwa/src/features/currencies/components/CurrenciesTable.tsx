import {
  ActionIcon,
  Badge,
  Card,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconStarFilled, IconTrash } from '@tabler/icons-react';
import type { CurrencyRow } from '../../../db/types';

interface Props {
  currencies: CurrencyRow[] | undefined;
  pending: Set<string>;
  onEdit: (currency: CurrencyRow) => void;
  onDelete: (currency: CurrencyRow) => void;
}

const COLUMNS = ['Code', 'Name', 'Symbol', 'Tax Rate', 'Exchange Rate', 'Default', 'Actions'];
const numeric = { ta: 'right' as const, style: { fontVariantNumeric: 'tabular-nums' } };

function Actions({
  currency,
  onEdit,
  onDelete,
}: { currency: CurrencyRow } & Pick<Props, 'onEdit' | 'onDelete'>) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label="Edit" withArrow>
        <ActionIcon
          variant="subtle"
          onClick={() => onEdit(currency)}
          aria-label={`Edit ${currency.code}`}
        >
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip
        label={currency.isDefault ? 'The default currency cannot be deleted' : 'Delete'}
        withArrow
      >
        <span>
          <ActionIcon
            variant="subtle"
            color="red"
            disabled={currency.isDefault}
            onClick={() => onDelete(currency)}
            aria-label={`Delete ${currency.code}`}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </span>
      </Tooltip>
    </Group>
  );
}

function NotSynced() {
  return (
    <Badge color="yellow" variant="outline" size="xs" radius="sm">
      Not synced
    </Badge>
  );
}

function DefaultBadge() {
  return (
    <Badge
      color="green"
      variant="light"
      leftSection={<IconStarFilled size={10} />}
      style={{ minWidth: 'max-content' }}
    >
      Default
    </Badge>
  );
}

export function CurrenciesTable({ currencies, pending, onEdit, onDelete }: Props) {
  const phone = useMediaQuery('(max-width: 36em)');
  if (currencies && phone)
    return (
      <Stack gap={0}>
        {currencies.map((currency, index) => (
          <Card
            key={currency.id}
            radius={0}
            withBorder={false}
            padding="md"
            data-testid="currency-row"
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Group gap={6}>
                  <Text fw={700} ff="monospace" size="sm">
                    {currency.code}
                  </Text>
                  <Text size="sm">{currency.name}</Text>
                  {currency.isDefault && <DefaultBadge />}
                  {pending.has(currency.id) && <NotSynced />}
                </Group>
                <Text size="xs" c="dimmed" mt={4}>
                  Symbol {currency.symbol} · Tax {currency.taxRate}% · Rate{' '}
                  {currency.dollarExchangeRate.toFixed(4)}
                </Text>
              </div>
              <Actions currency={currency} onEdit={onEdit} onDelete={onDelete} />
            </Group>
          </Card>
        ))}
      </Stack>
    );
  if (!currencies)
    return (
      <Stack gap="sm" p="md" role="status" aria-label="Loading currencies">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={28} radius="sm" />
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((c) => (
              <Table.Th
                style={{ whiteSpace: 'nowrap' }}
                key={c}
                ta={
                  c === 'Tax Rate' || c === 'Exchange Rate' || c === 'Actions' ? 'right' : undefined
                }
              >
                {c}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {currencies.map((currency) => (
            <Table.Tr key={currency.id} data-testid="currency-row">
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text fw={700} ff="monospace" size="sm">
                    {currency.code}
                  </Text>
                  {pending.has(currency.id) && <NotSynced />}
                </Group>
              </Table.Td>
              <Table.Td>{currency.name}</Table.Td>
              <Table.Td>{currency.symbol}</Table.Td>
              <Table.Td {...numeric}>{currency.taxRate}%</Table.Td>
              <Table.Td {...numeric}>{currency.dollarExchangeRate.toFixed(4)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {currency.isDefault ? (
                  <DefaultBadge />
                ) : (
                  <Text c="dimmed" size="sm" aria-label="Not default">
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Actions currency={currency} onEdit={onEdit} onDelete={onDelete} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
