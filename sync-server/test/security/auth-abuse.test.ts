/**
 * Auth abuse: code guessing, stale codes, account probing, forged and broken tokens,
 * and rights that end the moment the database says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STRONG_PASSWORD,
  bearer,
  createTestApp,
  latestCode,
  login,
  registerTenant,
  uniqueEmail,
  type TestApp,
} from '../helpers';
import { client, inviteAndAccept } from '../api-helpers';
import { decode, forge } from './tokens';

let t: TestApp;
let admin: Awaited<ReturnType<typeof registerTenant>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await registerTenant(t, 'Abuse Co');
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

describe('one-time codes', () => {
  it('stops a guesser after 5 tries, even when the 6th guess is right', async () => {
    const { email } = await registerTenant(t);
    await post('/api/auth/forgot-password', { email });
    const code = latestCode(t.mailDir, email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (
          await post('/api/auth/reset-password', {
            email,
            otpCode: wrong,
            newPassword: 'N3w!Passw0rd',
          })
        ).statusCode,
      );
    const right = await post('/api/auth/reset-password', {
      email,
      otpCode: code,
      newPassword: 'N3w!Passw0rd',
    });
    console.log(
      `code guessing: ${statuses.length} wrong guesses → ${statuses.join(',')}; right code afterwards → ${right.statusCode}`,
    );
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    expect(right.statusCode).toBe(400);
  });

  it('refuses a verification code in its 11th minute', async () => {
    const email = uniqueEmail();
    await post('/api/auth/register', {
      email,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      tenantNaturalName: 'Late Co',
    });
    const code = latestCode(t.mailDir, email);
    // Age the code by 10 minutes and a second: the clock the server checks is the database row's.
    await t.ctx.database.pool.query(
      `UPDATE app.one_time_codes SET expires_at = expires_at - interval '10 minutes 1 second', created_at = created_at - interval '10 minutes 1 second'
        WHERE user_id = (SELECT id FROM app.users WHERE email = $1)`,
      [email],
    );
    expect((await post('/api/auth/verify-email-otp', { email, otpCode: code })).statusCode).toBe(
      400,
    );
  });
});

describe('account probing', () => {
  it('answers 200 login and forgot-password requests for existing and unknown e-mails identically, the lock-out included', async () => {
    const unknown = uniqueEmail('ghost');
    const { email: known } = await registerTenant(t, 'Probed Co');
    const answers: Record<string, string[]> = { [known]: [], [unknown]: [] };
    for (let i = 0; i < 100; i++) {
      for (const email of [known, unknown]) {
        const res = await post('/api/auth/login', { email, password: 'Wrong!Pass1' });
        answers[email]!.push(`${res.statusCode} ${res.body}`);
      }
    }
    const forgotBodies = new Set<string>();
    for (let i = 0; i < 100; i++)
      for (const email of [known, unknown])
        forgotBodies.add((await post('/api/auth/forgot-password', { email })).body);
    const distinct = new Set([...answers[known]!, ...answers[unknown]!]);
    console.log(
      `account probing: 200 login + 200 forgot-password requests → ${distinct.size} distinct login answers (401, then 429 once locked), ${forgotBodies.size} distinct forgot body`,
    );
    // The same sequence for both: 10 × 401, then the lock's 429 for the rest.
    expect(answers[known]).toEqual(answers[unknown]);
    expect(answers[known]!.slice(0, 10).every((a) => a.startsWith('401 '))).toBe(true);
    expect(answers[known]!.slice(10).every((a) => a.startsWith('429 '))).toBe(true);
    expect(distinct.size).toBe(2);
    expect(forgotBodies.size).toBe(1);
  });
});

describe('tokens', () => {
  it('refuses alg none, swapped algorithms, tampered payloads, stripped signatures, expired tokens and tokens without exp', async () => {
    const { header, payload } = decode(admin.token);
    const secret = t.config.jwtSecret;
    const now = Math.floor(Date.now() / 1000);
    const cases: Record<string, string> = {
      'alg none': forge({ alg: 'none', typ: 'JWT' }, payload, null),
      'alg HS512 with the real secret': forge(
        { ...header, alg: 'HS512' },
        payload,
        secret,
        'sha512',
      ),
      'alg RS256 header, HMAC signature': forge({ ...header, alg: 'RS256' }, payload, secret),
      'tampered payload': `${admin.token.split('.')[0]}.${Buffer.from(JSON.stringify({ ...payload, tenantId: 'x' })).toString('base64url')}.${admin.token.split('.')[2]}`,
      'stripped signature': `${admin.token.split('.').slice(0, 2).join('.')}.`,
      'wrong secret': forge(header, payload, 'another-secret-that-is-long-enough-to-use'),
      expired: forge(header, { ...payload, iat: now - 3 * 3600, exp: now - 3600 }, secret),
      'no exp': forge(
        header,
        Object.fromEntries(Object.entries(payload).filter(([k]) => k !== 'exp')),
        secret,
      ),
      garbage: 'not-a-token',
    };
    const results: string[] = [];
    for (const [name, token] of Object.entries(cases)) {
      const res = await me(token);
      results.push(`${name} → ${res.statusCode}`);
      expect(res.statusCode, name).toBe(401);
    }
    console.log(`tokens: ${results.join('; ')}`);
    expect((await me(admin.token)).statusCode).toBe(200);
  });

  it('gives a member no admin rights even with a validly signed IsTenantAdmin claim: the database decides', async () => {
    const member = await inviteAndAccept(t, admin.token, false);
    const { header, payload } = decode(member.token);
    const forged = forge(header, { ...payload, IsTenantAdmin: 'true' }, t.config.jwtSecret);
    expect((await client(t, forged).get('/api/users')).statusCode).toBe(403);
    expect(
      (
        await client(t, forged).post('/api/currencies', {
          code: 'FRG',
          name: 'Forged',
          symbol: 'F',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('ends rights on the next request after demotion, deletion and a password reset', async () => {
    const second = await inviteAndAccept(t, admin.token, true);
    expect((await client(t, second.token).get('/api/users')).statusCode).toBe(200);
    // Demoted: the same token is now a member's.
    expect(
      (
        await client(t, admin.token).put(`/api/users/${second.userId}/role`, {
          isTenantAdmin: false,
        })
      ).statusCode,
    ).toBe(200);
    expect((await client(t, second.token).get('/api/users')).statusCode).toBe(403);
    // Deleted: the token stops working at all.
    expect(
      (await client(t, admin.token).del(`/api/users/${second.userId}`)).statusCode,
    ).toBeLessThan(300);
    expect((await me(second.token)).statusCode).toBe(401);

    // Password reset: tokens signed before it stop working.
    const { email, token } = await registerTenant(t);
    await post('/api/auth/forgot-password', { email });
    await post('/api/auth/reset-password', {
      email,
      otpCode: latestCode(t.mailDir, email),
      newPassword: 'Res3t!Pass',
    });
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(await login(t, email, 'Res3t!Pass'))).statusCode).toBe(200);
  });

  it('stores password hashes as argon2id', async () => {
    const { rows } = await t.ctx.database.pool.query<{ password_hash: string }>(
      'SELECT password_hash FROM app.users WHERE password_hash IS NOT NULL',
    );
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
  });
});
