import { useMemo } from 'react';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { formatMoney, lineSubtotal } from '@smb/shared-types/money';
import type { ProductRow } from '../../db/types';
import { emptyLine, parseQuantity, withProduct, type DraftLine } from './draft';

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
 * Items card: SKU, Product, Quantity, Unit Price, Subtotal, Actions (spec §2). Read-only (a quote
 * no longer Draft) there is no action, so no Actions column: the table's last column stays in view
 * while it scrolls sideways on a phone (global.css), and an empty one hid the figures.
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

  const replace = (key: string, next: DraftLine) =>
    onChange(lines.map((l) => (l.key === key ? next : l)));

  return (
    <Card p="lg">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={3} size="h4">
          Items
        </Title>
        {!readOnly && (
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => onChange([...lines, emptyLine()])}
          >
            Add Item
          </Button>
        )}
      </Group>
      <Table.ScrollContainer minWidth={readOnly ? 480 : 700} type="native">
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
              {!readOnly && (
                <Table.Th w={80} ta="right">
                  Actions
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={readOnly ? 5 : 6}>
                  {/* Left on phones, where the wide table scrolls and its centre is off screen. */}
                  <Text c="dimmed" ta={{ base: 'left', sm: 'center' }} py="lg" size="sm">
                    {emptyText}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              lines.map((line, index) => {
                const product = line.productId ? productById.get(line.productId) : undefined;
                const data =
                  line.productId && !product
                    ? [
                        ...options,
                        { value: line.productId, label: line.productName || 'Unknown product' },
                      ]
                    : options;
                const label = `Item ${index + 1}`;
                return (
                  <Table.Tr key={line.key} data-testid="item-row">
                    <Table.Td>
                      <Text
                        size="sm"
                        c={line.productSku ? undefined : 'dimmed'}
                        ff="monospace"
                        style={{ whiteSpace: 'nowrap' }}
                      >
                        {line.productSku || '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {readOnly ? (
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
                            replace(
                              line.key,
                              withProduct(line, (id && productById.get(id)) || null),
                            )
                          }
                          comboboxProps={{ withinPortal: true }}
                        />
                      )}
                    </Table.Td>
                    <Table.Td>
                      {readOnly ? (
                        <Text size="sm">{line.quantity}</Text>
                      ) : (
                        <NumberInput
                          aria-label={`${label} quantity`}
                          value={line.quantity === 0 ? '' : line.quantity}
                          onChange={(v) =>
                            replace(line.key, { ...line, quantity: parseQuantity(v) })
                          }
                          min={1}
                          allowDecimal={false}
                          allowNegative={false}
                          hideControls
                          error={line.quantity < 1 ? true : undefined}
                        />
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">{money(line.unitPrice)}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" fw={600} data-testid="item-subtotal">
                        {money(lineSubtotal(line.unitPrice, line.quantity))}
                      </Text>
                    </Table.Td>
                    {!readOnly && (
                      <Table.Td ta="right">
                        <Tooltip label="Remove item">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Remove ${label.toLowerCase()}`}
                            onClick={() => onChange(lines.filter((l) => l.key !== line.key))}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
