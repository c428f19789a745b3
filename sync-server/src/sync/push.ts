import { sql } from 'kysely';
import {
  UNVERSIONED_PROTOCOL,
  upcastMutation,
  type MutationResult,
  type PushRequest,
  type PushResponse,
} from '@smb/shared-types';
import { AppError, forbidden } from '../errors';
import { isDatabaseUnavailable } from '../plugins/errors';
import type { TenantScope } from '../modules/tenant-scope';
import { nextVersion } from '../db/version';
import { checkMutationArgs } from './args-guard';
import { runMutator, type AfterCommit, type MutatorContext } from './mutators';

interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Errors worth retrying: the database is away, or a serialisation failure or deadlock. */
function isTransient(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return isDatabaseUnavailable(err as Error) || code === '40001' || code === '40P01';
}

/**
 * Applies a batch in order, in ONE transaction that also records the client's last mutation id,
 * each mutation inside its own savepoint. A repeated id is skipped; a gap stops the batch; a
 * permanent error rolls back just that mutation, is recorded as a rejection and still advances
 * the id (the queue never wedges); a transient error rolls back the whole batch and is rethrown,
 * so nothing is acknowledged and the client sends the same batch again. One transaction per batch
 * instead of per mutation saves a commit and the client bookkeeping for every mutation.
 */
export async function push(
  scope: TenantScope,
  body: PushRequest,
  ctx: MutatorContext,
  log: Log,
): Promise<PushResponse> {
  const afterCommit: AfterCommit[] = [];
  const response = await scope.db.transaction().execute(async (trx): Promise<PushResponse> => {
    await trx
      .insertInto('sync_clients')
      .values({
        client_id: body.clientId,
        client_group_id: body.clientGroupId,
        user_id: scope.user.id,
        last_mutation_id: 0,
      })
      .onConflict((oc) => oc.column('client_id').doNothing())
      .execute();
    // The device and the name its user gave it (kept when a push names none).
    const deviceName = body.deviceName?.trim() || null;
    await trx
      .insertInto('sync_client_groups')
      .values({
        client_group_id: body.clientGroupId,
        user_id: scope.user.id,
        device_name: deviceName,
      })
      .onConflict((oc) =>
        body.deviceName === undefined
          ? oc.column('client_group_id').doNothing()
          : oc
              .column('client_group_id')
              .doUpdateSet({ device_name: deviceName, updated_at: new Date() })
              .where('sync_client_groups.user_id', '=', scope.user.id),
      )
      .execute();
    const client = await trx
      .selectFrom('sync_clients')
      .selectAll()
      .where('client_id', '=', body.clientId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (client.user_id !== scope.user.id || client.client_group_id !== body.clientGroupId)
      throw forbidden('This sync client belongs to another user');

    // The route answered 409 for a version outside the accepted range.
    const version = body.protocolVersion ?? UNVERSIONED_PROTOCOL;
    const before = Number(client.last_mutation_id);
    const device = { ...ctx, clientGroupId: body.clientGroupId };
    let last = before;
    const results: MutationResult[] = [];
    let gapAt: number | undefined;
    for (const mutation of body.mutations) {
      if (mutation.id <= last) {
        results.push({ id: mutation.id, status: 'skipped' });
        continue;
      }
      if (mutation.id > last + 1) {
        gapAt = mutation.id;
        break;
      }
      const pending: AfterCommit[] = [];
      await sql`SAVEPOINT mutation`.execute(trx);
      try {
        // Depth and size first: everything after walks the args recursively (400, never a crash).
        checkMutationArgs(mutation.args);
        // Older shapes are raised to the current one before validation (shared-types MUTATION_UPCASTS).
        const args = upcastMutation(mutation.name, mutation.args, version);
        await runMutator({ ...scope, db: trx }, mutation.name, args, pending, device);
        await sql`RELEASE SAVEPOINT mutation`.execute(trx);
        results.push({ id: mutation.id, status: 'applied' });
        afterCommit.push(...pending);
      } catch (err) {
        if (isTransient(err)) throw err;
        await sql`ROLLBACK TO SAVEPOINT mutation`.execute(trx);
        const statusCode = err instanceof AppError ? err.statusCode : 500;
        const message =
          err instanceof AppError ? err.message : 'The server could not apply this change.';
        if (!(err instanceof AppError))
          log.error({ err, mutation: mutation.name }, 'mutation failed');
        results.push({ id: mutation.id, status: 'rejected', error: { statusCode, message } });
        await trx
          .insertInto('sync_rejections')
          .values({
            client_id: body.clientId,
            mutation_id: mutation.id,
            name: mutation.name,
            status_code: statusCode,
            message,
          })
          .onConflict((oc) => oc.columns(['client_id', 'mutation_id']).doNothing())
          .execute();
      }
      last = mutation.id;
    }
    if (last > before) {
      await trx
        .updateTable('sync_clients')
        .set({ last_mutation_id: last, updated_at: new Date() })
        .where('client_id', '=', body.clientId)
        .execute();
      // An acknowledgement (or a rejection) moves the version like any change, so every instance
      // hears of it: one that answers up-to-date devices from memory must not keep telling this
      // client group its old ids.
      await nextVersion(trx);
    }
    return { results, lastMutationId: last, ...(gapAt !== undefined ? { gapAt } : {}) };
  });
  // Only after the commit: e-mail for what is now really applied.
  await runAfterCommit(afterCommit, log);
  return response;
}

/** Side effects (e-mail) of committed mutations; a failure is logged, never undoes the commit. */
async function runAfterCommit(tasks: AfterCommit[], log: Log): Promise<void> {
  for (const task of tasks) {
    try {
      await task();
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'after-commit task failed');
    }
  }
}
