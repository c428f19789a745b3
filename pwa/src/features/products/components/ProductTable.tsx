import { Badge, Table, Text } from '@mantine/core';
import { formatMoney } from '@smb/shared-types/money';
import { editDeleteActions } from '../../../components/crud/editDeleteActions';
import { RecordName } from '../../../components/crud/NotSyncedBadge';
import {
  DetailLine,
  RecordCard,
  RecordCardList,
  useIsPhone,
} from '../../../components/list/RecordCards';
import { NarrowDetail, NarrowHeading } from '../../../components/list/NarrowDetail';
import { RowActionIcons } from '../../../components/list/RowActions';
import type { ProductRow } from '../../../db/types';

const dash = (
  <Text c="dimmed" span size="sm">
    —
  </Text>
);

/** Spec §2: Name, SKU, Price, Currency, Supplier, Category, Stock, Actions. */
export function ProductTable({
  rows,
  symbols,
  pendingIds,
  onEdit,
  onDelete,
}: {
  rows: ProductRow[];
  /** Currency symbol by code. */
  symbols: Map<string, string>;
  pendingIds: Set<string>;
  onEdit: (product: ProductRow) => void;
  onDelete: (product: ProductRow) => void;
}) {
  const phone = useIsPhone();
  const actionsOf = (product: ProductRow) =>
    editDeleteActions(
      product.name,
      () => onEdit(product),
      () => onDelete(product),
    );
  const price = (product: ProductRow) =>
    formatMoney(product.price, product.currencyCode, symbols.get(product.currencyCode));

  if (phone)
    return (
      <RecordCardList>
        {rows.map((product) => (
          <RecordCard
            key={product.id}
            testId="product-row"
            title={<RecordName name={product.name} pending={pendingIds.has(product.id)} wrap />}
            aside={
              <Text fw={700} size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {price(product)}
              </Text>
            }
            actions={actionsOf(product)}
          >
            <DetailLine parts={[product.sku, product.category]} />
            {product.stock !== null && product.stock !== undefined && (
              <Text size="xs" c="dimmed">
                Stock: {product.stock}
              </Text>
            )}
          </RecordCard>
        ))}
      </RecordCardList>
    );

  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              Name
              <NarrowHeading names={['Supplier', 'Category']} />
            </Table.Th>
            <Table.Th>SKU</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th>Currency</Table.Th>
            <Table.Th visibleFrom="lg">Supplier</Table.Th>
            <Table.Th visibleFrom="lg">Category</Table.Th>
            <Table.Th ta="right">Stock</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((product) => (
            <Table.Tr key={product.id} data-testid="product-row">
              <Table.Td>
                <RecordName name={product.name} pending={pendingIds.has(product.id)} wrap />
                <NarrowDetail parts={[product.supplier, product.category]} />
              </Table.Td>
              <Table.Td>
                {product.sku ? (
                  <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {product.sku}
                  </Text>
                ) : (
                  dash
                )}
              </Table.Td>
              <Table.Td ta="right">
                <Text
                  size="sm"
                  fw={500}
                  style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                >
                  {price(product)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color="gray" radius="sm">
                  {product.currencyCode}
                </Badge>
              </Table.Td>
              <Table.Td visibleFrom="lg">
                <Text size="sm">{product.supplier ?? dash}</Text>
              </Table.Td>
              <Table.Td visibleFrom="lg">
                <Text size="sm">{product.category ?? dash}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {product.stock ?? dash}
                </Text>
              </Table.Td>
              <Table.Td>
                <RowActionIcons actions={actionsOf(product)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
