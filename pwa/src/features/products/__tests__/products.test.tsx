import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SmbDatabase } from '../../../db/database';
import type { CurrencyRow, ProductRow } from '../../../db/types';
import { renderScreen } from '../../../test/render';
import { closeTestDatabase, eventually, useTestDatabase } from '../../../test/local-store';
import ProductFormScreen from '../screens/ProductFormScreen';
import ProductListScreen from '../screens/ProductListScreen';

let db: SmbDatabase;
const currency = (code: string, name: string, symbol: string, isDefault = false): CurrencyRow => ({
  id: `cur-${code}`,
  code,
  name,
  symbol,
  taxRate: 10,
  dollarExchangeRate: 1,
  isDefault,
  version: '1',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const product = (n: number, over: Partial<ProductRow> = {}): ProductRow => ({
  id: `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`,
  name: `Product ${n}`,
  sku: null,
  price: 10,
  currencyCode: 'USD',
  cost: null,
  stock: null,
  category: null,
  supplier: null,
  description: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  version: '1',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

beforeEach(async () => {
  db = useTestDatabase();
  await db.currencies.bulkPut([
    currency('EUR', 'Euro', '€', true),
    currency('USD', 'US Dollar', '$'),
  ]);
});
afterEach(() => {
  vi.useRealTimers();
  closeTestDatabase(db);
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`)), { target: { value } });

describe('product list', () => {
  it('shows an empty state with an add button', async () => {
    renderScreen('/dashboard/products', <ProductListScreen />);
    expect(await screen.findByText('No products yet')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/products/new');
  });

  it('shows the spec columns with the price in 2 decimals and its currency', async () => {
    await db.products.bulkPut([
      product(1, {
        name: 'Boiler',
        sku: 'BLR-1',
        price: 1234.5,
        currencyCode: 'EUR',
        supplier: 'Vaillant',
        category: 'Heating',
        stock: 4,
      }),
      product(2, { name: 'Valve', price: 3, currencyCode: 'USD' }),
    ]);
    renderScreen('/dashboard/products', <ProductListScreen />);
    await waitFor(() => expect(screen.getAllByTestId('product-row')).toHaveLength(2));
    expect(screen.getAllByRole('columnheader').map((h) => h.firstChild?.textContent)).toEqual([
      'Name',
      'SKU',
      'Price',
      'Currency',
      'Supplier',
      'Category',
      'Stock',
      'Actions',
    ]);
    const [boiler, valve] = screen.getAllByTestId('product-row');
    const cells = within(boiler!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 7)).toEqual([
      'Boiler',
      'BLR-1',
      '€1,234.50',
      'EUR',
      'Vaillant',
      'Heating',
      '4',
    ]);
    expect(within(valve!).getByText('$3.00')).toBeInTheDocument();
  });

  it('deletes a product after confirmation', async () => {
    await db.products.put(product(1, { name: 'Boiler' }));
    renderScreen('/dashboard/products', <ProductListScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Boiler' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete this product? This action cannot be undone.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete product' }));
    expect(await screen.findByText('No products yet')).toBeInTheDocument();
    expect(await db.products.count()).toBe(0);
  });
});

describe('product form', () => {
  it("defaults to the tenant's default currency; blank price is 0, blank cost and stock are null", async () => {
    renderScreen('/dashboard/products/:id', <ProductFormScreen />, '/dashboard/products/new');
    await waitFor(() =>
      expect((screen.getByPlaceholderText('Select a currency') as HTMLInputElement).value).toBe(
        'EUR - Euro (€)',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Product name is required');

    type('Name', 'Consulting hour');
    type('SKU', 'SVC-1');
    type('Category', 'Services');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    await eventually(() =>
      expect(screen.getByText('Product created successfully!')).toBeInTheDocument(),
    );
    expect(await db.products.toArray()).toMatchObject([
      {
        name: 'Consulting hour',
        sku: 'SVC-1',
        category: 'Services',
        price: 0,
        currencyCode: 'EUR',
        cost: null,
        stock: null,
        supplier: null,
      },
    ]);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/products$/);
  });

  it('requires a currency', async () => {
    await db.currencies.clear();
    renderScreen('/dashboard/products/:id', <ProductFormScreen />, '/dashboard/products/new');
    await screen.findByRole('button', { name: 'Create Product' });
    type('Name', 'Widget');
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Currency is required');
  });

  it('edits price, cost and stock in their steps and saves them', async () => {
    const boiler = product(1, {
      name: 'Boiler',
      price: 100,
      cost: 60,
      stock: 2,
      currencyCode: 'USD',
    });
    await db.products.put(boiler);
    renderScreen(
      '/dashboard/products/:id',
      <ProductFormScreen />,
      `/dashboard/products/${boiler.id}`,
    );
    expect(await screen.findByDisplayValue('Boiler')).toBeInTheDocument();
    expect((screen.getByPlaceholderText('Select a currency') as HTMLInputElement).value).toBe(
      'USD - US Dollar ($)',
    );
    const price = screen.getByLabelText(/^Price/);
    fireEvent.change(price, { target: { value: '199.99' } });
    fireEvent.change(screen.getByLabelText(/^Cost/), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText(/^Stock/), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
    expect(await db.products.get(boiler.id)).toMatchObject({
      price: 199.99,
      cost: null,
      stock: 12,
    });
  });

  it('says when the product does not exist', async () => {
    renderScreen(
      '/dashboard/products/:id',
      <ProductFormScreen />,
      '/dashboard/products/00000000-0000-4000-a000-000000000999',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Product not found');
  });
});
