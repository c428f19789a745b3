import { randomUUID } from 'node:crypto';
import type { SyncEntity, UpdateArgs } from '@smb/shared-types';
import type { TenantDb } from '../db/tenant-database';
import { notFound } from '../errors';
import { attachItems, type Change } from './pull-changes';
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
 * Per-field merge of an `*.update` mutation. Only the fields the client changed are
 * written, so edits of different fields by different devices both survive. When a field was also
 * changed by someone else since the client's base (current ≠ base) and to a different value, the
 * later arrival — this one — wins, and the overwritten value is kept as a conflict record that
 * syncs to every device, where a user can restore it.
 */
export interface Writer {
  userId: string;
  userEmail: string | null;
  /** The pushing device (sync client group); null when unknown. */
  clientGroupId: string | null;
}

/**
 * The device whose sync update last wrote each of `fields`, when the field still holds the value
 * it wrote (a later write by REST, which names no device, leaves the device unknown).
 */
async function lastWriters(
  trx: TenantDb,
  entity: SyncEntity,
  id: string,
  current: Record<string, unknown>,
  fields: string[],
): Promise<Map<string, { clientGroupId: string; deviceName: string | null }>> {
  const writers = new Map<string, { clientGroupId: string; deviceName: string | null }>();
  if (fields.length === 0) return writers;
  const rows = await trx
    .selectFrom('sync_field_writes as w')
    .leftJoin('sync_client_groups as g', 'g.client_group_id', 'w.client_group_id')
    .select(['w.field', 'w.client_group_id', 'w.value', 'g.device_name'])
    .where('w.entity', '=', entity)
    .where('w.entity_id', '=', id)
    .where('w.field', 'in', fields)
    .execute();
  for (const row of rows)
    if (comparable(row.field, row.value) === comparable(row.field, current[row.field]))
      writers.set(row.field, { clientGroupId: row.client_group_id, deviceName: row.device_name });
  return writers;
}

async function deviceName(trx: TenantDb, clientGroupId: string | null): Promise<string | null> {
  if (!clientGroupId) return null;
  const row = await trx
    .selectFrom('sync_client_groups')
    .select('device_name')
    .where('client_group_id', '=', clientGroupId)
    .executeTakeFirst();
  return row?.device_name ?? null;
}

export async function mergeUpdate(
  trx: TenantDb,
  entity: SyncEntity,
  args: UpdateArgs,
  writer: Writer,
  apply: (current: Record<string, unknown>, changes: Record<string, unknown>) => Promise<void>,
): Promise<FieldConflict[]> {
  const current = await loadCurrent(trx, entity, args.id);
  if (!current) throw notFound('This record no longer exists');
  const changed: FieldConflict[] = [];
  for (const [field, value] of Object.entries(args.changes)) {
    if (!(field in current) || !(field in args.base)) continue;
    const now = comparable(field, current[field]);
    if (now !== comparable(field, args.base[field]) && now !== comparable(field, value))
      changed.push({ field, overwritten: current[field], winning: value });
  }
  const losers = await lastWriters(
    trx,
    entity,
    args.id,
    current,
    changed.map((c) => c.field),
  );
  // A device overwriting its own earlier write (two offline edits of one field, both based on the
  // same server copy) loses nothing it did not know: not a conflict.
  const conflicts = changed.filter(
    (c) => !writer.clientGroupId || losers.get(c.field)?.clientGroupId !== writer.clientGroupId,
  );
  await apply(current, args.changes);
  const fields = Object.keys(args.changes).filter((field) => field in current);
  if (writer.clientGroupId && fields.length > 0)
    await trx
      .insertInto('sync_field_writes')
      .values(
        fields.map((field) => ({
          entity,
          entity_id: args.id,
          field,
          client_group_id: writer.clientGroupId!,
          value: JSON.stringify(args.changes[field] ?? null),
        })),
      )
      .onConflict((oc) =>
        oc.columns(['entity', 'entity_id', 'field']).doUpdateSet((eb) => ({
          client_group_id: eb.ref('excluded.client_group_id'),
          value: eb.ref('excluded.value'),
        })),
      )
      .execute();
  if (conflicts.length > 0) {
    const winnerName = await deviceName(trx, writer.clientGroupId);
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
          overwritten_by_user: writer.userId,
          overwritten_by_user_email: writer.userEmail,
          overwritten_client_group: losers.get(c.field)?.clientGroupId ?? null,
          overwritten_device_name: losers.get(c.field)?.deviceName ?? null,
          overwritten_by_client_group: writer.clientGroupId,
          overwritten_by_device_name: winnerName,
          version,
        })),
      )
      .execute();
  }
  return conflicts;
}
