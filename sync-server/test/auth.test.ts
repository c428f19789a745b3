import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@smb/shared-types';
import {
  STRONG_PASSWORD,
  bearer,
  createTestApp,
  latestCode,
  login,
  mailsTo,
  registerTenant,
  uniqueEmail,
  type TestApp,
} from './helpers';
import { resendForNewCode } from './code-helpers';
import { clock } from '../src/clock';
import { TOKEN_LIFETIME_SECONDS } from '../src/plugins/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

function register(email: string, overrides: Record<string, string> = {}) {
  return post('/api/auth/register', {
    email,
    password: STRONG_PASSWORD,
    confirmPassword: STRONG_PASSWORD,
    tenantNaturalName: 'Northwind Traders',
    ...overrides,
  });
}

describe('register', () => {
  it('creates an unverified admin and mails a 6-digit code with a link to the verify screen', async () => {
    const email = uniqueEmail();
    const res = await register(email);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true });
    const mail = mailsTo(t.mailDir, email).at(-1)!;
    expect(mail).toMatch(/Subject: Verify your e-mail address/);
    expect(mail).toContain('http://app.test/verify-email');
    expect(latestCode(t.mailDir, email)).toMatch(/^\d{6}$/);

    const early = await post('/api/auth/login', { email, password: STRONG_PASSWORD });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(AUTH_MESSAGES.emailNotVerified);
  });

  it.each([
    [{ confirmPassword: 'Other!Pass1' }, AUTH_MESSAGES.passwordsDoNotMatch],
    [{ password: 'short1!A', confirmPassword: 'short1!A' }, null],
    [{ password: 'alllowercase1!', confirmPassword: 'alllowercase1!' }, AUTH_MESSAGES.passwordRule],
    [{ password: 'NoDigits!!', confirmPassword: 'NoDigits!!' }, AUTH_MESSAGES.passwordRule],
    [{ password: 'NoSpecial12', confirmPassword: 'NoSpecial12' }, AUTH_MESSAGES.passwordRule],
    [{ password: 'Sh0rt!', confirmPassword: 'Sh0rt!' }, AUTH_MESSAGES.passwordRule],
    [{ tenantNaturalName: '   ' }, AUTH_MESSAGES.companyNameRequired],
    [{ email: '' }, AUTH_MESSAGES.enterEmail],
  ])('rejects %o with the spec message', async (overrides, message) => {
    const res = await register(uniqueEmail(), overrides);
    if (message === null) {
      expect(res.statusCode).toBe(201); // 8 characters with every class is enough
      return;
    }
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
  });

  it('answers a taken e-mail, whatever its case, exactly like a new one and mails its owner instead', async () => {
    const { email } = await registerTenant(t, 'Taken Ltd');
    const tenantsBefore = await t.ctx.database.pool.query(
      'SELECT count(*)::int AS n FROM app.tenants',
    );
    const schemasBefore = await t.ctx.database.pool.query(
      "SELECT count(*)::int AS n FROM pg_namespace WHERE nspname LIKE 'northwind%'",
    );
    const mailsBefore = mailsTo(t.mailDir, email).length;
    const fresh = await register(uniqueEmail());
    const again = await register(email.toUpperCase(), {
      password: 'Other!Pass1',
      confirmPassword: 'Other!Pass1',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(fresh.json());
    // Nothing created for the taken address (the fresh one made one company), nothing changed.
    const tenantsAfter = await t.ctx.database.pool.query(
      'SELECT count(*)::int AS n FROM app.tenants',
    );
    expect(tenantsAfter.rows[0].n).toBe(tenantsBefore.rows[0].n + 1);
    const schemasAfter = await t.ctx.database.pool.query(
      "SELECT count(*)::int AS n FROM pg_namespace WHERE nspname LIKE 'northwind%'",
    );
    expect(schemasAfter.rows[0].n).toBe(schemasBefore.rows[0].n + 1);
    await login(t, email); // the old password still works
    const mails = mailsTo(t.mailDir, email).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Someone tried to register with your address');
    expect(mails[0]).not.toMatch(/Your code: \d{6}/);
  });

  it('names the field when a body has the wrong type, and rejects a body that is not JSON', async () => {
    const res = await post('/api/auth/register', {
      email: 5,
      password: 'x',
      confirmPassword: 'x',
      tenantNaturalName: 'A',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/email/);
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Request body is not valid JSON',
    });
  });
});

describe('verification and login', () => {
  it('verifies with the mailed code, then logs in with a 2-hour token carrying the spec claims', async () => {
    const email = uniqueEmail();
    await register(email);
    const wrong = await post('/api/auth/verify-email-otp', {
      email,
      otpCode: '000000' === latestCode(t.mailDir, email) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(AUTH_MESSAGES.invalidCode);
    const ok = await post('/api/auth/verify-email-otp', {
      email,
      otpCode: latestCode(t.mailDir, email),
    });
    expect(ok.statusCode).toBe(200);

    const res = await post('/api/auth/login', { email, password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(200);
    const { token, expiresAt } = res.json();
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    const header = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString());
    expect(header.alg).toBe('HS256');
    expect(claims).toMatchObject({ email, IsTenantAdmin: 'true' });
    expect(claims.tenantSchema).toMatch(/^northwindtraders_[0-9a-f]{10}$/);
    expect(claims.exp - claims.iat).toBe(7200);
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now() + 7100_000);
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const { email } = await registerTenant(t);
    const unknown = await post('/api/auth/login', {
      email: uniqueEmail('nobody'),
      password: STRONG_PASSWORD,
    });
    const wrong = await post('/api/auth/login', { email, password: 'Wrong!Pass1' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
  });

  it('stops accepting a code after 5 wrong tries, even the right one', async () => {
    const email = uniqueEmail();
    await register(email);
    const code = latestCode(t.mailDir, email);
    const bad = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++)
      expect((await post('/api/auth/verify-email-otp', { email, otpCode: bad })).statusCode).toBe(
        400,
      );
    expect((await post('/api/auth/verify-email-otp', { email, otpCode: code })).statusCode).toBe(
      400,
    );
  });

  it('replaces the old code when a new one is requested', async () => {
    const email = uniqueEmail();
    await register(email);
    const first = latestCode(t.mailDir, email);
    const second = await resendForNewCode(t.mailDir, email, first, () =>
      post('/api/auth/resend-verification', { email }),
    );
    expect(second).not.toBe(first);
    expect((await post('/api/auth/verify-email-otp', { email, otpCode: first })).statusCode).toBe(
      400,
    );
    expect((await post('/api/auth/verify-email-otp', { email, otpCode: second })).statusCode).toBe(
      200,
    );
  });

  it('rejects an expired code', async () => {
    const email = uniqueEmail();
    await register(email);
    const code = latestCode(t.mailDir, email);
    await t.ctx.database.pool.query(
      `UPDATE app.one_time_codes SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM app.users WHERE email = $1)`,
      [email],
    );
    expect((await post('/api/auth/verify-email-otp', { email, otpCode: code })).statusCode).toBe(
      400,
    );
  });

  it('asks for the e-mail and the code with the spec messages', async () => {
    expect(
      (await post('/api/auth/verify-email-otp', { email: '', otpCode: '1' })).json().message,
    ).toBe(AUTH_MESSAGES.enterEmail);
    expect(
      (await post('/api/auth/verify-email-otp', { email: 'a@b.co', otpCode: ' ' })).json().message,
    ).toBe(AUTH_MESSAGES.enterCode);
    expect((await post('/api/auth/resend-verification', { email: '' })).json().message).toBe(
      AUTH_MESSAGES.enterEmailToResend,
    );
  });
});

describe('password reset', () => {
  it('answers the same for known and unknown e-mails, resets with the code and ends older tokens', async () => {
    const { email, token } = await registerTenant(t);
    const known = await post('/api/auth/forgot-password', { email });
    const unknown = await post('/api/auth/forgot-password', { email: uniqueEmail('ghost') });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().message).toBe(AUTH_MESSAGES.resetRequested);

    const mail = mailsTo(t.mailDir, email).at(-1)!;
    expect(mail).toContain('http://app.test/forgot-password');
    const code = latestCode(t.mailDir, email);
    const weak = await post('/api/auth/reset-password', {
      email,
      otpCode: code,
      newPassword: 'weak',
    });
    expect(weak.json().message).toBe(AUTH_MESSAGES.passwordRule);
    expect(
      (await post('/api/auth/reset-password', { email, otpCode: code, newPassword: '' })).json()
        .message,
    ).toBe(AUTH_MESSAGES.enterNewPassword);
    const reset = await post('/api/auth/reset-password', {
      email,
      otpCode: code,
      newPassword: 'N3w!Password',
    });
    expect(reset.statusCode).toBe(200);

    const old = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(old.statusCode).toBe(401);
    await expect(login(t, email)).rejects.toThrow();
    const fresh = await login(t, email, 'N3w!Password');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(fresh) }))
        .statusCode,
    ).toBe(200);
  });
});

describe('ping and tokens', () => {
  it('answers ping', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/ping' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true });
  });

  it('refuses missing, tampered and unsigned tokens', async () => {
    const { token } = await registerTenant(t);
    const [h, p] = token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = Buffer.from(
      JSON.stringify({ ...payload, IsTenantAdmin: 'true', sub: crypto.randomUUID() }),
    ).toString('base64url');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    for (const auth of [
      undefined,
      `Bearer ${h}.${forged}.${token.split('.')[2]}`,
      `Bearer ${none}.${p}.`,
      `Bearer ${h}.${p}.`,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: auth ? { authorization: auth } : {},
      });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('token lifetime on the server clock (TEST_CLOCK)', () => {
  afterEach(() => clock.reset());

  it('a token expires 2 h after it was issued on the server’s clock; a new login works at the moved time', async () => {
    const { email, token } = await registerTenant(t);
    const me = (value: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(value) });
    expect((await me(token)).statusCode).toBe(200); // also fills the verified-token cache

    clock.advance(TOKEN_LIFETIME_SECONDS * 1000 - 60_000);
    expect((await me(token)).statusCode).toBe(200);
    clock.advance(60_000);
    const expired = await me(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(
      'Your session is invalid or has expired. Please log in again.',
    );

    // A week later: a new login's token is valid at the server's now, for two more hours.
    clock.advance(7 * 24 * 60 * 60 * 1000);
    const res = await post('/api/auth/login', { email, password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(200);
    const { token: fresh, expiresAt } = res.json() as { token: string; expiresAt: string };
    const exp = (
      JSON.parse(Buffer.from(fresh.split('.')[1]!, 'base64url').toString()) as { exp: number }
    ).exp;
    expect(Math.abs(Date.parse(expiresAt) - exp * 1000)).toBeLessThan(1000);
    expect(Date.parse(expiresAt) - clock.now().getTime()).toBeGreaterThan(
      TOKEN_LIFETIME_SECONDS * 1000 - 5_000,
    );
    expect((await me(fresh)).statusCode).toBe(200);
    clock.advance(TOKEN_LIFETIME_SECONDS * 1000);
    expect((await me(fresh)).statusCode).toBe(401);
  });
});

describe('stored secrets', () => {
  it('stores passwords as argon2id and codes only as hashes', async () => {
    const { email } = await registerTenant(t);
    const { rows } = await t.ctx.database.pool.query(
      'SELECT password_hash FROM app.users WHERE email = $1',
      [email],
    );
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await post('/api/auth/forgot-password', { email });
    const code = latestCode(t.mailDir, email);
    const codes = await t.ctx.database.pool.query('SELECT code_hash FROM app.one_time_codes');
    expect(codes.rows.some((r) => String(r.code_hash).includes(code))).toBe(false);
  });
});
