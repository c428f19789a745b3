import { Type, type Static } from 'typebox';
import { CompanyDetails } from './company';
import { BillingSettings } from './payments';
import { MUTATION_NAMES, SYNC_ENTITIES } from './sync-names';
import { ProtocolRange, ProtocolVersionField } from './sync-protocol';

export * from './sync-names';
export * from './sync-protocol';

/**
 * The offline sync protocol (Replicache-style push/pull).
 *
 * Push: an ordered batch of named mutations from one client. Mutation ids are per client,
 * increasing by 1 from 1. The server applies each in its own transaction together with the
 * client's last mutation id: a repeated id is skipped, a gap stops the batch, a permanent error
 * (4xx: validation, state rule, not found, forbidden) is recorded as a rejection and still
 * counted as processed, so the queue never wedges.
 *
 * Pull: from a cursor (a tenant version; null = from scratch) the server returns every change
 * after it, in version order, paged, plus each client's last processed mutation id and the
 * rejections of the asking client. `clear: true` → drop all local entity rows first.
 */

/** Pages of at most this many mutations per push, and rows per pull. */
export const PUSH_BATCH_MAX = 100;
/** The longest device name (Settings → This device). */
export const DEVICE_NAME_MAX = 60;
export const PULL_PAGE_SIZE = 1000;
/**
 * Rows per pull page while a device is more than this many versions behind (a first sync, a week
 * offline): fewer, larger pages, so a slow link waits for fewer round trips.
 */
export const CATCH_UP_PAGE_SIZE = 5000;

const Uuid = Type.String({ format: 'uuid' });
/** A string restricted to `values`, typed as their union. */
const oneOf = <T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });
const Entity = oneOf(SYNC_ENTITIES);

export const Mutation = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  name: oneOf(MUTATION_NAMES),
  args: Type.Record(Type.String(), Type.Unknown()),
  /** Client time the change was made (ms since epoch), for display only. */
  timestamp: Type.Optional(Type.Number()),
});
export type Mutation = Static<typeof Mutation>;

export const PushRequest = Type.Object({
  clientGroupId: Uuid,
  clientId: Uuid,
  mutations: Type.Array(Mutation, { maxItems: PUSH_BATCH_MAX }),
  protocolVersion: ProtocolVersionField,
  /** The name the user gave this device ("Anna's tablet"); conflicts name the devices involved. */
  deviceName: Type.Optional(Type.String({ maxLength: DEVICE_NAME_MAX })),
});
export type PushRequest = Static<typeof PushRequest>;

export const MutationResult = Type.Object({
  id: Type.Integer(),
  status: Type.Union([Type.Literal('applied'), Type.Literal('skipped'), Type.Literal('rejected')]),
  error: Type.Optional(Type.Object({ statusCode: Type.Integer(), message: Type.String() })),
});
export type MutationResult = Static<typeof MutationResult>;

export const PushResponse = Type.Object({
  results: Type.Array(MutationResult),
  /** The client's last processed mutation id after this push. */
  lastMutationId: Type.Integer(),
  /** Set when the batch stopped early because of a gap in mutation ids. */
  gapAt: Type.Optional(Type.Integer()),
  /** The protocol versions the server accepts (always sent by the server). */
  protocol: Type.Optional(ProtocolRange),
});
export type PushResponse = Static<typeof PushResponse>;

export const PullRequest = Type.Object({
  clientGroupId: Uuid,
  clientId: Uuid,
  /** The version the client has everything up to; null or '0' → from scratch. */
  cursor: Type.Union([Type.String({ pattern: '^[0-9]{1,19}$' }), Type.Null()]),
  protocolVersion: ProtocolVersionField,
});
export type PullRequest = Static<typeof PullRequest>;

export const PatchOp = Type.Union([
  Type.Object({
    op: Type.Literal('put'),
    entity: Entity,
    id: Type.String(),
    value: Type.Record(Type.String(), Type.Unknown()),
  }),
  Type.Object({ op: Type.Literal('del'), entity: Entity, id: Type.String() }),
]);
export type PatchOp = Static<typeof PatchOp>;

export const Rejection = Type.Object({
  mutationId: Type.Integer(),
  name: Type.String(),
  statusCode: Type.Integer(),
  message: Type.String(),
  createdAt: Type.String(),
});
export type Rejection = Static<typeof Rejection>;

export const PullResponse = Type.Object({
  cursor: Type.String(),
  hasMore: Type.Boolean(),
  /** True when the client's cursor is older than the tombstone horizon: drop local rows, then apply. */
  clear: Type.Boolean(),
  lastMutationIds: Type.Record(Type.String(), Type.Integer()),
  patch: Type.Array(PatchOp),
  /** Rejected mutations of the asking client from the last 30 days. */
  rejections: Type.Array(Rejection),
  /** Total rows still to come after this page (for a progress bar), when known. */
  remaining: Type.Integer(),
  tenant: Type.Object({
    id: Type.String(),
    naturalName: Type.String(),
    schemaName: Type.String(),
    createdAt: Type.String(),
    company: CompanyDetails,
    /** Default payment terms and the reminder policy (billing_settings), as every device edits them. */
    billing: BillingSettings,
  }),
  /** The protocol versions the server accepts (always sent by the server). */
  protocol: Type.Optional(ProtocolRange),
});
export type PullResponse = Static<typeof PullResponse>;

/**
 * Args of an `*.update` mutation: the changed fields only, with the values the client based
 * them on. The server merges per field: a field someone else changed since (current ≠ base) is
 * still overwritten — the later arrival wins — and the overwritten value is kept as a conflict.
 */
export interface UpdateArgs<T extends Record<string, unknown> = Record<string, unknown>> {
  id: string;
  baseVersion: string | null;
  changes: Partial<T>;
  base: Partial<T>;
}
