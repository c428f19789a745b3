import pg from 'pg';
import type { Database } from './database';

/** What a subscriber of one channel hears. */
export interface ChannelHandlers {
  /** A notification's payload. */
  message(payload: string): void;
  /** Notifications on the channel are heard from now on (also after a reconnect). */
  up?(): void;
  /** They are not heard any more, until the next `up`: whatever changes meanwhile goes unheard. */
  down?(): void;
  /** This process has just written the tenant's data (its announcement follows, later). */
  wrote?(schemaName: string): void;
}

/**
 * The one `LISTEN` connection of a server process, shared by everything that reacts to changes
 * committed by any process (sessions, live updates). On PostgreSQL it is a dedicated connection
 * outside the pool, reconnected with a growing delay when it drops. On the embedded database
 * PGlite runs one backend for every connection, and it hands a notification to the connection
 * whose statement committed it — always one of the pool's — so the backend LISTENs once and each
 * pool connection's notifications are heard as it is checked out; there is one process, so that
 * hears every change. `enabled: false` (a pooler in transaction mode, which cannot keep a
 * session's LISTEN) never listens: subscribers stay down and do without.
 */
export interface ChangeListener {
  /** Listens on `channel` (if not yet) for `handlers`; returns the unsubscribe. */
  subscribe(channel: string, handlers: ChannelHandlers): () => void;
  /** Whether it listens at all (false: DB_LISTEN=0). */
  readonly enabled: boolean;
  /** Whether notifications are heard right now. */
  readonly listening: boolean;
  /** Resolves once notifications are heard (at once if they are); never while disabled. */
  whenListening(): Promise<void>;
  /**
   * Tells this process's subscribers at once that a request here wrote the tenant's data: the
   * commit's announcement reaches them only after a round trip through the database.
   */
  wrote(schemaName: string): void;
  close(): Promise<void>;
}

const RECONNECT_MS = { first: 200, max: 10_000 };

/**
 * A LISTEN connection whose peer has vanished without a word (a network partition, a database host
 * gone dark) stays open in this process for as long as TCP keepalive takes to notice: hours. Its
 * subscribers would believe they hear every change while hearing none. So the connection is asked
 * a trivial query every `everyMs`; one not answered within `answerWithinMs` is taken as lost. What
 * subscribers hold on the strength of hearing changes (sessions, tenants' versions) is then
 * forgotten within `everyMs + answerWithinMs`, and they do not need short expiry times of their
 * own for this case. PostgreSQL sends a session its pending notifications before it answers a
 * query, so an answer also means every change committed before the question has been heard.
 */
export const HEARTBEAT = { everyMs: 10_000, answerWithinMs: 5_000 };

/** How the LISTEN connection names itself in `pg_stat_activity`. */
export const LISTENER_APPLICATION_NAME = 'smb-changes';

interface Options {
  enabled: boolean;
  /** The connection was lost or could not be made (the listener retries by itself). */
  onError?: (err: Error) => void;
  /** How often the LISTEN connection must prove it is alive (tests shorten it). */
  heartbeat?: typeof HEARTBEAT;
}

export function createChangeListener(database: Database, options: Options): ChangeListener {
  const channels = new Map<string, Set<ChannelHandlers>>();
  const waiters: (() => void)[] = [];
  let listening = false;
  let closed = false;
  let started = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  const { everyMs, answerWithinMs } = options.heartbeat ?? HEARTBEAT;

  const deliver = (message: pg.Notification) => {
    for (const handlers of channels.get(message.channel) ?? [])
      handlers.message(message.payload ?? '');
  };
  const goUp = () => {
    listening = true;
    for (const set of channels.values()) for (const handlers of set) handlers.up?.();
    for (const resolve of waiters.splice(0)) resolve();
  };
  const goDown = () => {
    if (!listening) return;
    listening = false;
    for (const set of channels.values()) for (const handlers of set) handlers.down?.();
  };
  const listenSql = (channel: string) => {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`Invalid channel name ${channel}`);
    return `LISTEN ${channel}`;
  };

  /** PostgreSQL: a connection of its own, reconnected with a doubling delay. */
  async function connect(delayMs: number): Promise<void> {
    if (closed) return;
    const own = new pg.Client({
      ...database.pool.options,
      keepAlive: true,
      application_name: LISTENER_APPLICATION_NAME,
      // pg fails a query not answered by then: the heartbeat's question, or a LISTEN.
      query_timeout: answerWithinMs,
    });
    own.on('notification', deliver);
    const lost = (err?: Error) => {
      if (client !== own) return;
      client = undefined;
      clearInterval(heartbeat);
      goDown();
      if (err) options.onError?.(err);
      own.end().catch(() => {});
      if (!closed)
        retry = setTimeout(() => void connect(Math.min(delayMs * 2, RECONNECT_MS.max)), delayMs);
    };
    own.on('error', lost);
    own.on('end', () => lost());
    client = own;
    try {
      await own.connect();
      for (const channel of channels.keys()) await own.query(listenSql(channel));
      if (client !== own) return;
      heartbeat = setInterval(() => void own.query('select 1').catch(lost), everyMs).unref();
      goUp();
    } catch (err) {
      lost(err as Error);
    }
  }

  /** Embedded: the one backend listens; pool connections carry its notifications. */
  const hooked = new WeakSet<pg.PoolClient>();
  const onAcquire = (poolClient: pg.PoolClient) => {
    if (hooked.has(poolClient)) return;
    hooked.add(poolClient);
    poolClient.on('notification', deliver);
  };
  async function listenEmbedded(channel: string): Promise<void> {
    try {
      await database.pool.query(listenSql(channel));
    } catch (err) {
      options.onError?.(err as Error);
    }
  }

  function start(): void {
    if (started || closed || !options.enabled) return;
    started = true;
    if (database.kind === 'postgres') {
      void connect(RECONNECT_MS.first);
      return;
    }
    database.pool.on('acquire', onAcquire);
    void Promise.all([...channels.keys()].map(listenEmbedded)).then(() => {
      if (!closed) goUp();
    });
  }

  return {
    subscribe(channel, handlers) {
      const isNew = !channels.has(channel);
      const set = channels.get(channel) ?? new Set();
      channels.set(channel, set);
      set.add(handlers);
      if (!started)
        start(); // `up` follows once listening
      else if (listening && !isNew) handlers.up?.();
      else if (listening) {
        // A channel added once connected is listened to on the open connection.
        const own = client;
        const listened =
          database.kind === 'postgres' ? own!.query(listenSql(channel)) : listenEmbedded(channel);
        listened.then(
          () => {
            if (listening && set.has(handlers)) handlers.up?.();
          },
          (err: Error) => own?.emit('error', err),
        );
      }
      return () => void set.delete(handlers);
    },
    enabled: options.enabled,
    get listening() {
      return listening;
    },
    whenListening() {
      return listening ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve));
    },
    wrote(schemaName) {
      for (const set of channels.values()) for (const handlers of set) handlers.wrote?.(schemaName);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      database.pool.off('acquire', onAcquire);
      const own = client;
      client = undefined;
      listening = false;
      await own?.end().catch(() => {});
    },
  };
}
