/**
 * The helpers mutators.ts builds its mutators with, as types: a file of mutators it spreads in
 * (recurring-mutators.ts) is handed them as a kit instead of importing mutators.ts back.
 */
import type { Static, TObject, TSchema } from 'typebox';
import type { TenantScope } from '../modules/tenant-scope';

/** What a create applies: the REST body plus the id the device chose. */
export type ApplyCreate<T extends TObject> = (
  scope: TenantScope,
  args: Static<T> & { id: string },
) => Promise<unknown>;

/** What an update applies: the changed fields, merged per field against the row as it was. */
export type ApplyUpdate<T extends TSchema> = (
  scope: TenantScope,
  id: string,
  changes: Static<T>,
  current: Record<string, unknown>,
) => Promise<unknown>;

/** What a delete applies. */
export type ApplyRemove = (scope: TenantScope, id: string) => Promise<unknown>;

/** The helpers of mutators.ts, for the files of mutators it spreads in. */
export interface MutatorKit<M, E extends string> {
  parse<T extends TSchema>(schema: T, args: unknown, what?: string): Static<T>;
  create<T extends TObject>(body: T, apply: ApplyCreate<T>): M;
  update<T extends TSchema>(entity: E, schema: T, apply: ApplyUpdate<T>): M;
  remove(apply: ApplyRemove): M;
}
