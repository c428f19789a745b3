import { Badge, Text } from '@mantine/core';
import { formatMoney } from '../../../lib/formats';
import { rowEditDelete } from '../../../components/crud/editDeleteActions';
import { dash, EntityTable, type EntityColumn } from '../../../components/list/EntityTable';
import { NarrowDetail } from '../../../components/list/NarrowDetail';
import { DetailLine, RecordCard } from '../../../components/list/RecordCards';
import { actionsColumn, recordNameCell } from '../../../components/list/columns';
import type { ProductRow } from '../../../db/types';

/** Name, SKU, Price, Currency, Supplier, Category, Stock, and the actions Edit and Delete. */
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
  const actionsOf = rowEditDelete<ProductRow>((product) => product.name, onEdit, onDelete);
  const price = (product: ProductRow) =>
    formatMoney(product.price, product.currencyCode, symbols.get(product.currencyCode));
  const name = recordNameCell<ProductRow>(pendingIds);
  const columns: EntityColumn<ProductRow>[] = [
    { header: 'Name', cell: name },
    {
      header: 'SKU',
      cell: (product) =>
        product.sku ? (
          <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
            {product.sku}
          </Text>
        ) : (
          dash
        ),
    },
    {
      header: 'Price',
      th: { ta: 'right' },
      td: { ta: 'right' },
      cell: (product) => (
        <Text
          size="sm"
          fw={500}
          style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
        >
          {price(product)}
        </Text>
      ),
    },
    {
      header: 'Currency',
      cell: (product) => (
        <Badge variant="light" color="gray" radius="sm">
          {product.currencyCode}
        </Badge>
      ),
    },
    {
      header: 'Supplier',
      wide: true,
      cell: (product) => <Text size="sm">{product.supplier ?? dash}</Text>,
    },
    {
      header: 'Category',
      wide: true,
      cell: (product) => <Text size="sm">{product.category ?? dash}</Text>,
    },
    {
      header: 'Stock',
      th: { ta: 'right' },
      td: { ta: 'right' },
      cell: (product) => (
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {product.stock ?? dash}
        </Text>
      ),
    },
    actionsColumn(actionsOf),
  ];

  return (
    <EntityTable
      rows={rows}
      columns={columns}
      testId="product-row"
      minWidth={640}
      scrollType="native"
      narrowDetail={(product) => <NarrowDetail parts={[product.supplier, product.category]} />}
      card={(product) => (
        <RecordCard
          key={product.id}
          testId="product-row"
          title={name(product)}
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
      )}
    />
  );
}
