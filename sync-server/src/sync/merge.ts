import { randomUUID } from 'node:crypto';
import type { SyncEntity, UpdateArgs } from '@smb/shared-types';
import type { TenantDb } from '../db/tenant-database';
import { notFound } from '../errors';
import { attachItems, type Change } from './pull';
import { toPatchValue } from './rows';

/** The row as clients hold it (patch shape), locked for the rest of the transaction. */
export async function loadCurrent(
  trx: TenantDb,
  entity: SyncEntity,
  id: string,
): Promise<Record<string, unknown> | undefined> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- entity comes from a fixed list
  const row = (await (trx as any)
    .selectFrom(entity)
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()) as (Record<string, unknown> & { id: string; version: string }) | undefined;
  if (!row) return undefined;
  const change: Change = { entity, id, version: BigInt(row.version), row };
  await attachItems(trx, [change]);
  return toPatchValue(change.row!);
}

/** Items compare by what a user chose: product and quantity per line, in order. */
function comparable(field: string, value: unknown): string {
  if (field === 'items' && Array.isArray(value))
    return JSON.stringify(
      value.map((i: { productId?: unknown; quantity?: unknown }) => [
        i.productId ?? null,
        i.quantity ?? null,
      ]),
    );
  if (value === undefined || value === '') return 'null';
  return JSON.stringify(value);
}

export interface FieldConflict {
  field: string;
  overwritten: unknown;
  winning: unknown;
}

/**
 * Per-field merge of an `*.update` mutation (DESIGN §6). Only the fields the client changed are
 * written, so edits of different fields by different devices both survive. When a field was also
 * changed by someone else since the client's base (current ≠ base) and to a different value, the
 * later arrival — this one — wins, and the overwritten value is kept as a conflict record that
 * syncs to every device, where a user can restore it.
 */
export async function mergeUpdate(
  trx: TenantDb,
  entity: SyncEntity,
  args: UpdateArgs,
  userId: string,
  apply: (current: Record<string, unknown>, changes: Record<string, unknown>) => Promise<void>,
): Promise<FieldConflict[]> {
  const current = await loadCurrent(trx, entity, args.id);
  if (!current) throw notFound('This record no longer exists');
  const conflicts: FieldConflict[] = [];
  for (const [field, value] of Object.entries(args.changes)) {
    if (!(field in current) || !(field in args.base)) continue;
    const now = comparable(field, current[field]);
    if (now !== comparable(field, args.base[field]) && now !== comparable(field, value))
      conflicts.push({ field, overwritten: current[field], winning: value });
  }
  await apply(current, args.changes);
  if (conflicts.length > 0) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const { version } = (await (trx as any)
      .selectFrom(entity)
      .select('version')
      .where('id', '=', args.id)
      .executeTakeFirstOrThrow()) as {
      version: string;
    };
    await trx
      .insertInto('conflicts')
      .values(
        conflicts.map((c) => ({
          id: randomUUID(),
          entity,
          entity_id: args.id,
          field: c.field,
          overwritten_value: JSON.stringify(c.overwritten ?? null),
          winning_value: JSON.stringify(c.winning ?? null),
          overwritten_by_user: userId,
          version,
        })),
      )
      .execute();
  }
  return conflicts;
}
