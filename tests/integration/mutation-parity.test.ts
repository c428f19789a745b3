// @vitest-environment node
/**
 * The PWA's engine tests run against `FakeSyncServer`; this keeps that fake honest. Each mutation
 * script (every mutation name) is replayed step by step against the fake and against the real
 * server (POST /api/sync/push, then /api/sync/pull), starting from the same rows: every step must
 * be answered alike (applied, or rejected with the same status code) and both must end with the
 * same rows, apart from what only a server makes (versions, times, document numbers, tokens,
 * conflict ids).
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MUTATION_NAMES,
  SYNC_ENTITIES,
  type Mutation,
  type PullResponse,
  type PushResponse,
  type SyncEntity,
} from '@smb/shared-types/sync';
import type { TenantInfo } from '../../pwa/src/db/types';
import { FakeSyncServer } from '../../pwa/src/sync/__tests__/fake-server';
import {
  MUTATION_SCRIPTS,
  type MutationScript,
  type RowsByEntity,
} from '../../pwa/src/sync/__tests__/mutation-scripts';
import { createTestApp, registerTenant, type TestApp } from '../../sync-server/test/helpers';
import { TestClient } from '../../sync-server/test/sync-helpers';

/** One side of the comparison, as a device sees it: push one mutation, pull everything. */
interface Side {
  push(mutation: Mutation): Promise<PushResponse>;
  pull(): Promise<{ rows: RowsByEntity; tenant: PullResponse['tenant'] }>;
}

function rowsOf(patch: PullResponse['patch']): RowsByEntity {
  const rows = Object.fromEntries(SYNC_ENTITIES.map((e) => [e, []])) as unknown as RowsByEntity;
  for (const op of patch) if (op.op === 'put') rows[op.entity].push(op.value);
  return rows;
}

function realSide(t: TestApp, token: string): Side {
  const client = new TestClient(t, token);
  return {
    async push(mutation) {
      const res = await client.push([mutation]);
      if (res.status !== 200) throw new Error(`push answered ${res.status}`);
      return res.body;
    },
    async pull() {
      client.cursor = null;
      client.rows.clear();
      const pages = await client.pull();
      const patch = [...client.rows.entries()].map(([key, value]) => ({
        op: 'put' as const,
        entity: key.slice(0, key.indexOf('/')) as SyncEntity,
        id: key.slice(key.indexOf('/') + 1),
        value,
      }));
      return { rows: rowsOf(patch), tenant: pages.at(-1)!.tenant };
    },
  };
}

function fakeSide(fake: FakeSyncServer, userId: string): Side {
  const ids = { clientGroupId: randomUUID(), clientId: randomUUID() };
  return {
    push: (mutation) => fake.push({ ...ids, mutations: [mutation] }, userId),
    async pull() {
      const page = await fake.pull({ ...ids, cursor: null });
      if (page.hasMore) throw new Error('the fake paged a small pull');
      return { rows: rowsOf(page.patch), tenant: page.tenant };
    },
  };
}

/** Values only a server makes: compared by presence, not value. */
const SERVER_MADE = new Set([
  'quoteNumber',
  'orderNumber',
  'invoiceNumber',
  'creditNoteNumber',
  'accessToken',
  'paidAt',
  'issuedAt',
  'viewedAt',
  'acceptedAt',
  'rejectedAt',
  'emailedAt',
  // Each side has its own device (client group) ids; the user's e-mail is the real server's.
  'overwrittenClientGroup',
  'overwrittenByClientGroup',
  'overwrittenByUserEmail',
]);
const DROPPED = new Set(['version', 'updatedAt', 'createdAt']);

const made = (value: unknown) => (value == null ? null : '<made by the server>');

/** The scripts' rows have fixed ids (`id(n)`); any other id was made by a server. */
const SCRIPT_ID = /^00000000-0000-4000-8000-\d{12}$/;

function normalise(entity: SyncEntity, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (DROPPED.has(key)) continue;
    if (SERVER_MADE.has(key) || (entity === 'conflicts' && key === 'id')) out[key] = made(value);
    // A payment a server records by itself ("Mark as paid") has an id of its own.
    else if (entity === 'payments' && key === 'id' && !SCRIPT_ID.test(String(value)))
      out[key] = made(value);
    // A document's lines get their ids from the server (a client's are placeholders).
    else if (key === 'items' && Array.isArray(value))
      out[key] = value.map((line: Record<string, unknown>) => ({
        ...line,
        id: made(line.id),
        // A credit note's line names an invoice line, whose id each server made.
        ...('invoiceItemId' in line ? { invoiceItemId: made(line.invoiceItemId) } : {}),
      }));
    else out[key] = value;
  }
  return out;
}

function comparable(rows: RowsByEntity): Record<string, Record<string, unknown>[]> {
  const sortKey = (entity: SyncEntity, r: Record<string, unknown>) =>
    entity === 'conflicts'
      ? `${String(r.entity)}/${String(r.entityId)}/${String(r.field)}/${String(r.winningValue)}`
      : entity === 'payments'
        ? `${String(r.invoiceId)}/${String(r.id)}/${String(r.amount)}`
        : String(r.id);
  return Object.fromEntries(
    SYNC_ENTITIES.map((entity) => [
      entity,
      rows[entity]
        .map((r) => normalise(entity, r))
        .sort((a, b) => sortKey(entity, a).localeCompare(sortKey(entity, b))),
    ]),
  );
}

/** One mutation's answer: applied, or rejected with a status code. */
function outcome(res: PushResponse) {
  const [result] = res.results;
  if (res.results.length !== 1 || !result)
    throw new Error(`one result expected: ${JSON.stringify(res)}`);
  return { status: result.status, statusCode: result.error?.statusCode ?? null };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the fake sync server agrees with the real one', () => {
  it('the scripts use every mutation name', () => {
    const used = new Set(MUTATION_SCRIPTS.flatMap((s) => s.steps.map((step) => step.name)));
    expect(MUTATION_NAMES.filter((name) => !used.has(name))).toEqual([]);
  });

  it.each(MUTATION_SCRIPTS.map((s) => [s.title, s] as const))(
    '%s',
    async (_, script: MutationScript) => {
      const admin = await registerTenant(t, 'Parity Traders');
      const real = realSide(t, admin.token);
      // The fake starts where a new tenant starts on the real server (its default currency…).
      const start = await real.pull();
      const fake = await new FakeSyncServer().init(start.tenant as TenantInfo);
      for (const entity of SYNC_ENTITIES)
        if (start.rows[entity].length > 0) await fake.seed(entity, start.rows[entity]);
      const sides = { real, fake: fakeSide(fake, admin.userId) };

      const answers: Record<keyof typeof sides, unknown[]> = { real: [], fake: [] };
      for (const [index, step] of script.steps.entries())
        for (const name of ['real', 'fake'] as const) {
          const side = sides[name];
          const args =
            typeof step.args === 'function' ? step.args((await side.pull()).rows) : step.args;
          const res = await side.push({ id: index + 1, name: step.name, args });
          answers[name].push({ step: index + 1, name: step.name, ...outcome(res) });
        }
      expect.soft(answers.fake, 'each step answered alike').toEqual(answers.real);

      const [onReal, onFake] = [await sides.real.pull(), await sides.fake.pull()];
      expect.soft(onFake.tenant, 'tenant').toEqual(onReal.tenant);
      const [realRows, fakeRows] = [comparable(onReal.rows), comparable(onFake.rows)];
      for (const entity of SYNC_ENTITIES)
        expect.soft(fakeRows[entity], entity).toEqual(realRows[entity]);
    },
  );
});
