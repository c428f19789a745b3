/**
 * The request log: one line per completed request, without its query string; what a request logs
 * through its own logger (`request.log`) carries the request's id and the redaction.
 */
import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { RequestLog } from '../src/request-log';

let lines: Array<Record<string, unknown>>;
let app: FastifyInstance;

beforeEach(async () => {
  lines = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  const logger: FastifyBaseLogger = pino({ level: 'info', redact: ['*.password'] }, sink);
  app = Fastify({
    loggerInstance: logger,
    logController: new RequestLog(logger),
  });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/talks', async (request) => {
    request.log.warn({ user: { password: 'secret-value' } }, 'something to say');
    request.log.child({ step: 'inner' }).info('from a child');
    return { level: request.log.level };
  });
  app.get('/fails', async () => {
    throw new Error('it broke');
  });
  await app.ready();
});

afterEach(() => app.close());

it('writes one line for a request that completes, with its id, method, path and status', async () => {
  const res = await app.inject({ method: 'GET', url: '/quiet?token=query-secret' });
  expect(res.statusCode).toBe(200);
  expect(lines).toEqual([
    expect.objectContaining({
      msg: 'request completed',
      reqId: expect.any(String),
      method: 'GET',
      path: '/quiet',
      statusCode: 200,
    }),
  ]);
  expect(JSON.stringify(lines)).not.toContain('query-secret');
});

it("gives a request that logs a logger bound to its id, redacted, with children and the process's level", async () => {
  const res = await app.inject({ method: 'GET', url: '/talks' });
  expect(res.json()).toEqual({ level: 'info' });
  const said = lines.find((l) => l.msg === 'something to say');
  const completed = lines.find((l) => l.msg === 'request completed');
  expect(said).toMatchObject({ level: 40, user: { password: '[Redacted]' } });
  expect(said!.reqId).toBe(completed!.reqId);
  expect(lines.find((l) => l.msg === 'from a child')).toMatchObject({
    reqId: completed!.reqId,
    step: 'inner',
  });
});

it("logs a failed request's error through the request's logger, then its line", async () => {
  const res = await app.inject({ method: 'GET', url: '/fails' });
  expect(res.statusCode).toBe(500);
  expect(lines).toEqual([
    expect.objectContaining({
      level: 50,
      msg: 'it broke',
      err: expect.objectContaining({ message: 'it broke' }),
    }),
    expect.objectContaining({ msg: 'request completed', path: '/fails', statusCode: 500 }),
  ]);
  expect(lines[0]!.reqId).toEqual(expect.any(String));
  expect(lines[0]!.reqId).toBe(lines[1]!.reqId);
});
