import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { createRequire } from 'node:module';

/** The plugin's own stores (CommonJS, not exported by name): counting in Redis or in this process. */
const require = createRequire(import.meta.url);
type Result = { current: number; ttl: number };
type Callback = (err: Error | null, result: Result) => void;
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): Store;
}
interface RouteOptions {
  continueExceeding: boolean;
  exponentialBackoff: boolean;
  routeInfo: { method: string; url: string };
  cache?: number;
}
type StoreClass<A extends unknown[]> = new (...args: A) => Store;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreClass<
  [boolean, boolean, Redis, string?]
>;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreClass<
  [boolean, boolean, number?]
>;

/** A Redis command that takes longer than this counts as an outage (the request is not held). */
const REDIS_TIMEOUT_MS = 300;
const KEY_PREFIX = 'smb-rate-limit:';
/** While Redis is counted out but connected, how often it is asked whether it answers again. */
const PROBE_MS = 1_000;

/** Whether Redis answers, shared by every route's store; says so in the log when that changes. */
class RedisHealth {
  shared = false;
  constructor(
    readonly redis: Redis,
    private readonly log: FastifyBaseLogger,
  ) {
    redis.on('ready', () => this.up());
    redis.on('error', (err: Error) => this.down(err));
    redis.on('close', () => this.down());
  }

  up(): void {
    if (this.shared) return;
    this.shared = true;
    this.log.info('rate limits: counted in Redis, shared by every server');
  }

  down(err?: Error): void {
    if (!this.shared || this.closed) return;
    this.shared = false;
    this.log.warn(
      { err: err?.message },
      'rate limits: Redis unavailable; each server counts for itself until it is back',
    );
    // A command that timed out on a connection that stays up (a busy Redis or machine) brings no
    // new 'ready': ask Redis until it answers again.
    this.probe();
  }

  private probing: NodeJS.Timeout | undefined;

  private probe(): void {
    if (this.probing || this.closed) return;
    this.probing = setTimeout(() => {
      this.probing = undefined;
      if (this.shared || this.closed) return;
      // Disconnected: the reconnect's 'ready' brings it back.
      if (this.redis.status !== 'ready') return this.probe();
      this.redis.ping().then(
        () => this.up(),
        () => this.probe(),
      );
    }, PROBE_MS);
    this.probing.unref();
  }

  private closed = false;

  close(): void {
    this.closed = true;
    clearTimeout(this.probing);
    this.redis.disconnect();
  }
}

/**
 * Counts in Redis while it answers, else in this process: a Redis outage makes limits per
 * server (each server allows the limit) instead of taking the API down. Counts made in one
 * place are not carried to the other when it switches.
 */
class FallbackStore implements Store {
  constructor(
    private readonly health: RedisHealth,
    private readonly remote: Store,
    private readonly local: Store,
  ) {}

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.call('incr', key, cb, timeWindow, max);
  }

  read(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.call('read', key, cb, timeWindow, max);
  }

  child(routeOptions: RouteOptions): Store {
    return new FallbackStore(
      this.health,
      this.remote.child(routeOptions),
      this.local.child(routeOptions),
    );
  }

  private call(
    method: 'incr' | 'read',
    key: string,
    cb: Callback,
    timeWindow: number,
    max: number,
  ): void {
    const local = () => this.local[method]!(key, cb, timeWindow, max);
    if (!this.health.shared) return local();
    this.remote[method]!(
      key,
      (err, result) => {
        if (!err) return cb(null, result);
        this.health.down(err);
        local();
      },
      timeWindow,
      max,
    );
  }
}

/**
 * `@fastify/rate-limit`'s options: with `redisUrl`, counters in Redis (every server behind a load
 * balancer counts together) falling back to this process's memory while Redis is away;
 * without it, in this process's memory.
 */
export function rateLimitOptions(
  app: FastifyInstance,
  redisUrl: string | undefined,
): RateLimitPluginOptions {
  if (!redisUrl) return { global: false };
  const redis = new Redis(redisUrl, {
    // Fail at once while disconnected (the local count takes over) rather than queue commands.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_TIMEOUT_MS,
    connectTimeout: 2_000,
    // Keep trying to come back, at most every 2 s.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
  });
  const health = new RedisHealth(redis, app.log);
  app.log.info('rate limits: connecting to Redis; counting in this process until it answers');
  app.addHook('onClose', async () => {
    health.close();
  });
  class Store extends FallbackStore {
    constructor(params: { continueExceeding: boolean; exponentialBackoff: boolean }) {
      super(
        health,
        new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, KEY_PREFIX),
        new LocalStore(params.continueExceeding, params.exponentialBackoff),
      );
    }
  }
  return { global: false, store: Store as unknown as RateLimitPluginOptions['store'] };
}
