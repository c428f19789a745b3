import { randomUUID } from 'node:crypto';
import {
  CONTACT_PERSON_MESSAGES,
  CUSTOMER_MESSAGES,
  customerError,
  customerIdentityError,
  customerInput,
  type CustomerInput,
  mainContactInput,
  type Customer,
  type CustomerCreateBody,
  type CustomerUpdateBody,
  type ListQuery,
} from '@smb/shared-types';
import {
  isForeignKeyViolation,
  isUniqueViolation,
  searchText,
  versionFields,
  type Page,
} from '../../db/query';
import { badRequest, conflict, orNotFound } from '../../errors';
import { addTombstones } from '../../db/version';
import { insertMainContact } from '../contacts/contacts.service';
import type { TenantDb } from '../../db/tenant-database';
import type { TenantScope } from '../tenant-scope';
import { recordWrites } from '../record-writes';
import * as repo from './customers.repository';

type IdentityField = keyof typeof repo.CUSTOMER_IDENTITY_COLUMN_OF;
const IDENTITY = Object.entries(repo.CUSTOMER_IDENTITY_COLUMN_OF) as [
  IdentityField,
  (typeof repo.CUSTOMER_IDENTITY_COLUMN_OF)[IdentityField],
][];

function identityOf(row: repo.CustomerRow): Record<IdentityField, string | null> {
  return Object.fromEntries(IDENTITY.map(([field, column]) => [field, row[column]])) as Record<
    IdentityField,
    string | null
  >;
}

/** The identity columns to write: the fields given (undefined stays unchanged). */
function identityColumns(input: CustomerInput) {
  return Object.fromEntries(
    IDENTITY.filter(([field]) => input[field] !== undefined).map(([field, column]) => [
      column,
      input[field],
    ]),
  ) as Partial<Record<(typeof repo.CUSTOMER_IDENTITY_COLUMN_OF)[IdentityField], string | null>>;
}

export function toCustomer(row: repo.CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phoneNumber: row.phone_number,
    address: row.address,
    address2: row.address2,
    paymentTerms: row.payment_terms,
    documentLanguage: row.document_language ?? null,
    einvoiceFormat: row.einvoice_format ?? null,
    ...identityOf(row),
    createdAt: row.created_at.toISOString(),
    ...versionFields(row),
  };
}

/** The customer as the API shows it, or null (documents print its address and VAT ID). */
export async function findCustomerById(db: TenantDb, id: string): Promise<Customer | null> {
  const row = await repo.findCustomer(db, id);
  return row ? toCustomer(row) : null;
}

export async function listCustomers(scope: TenantScope, query: ListQuery): Promise<Page<Customer>> {
  const page = await repo.listCustomers(scope.db, { ...query, q: searchText(query) });
  return { rows: page.rows.map(toCustomer), total: page.total };
}

export async function getCustomer(scope: TenantScope, id: string): Promise<Customer> {
  return toCustomer(orNotFound(await repo.findCustomer(scope.db, id), CUSTOMER_MESSAGES.notFound));
}

const writes = recordWrites('customers', CUSTOMER_MESSAGES);

/** `customer.create`: the customer and, when given, its main contact (role Primary) in one transaction. */
export async function createCustomer(
  scope: TenantScope,
  body: CustomerCreateBody,
): Promise<Customer> {
  const input = customerInput(body);
  const mainContact = mainContactInput(body);
  const problem = customerError(input, true, mainContact) ?? customerIdentityError(input);
  if (problem) throw badRequest(problem);
  try {
    return await writes.create(scope, body.id, async (trx, id, version) => {
      const row = await repo.insertCustomer(trx, {
        id,
        name: input.name!,
        email: input.email!,
        phone_number: input.phoneNumber ?? null,
        address: input.address ?? null,
        address2: input.address2 ?? null,
        payment_terms: input.paymentTerms ?? null,
        document_language: input.documentLanguage ?? null,
        einvoice_format: input.einvoiceFormat ?? null,
        ...identityColumns(input),
        version,
      });
      if (mainContact)
        await insertMainContact(
          trx,
          { id: body.mainContactId ?? randomUUID(), customerId: id, ...mainContact },
          version,
        );
      return toCustomer(row);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'contacts_pkey')) throw conflict(CONTACT_PERSON_MESSAGES.idTaken);
    throw err;
  }
}

/** `customer.update`: only the fields sent change. */
export async function updateCustomer(
  scope: TenantScope,
  id: string,
  body: CustomerUpdateBody,
): Promise<Customer> {
  const input = customerInput(body);
  return writes.change(scope, id, async (trx, version) => {
    const current = await repo.findCustomer(trx, id);
    // The identity is checked as it will be (a VAT ID against the country it keeps or gets).
    const problem =
      customerError(input, false) ??
      (current
        ? customerIdentityError({ ...identityOf(current), ...stripUndefined(input) })
        : null);
    if (problem) throw badRequest(problem);
    const row = await repo.updateCustomer(trx, id, {
      name: input.name,
      email: input.email,
      phone_number: input.phoneNumber,
      address: input.address,
      address2: input.address2,
      payment_terms: input.paymentTerms,
      document_language: input.documentLanguage,
      einvoice_format: input.einvoiceFormat,
      ...identityColumns(input),
      version,
      updated_at: new Date(),
    });
    return toCustomer(row);
  });
}

const stripUndefined = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * `customer.delete`: removes the customer with its contacts, quotes (with items) and orders (with
 * items), leaving a tombstone for each. Refused while the customer has invoices (legal records).
 */
export async function deleteCustomer(scope: TenantScope, id: string): Promise<void> {
  try {
    await writes.remove(scope, id, async (trx, version) => {
      if (await repo.customerHasInvoices(trx, id)) throw conflict(CUSTOMER_MESSAGES.hasInvoices);
      const removed = await repo.dependentsOfCustomer(trx, id);
      await repo.deleteCustomer(trx, id);
      await addTombstones(trx, 'contacts', removed.contacts, version);
      await addTombstones(trx, 'quotes', removed.quotes, version);
      await addTombstones(trx, 'orders', removed.orders, version);
    });
  } catch (err) {
    // An invoice made by a concurrent writer still holds the customer (ON DELETE RESTRICT).
    if (isForeignKeyViolation(err)) throw conflict(CUSTOMER_MESSAGES.hasInvoices);
    throw err;
  }
}
