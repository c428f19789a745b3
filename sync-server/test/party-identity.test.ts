/**
 * The parties' identities (issue 33, item 5): the company and its customers carry a structured
 * address, VAT ID, registration ID, electronic address and bank account — all optional, stored
 * compact, checked for their shape with a field message (400) as they will be after the change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOMER_MESSAGES,
  IDENTIFIER_MESSAGES,
  PARTY_MESSAGES,
  type CompanyDetails,
  type Customer,
} from '@smb/shared-types';
import { client, expectStatus, inviteAndAccept, type Client } from './api-helpers';
import { createTestApp, registerTenant, type TestApp } from './helpers';
import { TestClient } from './sync-helpers';

let t: TestApp;
let api: Client;
let other: Client;
let member: Client;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await registerTenant(t, 'Identity GmbH');
  token = admin.token;
  api = client(t, admin.token);
  other = client(t, (await registerTenant(t, 'Other Identity Ltd')).token);
  member = client(t, (await inviteAndAccept(t, admin.token, false)).token);
});
afterAll(async () => {
  await t?.close();
});

const message = (res: Awaited<ReturnType<Client['get']>>) => {
  expect(res.statusCode, res.body).toBe(400);
  return res.json().message as string;
};

describe('the company’s identity', () => {
  it('is saved compact, comes back with the pull, and is checked as it will be', async () => {
    const saved = expectStatus<CompanyDetails>(
      await api.put('/api/tenants/current/company', {
        country: 'de',
        postcode: ' 10115 ',
        city: 'Berlin',
        region: 'Berlin',
        vatId: 'de 123 456 789',
        registrationId: 'HRB 12345 B',
        electronicAddressScheme: '9930',
        electronicAddressId: 'DE123456789',
        iban: 'de89 3704 0044 0532 0130 00',
        bic: 'cobadeffxxx',
      }),
      200,
    );
    expect(saved).toMatchObject({
      country: 'DE',
      postcode: '10115',
      vatId: 'DE123456789',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      electronicAddressScheme: '9930',
    });
    const pulled = await new TestClient(t, token).pullOnce(null);
    expect(pulled.tenant.company).toMatchObject({ vatId: 'DE123456789', city: 'Berlin' });

    // The VAT ID stays German: moving the company to France alone is refused.
    expect(message(await api.put('/api/tenants/current/company', { country: 'FR' }))).toBe(
      IDENTIFIER_MESSAGES.vatCountry('DE', 'FR'),
    );
    expect(message(await api.put('/api/tenants/current/company', { iban: 'DE00 1234' }))).toBe(
      IDENTIFIER_MESSAGES.iban,
    );
    expect(message(await api.put('/api/tenants/current/company', { bic: 'XX' }))).toBe(
      IDENTIFIER_MESSAGES.bic,
    );
    expect(
      message(await api.put('/api/tenants/current/company', { electronicAddressScheme: '0208' })),
    ).toBe(IDENTIFIER_MESSAGES.belgianNumber);
    expect(
      message(await api.put('/api/tenants/current/company', { electronicAddressId: null })),
    ).toBe(PARTY_MESSAGES.schemeWithoutId);
    // Blank clears; nothing is required.
    const cleared = expectStatus<CompanyDetails>(
      await api.put('/api/tenants/current/company', {
        vatId: '',
        electronicAddressScheme: null,
        electronicAddressId: null,
        iban: ' ',
        bic: null,
      }),
      200,
    );
    expect(cleared).toMatchObject({ vatId: null, iban: null, bic: null, city: 'Berlin' });
    // Administrators only.
    expect((await member.put('/api/tenants/current/company', { city: 'Bonn' })).statusCode).toBe(
      403,
    );
  });
});

describe('a customer’s identity', () => {
  it('is created and changed compact, with a buyer reference; shapes are checked', async () => {
    const created = expectStatus<Customer>(
      await api.post('/api/customers', {
        name: 'Käufer AG',
        email: 'info@kaeufer.test',
        address: 'Hauptstraße 1',
        address2: 'Hinterhaus',
        postcode: '80331',
        city: 'München',
        country: 'de',
        vatId: 'DE 987654321',
        electronicAddressScheme: '0088',
        electronicAddressId: '7640000000001',
        buyerReference: ' PO-2026-17 ',
      }),
      201,
    );
    expect(created).toMatchObject({
      postcode: '80331',
      city: 'München',
      country: 'DE',
      vatId: 'DE987654321',
      buyerReference: 'PO-2026-17',
      iban: null,
      region: null,
    });

    const url = `/api/customers/${created.id}`;
    expect(message(await api.put(url, { country: 'AT' }))).toBe(
      IDENTIFIER_MESSAGES.vatCountry('DE', 'AT'),
    );
    expect(message(await api.put(url, { country: 'Germany' }))).toBe(CUSTOMER_MESSAGES.country);
    expect(message(await api.put(url, { electronicAddressId: '7640000000005' }))).toBe(
      IDENTIFIER_MESSAGES.gln,
    );
    expect(message(await api.put(url, { electronicAddressScheme: '1234' }))).toBe(
      IDENTIFIER_MESSAGES.scheme,
    );
    const changed = expectStatus<Customer>(
      await api.put(url, { country: 'AT', vatId: 'ATU12345678', iban: 'AT61 1904 3002 3457 3201' }),
      200,
    );
    expect(changed).toMatchObject({
      country: 'AT',
      vatId: 'ATU12345678',
      iban: 'AT611904300234573201',
      city: 'München',
    });
    expect(expectStatus<Customer>(await api.get(url), 200)).toEqual(changed);
    expect((await other.get(url)).statusCode).toBe(404);

    expect(
      message(
        await api.post('/api/customers', {
          name: 'Bad Bank Ltd',
          email: 'bad@bank.test',
          iban: 'GB00 0000',
        }),
      ),
    ).toBe(IDENTIFIER_MESSAGES.iban);
  });
});
