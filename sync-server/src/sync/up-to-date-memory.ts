import type { TenantScope } from '../modules/tenant-scope';
import type { PullStatus } from './pull-status';
import type { VersionWatcher } from './events';

interface Remembered {
  status: PullStatus;
  /** The listening stretch the status was read in. */
  epoch: number;
  readAt: number;
}

/** How many clients' statuses one process keeps (the oldest go first), and for how long. */
const MAX_CLIENTS = 100_000;
const MAX_AGE_MS = 10 * 60_000;

/**
 * Answers a device that is up to date without a query. Every change to what a pull tells an
 * up-to-date device — its client group's acknowledged ids, its rejections, the billing settings —
 * moves the tenant's version, and every version move is announced at commit. So a status read
 * at version V is the whole answer for as long as this process, listening all along, has heard of
 * nothing newer than V. The status is used only when all of that holds: the listener has been up
 * since the status was read (same epoch), the version it knows for the tenant is the device's
 * cursor, and the status was read at that version. Anything else — the listener down or
 * reconnecting, a tenant not heard of yet, a cursor ahead of what was heard, a push on another
 * instance whose announcement has not arrived — goes to the database as before.
 */
export class UpToDateMemory {
  private readonly statuses = new Map<string, Remembered>();

  constructor(
    private readonly versions: Pick<VersionWatcher, 'knownVersion' | 'currentEpoch' | 'learn'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The listening stretch a database read starts in; pass it to `remember`. */
  epoch(): number | undefined {
    return this.versions.currentEpoch();
  }

  recall(
    scope: TenantScope,
    clientGroupId: string,
    clientId: string,
    requested: bigint,
  ): PullStatus | undefined {
    const known = this.versions.knownVersion(scope.tenant.schema_name);
    if (!known || known.version !== requested) return undefined;
    const key = keyOf(scope, clientGroupId, clientId);
    const remembered = this.statuses.get(key);
    if (
      !remembered ||
      remembered.epoch !== known.epoch ||
      remembered.status.head !== requested ||
      this.now() - remembered.readAt > MAX_AGE_MS
    )
      return undefined;
    return remembered.status;
  }

  /** A status read from the database during `epoch` (undefined: not listening then). */
  remember(
    scope: TenantScope,
    clientGroupId: string,
    clientId: string,
    status: PullStatus,
    epoch: number | undefined,
  ): void {
    if (epoch === undefined) return;
    this.versions.learn(scope.tenant.schema_name, status.head, epoch);
    const key = keyOf(scope, clientGroupId, clientId);
    this.statuses.delete(key); // re-inserted last: the map's order is the eviction order
    this.statuses.set(key, { status, epoch, readAt: this.now() });
    if (this.statuses.size > MAX_CLIENTS)
      this.statuses.delete(this.statuses.keys().next().value as string);
  }
}

const keyOf = (scope: TenantScope, clientGroupId: string, clientId: string) =>
  `${scope.tenant.schema_name}\u0000${scope.user.id}\u0000${clientGroupId}\u0000${clientId}`;
