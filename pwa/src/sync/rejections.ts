import type { MutationName } from '@smb/shared-types/sync';
import { MUTATION_NAMES, type UpdateArgs } from '@smb/shared-types/sync';
import { recordKey, type SmbDatabase } from '../db/database';
import { NotFoundError } from '../db/errors';
import { mutate } from './mutate';
import type { MutationArgs } from './mutators/registry';

const ENTITY_OF: Record<string, string> = {
  customer: 'customers',
  contact: 'contacts',
  product: 'products',
  currency: 'currencies',
  taxRate: 'tax_rates',
  quote: 'quotes',
  order: 'orders',
};

/** Forgets a refused change (its effect was already rolled back). */
export async function discardRejection(db: SmbDatabase, mutationId: number): Promise<void> {
  await db.rejections.delete(mutationId);
}

/**
 * Queues a refused change again, with a new mutation id. An update is rebased on the current
 * server row first (new `base` and `baseVersion`).
 */
export async function retryRejection(db: SmbDatabase, mutationId: number): Promise<void> {
  await db.transaction('rw', db.allTables, async () => {
    const rejection = await db.rejections.get(mutationId);
    if (!rejection?.args || !(MUTATION_NAMES as readonly string[]).includes(rejection.name))
      throw new NotFoundError('This change can no longer be retried.');
    const name = rejection.name as MutationName;
    let args = rejection.args;
    const [prefix, action] = name.split('.');
    const entity = ENTITY_OF[prefix ?? ''];
    if (action === 'update' && entity) {
      const update = args as unknown as UpdateArgs;
      const copy = await db._server.get(recordKey(entity as 'customers', update.id));
      const server = (copy ? copy.row : await db.table(entity).get(update.id)) as
        Record<string, unknown> | undefined;
      const base = Object.fromEntries(
        Object.keys(update.changes).map((f) => [f, server?.[f] ?? null]),
      );
      args = { ...update, base, baseVersion: (server?.version as string | undefined) ?? null };
    }
    await mutate(db, name, args as unknown as MutationArgs[typeof name]);
    await db.rejections.delete(mutationId);
  });
}
