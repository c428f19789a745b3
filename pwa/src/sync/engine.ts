import { liveQuery, type Subscription } from 'dexie';
import { OUTBOX_REASON, requireUpdate, setBusy } from '../lib/update-guard';
import type { SmbDatabase } from '../db/database';
import { fetchEventSource, type EventSourceLike } from './event-stream';
import { pullAll, pushAll } from './exchange';
import { classifyFailure } from './failure';
import { isQuotaError, reportStorageError, syncStatus, type SyncStatusStore } from './status';
import { SYNC_REQUEST_TIMEOUT_MS, type SyncTransport } from './transport';

/** The part of `navigator.locks` the engine uses (one sync leader per browser). */
export interface LockManagerLike {
  request(
    name: string,
    options: { signal?: AbortSignal },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown>;
}

export interface SyncEngineOptions {
  db: SmbDatabase;
  transport: SyncTransport;
  status?: SyncStatusStore;
  /** Default `navigator.locks`; null or absent → this tab is the leader. */
  locks?: LockManagerLike | null;
  /** Called around pushes; default: the app's update guard (`setBusy('sync:push', …)`). */
  onBusyChange?: (busy: boolean) => void;
  /**
   * Called with whether changes wait in the outbox (while this tab leads); default: the app's
   * update guard (`setBusy('sync:outbox', …)`), so an app update reloads only once they are pushed.
   */
  onOutboxChange?: (pending: boolean) => void;
  /**
   * Called when the server answers `clientTooOld` (the outbox is kept); default: the app's
   * update guard (`requireUpdate()`), which activates the waiting version of the app.
   */
  onUpdateRequired?: () => void;
  /** Server push hint (`GET /api/sync/events`); default: read over `fetch` with the bearer header. */
  eventSource?: ((url: string, token: string) => EventSourceLike) | null;
  /** Listen to window online/offline/focus/visibility (default true). */
  listenToWindow?: boolean;
  debounceMs?: number;
  intervalMs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** A push or pull request without a complete answer after this long counts as failed. */
  requestTimeoutMs?: number;
  random?: () => number;
}

export interface SyncCycleResult {
  ok: boolean;
  pushed: number;
  pulled: number;
  error?: string;
}

const SSE_RETRY_MIN_MS = 60_000;
const SSE_RETRY_MAX_MS = 600_000;

/**
 * The sync engine: push the outbox in batches, then pull until `hasMore` is false.
 * One leader per browser via `navigator.locks`; other tabs see changes through Dexie.
 */
export class SyncEngine {
  private readonly db: SmbDatabase;
  private readonly transport: SyncTransport;
  private readonly status: SyncStatusStore;
  private readonly locks: LockManagerLike | null;
  private readonly onBusyChange: (busy: boolean) => void;
  private readonly onOutboxChange: (pending: boolean) => void;
  private readonly onUpdateRequired: () => void;
  private readonly eventSource: ((url: string, token: string) => EventSourceLike) | null;
  private readonly listenToWindow: boolean;
  private readonly debounceMs: number;
  private readonly intervalMs: number;
  private readonly backoffBaseMs: number;
  private readonly backoffMaxMs: number;
  private readonly requestTimeoutMs: number;
  private readonly random: () => number;

  private started = false;
  private leader = false;
  private running: Promise<SyncCycleResult> | null = null;
  private rerun = false;
  private failures = 0;
  private debounceTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private intervalTimer: ReturnType<typeof setInterval> | undefined;
  private lockAbort: AbortController | null = null;
  private releaseLock: (() => void) | null = null;
  private outboxWatch: Subscription | null = null;
  private events: EventSourceLike | null = null;
  private eventsRetryAt = 0;
  private eventsRetryMs = SSE_RETRY_MIN_MS;
  private readonly cleanups: (() => void)[] = [];

  constructor(options: SyncEngineOptions) {
    this.db = options.db;
    this.transport = options.transport;
    this.status = options.status ?? syncStatus;
    this.locks =
      options.locks !== undefined
        ? options.locks
        : typeof navigator !== 'undefined' && navigator.locks
          ? (navigator.locks as unknown as LockManagerLike)
          : null;
    this.onBusyChange = options.onBusyChange ?? ((busy) => setBusy('sync:push', busy));
    this.onOutboxChange = options.onOutboxChange ?? ((pending) => setBusy(OUTBOX_REASON, pending));
    this.onUpdateRequired = options.onUpdateRequired ?? requireUpdate;
    this.eventSource =
      options.eventSource !== undefined
        ? options.eventSource
        : typeof fetch === 'function' && typeof TextDecoderStream !== 'undefined'
          ? (url, token) => fetchEventSource(url, token)
          : null;
    this.listenToWindow = options.listenToWindow ?? true;
    this.debounceMs = options.debounceMs ?? 300;
    this.intervalMs = options.intervalMs ?? 30_000;
    this.backoffBaseMs = options.backoffBaseMs ?? 1_000;
    this.backoffMaxMs = options.backoffMaxMs ?? 60_000;
    this.requestTimeoutMs = options.requestTimeoutMs ?? SYNC_REQUEST_TIMEOUT_MS;
    this.random = options.random ?? Math.random;
  }

  get isLeader(): boolean {
    return this.leader;
  }

  get isStarted(): boolean {
    return this.started;
  }

  /** Starts (or, after a 401 and a new login, resumes): competes for leadership, then syncs. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.status.set({ needsLogin: false });
    if (!this.locks) {
      this.lead();
      return;
    }
    const abort = new AbortController();
    this.lockAbort = abort;
    this.locks
      .request(`smb-sync-leader:${this.db.name}`, { signal: abort.signal }, async () => {
        if (abort.signal.aborted) return;
        await new Promise<void>((resolve) => {
          this.releaseLock = resolve;
          this.lead();
        });
      })
      .catch(() => undefined); // aborted before we got the lock
  }

  /** Stops syncing (logout, session expiry, 401). Never touches the outbox. */
  stop(): void {
    if (!this.started) return;
    this.started = false;
    this.leader = false;
    clearTimeout(this.debounceTimer);
    clearTimeout(this.retryTimer);
    clearInterval(this.intervalTimer);
    this.outboxWatch?.unsubscribe();
    this.outboxWatch = null;
    this.onOutboxChange(false);
    this.events?.close();
    this.events = null;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.lockAbort?.abort();
    this.lockAbort = null;
    this.releaseLock?.();
    this.releaseLock = null;
    this.status.set({ isLeader: false, syncing: false, pushing: false });
  }

  /** Runs a sync cycle now (or joins the running one and runs once more after it). */
  syncNow(): Promise<SyncCycleResult> {
    if (!this.started || !this.leader)
      return Promise.resolve({ ok: false, pushed: 0, pulled: 0, error: 'not the leader' });
    if (this.running) {
      this.rerun = true;
      return this.running;
    }
    const run = async (): Promise<SyncCycleResult> => {
      let result: SyncCycleResult;
      do {
        this.rerun = false;
        result = await this.cycle();
      } while (this.rerun && result.ok && this.leader);
      return result;
    };
    this.running = run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Debounced sync, e.g. after local writes. */
  scheduleSoon(): void {
    if (!this.leader) return;
    clearTimeout(this.debounceTimer);
    this.debounceTimer = setTimeout(() => void this.syncNow(), this.debounceMs);
  }

  private lead(): void {
    if (!this.started) return;
    this.leader = true;
    this.status.set({ isLeader: true });
    // Local writes from any tab land in the shared outbox; Dexie tells us about them.
    this.outboxWatch = liveQuery(() =>
      this.db.outbox.where('status').equals('pending').count(),
    ).subscribe({
      next: (count) => {
        this.onOutboxChange(count > 0);
        if (count > 0) this.scheduleSoon();
      },
      error: (error: unknown) => reportStorageError(error, this.status),
    });
    if (this.listenToWindow && typeof window !== 'undefined') this.listen();
    this.intervalTimer = setInterval(() => {
      if (typeof document === 'undefined' || document.visibilityState !== 'hidden')
        void this.syncNow();
    }, this.intervalMs);
    void this.syncNow();
  }

  private listen(): void {
    const on = (target: EventTarget, type: string, handler: () => void) => {
      target.addEventListener(type, handler);
      this.cleanups.push(() => target.removeEventListener(type, handler));
    };
    on(window, 'online', () => {
      this.status.set({ online: true });
      this.failures = 0;
      void this.syncNow();
    });
    on(window, 'offline', () => this.status.set({ online: false }));
    on(window, 'focus', () => void this.syncNow());
    on(document, 'visibilitychange', () => {
      if (document.visibilityState === 'visible') void this.syncNow();
    });
  }

  private setPushing(pushing: boolean): void {
    this.status.set({ pushing });
    this.onBusyChange(pushing);
  }

  private async cycle(): Promise<SyncCycleResult> {
    clearTimeout(this.retryTimer);
    this.status.set({ syncing: true });
    let pushed = 0;
    let pulled = 0;
    try {
      const exchange = { db: this.db, transport: this.transport, timeoutMs: this.requestTimeoutMs };
      pushed = await pushAll(exchange, (pushing) => this.setPushing(pushing));
      pulled = await pullAll(exchange, (firstSync) => this.status.set({ firstSync }));
      this.failures = 0;
      this.status.set({
        online: true,
        lastSyncedAt: Date.now(),
        firstSync: null,
        lastFailure: null,
        consecutiveFailures: 0,
        failingSince: null,
        nextRetryAt: null,
      });
      void this.openEvents();
      return { ok: true, pushed, pulled };
    } catch (error) {
      return { ok: false, pushed, pulled, error: this.handleFailure(error) };
    } finally {
      this.status.set({ syncing: false });
    }
  }

  /** Records the failure truthfully in the status (the UI's words come from it); retries later. */
  private handleFailure(error: unknown): string {
    const browserOnline = typeof navigator === 'undefined' || navigator.onLine !== false;
    const failure = classifyFailure(error, browserOnline);
    const previous = this.status.get();
    const streak = {
      lastFailure: failure,
      consecutiveFailures: previous.consecutiveFailures + 1,
      failingSince: previous.failingSince ?? failure.at,
    };
    if (failure.kind === 'auth') {
      this.stop();
      this.status.set({ ...streak, needsLogin: true, nextRetryAt: null });
      return failure.message;
    }
    if (isQuotaError(error)) reportStorageError(error, this.status);
    // Nothing of the push was applied and the outbox is untouched: the app updates itself and
    // replays after the reload (a server older than this app is simply waited for).
    if (failure.kind === 'clientTooOld') this.onUpdateRequired();
    this.failures += 1;
    const cap = Math.min(this.backoffMaxMs, this.backoffBaseMs * 2 ** (this.failures - 1));
    const delay = cap / 2 + (this.random() * cap) / 2;
    clearTimeout(this.retryTimer);
    if (this.started) this.retryTimer = setTimeout(() => void this.syncNow(), delay);
    this.status.set({
      ...streak,
      nextRetryAt: this.started ? Date.now() + delay : null,
      ...(failure.kind === 'refused' || failure.kind === 'local' ? {} : { online: browserOnline }),
    });
    return failure.message;
  }

  private async openEvents(): Promise<void> {
    if (!this.eventSource || this.events || !this.leader || Date.now() < this.eventsRetryAt) return;
    const token = await this.transport.getToken();
    if (!token || !this.leader) return;
    const source = this.eventSource(`${this.transport.baseUrl ?? ''}/api/sync/events`, token);
    this.events = source;
    source.onmessage = () => {
      this.eventsRetryMs = SSE_RETRY_MIN_MS;
      this.scheduleSoon();
    };
    source.onerror = () => {
      // Not available (404), or the connection dropped: polling carries on; try again later.
      source.close();
      if (this.events === source) this.events = null;
      // Somewhere in the second half of the wait: a deploy drops every device's stream at the
      // same moment, and one fixed wait would bring the whole fleet back in the same instant.
      this.eventsRetryAt =
        Date.now() + this.eventsRetryMs / 2 + (this.random() * this.eventsRetryMs) / 2;
      this.eventsRetryMs = Math.min(SSE_RETRY_MAX_MS, this.eventsRetryMs * 2);
    };
  }
}
