import type { Database } from '../db/database';

type Listener = (version: string) => void;

interface Watch {
  listeners: Set<Listener>;
  version: string | null;
  timer: NodeJS.Timeout;
}

/**
 * Tells connected clients when their tenant's version moves, so they pull at once instead of
 * waiting for their timer. One poll per tenant per process, shared by all its connections; it
 * reads the database, so it also sees writes made by other instances behind a load balancer.
 */
export class VersionWatcher {
  private readonly watches = new Map<string, Watch>();

  constructor(
    private readonly database: Database,
    private readonly intervalMs = 1000,
  ) {}

  subscribe(schemaName: string, listener: Listener): () => void {
    let watch = this.watches.get(schemaName);
    if (!watch) {
      const created: Watch = {
        listeners: new Set(),
        version: null,
        timer: setInterval(() => void this.poll(schemaName, created), this.intervalMs),
      };
      created.timer.unref();
      this.watches.set(schemaName, created);
      watch = created;
      void this.poll(schemaName, created);
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

  close(): void {
    for (const watch of this.watches.values()) clearInterval(watch.timer);
    this.watches.clear();
  }

  private async poll(schemaName: string, watch: Watch): Promise<void> {
    try {
      const row = await this.database
        .tenantDb(schemaName)
        .selectFrom('sync_state')
        .select('version')
        .executeTakeFirst();
      if (!row) return;
      const version = String(row.version);
      const moved = watch.version !== null && watch.version !== version;
      watch.version = version;
      if (moved) for (const listener of watch.listeners) listener(version);
    } catch {
      // The database is away; the next tick tries again and clients keep their own timers.
    }
  }
}
