import {
  CATCH_UP_PAGE_SIZE,
  PULL_PAGE_SIZE,
  SYNC_ENTITIES,
  type PatchOp,
  type PullResponse,
} from '@smb/shared-types';
import type { TenantScope } from '../modules/tenant-scope';
import { billingSettingsOf } from '../modules/payments/payments.service';
import {
  attachItems,
  changedVersions,
  changesAtVersion,
  changesBetween,
  countAfter,
  type Change,
} from './pull-changes';
import {
  besidesChanges,
  billingOf,
  clientsOf,
  isUpToDate,
  readStatus,
  rejectionsOf,
  upToDateAnswer,
} from './pull-status';
import type { UpToDateMemory } from './up-to-date-memory';
import { toPatchValue } from './rows';

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
  options: { pageSize?: number; memory?: UpToDateMemory } = {},
): Promise<PullResponse> {
  const requested = BigInt(cursorText ?? '0');
  const { memory, pageSize: pageSizeOverride } = options;
  // Most pulls come from devices that are up to date (every poll and every poke of another
  // device's own write): they need no snapshot transaction, and often no query at all.
  if (requested > 0n) {
    const remembered = memory?.recall(scope, clientGroupId, clientId, requested);
    if (remembered) return upToDateAnswer(scope, requested, remembered);
    const epoch = memory?.epoch();
    const status = await readStatus(scope, clientGroupId, clientId);
    if (status) {
      memory?.remember(scope, clientGroupId, clientId, status, epoch);
      if (isUpToDate(status, requested)) return upToDateAnswer(scope, requested, status);
    }
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
