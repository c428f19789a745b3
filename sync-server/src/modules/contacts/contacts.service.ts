import {
  PRIMARY_CONTACT_ROLE,
  type MainContactInput,
  CONTACT_PERSON_MESSAGES,
  contactError,
  contactInput,
  type ContactCreateBody,
  type ContactListQuery,
  type ContactPerson,
  type ContactUpdateBody,
} from '@smb/shared-types';
import { searchText, versionFields, type Page } from '../../db/query';
import type { TenantDb } from '../../db/tenant-database';
import { badRequest, notFound, orNotFound } from '../../errors';
import type { TenantScope } from '../tenant-scope';
import { recordWrites } from '../record-writes';
import * as repo from './contacts.repository';

export function toContact(row: repo.ContactRow): ContactPerson {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phoneNumber: row.phone_number,
    role: row.role,
    customerId: row.customer_id,
    companyId: row.customer_id,
    createdAt: row.created_at.toISOString(),
    ...versionFields(row),
  };
}

async function requireCustomer(db: TenantDb, customerId: string): Promise<void> {
  if (!(await repo.customerExists(db, customerId)))
    throw notFound(CONTACT_PERSON_MESSAGES.customerNotFound);
}

/** All contacts, or one customer's (404 when that customer does not exist). */
export async function listContacts(
  scope: TenantScope,
  query: ContactListQuery,
): Promise<Page<ContactPerson>> {
  if (query.customerId !== undefined) await requireCustomer(scope.db, query.customerId);
  const page = await repo.listContacts(scope.db, { ...query, q: searchText(query) });
  return { rows: page.rows.map(toContact), total: page.total };
}

export async function getContact(scope: TenantScope, id: string): Promise<ContactPerson> {
  return toContact(
    orNotFound(await repo.findContact(scope.db, id), CONTACT_PERSON_MESSAGES.notFound),
  );
}

const writes = recordWrites('contacts', CONTACT_PERSON_MESSAGES);

/** `contact.create`: the customer comes from `customerId` (or its alias `companyId`). */
export async function createContact(
  scope: TenantScope,
  body: ContactCreateBody,
): Promise<ContactPerson> {
  const input = contactInput(body);
  const problem = contactError(input, true);
  if (problem) throw badRequest(problem);
  return writes.create(scope, body.id, async (trx, id, version) => {
    await requireCustomer(trx, input.customerId!);
    const row = await repo.insertContact(trx, {
      id,
      customer_id: input.customerId!,
      name: input.name!,
      email: input.email!,
      phone_number: input.phoneNumber ?? null,
      role: input.role ?? null,
      version,
    });
    return toContact(row);
  });
}

/** `contact.update`: only the fields sent change; a new customerId moves the contact. */
export async function updateContact(
  scope: TenantScope,
  id: string,
  body: ContactUpdateBody,
): Promise<ContactPerson> {
  const input = contactInput(body);
  return writes.change(scope, id, async (trx, version) => {
    const problem = contactError(input, false);
    if (problem) throw badRequest(problem);
    if (input.customerId !== undefined) await requireCustomer(trx, input.customerId);
    const row = await repo.updateContact(trx, id, {
      customer_id: input.customerId,
      name: input.name,
      email: input.email,
      phone_number: input.phoneNumber,
      role: input.role,
      version,
      updated_at: new Date(),
    });
    return toContact(row);
  });
}

/** `contact.delete`: quotes, orders and invoices that named the contact keep their other data. */
export async function deleteContact(scope: TenantScope, id: string): Promise<void> {
  await writes.remove(scope, id, (trx, version) => repo.deleteContact(trx, id, version));
}

/** A new customer's main contact, written in the customer's transaction (`customer.create`). */
export async function insertMainContact(
  trx: TenantDb,
  contact: MainContactInput & { id: string; customerId: string },
  version: string,
): Promise<void> {
  await repo.insertContact(trx, {
    id: contact.id,
    customer_id: contact.customerId,
    name: contact.name,
    email: contact.email,
    phone_number: contact.phoneNumber,
    role: PRIMARY_CONTACT_ROLE,
    version,
  });
}
