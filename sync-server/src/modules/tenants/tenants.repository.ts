import type { Kysely } from 'kysely';
import type { AppDatabase, TenantRow } from '../../db/app-tables';

type Db = Kysely<AppDatabase>;

export async function renameTenant(db: Db, id: string, naturalName: string): Promise<TenantRow> {
  return db
    .withSchema('app')
    .updateTable('tenants')
    .set({ natural_name: naturalName })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes the tenant row; its users and their one-time codes go with it (ON DELETE CASCADE). */
export async function deleteTenant(db: Db, id: string): Promise<void> {
  await db.withSchema('app').deleteFrom('tenants').where('id', '=', id).execute();
}
