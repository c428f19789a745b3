/**
 * Issue 32.2–32.4: limits per e-mail address on top of the per-IP ones — failed logins lock an
 * address (and mail a real account's owner), each kind of account mail is sent a few times an
 * hour at most — answered alike for addresses with and without an account; sign-ups per IP and
 * hour; registration with a taken address answered like a new one.
 */
import {
  AUTH_MESSAGES,
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  LOGIN_LOCK,
  MAIL_LIMIT,
} from '@smb/shared-types';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../src/clock';
import {
  bearer,
  createTestApp,
  login,
  mailsTo,
  registerTenant,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestApp,
} from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  clock.reset();
  await t?.close();
});
afterEach(() => clock.reset());

const post = (url: string, payload: object, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url, payload, ...(remoteAddress ? { remoteAddress } : {}) });
const tryLogin = (email: string, password: string) => post('/api/auth/login', { email, password });

describe('failed logins per address', () => {
  it('locks an address after 10 failures for 15 minutes, even for the right password, and mails the owner once', async () => {
    const { email } = await registerTenant(t, 'Locked Co');
    const unknown = uniqueEmail('ghost');
    const answers = { known: [] as string[], unknown: [] as string[] };
    for (let i = 0; i < LOGIN_LOCK.maxFailures + 2; i++) {
      answers.known.push((await tryLogin(email, 'Wrong!Pass1')).body);
      answers.unknown.push((await tryLogin(unknown, 'Wrong!Pass1')).body);
    }
    expect(answers.known).toEqual(answers.unknown);
    const right = await tryLogin(email, STRONG_PASSWORD);
    const ghost = await tryLogin(unknown, STRONG_PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: AUTH_MESSAGES.accountLocked,
    });
    expect(ghost.body).toBe(right.body);

    const notices = mailsTo(t.mailDir, email).filter((m) =>
      m.includes('Subject: Your account was locked after failed login attempts'),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('http://app.test/forgot-password');

    // Still locked a minute before the end; open again once the 15 minutes are over.
    clock.advance(LOGIN_LOCK.lockMs - 60_000);
    expect((await tryLogin(email, STRONG_PASSWORD)).statusCode).toBe(429);
    clock.advance(61_000);
    await login(t, email);
  });

  it('counts failures in a 15-minute window: a success starts the count again', async () => {
    const { email } = await registerTenant(t, 'Typo Co');
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < LOGIN_LOCK.maxFailures - 1; i++)
        expect((await tryLogin(email, 'Wrong!Pass1')).statusCode).toBe(401);
      await login(t, email);
    }
    // Nine more failures spread past the window do not lock either.
    for (let i = 0; i < LOGIN_LOCK.maxFailures - 1; i++)
      expect((await tryLogin(email, 'Wrong!Pass1')).statusCode).toBe(401);
    clock.advance(LOGIN_LOCK.windowMs + 1_000);
    expect((await tryLogin(email, 'Wrong!Pass1')).statusCode).toBe(401);
    await login(t, email);
  });

  it('lets the owner out of a lock by resetting the password', async () => {
    const { email } = await registerTenant(t, 'Reset Co');
    for (let i = 0; i < LOGIN_LOCK.maxFailures; i++) await tryLogin(email, 'Wrong!Pass1');
    expect((await tryLogin(email, STRONG_PASSWORD)).statusCode).toBe(429);
    await post('/api/auth/forgot-password', { email });
    const code = mailsTo(t.mailDir, email)
      .at(-1)!
      .match(/Your code: (\d{6})/)![1]!;
    const reset = await post('/api/auth/reset-password', {
      email,
      otpCode: code,
      newPassword: 'N3w!Password',
    });
    expect(reset.statusCode).toBe(200);
    await login(t, email, 'N3w!Password');
  });
});

describe('mails per address', () => {
  const sends = async (url: string, email: string, times: number) => {
    const bodies = new Set<string>();
    for (let i = 0; i < times; i++) bodies.add((await post(url, { email })).body);
    return bodies;
  };

  it(`sends at most ${MAIL_LIMIT.perAddress} password-reset mails an hour to one address, answering every request alike`, async () => {
    const { email } = await registerTenant(t, 'Reset Limit Co');
    const before = mailsTo(t.mailDir, email).length;
    const known = await sends('/api/auth/forgot-password', email, 10);
    const unknown = await sends('/api/auth/forgot-password', uniqueEmail('ghost'), 10);
    expect([...known]).toEqual([...unknown]);
    expect(known.size).toBe(1);
    expect(mailsTo(t.mailDir, email).length - before).toBe(MAIL_LIMIT.perAddress);
    // The next hour has its own budget.
    clock.advance(MAIL_LIMIT.windowMs + 1_000);
    await sends('/api/auth/forgot-password', email, 1);
    expect(mailsTo(t.mailDir, email).length - before).toBe(MAIL_LIMIT.perAddress + 1);

    // What guessing a reset code takes now: each code allows CODE_MAX_ATTEMPTS guesses at 10^6
    // values; an even chance needs ln 2 / (attempts / 10^6) codes ≈ 138,629 request cycles, and an
    // address gets MAIL_LIMIT.perAddress codes an hour.
    const cycles = Math.log(2) / (CODE_MAX_ATTEMPTS / 1_000_000);
    const codesPerLifetime =
      Math.ceil(CODE_TTL_MS.reset / MAIL_LIMIT.windowMs) * MAIL_LIMIT.perAddress * 2;
    const hours = cycles / MAIL_LIMIT.perAddress;
    console.log(
      `reset-code guessing: ${Math.round(cycles)} request cycles for an even chance; at most ${codesPerLifetime} codes (${codesPerLifetime * CODE_MAX_ATTEMPTS} guesses, chance ${((codesPerLifetime * CODE_MAX_ATTEMPTS) / 1e6).toExponential(1)}) within one code's ${CODE_TTL_MS.reset / 60_000} minutes; ${Math.round(hours)} hours (${(hours / 24 / 365).toFixed(1)} years) for the cycles`,
    );
    // Within a code's lifetime (two windows can meet in it) the chance stays below 1 in 10,000.
    expect((codesPerLifetime * CODE_MAX_ATTEMPTS) / 1_000_000).toBeLessThan(1e-4);
  });

  it(`sends at most ${MAIL_LIMIT.perAddress} verification mails an hour to one address`, async () => {
    const email = uniqueEmail('unverified');
    expect(
      (
        await post('/api/auth/register', {
          email,
          password: STRONG_PASSWORD,
          confirmPassword: STRONG_PASSWORD,
          tenantNaturalName: 'Resend Co',
        })
      ).statusCode,
    ).toBe(201);
    const known = await sends('/api/auth/resend-verification', email, 8);
    const unknown = await sends('/api/auth/resend-verification', uniqueEmail('ghost'), 8);
    expect([...known]).toEqual([...unknown]);
    // The registration's own mail, then the limit's worth of resends.
    expect(mailsTo(t.mailDir, email)).toHaveLength(1 + MAIL_LIMIT.perAddress);
  });

  it(`sends at most ${MAIL_LIMIT.perAddress} invitation mails an hour to one address`, async () => {
    const admin = await registerTenant(t, 'Invite Limit Co');
    const email = uniqueEmail('invitee');
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/users/invite',
      headers: bearer(admin.token),
      payload: { email, isTenantAdmin: false },
    });
    expect(invited.statusCode).toBe(201);
    const known = await sends('/api/auth/resend-invitation', email, 8);
    const unknown = await sends('/api/auth/resend-invitation', uniqueEmail('ghost'), 8);
    expect([...known]).toEqual([...unknown]);
    expect(mailsTo(t.mailDir, email)).toHaveLength(1 + MAIL_LIMIT.perAddress);
  });

  it(`tells the owner of a taken address about registrations at most ${MAIL_LIMIT.perAddress} times an hour`, async () => {
    const { email } = await registerTenant(t, 'Notice Co');
    const before = mailsTo(t.mailDir, email).length;
    const bodies = new Set<string>();
    for (let i = 0; i < 6; i++)
      bodies.add(
        (
          await post('/api/auth/register', {
            email,
            password: STRONG_PASSWORD,
            confirmPassword: STRONG_PASSWORD,
            tenantNaturalName: 'Copycat Co',
          })
        ).body,
      );
    expect([...bodies]).toEqual([
      JSON.stringify({
        success: true,
        message: 'Registration successful. We sent a verification code to your e-mail address.',
      }),
    ]);
    expect(mailsTo(t.mailDir, email).length - before).toBe(MAIL_LIMIT.perAddress);
  });
});

describe('sign-ups per IP and hour', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { SIGNUPS_PER_HOUR: '2' } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('creates at most SIGNUPS_PER_HOUR companies per IP and hour; another IP has its own', async () => {
    const register = (remoteAddress: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress,
        payload: {
          email: uniqueEmail('signup'),
          password: STRONG_PASSWORD,
          confirmPassword: STRONG_PASSWORD,
          tenantNaturalName: 'Burst Co',
        },
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await register('192.0.2.10')).statusCode);
    expect(statuses).toEqual([201, 201, 429, 429]);
    expect((await register('192.0.2.11')).statusCode).toBe(201);
    const { rows } = await limited.ctx.database.pool.query(
      'SELECT count(*)::int AS n FROM app.tenants',
    );
    expect(rows[0].n).toBe(3);
  });
});
