import {
  CONTACT_PERSON_MESSAGES,
  ContactCreateBody,
  contactError,
  contactInput,
} from '@smb/shared-types/contacts';
import {
  CustomerCreateBody,
  customerError,
  customerInput,
  mainContactInput,
} from '@smb/shared-types/customers';
import {
  PRODUCT_MESSAGES,
  ProductCreateBody,
  productError,
  productInput,
} from '@smb/shared-types/products';
import { IMPORT_FIELDS, type ColumnMapping, type ImportKind } from './mapping';
import { cellText, parseNumber } from './values';

/** What is already in the local store, for duplicates and references. Keys are lower case. */
export interface ImportLookups {
  customersByEmail: Map<string, string>;
  /** Customer name → ids (several customers may share a name). */
  customersByName: Map<string, string[]>;
  contactsByEmail: Map<string, string>;
  productsBySku: Map<string, string>;
  /** Currency codes, upper case. */
  currencyCodes: Set<string>;
  defaultCurrency: string | null;
}

export type RowStatus = 'new' | 'duplicate' | 'invalid';

/** Values as they will be stored (the mutation's fields). */
export type StoredValues = Record<string, string | number | null>;

export interface PreparedRow {
  /** Row number in the file, the header being row 1. */
  line: number;
  status: RowStatus;
  reasons: string[];
  /** The existing record a duplicate would update. */
  existingId: string | null;
  values: StoredValues;
  /** The row's cells as read, for the skipped-rows file. */
  cells: string[];
  /** Fields the file gives (mapped columns): an update changes these only. */
  given: readonly string[];
}

export const IMPORT_MESSAGES = {
  duplicateInFile: (field: string, line: number) => `Same ${field} as row ${line} of this file`,
  ambiguousCustomer: (name: string) =>
    `Several customers are named “${name}”: give the customer's email instead`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
} as const;

/** The `maxLength` a shared request schema gives a field (inside Optional/Nullable too). */
function maxLengthOf(schema: { properties: Record<string, unknown> }, key: string): number | null {
  const visit = (node: unknown): number | null => {
    if (!node || typeof node !== 'object') return null;
    const n = node as { maxLength?: number; anyOf?: unknown[] };
    if (typeof n.maxLength === 'number') return n.maxLength;
    for (const branch of n.anyOf ?? []) {
      const found = visit(branch);
      if (found !== null) return found;
    }
    return null;
  };
  return visit(schema.properties[key]);
}

const SCHEMAS = {
  customers: CustomerCreateBody,
  contacts: ContactCreateBody,
  products: ProductCreateBody,
} as const;

function lengthReasons(kind: ImportKind, values: StoredValues): string[] {
  const reasons: string[] = [];
  for (const field of IMPORT_FIELDS[kind]) {
    const value = values[field.key];
    if (typeof value !== 'string') continue;
    const max = maxLengthOf(SCHEMAS[kind], field.key);
    if (max !== null && value.length > max) reasons.push(IMPORT_MESSAGES.tooLong(field.label, max));
  }
  return reasons;
}

const reasonList = (...items: (string | null | false | undefined)[]) =>
  items.filter((x): x is string => typeof x === 'string' && x !== '');

type Cells = (key: string) => string | undefined;

function prepareCustomer(cell: Cells, lookups: ImportLookups) {
  const contactGiven = ['mainContactName', 'mainContactEmail', 'mainContactPhoneNumber'].some(
    (k) => (cell(k) ?? '') !== '',
  );
  const body = {
    name: cell('name') ?? '',
    email: cell('email') ?? '',
    phoneNumber: cell('phoneNumber') ?? null,
    address: cell('address') ?? null,
    address2: cell('address2') ?? null,
    ...(contactGiven
      ? {
          mainContactName: cell('mainContactName') ?? '',
          mainContactEmail: cell('mainContactEmail') ?? '',
          mainContactPhoneNumber: cell('mainContactPhoneNumber') ?? null,
        }
      : {}),
  };
  const input = customerInput(body);
  const main = mainContactInput(body);
  const values: StoredValues = {
    name: input.name ?? '',
    email: input.email ?? '',
    phoneNumber: input.phoneNumber ?? null,
    address: input.address ?? null,
    address2: input.address2 ?? null,
    mainContactName: main?.name ?? null,
    mainContactEmail: main?.email ?? null,
    mainContactPhoneNumber: main?.phoneNumber ?? null,
  };
  const reasons = reasonList(customerError(input, true), main && customerError({}, false, main));
  const key = (input.email ?? '').toLowerCase();
  return { values, reasons, key, existingId: lookups.customersByEmail.get(key) ?? null };
}

function prepareContact(cell: Cells, lookups: ImportLookups) {
  const customer = cell('customer') ?? '';
  const wanted = customer.toLowerCase();
  const byEmail = lookups.customersByEmail.get(wanted);
  const byName = lookups.customersByName.get(wanted) ?? [];
  const customerId = byEmail ?? (byName.length === 1 ? byName[0]! : undefined);
  const input = contactInput({
    customerId,
    name: cell('name') ?? '',
    email: cell('email') ?? '',
    phoneNumber: cell('phoneNumber') ?? null,
    role: cell('role') ?? null,
  });
  const values: StoredValues = {
    customer,
    customerId: customerId ?? null,
    name: input.name ?? '',
    email: input.email ?? '',
    phoneNumber: input.phoneNumber ?? null,
    role: input.role ?? null,
  };
  const customerProblem =
    customer === ''
      ? null
      : !customerId
        ? byName.length > 1
          ? IMPORT_MESSAGES.ambiguousCustomer(customer)
          : CONTACT_PERSON_MESSAGES.customerNotFound
        : null;
  const formProblem = contactError(input, true);
  // "Customer is required" says less than why the given customer was not found.
  const reasons = reasonList(
    customerProblem,
    !(customerProblem && formProblem === CONTACT_PERSON_MESSAGES.customerRequired) && formProblem,
  );
  const key = (input.email ?? '').toLowerCase();
  return { values, reasons, key, existingId: lookups.contactsByEmail.get(key) ?? null };
}

function prepareProduct(cell: Cells, lookups: ImportLookups) {
  const numbers: string[] = [];
  const number = (key: string, label: string) => {
    const parsed = parseNumber(cell(key) ?? '');
    if (parsed !== null && Number.isNaN(parsed)) numbers.push(`${label} must be a number`);
    return parsed;
  };
  const price = number('price', 'Price');
  const cost = number('cost', 'Cost');
  const stock = number('stock', 'Stock');
  const code = (cell('currencyCode') || lookups.defaultCurrency || '').toUpperCase();
  const input = productInput({
    name: cell('name') ?? '',
    sku: cell('sku') ?? null,
    price: price === null || Number.isNaN(price) ? 0 : price,
    currencyCode: code,
    cost: cost === null || Number.isNaN(cost) ? null : cost,
    stock: stock === null || Number.isNaN(stock) ? null : stock,
    category: cell('category') ?? null,
    supplier: cell('supplier') ?? null,
    description: cell('description') ?? null,
  });
  const values: StoredValues = {
    name: input.name ?? '',
    sku: input.sku ?? null,
    price: input.price ?? 0,
    currencyCode: input.currencyCode ?? '',
    cost: input.cost ?? null,
    stock: input.stock ?? null,
    category: input.category ?? null,
    supplier: input.supplier ?? null,
    description: input.description ?? null,
  };
  const reasons = reasonList(
    ...numbers,
    productError(input, true),
    !!input.currencyCode &&
      !lookups.currencyCodes.has(input.currencyCode) &&
      PRODUCT_MESSAGES.unknownCurrency(input.currencyCode),
  );
  const key = (input.sku ?? '').toLowerCase();
  return {
    values,
    reasons,
    key,
    existingId: key ? (lookups.productsBySku.get(key) ?? null) : null,
  };
}

const PREPARE = { customers: prepareCustomer, contacts: prepareContact, products: prepareProduct };
const DUPLICATE_FIELD = { customers: 'email', contacts: 'email', products: 'SKU' } as const;

/**
 * Turns the file's rows into what the import will store, each checked with the forms' rules
 * (shared-types), the schemas' lengths and the references (customer, currency): `invalid` rows
 * carry their reasons, `duplicate` rows the existing record (same email, or same SKU) they match.
 * A row repeating an earlier row's email/SKU is invalid.
 */
export function prepareRows(
  kind: ImportKind,
  rows: string[][],
  mapping: ColumnMapping,
  lookups: ImportLookups,
): PreparedRow[] {
  const seen = new Map<string, number>();
  const given = IMPORT_FIELDS[kind]
    .filter((f) => mapping[f.key] !== undefined)
    .map((f) => (f.key === 'customer' ? 'customerId' : f.key));
  return rows.map((cells, index) => {
    const line = index + 2;
    const cell: Cells = (key) => {
      const column = mapping[key];
      return column === undefined ? undefined : cellText(cells[column]);
    };
    const { values, reasons, key, existingId } = PREPARE[kind](cell, lookups);
    reasons.push(...lengthReasons(kind, values));
    if (key) {
      const earlier = seen.get(key);
      if (earlier !== undefined)
        reasons.push(IMPORT_MESSAGES.duplicateInFile(DUPLICATE_FIELD[kind], earlier));
      else seen.set(key, line);
    }
    const status: RowStatus = reasons.length > 0 ? 'invalid' : existingId ? 'duplicate' : 'new';
    return { line, status, reasons, existingId, values, cells, given };
  });
}

/** Fields the mapping still needs before a preview makes sense. */
export function missingRequired(kind: ImportKind, mapping: ColumnMapping): string[] {
  return IMPORT_FIELDS[kind]
    .filter((f) => f.required && mapping[f.key] === undefined)
    .map((f) => f.label);
}
