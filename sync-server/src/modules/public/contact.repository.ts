import type { Insertable, Kysely } from 'kysely';
import type { AppDatabase, ContactMessageTable } from '../../db/app-tables';

/** Stores a message sent with the public contact form. */
export async function insertContactMessage(
  db: Kysely<AppDatabase>,
  message: Omit<Insertable<ContactMessageTable>, 'created_at'>,
): Promise<void> {
  await db.withSchema('app').insertInto('contact_messages').values(message).execute();
}
