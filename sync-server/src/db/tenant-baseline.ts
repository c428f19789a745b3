import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config';

/**
 * A new company's schema is made from one script of the tenant schema as the migrations up to a
 * given file leave it (`migrations/tenant-baseline/<that file's name>`), then the files after it.
 *
 * Replaying every file is the same in the end, but not in time: PostgreSQL 15 answers
 * `ALTER TABLE … ADD COLUMN … DEFAULT` by reading all of `pg_depend`, which holds a row for nearly
 * every relation of every company. With a few thousand companies replaying took seconds per
 * sign-up and grew with each company; the script creates each table whole and takes a tenth of a
 * second however many companies there are (`bench/README.md`). `npm run db:baseline` writes it; a
 * test holds it to what replaying makes. Restores and the tests that need a schema at an older
 * version replay files (`only`), as does a schema that has any file applied already.
 */
export interface TenantBaseline {
  /** The last migration file the script stands for; those up to it are recorded as applied. */
  covers: string;
  sql: string;
}

export const BASELINE_DIR = path.join(REPO_ROOT, 'migrations', 'tenant-baseline');

let loaded: TenantBaseline | null | undefined;

/** The newest baseline script, or null when there is none. */
export function tenantBaseline(): TenantBaseline | null {
  if (loaded !== undefined) return loaded;
  const newest = existsSync(BASELINE_DIR)
    ? readdirSync(BASELINE_DIR)
        .filter((f) => f.endsWith('.sql'))
        .sort()
        .at(-1)
    : undefined;
  loaded = newest
    ? { covers: newest, sql: readFileSync(path.join(BASELINE_DIR, newest), 'utf8') }
    : null;
  return loaded;
}
