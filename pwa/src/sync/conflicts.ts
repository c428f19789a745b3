import type { MutationName, SyncEntity } from '@smb/shared-types/sync';
import type { SmbDatabase } from '../db/database';
import { NotFoundError } from '../db/errors';
import { getMeta } from '../db/meta';
import { mutate } from './mutate';
import { queueUpdate } from './update-args';

const UPDATE_OF: Partial<Record<string, Extract<MutationName, `${string}.update`>>> = {
  customers: 'customer.update',
  contacts: 'contact.update',
  products: 'product.update',
  currencies: 'currency.update',
  quotes: 'quote.update',
  orders: 'order.update',
  recurring_profiles: 'recurringProfile.update',
};

export type ConflictChoice = 'keepMine' | 'keepTheirs';

/**
 * Settles a conflict (two writers changed the same field; the later arrival won and the
 * overwritten value was kept). "Mine" is the value this user wrote: the winning value when this
 * user overwrote, else the overwritten one. Restoring the overwritten value queues an update of
 * that field; either way the conflict is marked resolved — in one transaction.
 */
export async function resolveConflict(
  db: SmbDatabase,
  conflictId: string,
  choice: ConflictChoice,
): Promise<void> {
  await db.transaction('rw', db.allTables, async () => {
    const conflict = await db.conflicts.get(conflictId);
    if (!conflict) throw new NotFoundError('Conflict not found');
    const userId = await getMeta(db, 'userId');
    const iOverwrote = !!userId && conflict.overwrittenByUser === userId;
    const restoreOverwritten = iOverwrote ? choice === 'keepTheirs' : choice === 'keepMine';
    const name = UPDATE_OF[conflict.entity];
    if (
      restoreOverwritten &&
      name &&
      (await db.entityTable(conflict.entity as SyncEntity).get(conflict.entityId))
    )
      await queueUpdate(
        db,
        name,
        conflict.entity as SyncEntity,
        conflict.entityId,
        { [conflict.field]: conflict.overwrittenValue },
        '',
      );
    await mutate(db, 'conflict.resolve', { id: conflictId });
  });
}
