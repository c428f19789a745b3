import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '@smb/shared-types';
import {
  client,
  expectStatus,
  rowsOf,
  schemaOf,
  seedQuoteAndOrder,
  type Client,
} from './api-helpers';
import { createTestApp, registerTenant, type TestApp } from './helpers';

let t: TestApp;
let api: Client;
let schema: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await registerTenant(t, 'Product Co');
  api = client(t, admin.token);
  schema = await schemaOf(t, admin.tenantId);
  expectStatus(
    await api.post('/api/currencies', {
      code: 'EUR',
      name: 'Euro',
      symbol: '€',
      taxRate: 20,
      dollarExchangeRate: 1.08,
    }),
    201,
  );
});
afterAll(async () => {
  await t?.close();
});

const USD = { code: 'USD', name: 'US Dollar', symbol: '$' };

describe('products', () => {
  it('creates with defaults (price 0, cost and stock null) and carries the currency object', async () => {
    const product = expectStatus<Record<string, unknown>>(
      await api.post('/api/products', { name: 'Widget', currencyCode: 'USD' }),
      201,
    );
    expect(product).toMatchObject({
      name: 'Widget',
      price: 0,
      cost: null,
      stock: null,
      sku: null,
      currencyCode: 'USD',
      currency: USD,
    });
    expect(Object.keys(product).sort()).toEqual(
      [
        'category',
        'cost',
        'createdAt',
        'currency',
        'currencyCode',
        'description',
        'id',
        'name',
        'price',
        'sku',
        'stock',
        'supplier',
        'taxRateId',
        'unitCode',
        'updatedAt',
        'version',
      ].sort(),
    );
    expect(expectStatus(await api.get(`/api/products/${product.id}`), 200)).toEqual(product);
  });

  it('keeps 2-decimal money exactly and accepts decimals sent as strings', async () => {
    const product = expectStatus(
      await api.post('/api/products', {
        name: 'Gadget',
        sku: 'G-1',
        price: '19.99',
        cost: 7.1,
        stock: 12,
        currencyCode: 'EUR',
        category: 'Tools',
        supplier: 'ACME',
        description: 'Shiny',
      }),
      201,
    );
    expect(product).toMatchObject({
      price: 19.99,
      cost: 7.1,
      stock: 12,
      currency: { code: 'EUR', name: 'Euro', symbol: '€' },
    });
    const [row] = await rowsOf(t, schema, 'products', 'name = $1', ['Gadget']);
    expect(row).toMatchObject({ price: '19.99', cost: '7.10' });
  });

  it.each([
    [{ currencyCode: 'USD' }, PRODUCT_MESSAGES.nameRequired],
    [{ name: 'X' }, PRODUCT_MESSAGES.currencyRequired],
    [{ name: 'X', currencyCode: 'GBP' }, PRODUCT_MESSAGES.unknownCurrency('GBP')],
    [{ name: 'X', currencyCode: 'USD', price: 1.234 }, 'Price can have at most 2 decimal places'],
    [{ name: 'X', currencyCode: 'USD', price: -1 }, 'Price must be 0 or more'],
    [{ name: 'X', currencyCode: 'USD', cost: 0.001 }, 'Cost can have at most 2 decimal places'],
    [{ name: 'X', currencyCode: 'USD', cost: -0.01 }, 'Cost must be 0 or more'],
    [{ name: 'X', currencyCode: 'USD', price: 1e13 }, 'Price must be at most 999999999999.99'],
  ])('rejects %o with a clear 400', async (body, message) => {
    const res = await api.post('/api/products', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('rejects a stock that is not a whole number', async () => {
    const res = await api.post('/api/products', { name: 'X', currencyCode: 'USD', stock: 1.5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/stock/);
  });

  it('updates only the fields sent (null clears cost and stock), bumps the version, checks the currency', async () => {
    const product = expectStatus<{ id: string; version: string }>(
      await api.post('/api/products', {
        name: 'Sprocket',
        currencyCode: 'USD',
        price: 5,
        cost: 2,
        stock: 3,
      }),
      201,
    );
    const updated = expectStatus<{ version: string }>(
      await api.put(`/api/products/${product.id}`, {
        ...product,
        currencyCode: 'EUR',
        cost: null,
        stock: null,
        price: 6.5,
      }),
      200,
    );
    expect(updated).toMatchObject({
      name: 'Sprocket',
      price: 6.5,
      cost: null,
      stock: null,
      currencyCode: 'EUR',
      currency: { symbol: '€' },
    });
    expect(BigInt(updated.version)).toBeGreaterThan(BigInt(product.version));
    const bad = await api.put(`/api/products/${product.id}`, { currencyCode: 'XXX' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(PRODUCT_MESSAGES.unknownCurrency('XXX'));
    expect((await api.put(`/api/products/${product.id}`, { price: 0.005 })).statusCode).toBe(400);
    expect((await api.put(`/api/products/${randomUUID()}`, { name: 'X' })).json().message).toBe(
      PRODUCT_MESSAGES.notFound,
    );
  });

  it('deletes a product used on quote lines: the lines keep their copied values, the quote gets a new version', async () => {
    const product = expectStatus<{ id: string }>(
      await api.post('/api/products', { name: 'Used', sku: 'U-1', price: 3, currencyCode: 'USD' }),
      201,
    );
    const customer = expectStatus<{ id: string }>(
      await api.post('/api/customers', { name: 'Buyer', email: 'b@b.test' }),
      201,
    );
    const { quoteId, orderId } = await seedQuoteAndOrder(t, schema, customer.id, null, product.id);
    const [quoteBefore] = await rowsOf(t, schema, 'quotes', 'id = $1', [quoteId]);

    expect(expectStatus(await api.del(`/api/products/${product.id}`), 200)).toMatchObject({
      success: true,
    });
    expect((await api.get(`/api/products/${product.id}`)).statusCode).toBe(404);
    expect(await rowsOf(t, schema, 'quote_items', 'quote_id = $1', [quoteId])).toEqual([
      expect.objectContaining({
        product_id: null,
        product_name: 'Widget',
        product_sku: 'W-1',
        unit_price: '10.00',
      }),
    ]);
    expect(await rowsOf(t, schema, 'order_items', 'order_id = $1', [orderId])).toEqual([
      expect.objectContaining({ product_id: null, product_name: 'Widget' }),
    ]);
    const [tomb] = await rowsOf(t, schema, 'tombstones', 'id = $1', [product.id]);
    expect(tomb).toMatchObject({ entity: 'products' });
    const [quote] = await rowsOf(t, schema, 'quotes', 'id = $1', [quoteId]);
    const [order] = await rowsOf(t, schema, 'orders', 'id = $1', [orderId]);
    expect(quote.version).toBe(tomb.version);
    expect(order.version).toBe(tomb.version);
    expect(quote.version).not.toBe(quoteBefore.version);
  });

  it('lists in name order with search and X-Total-Count; serves the default currency and the currencies', async () => {
    const res = await api.get('/api/products?q=gad');
    expect(expectStatus<Array<{ name: string }>>(res, 200).map((p) => p.name)).toEqual(['Gadget']);
    expect(res.headers['x-total-count']).toBe('1');
    const all = expectStatus<Array<{ name: string }>>(await api.get('/api/products'), 200).map(
      (p) => p.name.toLowerCase(),
    );
    expect(all).toEqual([...all].sort());

    expect(expectStatus(await api.get('/api/products/defaultcurrency'), 200)).toMatchObject({
      ...USD,
      isDefault: true,
      dollarExchangeRate: 1,
    });
    const currencies = await api.get('/api/products/currencies');
    expect(expectStatus<Array<{ code: string }>>(currencies, 200).map((c) => c.code)).toEqual([
      'EUR',
      'USD',
    ]);
    expect(currencies.headers['x-total-count']).toBe('2');
  });

  it('rejects a client-made id that exists with 409', async () => {
    const id = randomUUID();
    expectStatus(await api.post('/api/products', { id, name: 'Once', currencyCode: 'USD' }), 201);
    const again = await api.post('/api/products', { id, name: 'Twice', currencyCode: 'USD' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PRODUCT_MESSAGES.idTaken);
  });
});
