/**
 * PostgreSQL only (two server instances on one database): a device whose pushes and pulls
 * alternate between the instances never sees an acknowledgement run ahead of its data, lose one
 * it was given, or its cursor go backwards — while each instance answers up-to-date pulls from
 * what it heard; and an instance whose listener is down reads the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { LISTENER_APPLICATION_NAME } from '../src/db/listener';
import {
  createTestApp,
  registerTenant,
  startSecondInstance,
  type SecondInstance,
  type TestApp,
} from './helpers';
import { TestClient, customerArgs } from './sync-helpers';

let t: TestApp;
let other: SecondInstance;
let token: string;
let sql: pg.Client;

beforeAll(async () => {
  t = await createTestApp();
  const connectionString = t.ctx.database.pool.options.connectionString!;
  other = await startSecondInstance(t);
  sql = new pg.Client({ connectionString });
  await sql.connect();
  ({ token } = await registerTenant(t, 'Two Instances Ltd'));
  await Promise.all([t.ctx.changes.whenListening(), other.changes.whenListening()]);
});
afterAll(async () => {
  await other?.close();
  await sql?.end();
  await t?.close();
});

/** A device talking to one instance or the other, keeping what it was told. */
class Device extends TestClient {
  ackSeen = 0;
  /** Customer ids by the mutation id that created them. */
  readonly created = new Map<number, string>();

  on(instance: 'a' | 'b'): this {
    this.t = { app: instance === 'a' ? t.app : other.app };
    return this;
  }

  async createCustomer(name: string): Promise<void> {
    const args = customerArgs({ name });
    const mutation = this.mutation('customer.create', args);
    this.created.set(mutation.id, String(args.id));
    const pushed = await this.push([mutation]);
    expect(pushed.body.results[0]!.status).toBe('applied');
  }

  /** Pulls to the end and checks what a client relies on. */
  async pullChecked(): Promise<void> {
    const before = this.cursor === null ? -1n : BigInt(this.cursor);
    const pages = await this.pull();
    expect(BigInt(this.cursor!)).toBeGreaterThanOrEqual(before);
    const ack = pages.at(-1)!.lastMutationIds[this.clientId] ?? 0;
    expect(ack).toBeGreaterThanOrEqual(this.ackSeen);
    this.ackSeen = ack;
    // Every acknowledged mutation's row is in what the device has pulled.
    for (const [id, customerId] of this.created)
      if (id <= ack) expect(this.get('customers', customerId), `mutation ${id}`).toBeDefined();
  }
}

async function until(check: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('up-to-date pulls on two instances', () => {
  it('pushes and pulls alternating between instances: acknowledgements never run ahead of the data, never go back; cursors never go back', async () => {
    const device = new Device(t, token);
    const busy = new Device(t, token);
    for (let round = 0; round < 12; round += 1) {
      const [pushTo, pullFrom] = round % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const);
      await device.on(pushTo).createCustomer(`Round ${round} GmbH`);
      await busy.on(pullFrom).createCustomer(`Busy ${round} SARL`);
      await device.on(pullFrom).pullChecked();
      await device.on(pushTo).pullChecked();
      await device.on(pullFrom).pullChecked();
    }
    // Nothing is lost: both instances come to acknowledge every push.
    for (const instance of ['a', 'b'] as const)
      await until(async () => {
        await device.on(instance).pullChecked();
        return device.ackSeen === 12;
      });
  });

  it('an instance whose listener is down reads the database, and answers from memory again once it hears', async () => {
    const device = new Device(t, token).on('a');
    await device.pull();
    await device.pullOnce();
    await sql.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = '${LISTENER_APPLICATION_NAME}'`,
    );
    await until(() => !t.ctx.changes.listening, 5_000);
    // Changes made while an instance hears nothing are not missed by its pulls.
    const writer = new Device(t, token).on('b');
    await writer.createCustomer('Unheard Oy');
    const pulled = await device.pullOnce();
    expect(pulled.cursor).not.toBe(device.cursor);
    await device.pull();
    expect([...device.rows.values()].some((row) => row.name === 'Unheard Oy')).toBe(true);
    await Promise.all([t.ctx.changes.whenListening(), other.changes.whenListening()]);
    await writer.createCustomer('Heard Again AB');
    await until(async () => (await device.pullOnce()).cursor !== device.cursor);
    await device.pull();
    expect([...device.rows.values()].some((row) => row.name === 'Heard Again AB')).toBe(true);
    await device.pullOnce();
    let queries = 0;
    const onAcquire = () => (queries += 1);
    t.ctx.database.pool.on('acquire', onAcquire);
    const again = await device.pullOnce();
    t.ctx.database.pool.off('acquire', onAcquire);
    expect(again.cursor).toBe(device.cursor);
    expect(queries).toBe(0);
  });
});
