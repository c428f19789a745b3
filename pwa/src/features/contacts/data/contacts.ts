import { useLiveQuery } from 'dexie-react-hooks';
import {
  CONTACT_PERSON_MESSAGES,
  contactError,
  contactInput,
  type ContactCreateBody,
  type ContactUpdateBody,
} from '@smb/shared-types/contacts';
import { requireDatabase, useDatabase } from '../../../db/current';
import type { SmbDatabase } from '../../../db/database';
import { NotFoundError, ValidationError } from '../../../db/errors';
import { newId } from '../../../db/meta';
import type { ContactRow } from '../../../db/types';
import { mutate } from '../../../sync/mutate';
import { queueUpdate } from '../../../sync/update-args';

const NOT_FOUND = 'Contact not found';

export async function createContact(
  body: ContactCreateBody & { customerId?: string },
  db: SmbDatabase = requireDatabase(),
): Promise<string> {
  const input = contactInput(body);
  const problem = contactError(input, true);
  if (problem) throw new ValidationError(problem);
  const id = newId();
  await db.transaction('rw', db.allTables, async () => {
    if (!(await db.customers.get(input.customerId ?? '')))
      throw new ValidationError(CONTACT_PERSON_MESSAGES.customerRequired);
    await mutate(db, 'contact.create', {
      id,
      customerId: input.customerId ?? '',
      name: input.name ?? '',
      email: input.email ?? '',
      phoneNumber: input.phoneNumber ?? null,
      role: input.role ?? null,
    });
  });
  return id;
}

export async function updateContact(
  id: string,
  body: ContactUpdateBody,
  db: SmbDatabase = requireDatabase(),
): Promise<boolean> {
  const input = contactInput(body);
  const problem = contactError(input, false);
  if (problem) throw new ValidationError(problem);
  return queueUpdate(db, 'contact.update', 'contacts', id, { ...input }, NOT_FOUND);
}

export async function deleteContact(
  id: string,
  db: SmbDatabase = requireDatabase(),
): Promise<void> {
  await db.transaction('rw', db.allTables, async () => {
    if (!(await db.contacts.get(id))) throw new NotFoundError(NOT_FOUND);
    await mutate(db, 'contact.delete', { id });
  });
}

/** Contacts by name, optionally of one customer (live). */
export function useContacts(customerId?: string | null): ContactRow[] | undefined {
  const db = useDatabase();
  return useLiveQuery(async () => {
    if (!db) return [];
    const rows = customerId
      ? await db.contacts.where('customerId').equals(customerId).toArray()
      : await db.contacts.orderBy('name').toArray();
    return customerId ? rows.sort((a, b) => a.name.localeCompare(b.name)) : rows;
  }, [db, customerId]);
}

/** One customer's contacts by name (live); `undefined` while loading or without a customer. */
export function useContactsOf(customerId: string | null): ContactRow[] | undefined {
  const db = useDatabase();
  return useLiveQuery(async () => {
    if (!db || !customerId) return undefined;
    const rows = await db.contacts.where('customerId').equals(customerId).toArray();
    return rows.sort((a, b) => a.name.localeCompare(b.name));
  }, [db, customerId]);
}

export function useContact(id: string | undefined): ContactRow | null | undefined {
  const db = useDatabase();
  return useLiveQuery(
    async () => (db && id ? ((await db.contacts.get(id)) ?? null) : null),
    [db, id],
  );
}
