import type { Kysely } from 'kysely';
import type { AppDatabase } from '../db/app-tables';

/**
 * The e-mail of a quote's owner (told of an answer): the user who sent it, while still a verified user of
 * the company; else the company's first administrator. Undefined when neither exists.
 */
export async function findOwnerEmail(
  db: Kysely<AppDatabase>,
  tenantId: string,
  sentBy: string | null,
): Promise<string | undefined> {
  const verifiedUsers = db
    .withSchema('app')
    .selectFrom('users')
    .select('email')
    .where('tenant_id', '=', tenantId)
    .where('is_verified', '=', true);
  const sender = sentBy
    ? await verifiedUsers.where('id', '=', sentBy).executeTakeFirst()
    : undefined;
  const owner =
    sender ??
    (await verifiedUsers
      .where('is_tenant_admin', '=', true)
      .orderBy('created_at')
      .orderBy('id')
      .executeTakeFirst());
  return owner?.email;
}
