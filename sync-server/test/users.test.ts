import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_TTL_MS, USER_MESSAGES } from '@smb/shared-types';
import { claimsOf, client, expectStatus, inviteAndAccept, type Client } from './api-helpers';
import {
  STRONG_PASSWORD,
  createTestApp,
  latestCode,
  login,
  mailsTo,
  registerTenant,
  uniqueEmail,
  type TestApp,
} from './helpers';

let t: TestApp;
let admin: { token: string; tenantId: string; userId: string; email: string };
let api: Client;
beforeAll(async () => {
  t = await createTestApp();
  admin = await registerTenant(t, 'People Co');
  api = client(t, admin.token);
});
afterAll(async () => {
  await t?.close();
});

type UserJson = {
  id: string;
  email: string;
  isVerified: boolean;
  isTenantAdmin: boolean;
  isPendingApproval: boolean;
  createdAt: string;
};

describe('invitations', () => {
  it('invite → mailed code (24 h) → verify-invitation → a working token whose IsTenantAdmin matches', async () => {
    for (const isTenantAdmin of [false, true]) {
      const email = uniqueEmail('invitee');
      const invited = expectStatus<UserJson>(
        await api.post('/api/users/invite', { email, isTenantAdmin }),
        201,
      );
      expect(invited).toMatchObject({
        email,
        isTenantAdmin,
        isPendingApproval: true,
        isVerified: false,
      });
      expect(Object.keys(invited).sort()).toEqual([
        'createdAt',
        'email',
        'id',
        'isPendingApproval',
        'isTenantAdmin',
        'isVerified',
      ]);
      const [code] = await t.ctx.database.db
        .withSchema('app')
        .selectFrom('one_time_codes')
        .selectAll()
        .where('user_id', '=', invited.id)
        .execute();
      expect(code!.purpose).toBe('invite');
      expect(Math.abs(code!.expires_at.getTime() - Date.now() - CODE_TTL_MS.invite)).toBeLessThan(
        60_000,
      );
      expect(mailsTo(t.mailDir, email).at(-1)).toMatch(
        /Subject: You have been invited to People Co/,
      );
      // Pending: no password, so no login.
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email, password: STRONG_PASSWORD },
          })
        ).statusCode,
      ).not.toBe(200);

      const accepted = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-invitation',
        payload: { email, otpCode: latestCode(t.mailDir, email), password: STRONG_PASSWORD },
      });
      const { token } = expectStatus<{ token: string }>(accepted, 200);
      expect(claimsOf(token)).toMatchObject({
        IsTenantAdmin: String(isTenantAdmin),
        tenantId: admin.tenantId,
        sub: invited.id,
      });
      expect(expectStatus(await client(t, token).get('/api/customers'), 200)).toEqual([]);
      expect((await client(t, token).get('/api/users')).statusCode).toBe(isTenantAdmin ? 200 : 403);
      expect(expectStatus(await api.get(`/api/users/${invited.id}`), 200)).toMatchObject({
        isVerified: true,
        isPendingApproval: false,
        isTenantAdmin,
      });
      expect(await login(t, email)).toBeTruthy();
    }
  });

  it.each([
    [{ email: '' }, 400, USER_MESSAGES.emailRequired],
    [{ email: 'not-an-email' }, 400, USER_MESSAGES.invalidEmail],
  ])('rejects %o', async (body, status, message) => {
    const res = await api.post('/api/users/invite', body);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });

  it('refuses (409) an e-mail registered anywhere, in any case', async () => {
    const other = await registerTenant(t, 'Elsewhere Inc');
    for (const email of [admin.email, other.email.toUpperCase()]) {
      const res = await api.post('/api/users/invite', { email });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(USER_MESSAGES.emailTaken);
    }
  });
});

describe('users', () => {
  it('lists the tenant’s users (only) in e-mail order with search and X-Total-Count', async () => {
    const res = await api.get('/api/users');
    const users = expectStatus<UserJson[]>(res, 200);
    expect(users.map((u) => u.email)).toContain(admin.email);
    expect(users.every((u) => !u.email.startsWith('admin.') || u.email === admin.email)).toBe(true);
    const emails = users.map((u) => u.email);
    expect(emails).toEqual([...emails].sort());
    expect(res.headers['x-total-count']).toBe(String(users.length));
    const found = expectStatus<UserJson[]>(
      await api.get(`/api/users?q=${encodeURIComponent(admin.email.toUpperCase())}`),
      200,
    );
    expect(found.map((u) => u.id)).toEqual([admin.userId]);
    expect(expectStatus(await api.get(`/api/users/${admin.userId}`), 200)).toMatchObject({
      email: admin.email,
      isTenantAdmin: true,
      isVerified: true,
    });
    expect((await api.get(`/api/users/${randomUUID()}`)).json().message).toBe(
      USER_MESSAGES.notFound,
    );
  });

  it('grants and removes the admin role; the member’s rights follow at once', async () => {
    const member = await inviteAndAccept(t, admin.token, false);
    const memberApi = client(t, member.token);
    expect((await memberApi.get('/api/users')).statusCode).toBe(403);
    expect(
      expectStatus(await api.put(`/api/users/${member.userId}/role`, { isTenantAdmin: true }), 200),
    ).toMatchObject({ isTenantAdmin: true });
    expect((await memberApi.get('/api/users')).statusCode).toBe(200);
    expect(
      expectStatus(
        await api.put(`/api/users/${member.userId}/role`, { isTenantAdmin: false }),
        200,
      ),
    ).toMatchObject({ isTenantAdmin: false });
    expect((await memberApi.get('/api/users')).statusCode).toBe(403);
  });

  it('an admin cannot demote or delete themself, and a tenant never loses its last admin', async () => {
    const demote = await api.put(`/api/users/${admin.userId}/role`, { isTenantAdmin: false });
    expect(demote.statusCode).toBe(400);
    expect(demote.json().message).toBe(USER_MESSAGES.cannotDemoteSelf);
    const self = await api.del(`/api/users/${admin.userId}`);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(USER_MESSAGES.cannotDeleteSelf);
    // Staying admin is fine.
    expectStatus(await api.put(`/api/users/${admin.userId}/role`, { isTenantAdmin: true }), 200);

    // Two admins: the second may demote the first; then the last one is protected by the self rules.
    const second = await inviteAndAccept(t, admin.token, true);
    const secondApi = client(t, second.token);
    expectStatus(
      await secondApi.put(`/api/users/${admin.userId}/role`, { isTenantAdmin: false }),
      200,
    );
    expect((await api.get('/api/users')).statusCode).toBe(403);
    expectStatus(
      await secondApi.put(`/api/users/${admin.userId}/role`, { isTenantAdmin: true }),
      200,
    );
  });

  it('refuses (409) to remove the last administrator, as the service guarantees for any caller', async () => {
    const { setUserRole, deleteUser } = await import('../src/modules/users/users.service');
    const { findUserWithTenant } = await import('../src/modules/auth/auth.repository');
    const solo = await registerTenant(t, 'Solo Ltd');
    const found = (await findUserWithTenant(t.ctx.database.db, solo.userId))!;
    // A scope whose user is an admin of the tenant but is not the target (e.g. an admin demoted meanwhile).
    const scope = {
      ...found,
      user: { ...found.user, id: randomUUID() },
      db: t.ctx.database.tenantDb(found.tenant.schema_name),
    };
    await expect(setUserRole(t.ctx, scope, solo.userId, false)).rejects.toMatchObject({
      statusCode: 409,
      message: USER_MESSAGES.lastAdmin,
    });
    await expect(deleteUser(t.ctx, scope, solo.userId)).rejects.toMatchObject({
      statusCode: 409,
      message: USER_MESSAGES.lastAdmin,
    });
    expect((await client(t, solo.token).get('/api/users')).statusCode).toBe(200);
  });

  it('deletes a user: their token stops working at once; a pending invitation can be deleted too', async () => {
    const member = await inviteAndAccept(t, admin.token, false);
    expect((await client(t, member.token).get('/api/customers')).statusCode).toBe(200);
    expect(expectStatus(await api.del(`/api/users/${member.userId}`), 200)).toMatchObject({
      success: true,
    });
    expect((await client(t, member.token).get('/api/customers')).statusCode).toBe(401);
    expect((await api.get(`/api/users/${member.userId}`)).statusCode).toBe(404);
    expect((await api.del(`/api/users/${member.userId}`)).statusCode).toBe(404);

    const pending = expectStatus<UserJson>(
      await api.post('/api/users/invite', { email: uniqueEmail('pending') }),
      201,
    );
    expectStatus(await api.del(`/api/users/${pending.id}`), 200);
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-invitation',
      payload: {
        email: pending.email,
        otpCode: latestCode(t.mailDir, pending.email),
        password: STRONG_PASSWORD,
      },
    });
    expect(late.statusCode).toBe(400);
  });

  it('is for administrators only (403)', async () => {
    const member = client(t, (await inviteAndAccept(t, admin.token, false)).token);
    for (const res of [
      await member.get('/api/users'),
      await member.get(`/api/users/${admin.userId}`),
      await member.post('/api/users/invite', { email: uniqueEmail() }),
      await member.put(`/api/users/${admin.userId}/role`, { isTenantAdmin: false }),
      await member.del(`/api/users/${admin.userId}`),
    ])
      expect(res.statusCode).toBe(403);
  });
});
