import { sql, type Kysely, type Transaction } from 'kysely';
import type { AppDatabase } from '../db/app-tables';
import type { Database } from '../db/database';

/**
 * What a run leaves to do once its transaction has committed (slow or outside work: rendering,
 * e-mail), on the database's own connections.
 */
export type AfterJobCommit = (db: Kysely<AppDatabase>) => Promise<void>;

/** Work done on a schedule, once per `everyMs` across every server on the database. */
export interface Job {
  /** Stable: it names the job's lock and its row in app.job_runs. */
  name: string;
  everyMs: number;
  /**
   * Runs inside the transaction that holds the job's lock (do all its database work on `trx`);
   * may answer work for after the commit, which `runOnce` then runs.
   */
  run(trx: Transaction<AppDatabase>): Promise<void | AfterJobCommit>;
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** The advisory-lock key of a job: one namespace of our own, then the name's hash. */
const LOCK_NAMESPACE = 727_002;

/**
 * Runs `job` here unless another server is running it right now or it ran less than `everyMs`
 * ago (by any server). The transaction-scoped advisory lock serialises the servers; app.job_runs
 * remembers the last run, so a server whose timer fires just after another's run skips it. The
 * work and its record commit together: a run that fails (or whose server dies) is not recorded,
 * and the next tick anywhere tries again. Work the run hands back runs after the commit.
 * Answers whether the job ran here.
 */
export async function runOnce(db: Kysely<AppDatabase>, job: Job): Promise<boolean> {
  let after: AfterJobCommit | undefined;
  const ran = await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ locked: boolean }>`
      SELECT pg_try_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${job.name})) AS locked`.execute(
      trx,
    );
    if (!rows[0]?.locked) return false;
    const due = await trx
      .withSchema('app')
      .selectFrom('job_runs')
      .select('name')
      .where('name', '=', job.name)
      .where('last_run_at', '>', sql<Date>`now() - make_interval(secs => ${job.everyMs / 1000})`)
      .executeTakeFirst();
    if (due) return false;
    after = (await job.run(trx)) ?? undefined;
    await trx
      .withSchema('app')
      .insertInto('job_runs')
      .values({ name: job.name, last_run_at: sql<Date>`now()` })
      .onConflict((oc) => oc.column('name').doUpdateSet({ last_run_at: sql<Date>`now()` }))
      .execute();
    return true;
  });
  // Committed: the lock is gone, the run is recorded; what is left runs outside any transaction.
  if (ran && after) await after(db);
  return ran;
}

export interface Scheduler {
  /** Runs every due job now (the timer does this every `tickMs`); answers the names that ran here. */
  tick(): Promise<string[]>;
  stop(): Promise<void>;
}

export interface SchedulerTiming {
  /** How often a server offers its jobs. */
  tickMs: number;
  /**
   * When it first does, after its start: soon, not a whole period later, or a fleet restarted
   * more often than `tickMs` (a rolling deploy, a crash loop) would never run its jobs.
   */
  firstTickMs: number;
}

const DEFAULT_TIMING: SchedulerTiming = { tickMs: 60_000, firstTickMs: 5_000 };

/**
 * Every server starts the same scheduler; each tick offers every job to `runOnce`, so each job
 * runs once per period across all of them, whichever server's tick comes first.
 */
export function startScheduler(
  database: Database,
  jobs: Job[],
  log: Log,
  timing: SchedulerTiming = DEFAULT_TIMING,
): Scheduler {
  let running: Promise<string[]> | undefined;
  const tick = async (): Promise<string[]> => {
    const ran: string[] = [];
    for (const job of jobs) {
      try {
        const started = Date.now();
        if (await runOnce(database.db, job)) {
          ran.push(job.name);
          log.info({ job: job.name, ms: Date.now() - started }, 'scheduled job ran');
        }
      } catch (err) {
        log.warn(
          { job: job.name, err: (err as Error).message },
          'scheduled job failed; next tick retries',
        );
      }
    }
    return ran;
  };
  const offer = () => (running ??= tick().finally(() => (running = undefined)));
  let timer = setTimeout(function next() {
    void offer();
    timer = setTimeout(next, timing.tickMs).unref();
  }, timing.firstTickMs).unref();
  return {
    tick: offer,
    async stop() {
      clearTimeout(timer);
      await running;
    },
  };
}
