import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCurrentDatabase } from '../../../../db/current';
import type { SmbDatabase } from '../../../../db/database';
import type { CurrencyRow } from '../../../../db/types';
import { newClientDb } from '../../../../sync/__tests__/helpers';
import { SLOW_WAIT, renderScreen } from '../../../../test/render';
import CurrenciesSettingsScreen from '../CurrenciesSettingsScreen';

const currency = (overrides: Partial<CurrencyRow>): CurrencyRow => ({
  id: 'usd',
  code: 'USD',
  name: 'US Dollar',
  symbol: '$',
  taxRate: 10,
  dollarExchangeRate: 1,
  isDefault: true,
  version: '1',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

let db: SmbDatabase;
beforeEach(async () => {
  db = newClientDb();
  await db.currencies.bulkPut([
    currency({}),
    currency({
      id: 'eur',
      code: 'EUR',
      name: 'Euro',
      symbol: '€',
      taxRate: 19.5,
      dollarExchangeRate: 1.0842,
      isDefault: false,
    }),
  ]);
  setCurrentDatabase(db);
});
afterEach(() => {
  vi.restoreAllMocks();
  setCurrentDatabase(null);
  db.close();
});

const renderCurrencies = () =>
  renderScreen('/dashboard/settings/currencies', <CurrenciesSettingsScreen />);
const rowOf = (code: string) =>
  screen.getAllByTestId('currency-row').find((r) => within(r).queryByText(code)) as HTMLElement;
const dialog = () => screen.getByRole('dialog');
const field = (name: RegExp) => within(dialog()).getByRole('textbox', { name });

describe('CurrenciesSettingsScreen', () => {
  it('lists code, name, symbol, tax rate, exchange rate and the default; the default cannot be deleted', async () => {
    renderCurrencies();
    await waitFor(() => expect(screen.getAllByTestId('currency-row')).toHaveLength(2));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Code',
      'Name',
      'Symbol',
      'Tax Rate',
      'Exchange Rate',
      'Default',
      'Actions',
    ]);
    const eur = within(rowOf('EUR'))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(eur.slice(0, 6)).toEqual(['EUR', 'Euro', '€', '19.5%', '1.0842', '—']);
    expect(within(rowOf('USD')).getByText('Default')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete USD' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete EUR' })).toBeEnabled();
  });

  it('validates the form with the spec rules, starting from exchange rate 1 and tax rate 0', async () => {
    renderCurrencies();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Currency' }));
    expect(within(dialog()).getByRole('textbox', { name: /Tax Rate/ })).toHaveValue('0');
    expect(within(dialog()).getByRole('textbox', { name: /Exchange Rate/ })).toHaveValue('1');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Currency' }));
    expect(
      await within(dialog()).findByText(
        'Currency code must be exactly 3 capital letters (e.g. EUR)',
      ),
    ).toBeInTheDocument();
    expect(within(dialog()).getByText('Currency name is required')).toBeInTheDocument();
    expect(within(dialog()).getByText('Currency symbol is required')).toBeInTheDocument();

    fireEvent.change(field(/Code/), { target: { value: 'g1' } });
    fireEvent.change(within(dialog()).getByRole('textbox', { name: /Tax Rate/ }), {
      target: { value: '100.5' },
    });
    fireEvent.change(within(dialog()).getByRole('textbox', { name: /Exchange Rate/ }), {
      target: { value: '0' },
    });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Currency' }));
    expect(
      await within(dialog()).findByText(
        'Currency code must be exactly 3 capital letters (e.g. EUR)',
      ),
    ).toBeInTheDocument();
    expect(within(dialog()).getByText('Tax rate must be between 0 and 100')).toBeInTheDocument();
    expect(within(dialog()).getByText('Exchange rate must be at least 0.01')).toBeInTheDocument();
    expect(await db.outbox.count()).toBe(0);
  });

  it('adds a currency on this device and queues it', async () => {
    renderCurrencies();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Currency' }));
    fireEvent.change(field(/Code/), { target: { value: 'gbp' } });
    fireEvent.change(field(/Name/), { target: { value: 'Pound Sterling' } });
    fireEvent.change(field(/Symbol/), { target: { value: '£' } });
    fireEvent.change(within(dialog()).getByRole('textbox', { name: /Tax Rate/ }), {
      target: { value: '20' },
    });
    fireEvent.change(within(dialog()).getByRole('textbox', { name: /Exchange Rate/ }), {
      target: { value: '1.2675' },
    });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Currency' }));
    expect(await screen.findByText('Currency GBP added.', {}, SLOW_WAIT)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('currency-row')).toHaveLength(3));
    expect(within(rowOf('GBP')).getByText('Not synced')).toBeInTheDocument();
    const saved = await db.currencies.where('code').equals('GBP').first();
    expect(saved).toMatchObject({
      name: 'Pound Sterling',
      symbol: '£',
      taxRate: 20,
      dollarExchangeRate: 1.2675,
      isDefault: false,
    });
    expect(await db.outbox.toArray()).toMatchObject([{ name: 'currency.create' }]);
  });

  it("shows the data layer's refusal of a taken code and the generic save failure", async () => {
    renderCurrencies();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Currency' }));
    fireEvent.change(field(/Code/), { target: { value: 'EUR' } });
    fireEvent.change(field(/Name/), { target: { value: 'Euro again' } });
    fireEvent.change(field(/Symbol/), { target: { value: '€' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Currency' }));
    expect(
      await within(dialog()).findByText('A currency with code EUR already exists'),
    ).toBeInTheDocument();

    fireEvent.change(field(/Code/), { target: { value: 'CHF' } });
    vi.spyOn(db, 'transaction').mockRejectedValueOnce(new Error('disk failure'));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Currency' }));
    expect(
      await within(dialog()).findByText('Failed to save currency. Please try again.'),
    ).toBeInTheDocument();
    expect(await db.currencies.count()).toBe(2);
  });

  it('edits a currency; the default switch of the default currency is locked', async () => {
    renderCurrencies();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit USD' }));
    expect(within(dialog()).getByRole('switch', { name: /Default currency/ })).toBeDisabled();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: 'Edit EUR' }));
    expect(field(/Name/)).toHaveValue('Euro');
    fireEvent.change(field(/Name/), { target: { value: 'Euro (EU)' } });
    fireEvent.click(within(dialog()).getByRole('switch', { name: /Default currency/ }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Currency EUR updated.')).toBeInTheDocument();
    expect(await db.currencies.get('eur')).toMatchObject({ name: 'Euro (EU)', isDefault: true });
    // Making EUR the default unsets USD, whose delete button becomes available.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete USD' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Delete EUR' })).toBeDisabled();
  });

  it('deletes after confirmation', async () => {
    renderCurrencies();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete EUR' }));
    await screen.findByRole('dialog');
    expect(
      within(dialog()).getByText(
        'Are you sure you want to delete this currency? This action cannot be undone.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('currency-row')).toHaveLength(1));
    expect(await db.currencies.get('eur')).toBeUndefined();
    expect(await db.outbox.toArray()).toMatchObject([
      { name: 'currency.delete', args: { id: 'eur' } },
    ]);
  });

  it('keeps the currency when the delete is cancelled', async () => {
    renderCurrencies();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete EUR' }));
    await screen.findByRole('dialog');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await db.currencies.count()).toBe(2);
  });

  it('says a refused delete may be in use, locally or from the server', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderCurrencies();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete EUR' }));
    await screen.findByRole('dialog');
    vi.spyOn(db, 'transaction').mockRejectedValueOnce(new Error('refused'));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    const message = 'Failed to delete currency. It may be in use by quotes, orders, or products.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(await db.currencies.count()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText(message)).not.toBeInTheDocument());

    await db.rejections.put({
      mutationId: 8,
      name: 'currency.delete',
      args: { id: 'eur' },
      statusCode: 409,
      message:
        'This currency is used by products, quotes, orders or invoices and cannot be deleted.',
      createdAt: '',
    });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(
      screen.getByText(
        'This currency is used by products, quotes, orders or invoices and cannot be deleted.',
      ),
    ).toBeInTheDocument();
  });

  it("shows 'Failed to load currencies. Please try again later.' when the store cannot be read", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(db.currencies, 'orderBy').mockReturnValue({
      toArray: () => Promise.reject(new Error('IndexedDB is unavailable')),
    } as never);
    renderCurrencies();
    expect(
      await screen.findByText('Failed to load currencies. Please try again later.'),
    ).toBeInTheDocument();
  });
});
