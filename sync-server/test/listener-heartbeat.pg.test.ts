/**
 * PostgreSQL only (the embedded database has no LISTEN connection of its own): a LISTEN connection
 * whose peer goes silent without closing — a network partition, a host gone dark — is noticed by
 * the heartbeat, its subscribers are told they hear nothing any more, and once the database
 * answers again the listener is back by itself and notifications arrive.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createChangeListener, type ChangeListener } from '../src/db/listener';
import type { Database } from '../src/db/database';
import { createTestDatabase, type TestDatabase } from './helpers';

/** A TCP relay to PostgreSQL that can be made to swallow everything, both ways, without closing. */
interface Relay {
  url: string;
  silent: boolean;
  close(): Promise<void>;
}

async function startRelay(target: string): Promise<Relay> {
  const to = new URL(target);
  const sockets = new Set<net.Socket>();
  const relay = { silent: false } as Relay;
  const server = net.createServer((inbound) => {
    const outbound = net.connect(Number(to.port || 5432), to.hostname);
    for (const [from, into] of [
      [inbound, outbound],
      [outbound, inbound],
    ] as const) {
      sockets.add(from);
      from.on('data', (chunk) => {
        if (!relay.silent) into.write(chunk);
      });
      from.on('error', () => into.destroy());
      from.on('close', () => into.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  relay.url = url.toString();
  relay.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  };
  return relay;
}

let testDb: TestDatabase;
let relay: Relay;
let listener: ChangeListener;
let sql: pg.Client;
const events: string[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase(2);
  relay = await startRelay(testDb.connectionString);
  const throughRelay = {
    kind: 'postgres',
    // The server's own pool options (its connect timeout among them), through the relay.
    pool: {
      options: {
        ...testDb.database.pool.options,
        connectionString: relay.url,
        connectionTimeoutMillis: 1_000,
      },
      off: () => {},
    },
  } as unknown as Database;
  listener = createChangeListener(throughRelay, {
    enabled: true,
    heartbeat: { everyMs: 200, answerWithinMs: 300 },
  });
  listener.subscribe('heartbeat_test', {
    message: (payload) => events.push(`message ${payload}`),
    up: () => events.push('up'),
    down: () => events.push('down'),
  });
  sql = new pg.Client({ connectionString: testDb.connectionString });
  await sql.connect();
});
afterAll(async () => {
  await listener?.close();
  await sql?.end();
  await relay?.close();
  await testDb?.drop();
});

/** Polls until `check` holds (fails after 5 s). */
async function until(check: () => boolean): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > 5_000) throw new Error('condition not met within 5 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the LISTEN connection proves it is alive', () => {
  it('a connection gone silent is taken as lost within the heartbeat; listening resumes when the database answers again', async () => {
    await listener.whenListening();
    await sql.query(`NOTIFY heartbeat_test, 'one'`);
    await until(() => events.includes('message one'));
    // Alive and answering: several heartbeats pass without a word to the subscribers.
    await new Promise((r) => setTimeout(r, 700));
    expect(events).toEqual(['up', 'message one']);

    relay.silent = true;
    const silentAt = Date.now();
    await until(() => events.includes('down'));
    // Noticed within one interval and one answer time (plus the polling's slack), not hours.
    expect(Date.now() - silentAt).toBeLessThan(1_500);
    expect(listener.listening).toBe(false);
    // A change committed meanwhile goes unheard: that is what `down` told the subscribers.
    await sql.query(`NOTIFY heartbeat_test, 'unheard'`);

    relay.silent = false;
    await until(() => events.filter((e) => e === 'up').length === 2);
    expect(listener.listening).toBe(true);
    await sql.query(`NOTIFY heartbeat_test, 'two'`);
    await until(() => events.includes('message two'));
    expect(events).toEqual(['up', 'message one', 'down', 'up', 'message two']);
  });
});
