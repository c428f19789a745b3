/**
 * A client that goes away before its answer is complete (a page left mid-download, a closed tab)
 * is logged as what it is, not as a server fault; the same early end with the client still there
 * is one.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import errorsPlugin from '../src/plugins/errors';

let lines: Array<{ level: number; msg: string }>;
let app: FastifyInstance;
let base: string;

const prematureClose = () =>
  Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });

beforeEach(async () => {
  lines = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as { level: number; msg: string });
      done();
    },
  });
  app = Fastify({ loggerInstance: pino({ level: 'info' }, sink) as FastifyBaseLogger });
  await app.register(errorsPlugin, { serveSpa: false });
  app.get('/left', async (request) => {
    // The client hangs up while the answer is being produced, which ends its stream early.
    await new Promise<void>((resolve) => {
      request.raw.socket.once('close', () => resolve());
      request.raw.socket.destroy();
    });
    throw prematureClose();
  });
  app.get('/ours', async () => {
    throw prematureClose();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterEach(() => app.close());

const get = (path: string) =>
  new Promise<number | 'closed'>((resolve) => {
    http
      .get(`${base}${path}`, (res) => {
        res.resume();
        resolve(res.statusCode!);
      })
      .on('error', () => resolve('closed'));
  });

it('logs a client that left before its answer at info, not as an unhandled error', async () => {
  expect(await get('/left')).toBe('closed');
  await expect
    .poll(() => lines.map((l) => l.msg))
    .toContain('client closed the connection before its answer was complete');
  expect(lines.filter((l) => l.level >= 50)).toEqual([]);
});

it('still reports a stream ended early while the client waits, and answers it 500', async () => {
  expect(await get('/ours')).toBe(500);
  expect(lines).toContainEqual(expect.objectContaining({ level: 50, msg: 'unhandled error' }));
});
