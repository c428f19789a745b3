import { randomUUID } from 'node:crypto';
import { recordRows, type RecordTable } from '../db/records';
import { isUniqueViolation } from '../db/query';
import type { TenantDb } from '../db/tenant-database';
import { inTransaction } from '../db/transaction';
import { addTombstones, nextVersion } from '../db/version';
import { conflict, notFound } from '../errors';
import type { TenantScope } from './tenant-scope';

/** Whether the record exists, locking it (`forUpdate`) when the write is about to change it. */
type Lock = (trx: TenantDb, id: string) => Promise<unknown>;

/**
 * The transaction every write of a master-data record runs in, with the version it stamps: a create
 * takes the client-made id (or a fresh one) and answers 409 when it exists; an update or delete
 * locks the record first and answers 404 when it does not. The services state only their rules
 * and fields.
 */
export function recordWrites(
  table: RecordTable,
  messages: { notFound: string; idTaken: string },
  lock?: Lock,
) {
  const rows = recordRows(table);
  const lockRecord: Lock = lock ?? ((trx, id) => rows.find(trx, id, true));
  return {
    async create<R>(
      scope: TenantScope,
      requestedId: string | null | undefined,
      insert: (trx: TenantDb, id: string, version: string) => Promise<R>,
    ): Promise<R> {
      const id = requestedId ?? randomUUID();
      try {
        return await inTransaction(scope.db, async (trx) => {
          const version = await nextVersion(trx);
          if (await rows.find(trx, id)) throw conflict(messages.idTaken);
          return await insert(trx, id, version);
        });
      } catch (err) {
        if (isUniqueViolation(err, `${table}_pkey`)) throw conflict(messages.idTaken);
        throw err;
      }
    },

    async change<R>(
      scope: TenantScope,
      id: string,
      write: (trx: TenantDb, version: string) => Promise<R>,
    ): Promise<R> {
      return inTransaction(scope.db, async (trx) => {
        const version = await nextVersion(trx);
        if (!(await lockRecord(trx, id))) throw notFound(messages.notFound);
        return write(trx, version);
      });
    },

    /** Deletes the record (`remove` deletes what goes with it) and leaves its tombstone. */
    async remove(
      scope: TenantScope,
      id: string,
      remove: (trx: TenantDb, version: string) => Promise<void> = (trx) => rows.remove(trx, id),
    ): Promise<void> {
      await this.change(scope, id, async (trx, version) => {
        await remove(trx, version);
        await addTombstones(trx, table, [id], version);
      });
    },
  };
}
