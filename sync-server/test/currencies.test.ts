import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENCY_MESSAGES } from '@smb/shared-types';
import {
  client,
  expectStatus,
  inviteAndAccept,
  rowsOf,
  schemaOf,
  seedQuoteAndOrder,
  type Client,
} from './api-helpers';
import { createTestApp, registerTenant, type TestApp } from './helpers';

let t: TestApp;
let api: Client;
let member: Client;
let schema: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await registerTenant(t, 'Currency Co');
  api = client(t, admin.token);
  member = client(t, (await inviteAndAccept(t, admin.token, false)).token);
  schema = await schemaOf(t, admin.tenantId);
});
afterAll(async () => {
  await t?.close();
});

type CurrencyJson = { id: string; code: string; isDefault: boolean; version: string };
const eur = { code: 'EUR', name: 'Euro', symbol: '€', taxRate: 20.125, dollarExchangeRate: 1.0825 };

describe('currencies', () => {
  it('starts with USD ($, rate 1) as the default, found by id, by code and as the default', async () => {
    const list = expectStatus<CurrencyJson[]>(await api.get('/api/currencies'), 200);
    expect(list).toHaveLength(1);
    const usd = list[0]!;
    expect(usd).toMatchObject({
      code: 'USD',
      symbol: '$',
      dollarExchangeRate: 1,
      taxRate: 0,
      isDefault: true,
    });
    expect(Object.keys(usd).sort()).toEqual(
      [
        'code',
        'dollarExchangeRate',
        'id',
        'isDefault',
        'name',
        'symbol',
        'taxRate',
        'updatedAt',
        'version',
      ].sort(),
    );
    expect(expectStatus(await member.get(`/api/currencies/${usd.id}`), 200)).toEqual(usd);
    expect(expectStatus(await member.get('/api/currencies/code/USD'), 200)).toEqual(usd);
    expect(expectStatus(await member.get('/api/currencies/default'), 200)).toEqual(usd);
    const missing = await api.get('/api/currencies/code/ZZZ');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(CURRENCY_MESSAGES.notFound);
  });

  it('creates with exact decimals (admin) and applies the form defaults', async () => {
    const created = expectStatus<CurrencyJson>(await api.post('/api/currencies', eur), 201);
    expect(created).toMatchObject({ ...eur, isDefault: false });
    const [row] = await rowsOf(t, schema, 'currencies', 'code = $1', ['EUR']);
    expect(row).toMatchObject({ tax_rate: '20.125', dollar_exchange_rate: '1.0825' });
    expect(
      expectStatus(
        await api.post('/api/currencies', { code: 'JPY', name: 'Yen', symbol: '¥' }),
        201,
      ),
    ).toMatchObject({
      taxRate: 0,
      dollarExchangeRate: 1,
      isDefault: false,
    });
  });

  it.each([
    [{ ...eur, code: 'eu' }, CURRENCY_MESSAGES.codeFormat],
    [{ ...eur, code: 'gbp' }, CURRENCY_MESSAGES.codeFormat],
    [{ ...eur, code: 'GBPX' }, CURRENCY_MESSAGES.codeFormat],
    [{ ...eur, code: 'GBP', name: ' ' }, CURRENCY_MESSAGES.nameRequired],
    [{ ...eur, code: 'GBP', symbol: '' }, CURRENCY_MESSAGES.symbolRequired],
    [{ ...eur, code: 'GBP', taxRate: -0.5 }, CURRENCY_MESSAGES.taxRateRange],
    [{ ...eur, code: 'GBP', taxRate: 100.001 }, CURRENCY_MESSAGES.taxRateRange],
    [{ ...eur, code: 'GBP', taxRate: 5.0001 }, 'Tax rate can have at most 3 decimal places'],
    [{ ...eur, code: 'GBP', dollarExchangeRate: 0.0099 }, CURRENCY_MESSAGES.rateMin],
    [
      { ...eur, code: 'GBP', dollarExchangeRate: 1.23456 },
      'Exchange rate can have at most 4 decimal places',
    ],
  ])('rejects %o with the rule message', async (body, message) => {
    const res = await api.post('/api/currencies', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('keeps codes unique per tenant (409) and accepts the boundary values', async () => {
    const dup = await api.post('/api/currencies', { ...eur, name: 'Euro again' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(CURRENCY_MESSAGES.codeTaken('EUR'));
    expect(
      expectStatus(
        await api.post('/api/currencies', {
          code: 'CHF',
          name: 'Franc',
          symbol: 'Fr',
          taxRate: 100,
          dollarExchangeRate: 0.01,
        }),
        201,
      ),
    ).toMatchObject({
      taxRate: 100,
      dollarExchangeRate: 0.01,
    });
    const id = randomUUID();
    expectStatus(
      await api.post('/api/currencies', { id, code: 'SEK', name: 'Krona', symbol: 'kr' }),
      201,
    );
    const again = await api.post('/api/currencies', {
      id,
      code: 'NOK',
      name: 'Krone',
      symbol: 'kr',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CURRENCY_MESSAGES.idTaken);
  });

  it('keeps exactly one default: making one default unsets the other in the same transaction', async () => {
    const eurRow = expectStatus<CurrencyJson>(await api.get('/api/currencies/code/EUR'), 200);
    const usdBefore = expectStatus<CurrencyJson>(await api.get('/api/currencies/code/USD'), 200);
    const updated = expectStatus<CurrencyJson>(
      await api.put(`/api/currencies/${eurRow.id}`, { ...eurRow, isDefault: true }),
      200,
    );
    expect(updated.isDefault).toBe(true);
    const usd = expectStatus<CurrencyJson>(await api.get('/api/currencies/code/USD'), 200);
    expect(usd.isDefault).toBe(false);
    expect(usd.version).toBe(updated.version);
    expect(BigInt(usd.version)).toBeGreaterThan(BigInt(usdBefore.version));
    const defaults = expectStatus<CurrencyJson[]>(await api.get('/api/currencies'), 200).filter(
      (c) => c.isDefault,
    );
    expect(defaults.map((c) => c.code)).toEqual(['EUR']);
    expect(expectStatus(await api.get('/api/products/defaultcurrency'), 200)).toMatchObject({
      code: 'EUR',
    });

    const undefault = await api.put(`/api/currencies/${eurRow.id}`, { isDefault: false });
    expect(undefault.statusCode).toBe(400);
    expect(undefault.json().message).toBe(CURRENCY_MESSAGES.keepDefault);

    // A new currency made default takes over too.
    const made = expectStatus<CurrencyJson>(
      await api.post('/api/currencies', {
        code: 'AUD',
        name: 'Aussie',
        symbol: 'A$',
        isDefault: true,
      }),
      201,
    );
    expect(made.isDefault).toBe(true);
    expect(
      expectStatus<CurrencyJson[]>(await api.get('/api/currencies'), 200).filter(
        (c) => c.isDefault,
      ),
    ).toHaveLength(1);
    expectStatus(await api.put(`/api/currencies/${usd.id}`, { isDefault: true }), 200);
  });

  it('updates only the fields sent and validates them', async () => {
    const jpy = expectStatus<CurrencyJson>(await api.get('/api/currencies/code/JPY'), 200);
    expect(
      expectStatus(await api.put(`/api/currencies/${jpy.id}`, { symbol: '円', taxRate: 8 }), 200),
    ).toMatchObject({ code: 'JPY', name: 'Yen', symbol: '円', taxRate: 8 });
    expect((await api.put(`/api/currencies/${jpy.id}`, { code: 'jp' })).json().message).toBe(
      CURRENCY_MESSAGES.codeFormat,
    );
    const taken = await api.put(`/api/currencies/${jpy.id}`, { code: 'EUR' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(CURRENCY_MESSAGES.codeTaken('EUR'));
    expect(
      expectStatus(await api.put(`/api/currencies/${jpy.id}`, { code: 'JPN' }), 200),
    ).toMatchObject({ code: 'JPN' });
    expect((await api.put(`/api/currencies/${randomUUID()}`, { name: 'X' })).statusCode).toBe(404);
  });

  it('refuses to delete the default (409) or a currency in use by products, quotes or orders (409)', async () => {
    const usd = expectStatus<CurrencyJson>(await api.get('/api/currencies/code/USD'), 200);
    const res = await api.del(`/api/currencies/${usd.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CURRENCY_MESSAGES.deleteDefault);

    const chf = expectStatus<CurrencyJson>(await api.get('/api/currencies/code/CHF'), 200);
    const product = expectStatus<{ id: string }>(
      await api.post('/api/products', { name: 'Swiss watch', currencyCode: 'CHF' }),
      201,
    );
    const inUse = await api.del(`/api/currencies/${chf.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(CURRENCY_MESSAGES.inUse);
    // Nor can the code of a currency in use change (products would lose their currency).
    const recode = await api.put(`/api/currencies/${chf.id}`, { code: 'CHE' });
    expect(recode.statusCode).toBe(409);
    expect(recode.json().message).toBe(CURRENCY_MESSAGES.codeInUse);
    expectStatus(await api.del(`/api/products/${product.id}`), 200);

    // USD is used by a quote and an order only.
    const customer = expectStatus<{ id: string }>(
      await api.post('/api/customers', { name: 'C', email: 'c@c.test' }),
      201,
    );
    await seedQuoteAndOrder(t, schema, customer.id, null);
    const eurRow = expectStatus<CurrencyJson>(await api.get('/api/currencies/code/EUR'), 200);
    expectStatus(await api.put(`/api/currencies/${eurRow.id}`, { isDefault: true }), 200);
    const byQuote = await api.del(`/api/currencies/${usd.id}`);
    expect(byQuote.statusCode).toBe(409);
    expect(byQuote.json().message).toBe(CURRENCY_MESSAGES.inUse);

    expect(expectStatus(await api.del(`/api/currencies/${chf.id}`), 200)).toMatchObject({
      success: true,
    });
    expect((await api.get(`/api/currencies/${chf.id}`)).statusCode).toBe(404);
    expect(await rowsOf(t, schema, 'tombstones', 'id = $1', [chf.id])).toEqual([
      expect.objectContaining({ entity: 'currencies' }),
    ]);
  });

  it('lets members read but not write (403, nothing changed)', async () => {
    const before = await rowsOf(t, schema, 'currencies');
    const usd = expectStatus<CurrencyJson>(await member.get('/api/currencies/code/USD'), 200);
    for (const res of [
      await member.post('/api/currencies', { code: 'MXN', name: 'Peso', symbol: '$' }),
      await member.put(`/api/currencies/${usd.id}`, { name: 'Dollar' }),
      await member.del(`/api/currencies/${usd.id}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only tenant administrators can do this');
    }
    expect(await rowsOf(t, schema, 'currencies')).toEqual(before);
  });

  it('lists in code order with search, paging and X-Total-Count', async () => {
    const all = await api.get('/api/currencies');
    const codes = expectStatus<CurrencyJson[]>(all, 200).map((c) => c.code);
    expect(codes).toEqual([...codes].sort());
    expect(all.headers['x-total-count']).toBe(String(codes.length));
    const page = await api.get('/api/currencies?limit=2&offset=1');
    expect(expectStatus<CurrencyJson[]>(page, 200).map((c) => c.code)).toEqual(codes.slice(1, 3));
    expect(
      expectStatus<CurrencyJson[]>(await api.get('/api/currencies?q=euro'), 200).map((c) => c.code),
    ).toEqual(['EUR']);
  });
});
