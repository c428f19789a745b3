import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPANY_MESSAGES,
  LOGO_MAX_BYTES,
  paperSizeOf,
  timeZoneOf,
  type CompanyDetails,
} from '@smb/shared-types';
import { client, expectStatus, inviteAndAccept, type Client } from './api-helpers';
import { tinyPng } from './factories';
import { TestClient } from './sync-helpers';
import { bearer, createTestApp, registerTenant, type TestApp } from './helpers';

let t: TestApp;
let api: Client;
let member: Client;
let adminToken: string;
let memberToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await registerTenant(t, 'Łódź Żółć Straße');
  adminToken = admin.token;
  api = client(t, admin.token);
  memberToken = (await inviteAndAccept(t, admin.token, false)).token;
  member = client(t, memberToken);
});
afterAll(async () => {
  await t?.close();
});

const putLogo = (token: string, body: Buffer, contentType = 'image/png') =>
  t.app.inject({
    method: 'PUT',
    url: '/api/tenants/current/logo',
    headers: { ...bearer(token), 'content-type': contentType },
    payload: body,
  });

describe('company details', () => {
  it('start empty, are saved by an admin (trimmed, blank clears) and come back with the tenant and the pull', async () => {
    const empty = expectStatus<CompanyDetails>(
      await member.get('/api/tenants/current/company'),
      200,
    );
    const { quoteValidityDays, documentLanguage, einvoiceFormat, ...details } = empty;
    expect(quoteValidityDays).toBe(30);
    expect(documentLanguage).toBe('en');
    expect(einvoiceFormat).toBe('none');
    expect(Object.values(details).every((v) => v === null)).toBe(true);
    // A device polling before the change is told the company as it was, and after it as it is.
    const before = await new TestClient(t, memberToken).pullOnce(null);
    expect(before.tenant.company).toEqual(empty);

    const saved = expectStatus<CompanyDetails>(
      await api.put('/api/tenants/current/company', {
        legalName: '  Łódź Żółć Straße GmbH ',
        address: 'Ørsted Allé 5\r\n2100 København',
        country: 'dk',
        taxId: 'DK12345678',
        email: 'billing@example.com',
        website: 'https://example.com',
        paymentInstructions: 'IBAN DK50 0040 0440 1162 43',
        documentFooter: 'Thank you for your business.',
      }),
      200,
    );
    expect(saved).toMatchObject({
      legalName: 'Łódź Żółć Straße GmbH',
      address: 'Ørsted Allé 5\n2100 København',
      country: 'DK',
      phone: null,
      paperSize: null,
      logo: null,
    });
    expect(paperSizeOf(saved)).toBe('A4');

    // Only the fields given change; '' clears one.
    const again = expectStatus<CompanyDetails>(
      await api.put('/api/tenants/current/company', { taxId: '', paperSize: 'Letter' }),
      200,
    );
    expect(again).toMatchObject({
      legalName: 'Łódź Żółć Straße GmbH',
      taxId: null,
      paperSize: 'Letter',
    });

    const tenant = expectStatus<{ company: CompanyDetails }>(
      await member.get('/api/tenants/current'),
      200,
    );
    expect(tenant.company).toEqual(again);
    const pull = await new TestClient(t, memberToken).pullOnce(null);
    expect(pull.tenant.company).toEqual(again);
  });

  it('are written by the tenant.updateCompany mutation of an admin; a member’s is rejected', async () => {
    const device = new TestClient(t, adminToken);
    const pushed = await device.push([
      device.mutation('tenant.updateCompany', { phone: ' +45 12 34 56 78 ' }),
    ]);
    expect(pushed.status).toBe(200);
    const pull = await new TestClient(t, memberToken).pullOnce(null);
    expect(pull.tenant.company.phone).toBe('+45 12 34 56 78');

    const phone = new TestClient(t, memberToken);
    await phone.push([phone.mutation('tenant.updateCompany', { phone: '000' })]);
    const mine = await phone.pullOnce(null);
    expect(mine.rejections.map((r) => [r.name, r.statusCode])).toEqual([
      ['tenant.updateCompany', 403],
    ]);
    expect(mine.tenant.company.phone).toBe('+45 12 34 56 78');
  });

  it('refuses bad values with a clear message, and members with 403', async () => {
    for (const [body, message] of [
      [{ country: 'Denmark' }, COMPANY_MESSAGES.country],
      [{ email: 'not-an-email' }, COMPANY_MESSAGES.email],
      [{ website: 'javascript:alert(1)' }, COMPANY_MESSAGES.website],
      [{ paperSize: 'A3' }, COMPANY_MESSAGES.paperSize],
    ] as const) {
      expect(expectStatus(await api.put('/api/tenants/current/company', body), 400).message).toBe(
        message,
      );
    }
    expectStatus(await member.put('/api/tenants/current/company', { legalName: 'Mine' }), 403);
    expect(
      expectStatus<CompanyDetails>(await member.get('/api/tenants/current/company'), 200).legalName,
    ).toBe('Łódź Żółć Straße GmbH');
  });

  it('keep the time zone chosen (canonical IANA name), offline too; blank follows the country again', async () => {
    const before = expectStatus<CompanyDetails>(await api.get('/api/tenants/current/company'), 200);
    expect(before.timeZone).toBeNull();
    // The company is in Denmark (the first test): its day follows Copenhagen.
    expect(timeZoneOf(before)).toBe('Europe/Copenhagen');

    const saved = expectStatus<CompanyDetails>(
      await api.put('/api/tenants/current/company', { timeZone: 'america/new_york' }),
      200,
    );
    expect(saved.timeZone).toBe('America/New_York');
    expect(timeZoneOf(saved)).toBe('America/New_York');
    expect(
      expectStatus<CompanyDetails>(await member.get('/api/tenants/current/company'), 200).timeZone,
    ).toBe('America/New_York');

    const device = new TestClient(t, adminToken);
    expect(
      (await device.push([device.mutation('tenant.updateCompany', { timeZone: 'Asia/Tokyo' })]))
        .status,
    ).toBe(200);
    expect((await new TestClient(t, memberToken).pullOnce(null)).tenant.company.timeZone).toBe(
      'Asia/Tokyo',
    );

    const bad = await api.put('/api/tenants/current/company', { timeZone: 'Mars/Olympus_Mons' });
    expect(expectStatus(bad, 400).message).toBe(COMPANY_MESSAGES.timeZone);
    const phone = new TestClient(t, adminToken);
    await phone.push([phone.mutation('tenant.updateCompany', { timeZone: 'Nowhere/City' })]);
    const pulled = await phone.pullOnce(null);
    expect(pulled.rejections.map((r) => [r.name, r.statusCode])).toEqual([
      ['tenant.updateCompany', 400],
    ]);
    expect(pulled.tenant.company.timeZone).toBe('Asia/Tokyo');

    const cleared = expectStatus<CompanyDetails>(
      await api.put('/api/tenants/current/company', { timeZone: '' }),
      200,
    );
    expect(cleared.timeZone).toBeNull();
    expect(timeZoneOf(cleared)).toBe('Europe/Copenhagen');
    expect(timeZoneOf({ timeZone: null, country: null })).toBe('UTC');
  });

  it('takes the paper size from the country when none is chosen', () => {
    expect(paperSizeOf({ paperSize: null, country: 'US' })).toBe('Letter');
    expect(paperSizeOf({ paperSize: null, country: 'CA' })).toBe('Letter');
    expect(paperSizeOf({ paperSize: null, country: 'DE' })).toBe('A4');
    expect(paperSizeOf({ paperSize: null, country: null })).toBe('A4');
    expect(paperSizeOf({ paperSize: 'A4', country: 'US' })).toBe('A4');
  });
});

describe('company logo', () => {
  it('stores a PNG, serves it with its content type and announces its hash', async () => {
    const png = tinyPng();
    const saved = expectStatus<CompanyDetails>(await putLogo(adminToken, png), 200);
    expect(saved.logo?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const res = await member.get('/api/tenants/current/logo');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(png)).toBe(true);
    expect(
      expectStatus<CompanyDetails>(await member.get('/api/tenants/current/company'), 200).logo,
    ).toEqual(saved.logo);
  });

  it('judges the type by content: a .png that is really HTML is refused, a JPEG sent as octet-stream is served as JPEG', async () => {
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const refused = expectStatus(await putLogo(adminToken, html, 'image/png'), 400);
    expect(refused.message).toBe(COMPANY_MESSAGES.logoInvalid);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
    expectStatus(await putLogo(adminToken, jpeg, 'application/octet-stream'), 200);
    const res = await member.get('/api/tenants/current/logo');
    expect(res.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses more than 1 MB, and members', async () => {
    const big = Buffer.concat([tinyPng(), Buffer.alloc(LOGO_MAX_BYTES)]);
    const res = await putLogo(adminToken, big);
    expect([400, 413]).toContain(res.statusCode);
    expect(
      expectStatus(await putLogo(adminToken, big.subarray(0, LOGO_MAX_BYTES + 1)), 400).message,
    ).toBe(COMPANY_MESSAGES.logoTooLarge);
    expectStatus(await putLogo(memberToken, tinyPng()), 403);
  });

  it('is removed by an admin; then the logo answers 404', async () => {
    expectStatus(await member.del('/api/tenants/current/logo'), 403);
    const after = expectStatus<CompanyDetails>(await api.del('/api/tenants/current/logo'), 200);
    expect(after.logo).toBeNull();
    expectStatus(await member.get('/api/tenants/current/logo'), 404);
  });

  it('is private to its tenant', async () => {
    const other = await registerTenant(t, 'Other Co');
    expectStatus(await putLogo(adminToken, tinyPng()), 200);
    expectStatus(await client(t, other.token).get('/api/tenants/current/logo'), 404);
  });
});
