import { memo, useCallback, useMemo } from 'react';
import {
  ActionIcon,
  Box,
  Button,
  Card,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  type OptionsFilter,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { lineSubtotal } from '@smb/shared-types/money';
import { formatMoney, formatNumber } from '../../lib/formats';
import type { ProductRow } from '../../db/types';
import { NarrowDetail, NarrowHeading } from '../list/NarrowDetail';
import { useIsPhone } from '../list/RecordCards';
import { DecimalInput } from '../DecimalInput';
import { rowSearch } from '../crud/search';
import { emptyLine, parseQuantity, withProduct, type DraftLine } from './draft';

/** Inputs a finger can hit: at least 44 px high (WCAG 2.5.5). */
const TOUCH_INPUT = { input: { minHeight: 44 } };

/**
 * The most products a line's product dropdown shows at once: the first matches of what is typed
 * (a tenant may have thousands of products; rendering them all made each keystroke take seconds).
 */
export const PRODUCT_OPTION_LIMIT = 50;

/** A change of the lines, applied to the current ones (stable callbacks, memoized rows). */
export type LinesUpdate = (lines: DraftLine[]) => DraftLine[];

interface ProductOption {
  value: string;
  label: string;
}

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
}

/**
 * The dropdown in a portal, and mounted only while open: Mantine's Combobox keeps a closed
 * dropdown's options in the DOM by default, which with 50 lines would be 50 lists of options.
 */
const COMBOBOX_PROPS = { withinPortal: true, keepMounted: false } as const;

/** Issue 34.5: the products typed for, ignoring case and accents (each label folded once). */
const searchOptions = rowSearch((option: ProductOption) => [option.label]);
const productFilter: OptionsFilter = ({ options, search, limit }) =>
  searchOptions(options as ProductOption[], search).slice(0, limit);

type ChangeLine = (key: string, change: (line: DraftLine) => DraftLine) => void;

interface ProductSelectProps {
  label: string;
  lineKey: string;
  productId: string | null;
  productName: string;
  /** The products' options, one array shared by every line. */
  options: ProductOption[];
  productById: Map<string, ProductRow>;
  changeLine: ChangeLine;
  phone: boolean;
}

/**
 * A line's product: a searchable Select showing at most `PRODUCT_OPTION_LIMIT` options. Memoized
 * on its own props, so a keystroke in the line's quantity does not render it again.
 */
const ProductSelect = memo(function ProductSelect({
  label,
  lineKey,
  productId,
  productName,
  options,
  productById,
  changeLine,
  phone,
}: ProductSelectProps) {
  const known = productId ? productById.has(productId) : true;
  // A product no longer in the list (deleted, not synced yet) still shows the line's name.
  const data = useMemo(
    () =>
      productId && !known
        ? [...options, { value: productId, label: productName || 'Unknown product' }]
        : options,
    [options, productId, productName, known],
  );
  const onChange = useCallback(
    (id: string | null) =>
      changeLine(lineKey, (line) => withProduct(line, (id && productById.get(id)) || null)),
    [changeLine, lineKey, productById],
  );
  return (
    <Select
      aria-label={`${label} product`}
      placeholder="Select a product"
      data={data}
      value={productId}
      searchable
      limit={PRODUCT_OPTION_LIMIT}
      filter={productFilter}
      nothingFoundMessage="No products found"
      onChange={onChange}
      comboboxProps={COMBOBOX_PROPS}
      styles={phone ? TOUCH_INPUT : undefined}
    />
  );
});

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
}: ItemRowProps) {
  const money = (amount: number | string) => formatMoney(amount, currencyCode, symbol);
  const label = `Item ${index + 1}`;
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
    <Text size="sm">{line.productName || '—'}</Text>
  ) : (
    <ProductSelect
      label={label}
      lineKey={line.key}
      productId={line.productId}
      productName={line.productName}
      options={options}
      productById={productById}
      changeLine={changeLine}
      phone={phone}
    />
  );
  const quantity = readOnly ? (
    <Text size="sm">{formatNumber(line.quantity, 0)}</Text>
  ) : (
    <DecimalInput
      aria-label={`${label} quantity`}
      value={line.quantity === 0 ? '' : line.quantity}
      onChange={(v) => changeLine(line.key, (l) => ({ ...l, quantity: parseQuantity(v) }))}
      decimals={0}
      error={line.quantity < 1 ? true : undefined}
      styles={phone ? TOUCH_INPUT : undefined}
    />
  );
  const unitPrice = <Text size="sm">{money(line.unitPrice)}</Text>;
  const subtotal = (
    <Text size="sm" fw={600} data-testid="item-subtotal">
      {money(lineSubtotal(line.unitPrice, line.quantity))}
    </Text>
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
            <Box py={10}>{unitPrice}</Box>
          </div>
          <div style={{ textAlign: 'right' }}>
            <Text size="xs" c="dimmed" mb={2}>
              Subtotal
            </Text>
            <Box py={10}>{subtotal}</Box>
          </div>
        </SimpleGrid>
      </Paper>
    );
  return (
    <Table.Tr data-testid="item-row">
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
    />
  ));

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
            onClick={() => onChange((ls) => [...ls, emptyLine()])}
          >
            Add Item
          </Button>
        )}
      </Group>
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
                rows
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
