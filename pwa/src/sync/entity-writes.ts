import type { SyncEntity } from '@smb/shared-types/sync';
import { requireDatabase } from '../db/current';
import type { SmbDatabase } from '../db/database';
import { NotFoundError, refuseProblem } from '../db/errors';
import { newId } from '../db/meta';
import { mutate } from './mutate';
import type { MutationArgs } from './mutators/registry';
import { queueUpdate } from './update-args';

/** The master-data records a form writes through the outbox: `<name>.create|update|delete`. */
type EntityName = 'customer' | 'contact' | 'product' | 'currency' | 'taxRate';

/** What differs between the master-data records; the write itself is the same for all. */
export interface EntityWriteRules<N extends EntityName, Body, Input> {
  name: N;
  entity: SyncEntity;
  notFound: string;
  /** The form's values made into the record's fields (trimmed, aliases resolved). */
  input: (body: Body) => Input;
  /** The first problem the server would answer, checked first so the user hears at once. */
  problem: (input: Input, creating: boolean, body: Body) => string | null;
  /** The create mutation's arguments for a new record with `id`. */
  createArgs: (input: Input, id: string, body: Body) => MutationArgs[`${N}.create`];
  /** Checks against other local records, inside the create's transaction; throw to refuse. */
  beforeCreate?: (db: SmbDatabase, input: Input) => Promise<void>;
  /** Checks of the stored record, inside the delete's transaction; throw to refuse. */
  beforeDelete?: (db: SmbDatabase, row: Record<string, unknown>) => Promise<void>;
}

/**
 * Offline-first writes of one kind of record: each validates as the server does, applies at once
 * and queues its mutation (an update sends the changed fields only). Every function takes the
 * database last, defaulting to the signed-in tenant's.
 */
export function entityWrites<N extends EntityName, Body, Input extends object>(
  rules: EntityWriteRules<N, Body, Input>,
) {
  const check = (body: Body, creating: boolean): Input => {
    const input = rules.input(body);
    refuseProblem(rules.problem(input, creating, body));
    return input;
  };
  // The names are typed per entity above; `mutate` narrows by a literal name, which a template
  // over N does not give it.
  const createName = `${rules.name}.create` as 'customer.create';
  const deleteName = `${rules.name}.delete` as 'customer.delete';

  return {
    /** Creates the record; returns its new id. */
    async create(body: Body, db: SmbDatabase = requireDatabase()): Promise<string> {
      const input = check(body, true);
      const id = newId();
      const write = () => mutate(db, createName, rules.createArgs(input, id, body) as never);
      // `mutate` runs its own transaction and reports a full device itself; an outer transaction
      // only when other records must be checked in the same one.
      const { beforeCreate } = rules;
      if (!beforeCreate) await write();
      else
        await db.transaction('rw', db.allTables, async () => {
          await beforeCreate(db, input);
          await write();
        });
      return id;
    },

    /** Queues the changed fields only; false when nothing changed. */
    async update(id: string, body: Body, db: SmbDatabase = requireDatabase()): Promise<boolean> {
      const input = check(body, false);
      return queueUpdate(
        db,
        `${rules.name}.update`,
        rules.entity,
        id,
        { ...input } as Record<string, unknown>,
        rules.notFound,
      );
    },

    async remove(id: string, db: SmbDatabase = requireDatabase()): Promise<void> {
      await db.transaction('rw', db.allTables, async () => {
        const row = await db.entityTable(rules.entity).get(id);
        if (!row) throw new NotFoundError(rules.notFound);
        await rules.beforeDelete?.(db, row);
        await mutate(db, deleteName, { id });
      });
    },
  };
}
