import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SmbDatabase } from '../../../../db/database';
import type { TaxRateRow } from '../../../../db/types';
import { closeTestDatabase, useTestDatabase } from '../../../../test/local-store';
import { SLOW_WAIT, renderScreen } from '../../../../test/render';
import TaxRatesSettingsScreen from '../TaxRatesSettingsScreen';

const rate = (overrides: Partial<TaxRateRow>): TaxRateRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'VAT 19 %',
  rate: 19,
  category: 'S',
  exemptionReason: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  version: '1',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

let db: SmbDatabase;
beforeEach(async () => {
  db = useTestDatabase();
  await db.tax_rates.bulkPut([
    rate({}),
    rate({ id: '00000000-0000-4000-8000-000000000002', name: 'Reduced', rate: 7 }),
  ]);
});
afterEach(() => closeTestDatabase(db));

const renderTaxRates = () =>
  renderScreen('/dashboard/settings/tax-rates', <TaxRatesSettingsScreen />);
const rowOf = (name: string) =>
  screen.getAllByTestId('tax-rate-row').find((r) => within(r).queryByText(name)) as HTMLElement;
const dialog = () => screen.getByRole('dialog');

describe('TaxRatesSettingsScreen', () => {
  it('lists name, rate, category and exemption reason, with Edit and Delete per rate', async () => {
    renderTaxRates();
    await waitFor(() => expect(screen.getAllByTestId('tax-rate-row')).toHaveLength(2));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Rate',
      'Category',
      'Exemption reason',
      'Actions',
    ]);
    const cells = within(rowOf('Reduced'))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 4)).toEqual(['Reduced', '7%', cells[2], '—']);
    expect(cells[2]).toMatch(/\(S\)$/);
    expect(screen.getByRole('button', { name: 'Edit Reduced' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete Reduced' })).toBeEnabled();
  });

  it('edits a rate: the form starts from its values, refuses an empty name, and saves', async () => {
    renderTaxRates();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Reduced' }));
    const name = within(dialog()).getByRole('textbox', { name: /Name/ });
    const value = within(dialog()).getByRole('textbox', { name: /Rate/ });
    expect(name).toHaveValue('Reduced');
    expect(value).toHaveValue('7');
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog()).findByText('Give the tax rate a name')).toBeInTheDocument();
    expect(await db.tax_rates.get('00000000-0000-4000-8000-000000000002')).toMatchObject({
      name: 'Reduced',
    });
    fireEvent.change(name, { target: { value: 'VAT 7 %' } });
    fireEvent.change(value, { target: { value: '7.5' } });
    fireEvent.blur(value);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SLOW_WAIT);
    const saved = await db.tax_rates.get('00000000-0000-4000-8000-000000000002');
    expect(saved).toMatchObject({ name: 'VAT 7 %', rate: 7.5 });
    expect(await screen.findByText('Tax rate VAT 7 % updated.')).toBeInTheDocument();
  });
});
