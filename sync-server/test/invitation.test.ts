import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@smb/shared-types';
import { findUserById, insertUser } from '../src/modules/auth/auth.repository';
import { sendInvitation } from '../src/modules/auth/auth.service';
import {
  bearer,
  createTestApp,
  latestCode,
  mailsTo,
  registerTenant,
  uniqueEmail,
  type TestApp,
} from './helpers';
import { resendForNewCode } from './code-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A pending invited user, as the users module creates one. */
async function invite(tenantId: string, email = uniqueEmail('invitee')) {
  const user = await insertUser(t.ctx.database.db, {
    id: randomUUID(),
    tenant_id: tenantId,
    email,
    password_hash: null,
    is_verified: false,
    is_tenant_admin: false,
    is_pending_approval: true,
  });
  await sendInvitation(t.ctx, user, 'Acme Ltd');
  return user;
}

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

describe('invitations', () => {
  it('mails a code and a link with the e-mail; accepting sets the password and returns a working token', async () => {
    const { tenantId } = await registerTenant(t);
    const user = await invite(tenantId);
    const mail = mailsTo(t.mailDir, user.email).at(-1)!;
    expect(mail).toMatch(/Subject: You have been invited to Acme Ltd/);
    expect(mail).toMatch(/\/verify-invitation\?email=/);
    const res = await post('/api/auth/verify-invitation', {
      email: user.email,
      otpCode: latestCode(t.mailDir, user.email),
      password: 'Inv1te!Pass',
    });
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.json()).toMatchObject({ email: user.email, isTenantAdmin: false, tenantId });
    const stored = await findUserById(t.ctx.database.db, user.id);
    expect(stored).toMatchObject({ is_verified: true, is_pending_approval: false });
    // The code is single-use.
    expect(
      (
        await post('/api/auth/verify-invitation', {
          email: user.email,
          otpCode: latestCode(t.mailDir, user.email),
          password: 'Inv1te!Pass',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('uses the spec messages for missing fields and a weak password', async () => {
    expect(
      (await post('/api/auth/verify-invitation', { email: '', otpCode: '1', password: 'x' })).json()
        .message,
    ).toBe(AUTH_MESSAGES.emailRequired);
    expect(
      (
        await post('/api/auth/verify-invitation', { email: 'a@b.co', otpCode: '', password: 'x' })
      ).json().message,
    ).toBe(AUTH_MESSAGES.codeRequired);
    expect(
      (
        await post('/api/auth/verify-invitation', { email: 'a@b.co', otpCode: '1', password: '' })
      ).json().message,
    ).toBe(AUTH_MESSAGES.passwordRequired);
    expect(
      (
        await post('/api/auth/verify-invitation', {
          email: 'a@b.co',
          otpCode: '1',
          password: 'weakpass',
        })
      ).json().message,
    ).toBe(AUTH_MESSAGES.invitationPasswordRule);
  });

  it('resends a new code that replaces the old one, and answers alike for unknown e-mails', async () => {
    const { tenantId } = await registerTenant(t);
    const user = await invite(tenantId);
    const first = latestCode(t.mailDir, user.email);
    let resent: Awaited<ReturnType<typeof post>> | undefined;
    const second = await resendForNewCode(
      t.mailDir,
      user.email,
      first,
      async () => (resent = await post('/api/auth/resend-invitation', { email: user.email })),
    );
    const nobody = uniqueEmail('nobody');
    const unknown = await post('/api/auth/resend-invitation', { email: nobody });
    expect(unknown.json()).toEqual(resent!.json());
    expect(mailsTo(t.mailDir, nobody)).toHaveLength(0);
    expect(second).not.toBe(first);
    expect(
      (
        await post('/api/auth/verify-invitation', {
          email: user.email,
          otpCode: first,
          password: 'Inv1te!Pass',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await post('/api/auth/verify-invitation', {
          email: user.email,
          otpCode: second,
          password: 'Inv1te!Pass',
        })
      ).statusCode,
    ).toBe(200);
    expect((await post('/api/auth/resend-invitation', { email: '' })).json().message).toBe(
      'Email is required to resend invitation',
    );
  });

  it('keeps an invitation code valid for 24 hours', async () => {
    const { tenantId } = await registerTenant(t);
    const user = await invite(tenantId);
    const { rows } = await t.ctx.database.pool.query(
      'SELECT expires_at FROM app.one_time_codes WHERE user_id = $1',
      [user.id],
    );
    const hours = (new Date(rows[0].expires_at).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it('has a GET verify-invitation that reveals nothing about the e-mail', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/verify-invitation?email=x@example.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
  });
});
