import type { Database } from '../db/database';
import type { ChangeListener } from '../db/listener';

type Listener = (version: string) => void;

interface Watch {
  listeners: Set<Listener>;
  /** The last version seen, as a number for ordering; null until known. */
  version: bigint | null;
  /** Set while polling (the change listener is down or disabled). */
  timer: NodeJS.Timeout | undefined;
}

/** The channel app.notify_version_change() announces '<schema>:<version>' on. */
export const VERSION_CHANNEL = 'smb_versions';

/** How long a server's start waits for its LISTEN connection before it logs that it polls. */
const LISTEN_GRACE_MS = 5_000;

interface Log {
  info(msg: string): void;
  warn(msg: string): void;
}

/**
 * Tells connected clients when their tenant's version moves, so they pull at once instead of
 * waiting for their timer. Normally by notification: the transaction that moves a version
 * announces it at commit (one message per transaction, from whichever server wrote it), and the
 * process's one LISTEN connection fans it out to this tenant's streams — no query while idle.
 * While notifications are not heard (the connection is down, or LISTEN is switched off for a
 * pooler in transaction mode) it polls each watched tenant's version every `intervalMs`, as one
 * query per tenant per process shared by its streams; when they are heard again it polls each
 * tenant once more to catch what moved meanwhile, and stops.
 */
export class VersionWatcher {
  private readonly watches = new Map<string, Watch>();
  private listening = false;
  /**
   * Every tenant's version as announced since the listener last came up (any tenant, watched or
   * not), and the listener's epoch: it changes whenever the listener goes down or comes up, since
   * what moved meanwhile was not heard.
   */
  private readonly heardVersions = new Map<string, bigint>();
  private epoch = 0;
  private readonly unsubscribe: () => void;
  private grace: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Database,
    changes: ChangeListener,
    private readonly log: Log,
    private readonly intervalMs = 1000,
  ) {
    // A listener still connecting (a server's start) gets a moment before that is news.
    const notListening = () => {
      if (!changes.listening)
        log.warn(
          `live updates: not listening for changes; polling watched tenants every ${intervalMs} ms`,
        );
    };
    if (!changes.enabled) notListening();
    else if (!changes.listening) this.grace = setTimeout(notListening, LISTEN_GRACE_MS).unref();
    this.unsubscribe = changes.subscribe(VERSION_CHANNEL, {
      message: (payload) => this.heard(payload),
      // What was known of the tenant's version is stale until it is read again.
      wrote: (schemaName) => this.heardVersions.delete(schemaName),
      up: () => {
        if (this.listening) return;
        this.listening = true;
        this.epoch++;
        log.info('live updates: listening for changes (LISTEN/NOTIFY); polling stopped');
        for (const [schema, watch] of this.watches) {
          clearInterval(watch.timer);
          watch.timer = undefined;
          void this.poll(schema, watch); // what moved while nobody heard
        }
      },
      down: () => {
        if (!this.listening) return;
        this.listening = false;
        this.epoch++;
        this.heardVersions.clear();
        log.warn(
          `live updates: change listener lost; polling watched tenants every ${this.intervalMs} ms`,
        );
        for (const [schema, watch] of this.watches) this.startPolling(schema, watch);
      },
    });
  }

  subscribe(schemaName: string, listener: Listener): () => void {
    let watch = this.watches.get(schemaName);
    if (!watch) {
      const created: Watch = { listeners: new Set(), version: null, timer: undefined };
      this.watches.set(schemaName, created);
      watch = created;
      if (!this.listening) this.startPolling(schemaName, created);
      void this.poll(schemaName, created); // where the tenant stands, to compare what comes next
    }
    watch.listeners.add(listener);
    return () => {
      watch.listeners.delete(listener);
      if (watch.listeners.size === 0) {
        clearInterval(watch.timer);
        this.watches.delete(schemaName);
      }
    };
  }

  /**
   * What this process knows for sure of the tenant's version: the newest announced (or learned)
   * since the listener came up, or undefined while it is not listening or has heard nothing of
   * the tenant. `epoch` names the stretch of listening it belongs to.
   */
  knownVersion(schemaName: string): { version: bigint; epoch: number } | undefined {
    if (!this.listening) return undefined;
    const version = this.heardVersions.get(schemaName);
    return version === undefined ? undefined : { version, epoch: this.epoch };
  }

  /** The listening stretch now, or undefined while not listening. */
  currentEpoch(): number | undefined {
    return this.listening ? this.epoch : undefined;
  }

  /**
   * A version read from the database (a snapshot taken during `epoch`): known from now on unless
   * the listener went down or came up since, when something may have moved unheard.
   */
  learn(schemaName: string, version: bigint, epoch: number): void {
    if (!this.listening || epoch !== this.epoch) return;
    const heard = this.heardVersions.get(schemaName);
    if (heard === undefined || version > heard) this.heardVersions.set(schemaName, version);
  }

  close(): void {
    clearTimeout(this.grace);
    this.unsubscribe();
    for (const watch of this.watches.values()) clearInterval(watch.timer);
    this.watches.clear();
  }

  private startPolling(schemaName: string, watch: Watch): void {
    clearInterval(watch.timer);
    watch.timer = setInterval(() => void this.poll(schemaName, watch), this.intervalMs);
    watch.timer.unref();
  }

  /** A notification '<schema>:<version>'. */
  private heard(payload: string): void {
    const at = payload.lastIndexOf(':');
    if (at < 0) return;
    const schemaName = payload.slice(0, at);
    let version: bigint;
    try {
      version = BigInt(payload.slice(at + 1));
    } catch {
      return;
    }
    if (this.listening) this.learn(schemaName, version, this.epoch);
    const watch = this.watches.get(schemaName);
    if (watch) this.moved(watch, version, true);
  }

  /** Records `version`; tells the listeners when it is newer than what they knew. */
  private moved(watch: Watch, version: bigint, announced: boolean): void {
    const known = watch.version;
    if (known !== null && version <= known) return;
    watch.version = version;
    // A first poll only learns where the tenant stands; an announcement is a move.
    if (known !== null || announced)
      for (const listener of watch.listeners) listener(version.toString());
  }

  private async poll(schemaName: string, watch: Watch): Promise<void> {
    try {
      const row = await this.database
        .tenantDb(schemaName)
        .selectFrom('sync_state')
        .select('version')
        .executeTakeFirst();
      if (row) this.moved(watch, BigInt(row.version), false);
    } catch {
      // The database is away; the next tick tries again and clients keep their own timers.
    }
  }
}
