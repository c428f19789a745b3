import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPANY_MESSAGES,
  type CompanyDetails,
  type Currency,
  type TaxRate,
} from '@smb/shared-types';
import { client, expectStatus } from './api-helpers';
import { TestClient } from './sync-helpers';
import { createTestApp, registerTenant, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function signUp(signup: { country?: string; locale?: string }) {
  const admin = await registerTenant(t, 'Local Traders', undefined, signup);
  const api = client(t, admin.token);
  const company = expectStatus<CompanyDetails>(await api.get('/api/tenants/current/company'), 200);
  const currencies = expectStatus<Currency[]>(await api.get('/api/currencies'), 200);
  const taxRates = expectStatus<TaxRate[]>(await api.get('/api/tax-rates'), 200);
  return { api, admin, company, currencies, taxRates };
}

describe('country defaults at sign-up (issue 34.2)', () => {
  it('a German company starts in euros at 19 %, on A4, writing numbers the German way', async () => {
    const { company, currencies, taxRates } = await signUp({ country: 'DE', locale: 'en-US' });
    expect(company).toMatchObject({ country: 'DE', locale: 'de-DE', paperSize: 'A4' });
    expect(currencies).toHaveLength(1);
    expect(currencies[0]).toMatchObject({
      code: 'EUR',
      name: 'Euro',
      symbol: '€',
      taxRate: 19,
      isDefault: true,
    });
    // The standard and reduced rates are the company's first tax rates, for lines to name.
    expect(
      taxRates.map((r) => [r.name, Number(r.rate), r.category]).sort((a, b) => +a[1]! - +b[1]!),
    ).toEqual([
      ['Reduced 7 %', 7, 'S'],
      ['VAT 19 %', 19, 'S'],
    ]);
  });

  it('keeps the browser’s locale when it is of the chosen country; Canada prints on Letter', async () => {
    const swiss = await signUp({ country: 'CH', locale: 'fr-CH' });
    expect(swiss.company).toMatchObject({ country: 'CH', locale: 'fr-CH' });
    expect(swiss.currencies[0]).toMatchObject({ code: 'CHF', taxRate: 8.1 });
    const canada = await signUp({ country: 'ca' });
    expect(canada.company).toMatchObject({ country: 'CA', locale: 'en-CA', paperSize: 'Letter' });
  });

  it('without a country: US dollars at 0 %, and the company details as before', async () => {
    const { company, currencies, taxRates } = await signUp({});
    expect(taxRates).toEqual([]);
    expect(company.locale).toBeNull();
    expect(company.country).toBeNull();
    expect(currencies[0]).toMatchObject({ code: 'USD', symbol: '$', taxRate: 0 });
  });
});

describe('tenant locale (issue 34.1)', () => {
  it('is changed by an admin (canonicalised), refused when unknown, and pulled by devices', async () => {
    const { api, admin } = await signUp({ country: 'FR' });
    const saved = expectStatus<CompanyDetails>(
      await api.put('/api/tenants/current/company', { locale: 'nl-nl' }),
      200,
    );
    expect(saved.locale).toBe('nl-NL');
    const refused = await api.put('/api/tenants/current/company', { locale: 'not a locale' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: COMPANY_MESSAGES.locale });
    const pulled = await new TestClient(t, admin.token).pullOnce(null);
    expect(pulled.tenant.company.locale).toBe('nl-NL');
  });
});
