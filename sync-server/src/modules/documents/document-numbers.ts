import { sql } from 'kysely';
import {
  NUMBERING_KINDS,
  documentNumberParts,
  formatDocumentNumber,
  numberingPeriod,
  timeZoneOf,
  todayIn,
  type NumberingKind,
} from '@smb/shared-types';
import { clock } from '../../clock';
import type { TenantRow } from '../../db/app-tables';
import type { TenantDb } from '../../db/tenant-database';

/**
 * Document numbers: a pattern per type (`INV-{YYYY}-{0000}`, none: the spec's
 * `INV-0001`) and a counter per (type, period). The server assigns every number, also to a
 * document written offline, when it writes the document.
 */

type ZonedTenant = Pick<TenantRow, 'country'> & Partial<Pick<TenantRow, 'time_zone'>>;

/** The company's time zone: its own setting, else its country's, else UTC. */
export function tenantTimeZone(tenant: ZonedTenant): string {
  return timeZoneOf({ timeZone: tenant.time_zone, country: tenant.country });
}

/**
 * The day a document written now is dated for numbering: today on the server's clock in the
 * company's time zone.
 */
export function documentDay(tenant: ZonedTenant, now: Date = clock.now()): string {
  return todayIn(tenantTimeZone(tenant), now);
}

export async function findPattern(db: TenantDb, kind: NumberingKind): Promise<string | null> {
  const row = await db
    .selectFrom('numbering_patterns')
    .select('pattern')
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.pattern ?? null;
}

export async function findPatterns(db: TenantDb) {
  return db.selectFrom('numbering_patterns').select(['kind', 'pattern']).execute();
}

/** Sets (or, with null, removes) a type's pattern. Existing documents keep their numbers. */
export async function savePattern(db: TenantDb, kind: NumberingKind, pattern: string | null) {
  if (pattern === null) {
    await db.deleteFrom('numbering_patterns').where('kind', '=', kind).execute();
    return;
  }
  await db
    .insertInto('numbering_patterns')
    .values({ kind, pattern, updated_at: new Date() })
    .onConflict((oc) => oc.column('kind').doUpdateSet({ pattern, updated_at: new Date() }))
    .execute();
}

/** The last numbers used in the given periods, per type. */
export async function findCounts(db: TenantDb, periods: string[]) {
  return db
    .selectFrom('counters')
    .select(['name', 'period', 'value'])
    .where('period', 'in', periods)
    .execute();
}

/** How the next number of `kind` dated `day` is written: its counter's period and the text parts. */
export async function numberingFor(db: TenantDb, kind: NumberingKind, day: string) {
  const pattern = await findPattern(db, kind);
  return {
    pattern,
    period: numberingPeriod(pattern, day),
    ...documentNumberParts(pattern, NUMBERING_KINDS[kind].prefix, day),
  };
}

/**
 * The next number of `kind` for a document dated `day` ('2026-11-26'). Call it in the writing
 * transaction, after `nextVersion`: the upsert creates the period's counter at 1 or increments it,
 * and holds the counter's row lock until commit — numbers are unique, and as a rollback also
 * undoes the increment, gapless.
 */
export async function nextDocumentNumber(
  trx: TenantDb,
  kind: NumberingKind,
  day: string,
): Promise<string> {
  const { pattern, period } = await numberingFor(trx, kind, day);
  const row = await trx
    .insertInto('counters')
    .values({ name: kind, period, value: 1 })
    .onConflict((oc) =>
      oc.columns(['name', 'period']).doUpdateSet({ value: sql<number>`counters.value + 1` }),
    )
    .returning('value')
    .executeTakeFirstOrThrow();
  return formatDocumentNumber(pattern, NUMBERING_KINDS[kind].prefix, day, Number(row.value));
}
