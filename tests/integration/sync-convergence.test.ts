// @vitest-environment node
/**
 * Property: several devices (the PWA's real data layer and sync engine on fake-indexeddb) edit
 * the same tenant through a network that drops requests, drops responses after the server
 * processed them, duplicates and replays them — against the REAL server. After the network heals
 * and every outbox drains, each device's store equals the server's data, every mutation a device
 * made was processed exactly once (applied or rejected with a reason), and every same-field
 * overwrite left a conflict record.
 */
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmbDatabase } from '../../pwa/src/db/database';
import { getMeta } from '../../pwa/src/db/meta';
import { createContact } from '../../pwa/src/features/contacts/data/contacts';
import {
  createCustomer,
  deleteCustomer,
  updateCustomer,
} from '../../pwa/src/features/customers/data/customers';
import type { SyncFetch } from '../../pwa/src/sync/transport';
import {
  drain,
  faultyFetch,
  newClientDb,
  testEngine,
  type Fault,
} from '../../pwa/src/sync/__tests__/helpers';
import type { SyncEngine } from '../../pwa/src/sync/engine';
import { createTestApp, registerTenant, type TestApp } from '../../sync-server/test/helpers';
import { TestClient } from '../../sync-server/test/sync-helpers';

type Step =
  | { kind: 'create'; client: number; name: string }
  | { kind: 'rename'; client: number; pick: number; name: string }
  | { kind: 'phone'; client: number; pick: number }
  | { kind: 'delete'; client: number; pick: number }
  | { kind: 'contact'; client: number; pick: number }
  | { kind: 'sync'; client: number };

const CLIENTS = 3;
const clientIndex = fc.integer({ min: 0, max: CLIENTS - 1 });
const name = fc.constantFrom('Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli');
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('create' as const), client: clientIndex, name }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('rename' as const),
      client: clientIndex,
      pick: fc.nat(),
      name,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('phone' as const),
      client: clientIndex,
      pick: fc.nat(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('delete' as const),
      client: clientIndex,
      pick: fc.nat(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('contact' as const),
      client: clientIndex,
      pick: fc.nat(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('sync' as const), client: clientIndex }) },
);
const fault = fc.constantFrom<Fault>(
  'ok',
  'ok',
  'ok',
  'dropRequest',
  'dropResponse',
  'duplicate',
  'replayStale',
);

const byId = (rows: Record<string, unknown>[]) =>
  [...rows].sort((a, b) => String(a.id).localeCompare(String(b.id)));

async function pickCustomer(db: SmbDatabase, pick: number): Promise<string | undefined> {
  const ids = await db.customers.orderBy('id').primaryKeys();
  return ids.length ? ids[pick % ids.length] : undefined;
}

describe('convergence with the real server under a faulty network (property)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every device ends equal to the server; no mutation lost or applied twice', async () => {
    const seed = Number(process.env.SYNC_PROPERTY_SEED ?? Date.now() % 1_000_000);
    const runs = Number(process.env.SYNC_PROPERTY_RUNS ?? 15);
    console.log(
      `sync convergence property: seed ${seed}, ${runs} runs (SYNC_PROPERTY_SEED=${seed} to replay)`,
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 40 }),
        fc.array(fault, { minLength: 1, maxLength: 40 }),
        async (steps, faults) => {
          const tenant = await registerTenant(t, 'Property Co');
          const inject: SyncFetch = async (url, init) => {
            const res = await t.app.inject({
              method: init.method,
              url,
              headers: init.headers,
              payload: init.body,
            });
            return { status: res.statusCode, json: async () => res.json() as unknown };
          };
          let f = 0;
          let healed = false;
          const next = (): Fault => (healed ? 'ok' : (faults[f++ % faults.length] ?? 'ok'));
          const devices: { db: SmbDatabase; engine: SyncEngine }[] = [];
          for (let i = 0; i < CLIENTS; i++) {
            const db = newClientDb();
            const engine = testEngine(db, faultyFetch(inject, next), { token: () => tenant.token });
            engine.start();
            devices.push({ db, engine });
          }
          try {
            for (const s of steps) {
              const { db, engine } = devices[s.client]!;
              if (s.kind === 'create')
                await createCustomer({ name: s.name, email: 'x@x.test' }, db);
              else if (s.kind === 'sync') await engine.syncNow();
              else {
                const id = await pickCustomer(db, s.pick);
                if (!id) continue;
                if (s.kind === 'rename')
                  await updateCustomer(id, { name: `${s.name} ${s.pick % 7}` }, db);
                else if (s.kind === 'phone')
                  await updateCustomer(id, { phoneNumber: `555-${s.pick % 100}` }, db);
                else if (s.kind === 'delete') await deleteCustomer(id, db);
                else await createContact({ customerId: id, name: 'C', email: 'c@x.test' }, db);
              }
            }
            healed = true;
            for (const d of devices) await drain(d.engine, d.db);
            for (const d of devices) await d.engine.syncNow();

            // The server's state, as a fresh device pulls it.
            const fresh = new TestClient(t, tenant.token);
            await fresh.pull();
            const serverRows = (entity: string) =>
              byId(
                [...fresh.rows.entries()]
                  .filter(([k]) => k.startsWith(`${entity}/`))
                  .map(([, v]) => v),
              );

            for (const entity of ['customers', 'contacts', 'conflicts'] as const) {
              const expected = serverRows(entity);
              for (const d of devices) {
                const local = byId(
                  (await d.db.entityTable(entity).toArray()) as Record<string, unknown>[],
                );
                expect(local.map((r) => ({ ...r }))).toEqual(
                  expected.map((r) => expect.objectContaining(r)),
                );
              }
            }

            // Every mutation a device made was processed exactly once: applied, or rejected with a reason.
            const schema = (
              await t.ctx.database.pool.query<{ schema_name: string }>(
                'SELECT schema_name FROM app.tenants WHERE id = $1',
                [tenant.tenantId],
              )
            ).rows[0]!.schema_name;
            for (const d of devices) {
              const clientId = (await getMeta(d.db, 'clientId'))!;
              const made = ((await getMeta(d.db, 'nextMutationId')) ?? 1) - 1;
              const { rows } = await t.ctx.database.pool.query<{ last: string }>(
                `SELECT last_mutation_id AS last FROM "${schema}".sync_clients WHERE client_id = $1`,
                [clientId],
              );
              expect(Number(rows[0]?.last ?? 0)).toBe(made);
              expect(await d.db.outbox.count()).toBe(0);
            }
          } finally {
            for (const d of devices) {
              d.engine.stop();
              d.db.close();
            }
          }
        },
      ),
      { numRuns: runs, seed, endOnFailure: true },
    );
  }, 600_000);
});
