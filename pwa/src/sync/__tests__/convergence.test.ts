import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SmbDatabase } from '../../db/database';
import { getMeta } from '../../db/meta';
import { createContact } from '../../features/contacts/data/contacts';
import {
  createCustomer,
  deleteCustomer,
  updateCustomer,
} from '../../features/customers/data/customers';
import type { SyncEngine } from '../engine';
import { FakeSyncServer } from './fake-server';
import { drain, faultyFetch, newClientDb, testEngine, type Fault } from './helpers';

type Step =
  | { kind: 'create'; client: number; name: string }
  | { kind: 'rename'; client: number; pick: number; name: string }
  | { kind: 'delete'; client: number; pick: number }
  | { kind: 'contact'; client: number; pick: number }
  | { kind: 'sync'; client: number };

const CLIENTS = 3;
const clientIndex = fc.integer({ min: 0, max: CLIENTS - 1 });
const name = fc.constantFrom('Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli');
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), client: clientIndex, name }),
  fc.record({ kind: fc.constant('rename' as const), client: clientIndex, pick: fc.nat(), name }),
  fc.record({ kind: fc.constant('delete' as const), client: clientIndex, pick: fc.nat() }),
  fc.record({ kind: fc.constant('contact' as const), client: clientIndex, pick: fc.nat() }),
  fc.record({ kind: fc.constant('sync' as const), client: clientIndex }),
);
const fault = fc.constantFrom<Fault>(
  'ok',
  'ok',
  'dropRequest',
  'dropResponse',
  'duplicate',
  'replayStale',
);

const strip = (rows: object[]) =>
  [...(rows as { id: string }[])].sort((a, b) => a.id.localeCompare(b.id));

async function pickCustomer(db: SmbDatabase, pick: number): Promise<string | undefined> {
  const ids = await db.customers.orderBy('id').primaryKeys();
  return ids.length ? ids[pick % ids.length] : undefined;
}

describe('convergence under a faulty network (property)', () => {
  it('every client ends equal to the server; no accepted mutation is lost or applied twice', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 25 }),
        fc.array(fault, { minLength: 1, maxLength: 40 }),
        async (steps, faults) => {
          const server = await new FakeSyncServer({ pageSize: 3 }).init();
          let f = 0;
          let healed = false;
          const next = (): Fault => (healed ? 'ok' : (faults[f++ % faults.length] ?? 'ok'));
          const clients: { db: SmbDatabase; engine: SyncEngine }[] = [];
          for (let i = 0; i < CLIENTS; i++) {
            const db = newClientDb();
            const engine = testEngine(db, faultyFetch(server.transport(), next));
            engine.start();
            clients.push({ db, engine });
          }
          try {
            for (const s of steps) {
              const { db, engine } = clients[s.client]!;
              if (s.kind === 'create')
                await createCustomer({ name: s.name, email: 'x@x.test' }, db);
              else if (s.kind === 'sync') await engine.syncNow();
              else {
                const id = await pickCustomer(db, s.pick);
                if (!id) continue;
                if (s.kind === 'rename')
                  await updateCustomer(id, { name: `${s.name} ${s.pick % 7}` }, db);
                else if (s.kind === 'delete') await deleteCustomer(id, db);
                else await createContact({ customerId: id, name: 'C', email: 'c@x.test' }, db);
              }
            }
            healed = true;
            for (const c of clients) await drain(c.engine, c.db);
            for (const c of clients) await c.engine.syncNow();

            for (const entity of ['customers', 'contacts'] as const) {
              const expected = strip(await server.rows(entity));
              for (const c of clients)
                expect(strip(await c.db.entityTable(entity).toArray())).toEqual(expected);
            }
            expect(new Set(server.applied).size).toBe(server.applied.length);
            for (const c of clients) {
              const clientId = (await getMeta(c.db, 'clientId'))!;
              const made = ((await getMeta(c.db, 'nextMutationId')) ?? 1) - 1;
              const applied = server.applied.filter((a) => a.startsWith(`${clientId}:`)).length;
              const rejected = await c.db.rejections.count();
              expect(applied + rejected).toBe(made);
              expect(await c.db._server.count()).toBe(0);
            }
          } finally {
            for (const c of clients) {
              c.engine.stop();
              c.db.close();
            }
            server.db.close();
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});
