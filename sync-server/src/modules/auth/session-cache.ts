import type { TenantRow, UserRow } from '../../db/app-tables';
import type { Database } from '../../db/database';
import type { ChangeListener } from '../../db/listener';

export interface SessionRecord {
  user: UserRow;
  tenant: TenantRow;
}

/**
 * The user and tenant behind a bearer token, kept between requests so that a read costs one
 * database round trip instead of two — without letting a deleted user or a demoted admin keep
 * access.
 *
 * Every change to `app.users` or `app.tenants` fires `NOTIFY smb_sessions` (a trigger, so no
 * writer can forget it); each server process hears it on its one LISTEN connection
 * (`db/listener.ts`) and forgets the user or the whole tenant
 * the moment the change commits. The process that made the change also forgets it itself right
 * after its commit, before answering, so its own next request never sees the old row. The cache is
 * used only while the LISTEN connection is up: when it drops, everything is forgotten and every
 * request reads the database again until it is back; a connection gone silent without closing is
 * noticed by the listener's heartbeat within seconds (`HEARTBEAT` in `db/listener.ts`). Entries
 * also expire after `ttlMs`, which decides how often an active user's row is read again: in the
 * background, near the end of that time (`REFRESH_SHARE`), so that only a user idle past it
 * waits. On the embedded database nothing is held: the lookup there is an in-process call anyway.
 */
export interface SessionCache {
  /** The cached record, or `load()`'s, which is kept unless a change raced with the read. */
  lookup(
    userId: string,
    load: () => Promise<SessionRecord | undefined>,
  ): Promise<SessionRecord | undefined>;
  /** Call after a change to the user has committed. */
  forgetUser(userId: string): void;
  /** Call after a change to the tenant (or all its users) has committed. */
  forgetTenant(tenantId: string): void;
  /** Whether changes are heard right now, i.e. whether anything may be held. */
  readonly listening: boolean;
  /** Resolves once changes are heard (at once if they are); never on the embedded database. */
  whenListening(): Promise<void>;
  close(): Promise<void>;
}

/** The channel the trigger of migrations/app/2026_11_21_1500 notifies. */
const SESSION_CHANNEL = 'smb_sessions';
/**
 * Users held at most (about a kilobyte each), the earliest stored dropped first. Above the
 * active users of a large installation: a cap below them, met in turn, would drop each user just
 * before their next request and hold nothing useful.
 */
const MAX_ENTRIES = 50_000;

interface Options {
  /** 0 turns the cache off: every request reads the database. */
  ttlMs: number;
  /** The process's LISTEN connection: what is held is held only while it hears changes. */
  changes: ChangeListener;
}

/**
 * How long one entry is held: between half and all of the time set, at random. Sessions read
 * together — every device reconnecting after a deploy, a thousand companies' first requests of
 * the morning — would otherwise all expire in the same second and be read again at once: a second
 * storm on the database, one `ttlMs` after the first.
 */
const heldFor = (ttlMs: number) => ttlMs / 2 + Math.random() * (ttlMs / 2);

/**
 * The last share of an entry's time in which a request still uses it but also starts reading the
 * row again, in the background: an active user's requests never wait for that read (which would
 * put one of each user's requests every few minutes in the tail of every route); only a user idle
 * past the whole time does.
 */
const REFRESH_SHARE = 0.25;

interface Entry extends SessionRecord {
  refreshAt: number;
  expiresAt: number;
}

export function createSessionCache(database: Database, options: Options): SessionCache {
  const entries = new Map<string, Entry>();
  // Bumped by every forget: a read that started before a change may not store what it read.
  let generation = 0;
  let listening = false;
  const listeningWaiters: (() => void)[] = [];

  const forgetAll = () => {
    generation += 1;
    entries.clear();
  };
  const forgetUser = (userId: string) => {
    generation += 1;
    entries.delete(userId);
  };
  const forgetTenant = (tenantId: string) => {
    generation += 1;
    for (const [userId, entry] of entries) if (entry.tenant.id === tenantId) entries.delete(userId);
  };

  const enabled = options.ttlMs > 0 && database.kind === 'postgres';
  const unsubscribe = enabled
    ? options.changes.subscribe(SESSION_CHANNEL, {
        message(payload) {
          const [kind, id] = payload.split(':');
          if (kind === 'user' && id) forgetUser(id);
          else if (kind === 'tenant' && id) forgetTenant(id);
          else forgetAll();
        },
        up() {
          forgetAll(); // whatever changed while nobody listened
          listening = true;
          for (const resolve of listeningWaiters.splice(0)) resolve();
        },
        down() {
          listening = false;
          forgetAll();
        },
      })
    : () => {};

  /** Reads the user and keeps the record, unless a change raced with the read. */
  const read = async (userId: string, load: () => Promise<SessionRecord | undefined>) => {
    const before = generation;
    const record = await load();
    if (record && generation === before && listening) {
      entries.delete(userId); // re-inserted last: the map's order is the eviction order
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      const held = heldFor(options.ttlMs);
      const now = Date.now();
      entries.set(userId, {
        ...record,
        refreshAt: now + held * (1 - REFRESH_SHARE),
        expiresAt: now + held,
      });
    }
    return record;
  };

  return {
    async lookup(userId, load) {
      if (!enabled || !listening) return load();
      const hit = entries.get(userId);
      const now = Date.now();
      if (hit && hit.expiresAt > now) {
        if (hit.refreshAt <= now) {
          hit.refreshAt = Infinity; // one read at a time; what it keeps replaces this entry
          // A failed read leaves the entry to expire; the request after that reads for itself.
          void read(userId, load).catch(() => undefined);
        }
        return { user: hit.user, tenant: hit.tenant };
      }
      return read(userId, load);
    },
    forgetUser,
    forgetTenant,
    get listening() {
      return listening;
    },
    whenListening() {
      return listening
        ? Promise.resolve()
        : new Promise<void>((resolve) => listeningWaiters.push(resolve));
    },
    async close() {
      unsubscribe();
      listening = false;
      entries.clear();
    },
  };
}
