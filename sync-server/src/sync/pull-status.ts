/**
 * What every pull answer tells besides the changes (acknowledged mutation ids, rejections, the
 * tenant), and the one-statement answer to a device that is up to date.
 */
import { sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { BillingSettings, PullResponse } from '@smb/shared-types';
import type { TenantDb } from '../db/tenant-database';
import { prepared } from '../db/prepared';
import type { TenantScope } from '../modules/tenant-scope';
import { companyOf } from '../modules/tenants/company.service';
import { billingSettingsOf } from '../modules/payments/payments.service';

/** Rejections a client is told about: those of the last 30 days. */
const REJECTION_WINDOW_DAYS = 30;

/** The client group's last mutation ids (the user's own clients only). */
export const clientsOf = (db: TenantDb, userId: string, clientGroupId: string) =>
  db
    .selectFrom('sync_clients')
    .select(['client_id', 'last_mutation_id'])
    .where('client_group_id', '=', clientGroupId)
    .where('user_id', '=', userId);

export const rejectionsOf = (db: TenantDb, clientId: string) =>
  db
    .selectFrom('sync_rejections')
    .select(['mutation_id', 'name', 'status_code', 'message', 'created_at'])
    .where('client_id', '=', clientId)
    .where('created_at', '>', sql<Date>`now() - make_interval(days => ${REJECTION_WINDOW_DAYS})`)
    .orderBy('mutation_id');

/** The tenant's billing settings row (default terms, reminder policy). */
export const billingOf = (db: TenantDb) =>
  db
    .selectFrom('billing_settings')
    .select([
      'default_payment_terms',
      'reminders_enabled',
      'reminder_first_days',
      'reminder_every_days',
      'reminder_max',
    ]);

/**
 * What every pull answer tells besides the changes: acknowledged mutation ids, rejections and the
 * tenant (numbers and dates arrive as JSON or as pg gives them).
 */
export function besidesChanges(
  scope: TenantScope,
  clients: Array<{ client_id: string; last_mutation_id: string | number }>,
  rejections: Array<{
    mutation_id: string | number;
    name: string;
    status_code: number;
    message: string;
    created_at: Date | string;
  }>,
  billing: BillingSettings,
): Pick<PullResponse, 'lastMutationIds' | 'rejections' | 'tenant'> {
  return {
    lastMutationIds: Object.fromEntries(
      clients.map((c) => [c.client_id, Number(c.last_mutation_id)]),
    ),
    rejections: rejections.map((r) => ({
      mutationId: Number(r.mutation_id),
      name: r.name,
      statusCode: r.status_code,
      message: r.message,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    tenant: {
      id: scope.tenant.id,
      naturalName: scope.tenant.natural_name,
      schemaName: scope.tenant.schema_name,
      createdAt: scope.tenant.created_at.toISOString(),
      company: companyOf(scope.tenant),
      billing,
    },
  };
}

/** Compiled once per tenant: polls are the most frequent call of all. */
const headAndAcknowledgements = prepared(
  (db: TenantDb, clientGroupId: string, userId: string, clientId: string) =>
    db
      .selectFrom('sync_state')
      .select([
        'version',
        'tombstone_horizon',
        jsonArrayFrom(clientsOf(db, userId, clientGroupId)).as('clients'),
        jsonArrayFrom(rejectionsOf(db, clientId)).as('rejections'),
        jsonObjectFrom(billingOf(db)).as('billing'),
      ]),
);

/** Where the tenant stands for one client: its head and horizon, and what every answer tells besides changes. */
export interface PullStatus {
  head: bigint;
  horizon: bigint;
  clients: Parameters<typeof besidesChanges>[1];
  rejections: Parameters<typeof besidesChanges>[2];
  billing: BillingSettings;
}

/** The client's status from one statement (one snapshot: the ids it acknowledges cannot run ahead of the data). */
export async function readStatus(
  scope: TenantScope,
  clientGroupId: string,
  clientId: string,
): Promise<PullStatus | undefined> {
  const [row] = await headAndAcknowledgements(scope.db, clientGroupId, scope.user.id, clientId);
  if (!row) return undefined;
  return {
    head: BigInt(row.version),
    horizon: BigInt(row.tombstone_horizon),
    clients: row.clients,
    rejections: row.rejections,
    billing: billingSettingsOf(row.billing!),
  };
}

/** Whether a device at `requested` has everything: its cursor is the head, and no tombstone it needs is gone. */
export const isUpToDate = (status: PullStatus, requested: bigint) =>
  status.head === requested && requested >= status.horizon;

/** The answer to a device that is up to date: no changes, the acknowledgements and the tenant. */
export function upToDateAnswer(
  scope: TenantScope,
  requested: bigint,
  status: PullStatus,
): PullResponse {
  return {
    cursor: requested.toString(),
    hasMore: false,
    clear: false,
    patch: [],
    remaining: 0,
    ...besidesChanges(scope, status.clients, status.rejections, status.billing),
  };
}
