import { useCallback, useState } from 'react';
import type * as MantineCore from '@mantine/core';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import type { ProductRow } from '../../../db/types';
import { emptyLine, type DraftLine } from '../draft';
import { ItemsTable, PRODUCT_OPTION_LIMIT, type LinesUpdate } from '../ItemsTable';
import { products as fixtureProducts } from './fixtures';

// Counts the renders of each product Select (by its accessible name): what a keystroke costs.
const selectRenders = vi.hoisted(() => new Map<string, number>());
vi.mock('@mantine/core', async (importOriginal) => {
  const actual = await importOriginal<typeof MantineCore>();
  const { createElement } = await import('react');
  const Select = (props: Parameters<typeof actual.Select>[0]) => {
    const name = String(props['aria-label']);
    selectRenders.set(name, (selectRenders.get(name) ?? 0) + 1);
    return createElement(actual.Select, props);
  };
  return { ...actual, Select };
});

/** A catalogue larger than the dropdown's limit. */
const PRODUCTS: ProductRow[] = Array.from({ length: 300 }, (_, i) => ({
  ...fixtureProducts[0]!,
  id: `pr-${i + 1}`,
  name: `Product ${String(i + 1).padStart(3, '0')}`,
  sku: `SKU-${i + 1}`,
  price: 10,
}));
const LINES: DraftLine[] = Array.from({ length: 8 }, (_, i) => ({
  ...emptyLine(),
  key: `line-${i + 1}`,
  id: `line-${i + 1}`,
  productId: PRODUCTS[i]!.id,
  productName: PRODUCTS[i]!.name,
  productSku: PRODUCTS[i]!.sku,
  quantity: 1,
  unitPrice: 10,
}));

/** Stable, as the editor's memoized options are. */
const TAX_OPTIONS = [{ value: '', label: 'Currency rate (0 %)' }];

function Harness({ initial = LINES }: { initial?: DraftLine[] }) {
  const [lines, setLines] = useState(initial);
  const onChange = useCallback((update: LinesUpdate) => setLines(update), []);
  return (
    <MantineProvider theme={theme}>
      <ItemsTable
        lines={lines}
        taxOptions={TAX_OPTIONS}
        onChange={onChange}
        products={PRODUCTS}
        currencyCode="USD"
        symbol="$"
        emptyText="No items added to this quote yet."
      />
    </MantineProvider>
  );
}

beforeEach(() => selectRenders.clear());

describe('ItemsTable with a large catalogue', () => {
  it("a keystroke in one line's quantity renders no product Select again, and updates that line", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const before = new Map(selectRenders);
    // Per line: its product, unit, tax rate and discount kind (issue 33).
    expect(before.size).toBe(LINES.length * 4);

    const quantity = screen.getByRole('textbox', { name: 'Item 3 quantity' });
    await user.clear(quantity);
    await user.type(quantity, '7');

    const rows = screen.getAllByTestId('item-row');
    expect(within(rows[2]!).getByTestId('item-subtotal')).toHaveTextContent('$70.00');
    expect(within(rows[1]!).getByTestId('item-subtotal')).toHaveTextContent('$10.00');
    // Neither the other lines' Selects nor the typed line's own rendered again.
    expect(selectRenders).toEqual(before);
  });

  it("types a line's description into that line only: under a product, and as a free line's text", async () => {
    const user = userEvent.setup();
    render(<Harness initial={[...LINES.slice(0, 2), { ...emptyLine(true), key: 'free-1' }]} />);
    const second = screen.getByRole('textbox', { name: 'Item 2 description' });
    await user.type(second, 'Blue, size M');
    expect(second).toHaveValue('Blue, size M');
    expect(screen.getByRole('textbox', { name: 'Item 1 description' })).toHaveValue('');

    // A free line needs its text: marked until it has one.
    const free = screen.getByRole('textbox', { name: 'Item 3 description' });
    expect(free).toHaveAttribute('aria-invalid', 'true');
    await user.type(free, 'Consulting');
    expect(free).toHaveValue('Consulting');
    expect(free).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('takes a quantity with up to 3 decimals (1.5 hours) and refuses a fourth', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const quantity = screen.getByRole('textbox', { name: 'Item 1 quantity' });
    await user.clear(quantity);
    await user.type(quantity, '1.5');
    const row = screen.getAllByTestId('item-row')[0]!;
    expect(within(row).getByTestId('item-subtotal')).toHaveTextContent('$15.00');
    await user.clear(quantity);
    await user.type(quantity, '0.333');
    expect(within(row).getByTestId('item-subtotal')).toHaveTextContent('$3.33');
    await user.type(quantity, '3');
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
  });

  it('choosing a product in one line renders only that line’s Select again', async () => {
    render(<Harness />);
    const before = new Map(selectRenders);
    fireEvent.click(screen.getByRole('combobox', { name: 'Item 2 product' }));
    fireEvent.click(
      await screen.findByRole('option', { name: 'Product 050 (SKU-50)', hidden: true }),
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Item 2 product' })).toHaveValue(
        'Product 050 (SKU-50)',
      ),
    );
    for (const [name, count] of before)
      if (!name.startsWith('Item 2 ')) expect(selectRenders.get(name), name).toBe(count);
  });

  it(`a product dropdown renders at most ${PRODUCT_OPTION_LIMIT} options, and search reaches the rest`, async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const select = screen.getByRole('combobox', { name: 'Item 1 product' });
    const options = () => screen.queryAllByRole('option', { hidden: true });
    // Closed dropdowns render no options at all.
    expect(options()).toHaveLength(0);
    await user.click(select);
    await waitFor(() => expect(options().length).toBeGreaterThan(0));
    // The one open dropdown renders its limit, not the catalogue.
    expect(screen.getAllByRole('listbox', { hidden: true })).toHaveLength(1);
    expect(options()).toHaveLength(PRODUCT_OPTION_LIMIT);

    await user.clear(select);
    await user.type(select, 'Product 29');
    await waitFor(() =>
      expect(options().map((o) => o.textContent)).toEqual(
        Array.from({ length: 10 }, (_, i) => `Product 29${i} (SKU-29${i})`),
      ),
    );
  });
});
