import { memo, useCallback, useMemo } from 'react';
import {
  ActionIcon,
  Box,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { formatMoney, formatNumber } from '../../lib/formats';
import { QUANTITY_DECIMALS } from '@smb/shared-types/quotes';
import { DecimalInput } from '../DecimalInput';
import type { ProductRow } from '../../db/types';
import {
  LineDescriptionInput,
  LineFields,
  TOUCH_INPUT,
  type ChangeLine,
  type LineEditing,
  type Option,
} from './LineFields';
import { ProductSelect, type ProductOption } from './ProductSelect';

export { PRODUCT_OPTION_LIMIT } from './ProductSelect';
import { NarrowDetail, NarrowHeading } from '../list/NarrowDetail';
import { useIsPhone } from '../list/RecordCards';
import { emptyLine, lineNet, parseQuantity, type DraftLine } from './draft';
import { TitledCard } from './DetailParts';

/** A change of the lines, applied to the current ones (stable callbacks, memoized rows). */
export type LinesUpdate = (lines: DraftLine[]) => DraftLine[];

interface ItemsTableProps {
  lines: DraftLine[];
  /** Receives an update of the current lines; keep it stable (the rows are memoized on it). */
  onChange: (update: LinesUpdate) => void;
  /** undefined while loading. */
  products: ProductRow[] | undefined;
  currencyCode: string;
  symbol?: string | null;
  emptyText: string;
  readOnly?: boolean;
  /** The tax rate options of a line (the currency's rate first). */
  taxOptions: Option[];
}

interface ItemRowProps {
  line: DraftLine;
  index: number;
  options: ProductOption[];
  productById: Map<string, ProductRow>;
  currencyCode: string;
  symbol?: string | null;
  readOnly: boolean;
  phone: boolean;
  changeLine: ChangeLine;
  removeLine: (key: string) => void;
  taxOptions: Option[];
}

/**
 * One line, as a table row or (phones) a stacked card. Memoized: a change of one line renders
 * that line only.
 */
const ItemRow = memo(function ItemRow({
  line,
  index,
  options,
  productById,
  currencyCode,
  symbol,
  readOnly,
  phone,
  changeLine,
  removeLine,
  taxOptions,
}: ItemRowProps) {
  const money = (amount: number | string) => formatMoney(amount, currencyCode, symbol);
  const label = `Item ${index + 1}`;
  const editing: LineEditing = { changeLine, phone };
  const sku = (
    <Text
      size="sm"
      c={line.productSku ? undefined : 'dimmed'}
      ff="monospace"
      style={{ whiteSpace: 'nowrap' }}
    >
      {line.productSku || '—'}
    </Text>
  );
  const product = readOnly ? (
    <Text size="sm">
      {line.free ? line.description : line.productName || '—'}
      {!line.free && line.description && (
        <Text span c="dimmed" size="xs" display="block">
          {line.description}
        </Text>
      )}
    </Text>
  ) : line.free ? (
    <LineDescriptionInput
      {...editing}
      line={line}
      ariaLabel={`${label} description`}
      placeholder="Service or item"
      error={line.description.trim() ? undefined : true}
    />
  ) : (
    <ProductSelect
      {...editing}
      label={label}
      lineKey={line.key}
      productId={line.productId}
      productName={line.productName}
      options={options}
      productById={productById}
    />
  );
  const quantity = readOnly ? (
    <Text size="sm">{formatNumber(line.quantity, QUANTITY_DECIMALS)}</Text>
  ) : (
    <DecimalInput
      aria-label={`${label} quantity`}
      value={line.quantity === 0 ? '' : line.quantity}
      onChange={(v) => changeLine(line.key, (l) => ({ ...l, quantity: parseQuantity(v) }))}
      decimals={QUANTITY_DECIMALS}
      error={line.quantity <= 0 ? true : undefined}
      styles={phone ? TOUCH_INPUT : undefined}
    />
  );
  const unitPrice = readOnly ? (
    <Text size="sm">{money(line.unitPrice)}</Text>
  ) : (
    <DecimalInput
      aria-label={`${label} unit price`}
      value={line.unitPrice}
      // Text the locale would not write stays NaN: the line rules refuse it, nothing is guessed.
      onChange={(v) => changeLine(line.key, (l) => ({ ...l, unitPrice: v === '' ? 0 : v }))}
      decimals={2}
      inputMode="decimal"
      styles={phone ? TOUCH_INPUT : { input: { textAlign: 'right' } }}
    />
  );
  const subtotal = (
    <Text size="sm" fw={600} data-testid="item-subtotal">
      {money(lineNet(line))}
    </Text>
  );
  const fields = readOnly ? null : (
    <LineFields {...editing} line={line} label={label} taxOptions={taxOptions} />
  );
  const remove = readOnly ? null : (
    <Tooltip label="Remove item">
      <ActionIcon
        variant="subtle"
        color="red"
        size={phone ? 44 : undefined}
        aria-label={`Remove ${label.toLowerCase()}`}
        onClick={() => removeLine(line.key)}
      >
        <IconTrash size={phone ? 20 : 16} />
      </ActionIcon>
    </Tooltip>
  );

  if (phone)
    return (
      <Paper withBorder p="sm" radius="md" data-testid="item-row">
        <Group justify="space-between" wrap="nowrap" mb={6}>
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Text size="sm" fw={600}>
              {label}
            </Text>
            {line.productSku && sku}
          </Group>
          {remove}
        </Group>
        {product}
        <SimpleGrid cols={3} spacing="xs" mt="xs">
          <div>
            <Text size="xs" c="dimmed" mb={2}>
              Quantity
            </Text>
            {quantity}
          </div>
          <div style={{ textAlign: 'right' }}>
            <Text size="xs" c="dimmed" mb={2}>
              Unit Price
            </Text>
            {readOnly ? <Box py={10}>{unitPrice}</Box> : unitPrice}
          </div>
          <div style={{ textAlign: 'right' }}>
            <Text size="xs" c="dimmed" mb={2}>
              Subtotal
            </Text>
            <Box py={10}>{subtotal}</Box>
          </div>
        </SimpleGrid>
        {fields && <Box mt="xs">{fields}</Box>}
      </Paper>
    );
  const rowStyle = fields ? { borderBottom: 'none' } : undefined;
  return (
    <>
      <Table.Tr data-testid="item-row" style={rowStyle}>
        <Table.Td visibleFrom="lg">{sku}</Table.Td>
        <Table.Td>
          {product}
          {line.productSku && <NarrowDetail>{sku}</NarrowDetail>}
        </Table.Td>
        <Table.Td>{quantity}</Table.Td>
        <Table.Td ta="right">{unitPrice}</Table.Td>
        <Table.Td ta="right">{subtotal}</Table.Td>
        <Table.Td ta="right">{remove}</Table.Td>
      </Table.Tr>
      {fields && (
        <Table.Tr data-testid="item-fields">
          <Table.Td colSpan={6} pt={0}>
            {fields}
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
});

/**
 * Items card: SKU, Product, Quantity, Unit Price, Subtotal, Actions — a table, and on
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
  taxOptions,
}: ItemsTableProps) {
  const productById = useMemo(() => new Map((products ?? []).map((p) => [p.id, p])), [products]);
  // Built once per product list, shared by every line's Select.
  const options = useMemo(
    () =>
      (products ?? []).map((p) => ({
        value: p.id,
        label: p.sku ? `${p.name} (${p.sku})` : p.name,
      })),
    [products],
  );
  const phone = useIsPhone();
  const changeLine = useCallback<ChangeLine>(
    (key, change) => onChange((ls) => ls.map((l) => (l.key === key ? change(l) : l))),
    [onChange],
  );
  const removeLine = useCallback(
    (key: string) => onChange((ls) => ls.filter((l) => l.key !== key)),
    [onChange],
  );
  const rows = lines.map((line, index) => (
    <ItemRow
      key={line.key}
      line={line}
      index={index}
      options={options}
      productById={productById}
      currencyCode={currencyCode}
      symbol={symbol}
      readOnly={readOnly}
      phone={phone}
      changeLine={changeLine}
      removeLine={removeLine}
      taxOptions={taxOptions}
    />
  ));

  const empty = (
    <Text c="dimmed" ta={{ base: 'left', sm: 'center' }} py="lg" size="sm">
      {emptyText}
    </Text>
  );

  return (
    <TitledCard
      title="Items"
      p="lg"
      action={
        !readOnly && (
          <Group gap="xs" wrap="wrap" justify="flex-end">
            <Button
              variant="subtle"
              size={phone ? 'md' : 'sm'}
              leftSection={<IconPlus size={16} />}
              onClick={() => onChange((ls) => [...ls, emptyLine(true)])}
            >
              Add a free line
            </Button>
            <Button
              variant="light"
              size={phone ? 'md' : 'sm'}
              leftSection={<IconPlus size={16} />}
              onClick={() => onChange((ls) => [...ls, emptyLine()])}
            >
              Add Item
            </Button>
          </Group>
        )
      }
    >
      {phone ? (
        // Phones: each line is a card with every field at full width, no sideways scrolling.
        <Stack gap="sm">{lines.length === 0 ? empty : rows}</Stack>
      ) : (
        // Below 1200 px (a tablet) the SKU goes under the product, headed there as the lists do,
        // so Subtotal stays clear of the pinned actions.
        <Table.ScrollContainer minWidth={560} type="native">
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={100} visibleFrom="lg">
                  SKU
                </Table.Th>
                <Table.Th miw={200}>
                  Product
                  <NarrowHeading names={['SKU']} />
                </Table.Th>
                <Table.Th w={100}>Quantity</Table.Th>
                <Table.Th w={130} ta="right">
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
                rows
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </TitledCard>
  );
}
