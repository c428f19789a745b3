/**
 * Issue 36: the recurring-invoice scheduler's tick over many companies.
 *
 * `BENCH_ONLY=recurring npm run bench` (default 10,000 profiles in 1,000 companies): provisions
 * the companies on a fresh database on the local PostgreSQL (`bench/support/companies.ts`), gives
 * each its share of monthly profiles (one line, draft mode: the tick's own work, no mail), then
 * times the tick (`runRecurringInvoices`, as the job runs it) with none due, with all due
 * (invoices made per second), and with none due again after. Each tick's statements and its
 * transactions (BEGIN … COMMIT) are counted on the pool's connections.
 *
 * BENCH_RECURRING_COMPANIES (1,000), BENCH_RECURRING_PROFILES (10,000 in all),
 * BENCH_PROVISION_CONCURRENCY (4), BENCH_KEEP=1 keeps the database.
 */
import type pg from 'pg';
import { connectDatabase } from '../sync-server/src/db/database';
import { migrateApp } from '../sync-server/src/db/migrate';
import { runRecurringInvoices } from '../sync-server/src/jobs/recurring-invoices';
import { freshPostgres } from '../tests/reliability/support';
import { provisionCompanies } from './support/companies';

export interface TickResult {
  name: string;
  ms: number;
  invoices: number;
  invoicesPerSecond: number | null;
  statements: number;
  transactions: number;
}

export interface RecurringResult {
  companies: number;
  profiles: number;
  ticks: TickResult[];
}

/** Inserts `count` monthly profiles of one line for the company's first customer, starting `start`. */
async function insertProfiles(
  client: pg.PoolClient,
  schema: string,
  customerId: string,
  count: number,
  start: string,
) {
  await client.query(`SET search_path TO "${schema}"`);
  await client.query(
    `WITH v AS (UPDATE sync_state SET version = version + 1 RETURNING version),
     p AS (
       INSERT INTO recurring_profiles (id, customer_id, currency_code, start_date, frequency_unit,
                                       frequency_every, version)
       SELECT gen_random_uuid(), $1, 'USD', $2::date, 'month', 1, v.version
         FROM v, generate_series(1, $3::int)
       RETURNING id)
     INSERT INTO recurring_profile_lines (id, recurring_profile_id, product_name, quantity,
                                          unit_price, subtotal, line_total)
     SELECT gen_random_uuid(), p.id, 'Retainer {MONTH} {YEAR}', 1, 100, 100, 100 FROM p`,
    [customerId, start, count],
  );
  await client.query('RESET search_path');
}

export async function benchRecurring(log: (line: string) => void): Promise<RecurringResult> {
  const companyCount = Number(process.env.BENCH_RECURRING_COMPANIES ?? 1_000);
  const profileCount = Number(process.env.BENCH_RECURRING_PROFILES ?? 10_000);
  const pgdb = await freshPostgres('smb_recur');
  const database = connectDatabase(pgdb.url, 8);
  // Every statement the tick sends, counted on each connection the pool makes.
  let statements = 0;
  let transactions = 0;
  database.pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
      statements += 1;
      const first = args[0] as string | { text?: string };
      const text = typeof first === 'string' ? first : (first?.text ?? '');
      if (/^\s*(begin|start transaction)/i.test(text)) transactions += 1;
      return query(...args);
    };
  });
  try {
    await migrateApp(database.pool);
    log(`recurring: provisioning ${companyCount} companies…`);
    const { companies } = await provisionCompanies(
      database,
      { from: 0, count: companyCount },
      4,
      log,
    );
    const today = new Date().toISOString().slice(0, 10);
    const future = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const tenants = await database.db.withSchema('app').selectFrom('tenants').selectAll().execute();
    const byId = new Map(tenants.map((t) => [t.id, t]));
    const client = await database.pool.connect();
    try {
      for (const [i, c] of companies.entries()) {
        const share =
          Math.floor(profileCount / companyCount) + (i < profileCount % companyCount ? 1 : 0);
        await insertProfiles(
          client,
          byId.get(c.tenantId)!.schema_name,
          c.customerId,
          share,
          future,
        );
      }
    } finally {
      client.release();
    }
    log(`recurring: ${profileCount} profiles in ${companyCount} companies`);
    const deps = { mailer: { async send() {} }, log: { warn() {} } };

    const tick = async (name: string): Promise<TickResult> => {
      const [s0, x0] = [statements, transactions];
      const t0 = performance.now();
      const invoices = await runRecurringInvoices(database.db, tenants, deps);
      const ms = Math.round(performance.now() - t0);
      const result = {
        name,
        ms,
        invoices,
        invoicesPerSecond: invoices ? Math.round((invoices / ms) * 1000 * 10) / 10 : null,
        statements: statements - s0,
        transactions: transactions - x0,
      };
      log(
        `recurring: ${name}: ${ms} ms, ${invoices} invoices, ${result.statements} statements, ` +
          `${result.transactions} transactions`,
      );
      return result;
    };

    const ticks = [await tick('none due')];
    for (const t of tenants) {
      await database.pool.query(
        `UPDATE "${t.schema_name}".recurring_profiles SET start_date = $1::date`,
        [today],
      );
    }
    ticks.push(await tick('all due'));
    ticks.push(await tick('none due, after'));
    const result = { companies: companyCount, profiles: profileCount, ticks };
    printRecurring(result);
    return result;
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP !== '1') await pgdb.drop();
    else log(`recurring: kept database ${pgdb.name}`);
  }
}

export function printRecurring(r: RecurringResult): void {
  console.log(
    `\nRecurring invoices: the scheduler's tick (${r.profiles.toLocaleString('en-US')} profiles in ` +
      `${r.companies.toLocaleString('en-US')} companies)`,
  );
  console.table(
    r.ticks.map((t) => ({
      tick: t.name,
      ms: t.ms,
      invoices: t.invoices,
      'invoices/s': t.invoicesPerSecond ?? '—',
      statements: t.statements,
      transactions: t.transactions,
    })),
  );
}
