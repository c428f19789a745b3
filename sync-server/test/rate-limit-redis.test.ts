/**
 * Rate limits shared through Redis (REDIS_URL): several servers count one client's calls together,
 * and a Redis that is missing or goes away leaves the API answering, limited per server, with the
 * log saying so — and shared again once Redis is back. Uses a Redis server of its own on a free
 * loopback port (Debian's redis-server), so it can stop it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { Redis } from 'ioredis';
import { buildApp } from '../src/app';
import { createTestApp, uniqueEmail, type TestApp } from './helpers';

const MAX = 3;
let t: TestApp;
let redisPort: number;
let redis: ChildProcess | undefined;
const apps: FastifyInstance[] = [];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until(check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function startRedis(): Promise<void> {
  redis = spawn(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const probe = new Redis(redisPort, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0 });
  probe.on('error', () => {}); // refused until the server is up
  await until(async () => {
    try {
      await probe.connect();
      return (await probe.ping()) === 'PONG';
    } catch {
      probe.disconnect();
      return false;
    }
  });
  probe.disconnect();
}

async function stopRedis(): Promise<void> {
  const child = redis;
  redis = undefined;
  if (!child || child.exitCode !== null) return;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGKILL');
  });
}

/** A server on the test's database whose limits count in `redisUrl`; its log lines go to `lines`. */
async function server(redisUrl: string, lines: string[]): Promise<FastifyInstance> {
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(JSON.parse(String(chunk)).msg));
      done();
    },
  });
  const app = await buildApp(
    { ...t.ctx, config: { ...t.ctx.config, rateLimitMax: MAX, redisUrl } },
    { loggerInstance: pino({ level: 'info' }, sink) },
  );
  await app.ready();
  apps.push(app);
  return app;
}

/** A failed login from `ip` (limits count per client address and route). */
async function login(app: FastifyInstance, ip: string): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    // Another address each time: the per-address lock-out (10 failures) is not what this counts.
    payload: { email: uniqueEmail('nobody'), password: 'wrong-password' },
  });
  return res.statusCode;
}

beforeAll(async () => {
  t = await createTestApp();
  redisPort = await freePort();
  await startRedis();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await stopRedis();
  await t?.close();
});

describe('rate limits with REDIS_URL', () => {
  it('three servers count one client together, and say so', async () => {
    const logs: string[][] = [[], [], []];
    const servers = await Promise.all(
      logs.map((lines) => server(`redis://127.0.0.1:${redisPort}`, lines)),
    );
    for (const lines of logs)
      await until(() => lines.includes('rate limits: counted in Redis, shared by every server'));
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push(await login(servers[i % 3]!, '10.0.0.1'));
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
  });

  it('with nothing listening at REDIS_URL, every server still answers and limits for itself', async () => {
    const lines: string[] = [];
    const app = await server(`redis://127.0.0.1:${await freePort()}`, lines);
    const start = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push(await login(app, '10.0.0.2'));
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect(Date.now() - start).toBeLessThan(5_000);
    expect(lines).toContain(
      'rate limits: connecting to Redis; counting in this process until it answers',
    );
    expect(lines).not.toContain('rate limits: counted in Redis, shared by every server');
  });

  it('when Redis stops answering on a connection that stays up, counts here meanwhile and shares again once it answers', async () => {
    const lines: string[] = [];
    const app = await server(`redis://127.0.0.1:${redisPort}`, lines);
    const shared = 'rate limits: counted in Redis, shared by every server';
    const down = 'rate limits: Redis unavailable; each server counts for itself until it is back';
    await until(() => lines.includes(shared));
    // A frozen Redis keeps its connections open: commands time out, no reconnect follows.
    redis!.kill('SIGSTOP');
    try {
      expect(await login(app, '10.0.0.7')).toBe(401);
      await until(() => lines.includes(down));
    } finally {
      redis!.kill('SIGCONT');
    }
    await until(() => lines.filter((l) => l === shared).length === 2);
    // Shared again: a second server sees this one's counts.
    const otherLines: string[] = [];
    const other = await server(`redis://127.0.0.1:${redisPort}`, otherLines);
    await until(() => otherLines.includes(shared));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push(await login(i % 2 ? other : app, '10.0.0.8'));
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('when Redis goes away mid-run the API keeps answering, limited per server; when it is back, shared again', async () => {
    const logA: string[] = [];
    const logB: string[] = [];
    const a = await server(`redis://127.0.0.1:${redisPort}`, logA);
    const b = await server(`redis://127.0.0.1:${redisPort}`, logB);
    await until(() => logA.includes('rate limits: counted in Redis, shared by every server'));
    await until(() => logB.includes('rate limits: counted in Redis, shared by every server'));
    expect([await login(a, '10.0.0.3'), await login(b, '10.0.0.3')]).toEqual([401, 401]);

    await stopRedis();
    const down = 'rate limits: Redis unavailable; each server counts for itself until it is back';
    // Requests go on being answered meanwhile; once the outage is noticed each server counts alone.
    await until(async () => {
      expect(await login(a, '10.0.0.4')).not.toBe(500);
      return logA.includes(down);
    });
    await until(() => logB.includes(down));
    const statusesA: number[] = [];
    const statusesB: number[] = [];
    for (let i = 0; i < 4; i += 1) statusesA.push(await login(a, '10.0.0.5'));
    for (let i = 0; i < 4; i += 1) statusesB.push(await login(b, '10.0.0.5'));
    expect(statusesA).toEqual([401, 401, 401, 429]);
    expect(statusesB).toEqual([401, 401, 401, 429]);

    await startRedis();
    const up = (lines: string[]) =>
      lines.filter((l) => l === 'rate limits: counted in Redis, shared by every server').length;
    await until(() => up(logA) === 2 && up(logB) === 2);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push(await login(i % 2 ? b : a, '10.0.0.6'));
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
