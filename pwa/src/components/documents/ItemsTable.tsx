import { useMemo } from 'react';
import {
  ActionIcon,
  Box,
  Button,
  Card,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { formatMoney, lineSubtotal } from '@smb/shared-types/money';
import type { ProductRow } from '../../db/types';
import { useIsPhone } from '../list/RecordCards';
import { emptyLine, parseQuantity, withProduct, type DraftLine } from './draft';

/** Inputs a finger can hit: at least 44 px high (WCAG 2.5.5). */
const TOUCH_INPUT = { input: { minHeight: 44 } };

interface ItemsTableProps {
  lines: DraftLine[];
  onChange: (lines: DraftLine[]) => void;
  /** undefined while loading. */
  products: ProductRow[] | undefined;
  currencyCode: string;
  symbol?: string | null;
  emptyText: string;
  readOnly?: boolean;
}

/**
 * Items card: SKU, Product, Quantity, Unit Price, Subtotal, Actions (spec §2) — a table, and on
 * phones one stacked card per line.
 */
export function ItemsTable({
  lines,
  onChange,
  products,
  currencyCode,
  symbol,
  emptyText,
  readOnly = false,
}: ItemsTableProps) {
  const productById = useMemo(() => new Map((products ?? []).map((p) => [p.id, p])), [products]);
  const options = useMemo(
    () =>
      (products ?? []).map((p) => ({
        value: p.id,
        label: p.sku ? `${p.name} (${p.sku})` : p.name,
      })),
    [products],
  );
  const money = (amount: number | string) => formatMoney(amount, currencyCode, symbol);

  const phone = useIsPhone();
  const replace = (key: string, next: DraftLine) =>
    onChange(lines.map((l) => (l.key === key ? next : l)));

  /** One line's cells, shared by the table and the phone's stacked cards. */
  const cellsOf = (line: DraftLine, index: number) => {
    const product = line.productId ? productById.get(line.productId) : undefined;
    const data =
      line.productId && !product
        ? [...options, { value: line.productId, label: line.productName || 'Unknown product' }]
        : options;
    const label = `Item ${index + 1}`;
    return {
      label,
      sku: (
        <Text
          size="sm"
          c={line.productSku ? undefined : 'dimmed'}
          ff="monospace"
          style={{ whiteSpace: 'nowrap' }}
        >
          {line.productSku || '—'}
        </Text>
      ),
      product: readOnly ? (
        <Text size="sm">{line.productName || '—'}</Text>
      ) : (
        <Select
          aria-label={`${label} product`}
          placeholder="Select a product"
          data={data}
          value={line.productId}
          searchable
          nothingFoundMessage="No products found"
          onChange={(id) =>
            replace(line.key, withProduct(line, (id && productById.get(id)) || null))
          }
          comboboxProps={{ withinPortal: true }}
          styles={phone ? TOUCH_INPUT : undefined}
        />
      ),
      quantity: readOnly ? (
        <Text size="sm">{line.quantity}</Text>
      ) : (
        <NumberInput
          aria-label={`${label} quantity`}
          value={line.quantity === 0 ? '' : line.quantity}
          onChange={(v) => replace(line.key, { ...line, quantity: parseQuantity(v) })}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          inputMode="numeric"
          error={line.quantity < 1 ? true : undefined}
          styles={phone ? TOUCH_INPUT : undefined}
        />
      ),
      unitPrice: <Text size="sm">{money(line.unitPrice)}</Text>,
      subtotal: (
        <Text size="sm" fw={600} data-testid="item-subtotal">
          {money(lineSubtotal(line.unitPrice, line.quantity))}
        </Text>
      ),
      remove: readOnly ? null : (
        <Tooltip label="Remove item">
          <ActionIcon
            variant="subtle"
            color="red"
            size={phone ? 44 : undefined}
            aria-label={`Remove ${label.toLowerCase()}`}
            onClick={() => onChange(lines.filter((l) => l.key !== line.key))}
          >
            <IconTrash size={phone ? 20 : 16} />
          </ActionIcon>
        </Tooltip>
      ),
    };
  };

  const empty = (
    <Text c="dimmed" ta={{ base: 'left', sm: 'center' }} py="lg" size="sm">
      {emptyText}
    </Text>
  );

  return (
    <Card p="lg">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={3} size="h4">
          Items
        </Title>
        {!readOnly && (
          <Button
            variant="light"
            size={phone ? 'md' : 'sm'}
            leftSection={<IconPlus size={16} />}
            onClick={() => onChange([...lines, emptyLine()])}
          >
            Add Item
          </Button>
        )}
      </Group>
      {phone ? (
        // Phones: each line is a card with every field at full width, no sideways scrolling.
        <Stack gap="sm">
          {lines.length === 0
            ? empty
            : lines.map((line, index) => {
                const cells = cellsOf(line, index);
                return (
                  <Paper key={line.key} withBorder p="sm" radius="md" data-testid="item-row">
                    <Group justify="space-between" wrap="nowrap" mb={6}>
                      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                        <Text size="sm" fw={600}>
                          {cells.label}
                        </Text>
                        {line.productSku && cells.sku}
                      </Group>
                      {cells.remove}
                    </Group>
                    {cells.product}
                    <SimpleGrid cols={3} spacing="xs" mt="xs">
                      <div>
                        <Text size="xs" c="dimmed" mb={2}>
                          Quantity
                        </Text>
                        {cells.quantity}
                      </div>
                      <div style={{ textAlign: 'right' }}>
                        <Text size="xs" c="dimmed" mb={2}>
                          Unit Price
                        </Text>
                        <Box py={10}>{cells.unitPrice}</Box>
                      </div>
                      <div style={{ textAlign: 'right' }}>
                        <Text size="xs" c="dimmed" mb={2}>
                          Subtotal
                        </Text>
                        <Box py={10}>{cells.subtotal}</Box>
                      </div>
                    </SimpleGrid>
                  </Paper>
                );
              })}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={700} type="native">
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={100}>SKU</Table.Th>
                <Table.Th miw={200}>Product</Table.Th>
                <Table.Th w={100}>Quantity</Table.Th>
                <Table.Th w={110} ta="right">
                  Unit Price
                </Table.Th>
                <Table.Th w={110} ta="right">
                  Subtotal
                </Table.Th>
                <Table.Th w={80} ta="right">
                  Actions
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={6}>{empty}</Table.Td>
                </Table.Tr>
              ) : (
                lines.map((line, index) => {
                  const cells = cellsOf(line, index);
                  return (
                    <Table.Tr key={line.key} data-testid="item-row">
                      <Table.Td>{cells.sku}</Table.Td>
                      <Table.Td>{cells.product}</Table.Td>
                      <Table.Td>{cells.quantity}</Table.Td>
                      <Table.Td ta="right">{cells.unitPrice}</Table.Td>
                      <Table.Td ta="right">{cells.subtotal}</Table.Td>
                      <Table.Td ta="right">{cells.remove}</Table.Td>
                    </Table.Tr>
                  );
                })
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
