import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_MESSAGES } from '@smb/shared-types';
import { client, expectStatus, inviteAndAccept, type Client } from './api-helpers';
import { STRONG_PASSWORD, createTestApp, registerTenant, type TestApp } from './helpers';

let t: TestApp;
let admin: { token: string; tenantId: string; userId: string; email: string };
let api: Client;
beforeAll(async () => {
  t = await createTestApp();
  admin = await registerTenant(t, 'Company Co');
  api = client(t, admin.token);
});
afterAll(async () => {
  await t?.close();
});

type TenantJson = { id: string; naturalName: string; schemaName: string; createdAt: string };

describe('company', () => {
  it('shows the current company to every signed-in user', async () => {
    const member = client(t, (await inviteAndAccept(t, admin.token, false)).token);
    const tenant = expectStatus<TenantJson>(await member.get('/api/tenants/current'), 200);
    expect(tenant).toMatchObject({ id: admin.tenantId, naturalName: 'Company Co' });
    expect(tenant.schemaName).toMatch(/^companyco_[0-9a-f]{10}$/);
    expect(Object.keys(tenant).sort()).toEqual([
      'company',
      'createdAt',
      'id',
      'naturalName',
      'schemaName',
    ]);
    expect((await member.put('/api/tenants/current', { naturalName: 'Hijack' })).statusCode).toBe(
      403,
    );
  });

  it('renames (admin), trimmed; a blank name gets the spec message', async () => {
    const renamed = expectStatus<TenantJson>(
      await api.put('/api/tenants/current', { naturalName: '  Company Co Ltd  ' }),
      200,
    );
    expect(renamed.naturalName).toBe('Company Co Ltd');
    expect(expectStatus<TenantJson>(await api.get('/api/tenants/current'), 200).naturalName).toBe(
      'Company Co Ltd',
    );
    const me = expectStatus<{ tenantName: string }>(await api.get('/api/auth/me'), 200);
    expect(me.tenantName).toBe('Company Co Ltd');
    const blank = await api.put('/api/tenants/current', { naturalName: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(TENANT_MESSAGES.nameRequired);
    expect(blank.json().message).toBe('Company name is required');
  });

  it('deletes only the own company (another id → 404): the schema and the users are gone', async () => {
    const other = await registerTenant(t, 'Other Co');
    const notOwn = await api.del(`/api/tenants/${other.tenantId}`);
    expect(notOwn.statusCode).toBe(404);
    expect((await api.del(`/api/tenants/${randomUUID()}`)).statusCode).toBe(404);
    expect((await client(t, other.token).get('/api/tenants/current')).statusCode).toBe(200);

    const doomed = await registerTenant(t, 'Doomed Co');
    const member = await inviteAndAccept(t, doomed.token, false);
    expect((await client(t, member.token).del(`/api/tenants/${doomed.tenantId}`)).statusCode).toBe(
      403,
    );
    const schema = expectStatus<TenantJson>(
      await client(t, doomed.token).get('/api/tenants/current'),
      200,
    ).schemaName;
    expectStatus(
      await client(t, doomed.token).post('/api/customers', { name: 'Gone', email: 'g@g.test' }),
      201,
    );

    expect(
      expectStatus(await client(t, doomed.token).del(`/api/tenants/${doomed.tenantId}`), 200),
    ).toMatchObject({ success: true });
    const { rows: schemas } = await t.ctx.database.pool.query(
      'SELECT 1 FROM information_schema.schemata WHERE schema_name = $1',
      [schema],
    );
    expect(schemas).toEqual([]);
    const { rows: users } = await t.ctx.database.pool.query(
      'SELECT id FROM app.users WHERE tenant_id = $1',
      [doomed.tenantId],
    );
    expect(users).toEqual([]);
    for (const token of [doomed.token, member.token])
      expect((await client(t, token).get('/api/tenants/current')).statusCode).toBe(401);
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: doomed.email, password: STRONG_PASSWORD },
    });
    expect(relogin.statusCode).toBe(401);
    // The other companies are untouched.
    expect(
      expectStatus<TenantJson>(await client(t, other.token).get('/api/tenants/current'), 200)
        .naturalName,
    ).toBe('Other Co');
    expect((await api.get('/api/tenants/current')).statusCode).toBe(200);
  });
});
