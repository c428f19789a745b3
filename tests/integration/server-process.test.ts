import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  freshDatabaseUrl,
  mailedCode,
  startServer,
  type ServerProcess,
} from '../support/server-process';

const PASSWORD = 'Str0ng!Pass';

describe('the server process', () => {
  let dataDir: string;
  let db: Awaited<ReturnType<typeof freshDatabaseUrl>>;
  let server: ServerProcess | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'smb-proc-'));
    db = await freshDatabaseUrl();
    env = {
      DATA_DIR: dataDir,
      ...(db.url ? { DATABASE_URL: db.url } : {}),
      STATIC_DIR: path.join(dataDir, 'none'),
    };
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('registers, verifies by the mailed code, logs in, survives a restart with its data, and stops cleanly', async () => {
    server = await startServer(env);
    const email = 'owner@example.com';
    const reg = await api(server.url, 'POST', '/api/auth/register', {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      tenantNaturalName: 'Restart Co',
    });
    expect(reg.status).toBe(201);
    // The log arrives through a pipe, possibly a moment after the response.
    await expect
      .poll(() => server!.output(), { timeout: 5_000 })
      .toMatch(/mail saved to the dev mailbox/);
    expect(server.output()).not.toContain(PASSWORD);
    const verify = await api(server.url, 'POST', '/api/auth/verify-email-otp', {
      email,
      otpCode: mailedCode(dataDir, email),
    });
    expect(verify.status).toBe(200);
    const login = await api(server.url, 'POST', '/api/auth/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
    const me = await api(server.url, 'GET', '/api/auth/me', undefined, login.json.token as string);
    expect(me.json).toMatchObject({ email, tenantName: 'Restart Co' });

    // Concurrent reads and transactional writes all succeed (the embedded database serialises them).
    const token = login.json.token as string;
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 2
          ? api(server!.url, 'GET', '/api/auth/me', undefined, token)
          : api(
              server!.url,
              'POST',
              '/api/customers',
              { name: `Burst ${i}`, email: `burst${i}@example.com` },
              token,
            ),
      ),
    );
    expect(burst.map((r) => r.status).filter((s) => s >= 300)).toEqual([]);

    // One log line per request, when it completes; no password, token or query string in it.
    // Lines go out in batches (at the latest 250 ms later). startServer may itself have pinged
    // the server, so a ping line alone does not prove this ping's batch is out: wait for them all
    // (register, verify, login, me, the burst and this ping: 35).
    await api(server.url, 'GET', '/api/auth/ping?token=query-secret-value');
    const completed = () =>
      server!
        .output()
        .split('\n')
        .filter((l) => l.includes('"request completed"'));
    await expect.poll(() => completed().length, { timeout: 5_000 }).toBeGreaterThanOrEqual(35);
    const lines = completed();
    expect(lines.some((l) => l.includes('"path":"/api/auth/ping"'))).toBe(true);
    expect(
      lines.some((l) => l.includes('"path":"/api/auth/login"') && l.includes('"statusCode":200')),
    ).toBe(true);
    expect(server.output()).not.toContain('incoming request');
    for (const secret of [PASSWORD, token, 'query-secret-value'])
      expect(server.output()).not.toContain(secret);

    const started = Date.now();
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);

    server = await startServer(env);
    const again = await api(server.url, 'POST', '/api/auth/login', { email, password: PASSWORD });
    expect(again.status).toBe(200);
    // The JWT secret was kept in DATA_DIR, so the token issued before the restart still works.
    const old = await api(server.url, 'GET', '/api/auth/me', undefined, login.json.token as string);
    expect(old.status).toBe(200);
    expect(await server.stop('SIGINT')).toBe(0);
    server = undefined;
    // Two cold starts of a server process (tsx, the embedded database, every migration): about
    // 28 s on a quiet 2-core machine, so the 30 s default leaves no room.
  }, 90_000);

  it('refuses to start on invalid configuration, saying why', async () => {
    await expect(
      startServer({ ...env, PORT: '1', JWT_SECRET: 'too-short' }, 20_000),
    ).rejects.toThrow(/Invalid configuration: JWT_SECRET must be at least 32 characters long/);
  });
});
