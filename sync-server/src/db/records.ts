import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { isUuid } from '@smb/shared-types';
import type { TenantDatabase, TenantDb } from './tenant-database';

/** The tenant tables whose rows are records kept by a uuid `id`. */
export type RecordTable = 'currencies' | 'customers' | 'contacts' | 'products';

/** Any record table, seen through one shape: Kysely cannot narrow a query over a table union. */
type AnyRecords = Kysely<{ records: { id: string } }>;

/**
 * Finding, inserting, changing and deleting one record by its id: the same four statements for
 * every record table. A repository adds what its table needs beyond them (search, joins, checks).
 */
export function recordRows<T extends RecordTable>(table: T) {
  type Row = Selectable<TenantDatabase[T]>;
  const on = (db: TenantDb) => db as unknown as AnyRecords;
  const name = table as unknown as 'records';
  return {
    /** The record, or undefined for an unknown or malformed id (answered 404 alike). */
    async find(db: TenantDb, id: string, forUpdate = false): Promise<Row | undefined> {
      if (!isUuid(id)) return undefined;
      const row = await on(db)
        .selectFrom(name)
        .selectAll()
        .where('id', '=', id)
        .$if(forUpdate, (q) => q.forUpdate())
        .executeTakeFirst();
      return row as Row | undefined;
    },

    async insert(db: TenantDb, row: Insertable<TenantDatabase[T]>): Promise<Row> {
      const inserted = await on(db)
        .insertInto(name)
        .values(row as unknown as { id: string })
        .returningAll()
        .executeTakeFirstOrThrow();
      return inserted as Row;
    },

    async update(db: TenantDb, id: string, changes: Updateable<TenantDatabase[T]>): Promise<Row> {
      const updated = await on(db)
        .updateTable(name)
        .set(changes as { id?: string })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return updated as Row;
    },

    async remove(db: TenantDb, id: string): Promise<void> {
      await on(db).deleteFrom(name).where('id', '=', id).execute();
    },
  };
}
