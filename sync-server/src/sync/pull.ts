import { sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import {
  CATCH_UP_PAGE_SIZE,
  PULL_PAGE_SIZE,
  type BillingSettings,
  SYNC_ENTITIES,
  type PatchOp,
  type PullResponse,
  type SyncEntity,
} from '@smb/shared-types';
import type { TenantDb } from '../db/tenant-database';
import type { TenantScope } from '../modules/tenant-scope';
import { companyOf } from '../modules/tenants/company.service';
import { billingSettingsOf } from '../modules/payments/payments.service';
import { prepared } from '../db/prepared';
import { ENTITY_TABLES, toPatchValue } from './rows';

export interface Change {
  entity: SyncEntity;
  id: string;
  version: bigint;
  row?: Record<string, unknown>;
}

/** Rejections a client is told about: those of the last 30 days. */
const REJECTION_WINDOW_DAYS = 30;

/* eslint-disable @typescript-eslint/no-explicit-any -- tables are chosen from a fixed list at run time */
async function changedRows(
  trx: TenantDb,
  entity: SyncEntity,
  after: bigint,
  upTo: bigint,
  limit: number,
): Promise<Change[]> {
  const rows = (await (trx as any)
    .selectFrom(entity)
    .selectAll()
    .where('version', '>', after.toString())
    .where('version', '<=', upTo.toString())
    .orderBy('version')
    .orderBy('id')
    .limit(limit)
    .execute()) as Array<Record<string, unknown> & { id: string; version: string }>;
  return rows.map((row) => ({ entity, id: row.id, version: BigInt(row.version), row }));
}

export async function attachItems(trx: TenantDb, changes: Change[]): Promise<void> {
  for (const entity of SYNC_ENTITIES) {
    const items = ENTITY_TABLES[entity].items;
    if (!items) continue;
    const parents = changes.filter((c) => c.entity === entity && c.row);
    if (parents.length === 0) continue;
    const rows = (await (trx as any)
      .selectFrom(items.table)
      .selectAll()
      .where(
        items.parent,
        'in',
        parents.map((p) => p.id),
      )
      .orderBy('position')
      .orderBy('id')
      .execute()) as Array<Record<string, unknown>>;
    const byParent = new Map<string, Record<string, unknown>[]>();
    for (const row of rows) {
      const parentId = row[items.parent] as string;
      const { [items.parent]: _parent, ...rest } = row;
      byParent.set(parentId, [...(byParent.get(parentId) ?? []), toPatchValue(rest)]);
    }
    for (const p of parents) p.row!.items = byParent.get(p.id) ?? [];
  }
}
/* eslint-enable @typescript-eslint/no-explicit-any */

const byVersion = (a: Change, b: Change) =>
  a.version < b.version ? -1 : a.version > b.version ? 1 : a.id < b.id ? -1 : 1;

/**
 * One page of changes after `cursor`, read in one REPEATABLE READ snapshot together with the
 * clients' last mutation ids, so the ids never run ahead of the data they acknowledge.
 * Pages end on a version boundary: rows written by one transaction share a version and are never split.
 */
export async function pull(
  scope: TenantScope,
  clientGroupId: string,
  clientId: string,
  cursorText: string | null,
  pageSizeOverride?: number,
): Promise<PullResponse> {
  const requested = BigInt(cursorText ?? '0');
  // Most pulls come from devices that are up to date (every poll and every poke of another
  // device's own write): they need no snapshot transaction.
  if (requested > 0n) {
    const answer = await upToDate(scope, clientGroupId, clientId, requested);
    if (answer) return answer;
  }
  return scope.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const state = await trx
        .selectFrom('sync_state')
        .select(['version', 'tombstone_horizon'])
        .executeTakeFirstOrThrow();
      const head = BigInt(state.version);
      const clear = requested > 0n && requested < BigInt(state.tombstone_horizon);
      const after = clear ? 0n : requested > head ? 0n : requested;
      // A device far behind (a first sync, a week offline) gets fewer, larger pages: on a slow
      // link each page costs a round trip and the server's fixed work before its bytes flow.
      const pageSize =
        pageSizeOverride ??
        (head - after > BigInt(CATCH_UP_PAGE_SIZE) ? CATCH_UP_PAGE_SIZE : PULL_PAGE_SIZE);

      // Find the page's versions first (the version index only), then read the full rows of
      // exactly those versions: reading a page's worth of full rows from EVERY table and dropping
      // most of them cost 8× the rows on a first sync.
      const versions: bigint[] = [];
      const withTombstones = after > 0n;
      // Up to date (the common case of a device polling): no table to read.
      if (after < head)
        for (const source of withTombstones
          ? [...SYNC_ENTITIES, 'tombstones' as const]
          : SYNC_ENTITIES)
          versions.push(...(await changedVersions(trx, source, after, head, pageSize + 1)));
      versions.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

      let page: Change[] = [];
      let hasMore = false;
      if (versions.length > pageSize) {
        hasMore = true;
        const lastVersion = versions[pageSize - 1]!;
        // Keep whole versions: drop the split one, unless it is all there is (then take all of it,
        // however large: one transaction's rows are never split across pages).
        page =
          versions[0]! < lastVersion
            ? await changesBetween(trx, after, lastVersion - 1n, withTombstones)
            : await changesAtVersion(trx, lastVersion);
      } else if (versions.length > 0) {
        page = await changesBetween(trx, after, head, withTombstones);
      }
      const cursor = hasMore ? page.at(-1)!.version : head;
      await attachItems(trx, page);

      const remainingRows = hasMore ? await countAfter(trx, cursor, head) : 0;
      const patch: PatchOp[] = page.map((c) =>
        c.row
          ? { op: 'put', entity: c.entity, id: c.id, value: toPatchValue(c.row) }
          : { op: 'del', entity: c.entity, id: c.id },
      );

      const clients = await clientsOf(trx, scope.user.id, clientGroupId).execute();
      const rejections = await rejectionsOf(trx, clientId).execute();
      const billing = billingSettingsOf(await billingOf(trx).executeTakeFirstOrThrow());
      return {
        cursor: cursor.toString(),
        hasMore,
        clear,
        patch,
        remaining: remainingRows,
        ...besidesChanges(scope, clients, rejections, billing),
      };
    });
}

/** The client group's last mutation ids (the user's own clients only). */
const clientsOf = (db: TenantDb, userId: string, clientGroupId: string) =>
  db
    .selectFrom('sync_clients')
    .select(['client_id', 'last_mutation_id'])
    .where('client_group_id', '=', clientGroupId)
    .where('user_id', '=', userId);

const rejectionsOf = (db: TenantDb, clientId: string) =>
  db
    .selectFrom('sync_rejections')
    .select(['mutation_id', 'name', 'status_code', 'message', 'created_at'])
    .where('client_id', '=', clientId)
    .where('created_at', '>', sql<Date>`now() - make_interval(days => ${REJECTION_WINDOW_DAYS})`)
    .orderBy('mutation_id');

/** The tenant's billing settings row (default terms, reminder policy). */
const billingOf = (db: TenantDb) =>
  db
    .selectFrom('billing_settings')
    .select([
      'default_payment_terms',
      'reminders_enabled',
      'reminder_first_days',
      'reminder_every_days',
      'reminder_max',
    ]);

/**
 * What every pull answer tells besides the changes: acknowledged mutation ids, rejections and the
 * tenant (numbers and dates arrive as JSON or as pg gives them).
 */
function besidesChanges(
  scope: TenantScope,
  clients: Array<{ client_id: string; last_mutation_id: string | number }>,
  rejections: Array<{
    mutation_id: string | number;
    name: string;
    status_code: number;
    message: string;
    created_at: Date | string;
  }>,
  billing: BillingSettings,
): Pick<PullResponse, 'lastMutationIds' | 'rejections' | 'tenant'> {
  return {
    lastMutationIds: Object.fromEntries(
      clients.map((c) => [c.client_id, Number(c.last_mutation_id)]),
    ),
    rejections: rejections.map((r) => ({
      mutationId: Number(r.mutation_id),
      name: r.name,
      statusCode: r.status_code,
      message: r.message,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    tenant: {
      id: scope.tenant.id,
      naturalName: scope.tenant.natural_name,
      schemaName: scope.tenant.schema_name,
      createdAt: scope.tenant.created_at.toISOString(),
      company: companyOf(scope.tenant),
      billing,
    },
  };
}

/** Compiled once per tenant: polls are the most frequent call of all. */
const headAndAcknowledgements = prepared(
  (db: TenantDb, clientGroupId: string, userId: string, clientId: string) =>
    db
      .selectFrom('sync_state')
      .select([
        'version',
        'tombstone_horizon',
        jsonArrayFrom(clientsOf(db, userId, clientGroupId)).as('clients'),
        jsonArrayFrom(rejectionsOf(db, clientId)).as('rejections'),
        jsonObjectFrom(billingOf(db)).as('billing'),
      ]),
);

/**
 * The answer to a device whose cursor is the head, from one statement (one snapshot: the ids it
 * acknowledges cannot run ahead of the data), or null when there is more to send.
 */
async function upToDate(
  scope: TenantScope,
  clientGroupId: string,
  clientId: string,
  requested: bigint,
): Promise<PullResponse | null> {
  const [row] = await headAndAcknowledgements(scope.db, clientGroupId, scope.user.id, clientId);
  if (!row || BigInt(row.version) !== requested || requested < BigInt(row.tombstone_horizon))
    return null;
  return {
    cursor: requested.toString(),
    hasMore: false,
    clear: false,
    patch: [],
    remaining: 0,
    ...besidesChanges(scope, row.clients, row.rejections, billingSettingsOf(row.billing!)),
  };
}

/* eslint-disable @typescript-eslint/no-explicit-any */
/** The versions of up to `limit` changes in (after, upTo] of one table (index only). */
async function changedVersions(
  trx: TenantDb,
  source: SyncEntity | 'tombstones',
  after: bigint,
  upTo: bigint,
  limit: number,
): Promise<bigint[]> {
  const rows = (await (trx as any)
    .selectFrom(source)
    .select('version')
    .where('version', '>', after.toString())
    .where('version', '<=', upTo.toString())
    .orderBy('version')
    .limit(limit)
    .execute()) as Array<{ version: string }>;
  return rows.map((r) => BigInt(r.version));
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Every change in (after, upTo], rows and (when asked) tombstones, in version order. */
async function changesBetween(
  trx: TenantDb,
  after: bigint,
  upTo: bigint,
  withTombstones: boolean,
): Promise<Change[]> {
  const changes: Change[] = [];
  for (const entity of SYNC_ENTITIES)
    changes.push(...(await changedRows(trx, entity, after, upTo, Number.MAX_SAFE_INTEGER)));
  if (withTombstones) {
    const tombstones = await trx
      .selectFrom('tombstones')
      .select(['entity', 'id', 'version'])
      .where('version', '>', after.toString())
      .where('version', '<=', upTo.toString())
      .execute();
    for (const t of tombstones)
      changes.push({ entity: t.entity as SyncEntity, id: t.id, version: BigInt(t.version) });
  }
  return changes.sort(byVersion);
}

/** Every change written at exactly `version` (one transaction's rows and tombstones). */
async function changesAtVersion(trx: TenantDb, version: bigint): Promise<Change[]> {
  const changes: Change[] = [];
  for (const entity of SYNC_ENTITIES)
    changes.push(
      ...(await changedRows(trx, entity, version - 1n, version, Number.MAX_SAFE_INTEGER)),
    );
  const tombstones = await trx
    .selectFrom('tombstones')
    .select(['entity', 'id', 'version'])
    .where('version', '=', version.toString())
    .execute();
  for (const t of tombstones) changes.push({ entity: t.entity as SyncEntity, id: t.id, version });
  return changes.sort(byVersion);
}

/* eslint-disable @typescript-eslint/no-explicit-any */
async function countAfter(trx: TenantDb, after: bigint, upTo: bigint): Promise<number> {
  let total = 0;
  for (const table of [...SYNC_ENTITIES, 'tombstones'] as const) {
    const row = (await (trx as any)
      .selectFrom(table)
      .select((eb: any) => eb.fn.countAll().as('n'))
      .where('version', '>', after.toString())
      .where('version', '<=', upTo.toString())
      .executeTakeFirst()) as { n: string | number } | undefined;
    total += Number(row?.n ?? 0);
  }
  return total;
}
/* eslint-enable @typescript-eslint/no-explicit-any */
