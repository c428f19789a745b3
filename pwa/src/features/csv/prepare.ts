import { ContactCreateBody } from '@smb/shared-types/contacts';
import { CustomerCreateBody } from '@smb/shared-types/customers';
import { ProductCreateBody } from '@smb/shared-types/products';
import { IMPORT_FIELDS, STORED_COLUMNS, type ImportKind } from './fields';
import { columnsOf, type ColumnMapping } from './mapping';
import {
  AMBIGUOUS_CUSTOMER,
  prepareContact,
  prepareCustomer,
  prepareProduct,
  type Cells,
  type ImportLookups,
  type StoredValues,
} from './prepare-kinds';
import { cellText } from './values';

export type { ImportLookups, StoredValues } from './prepare-kinds';

export type RowStatus = 'new' | 'duplicate' | 'invalid';

export interface PreparedRow {
  /** Row number in the file (the spreadsheet's row number). */
  line: number;
  status: RowStatus;
  reasons: string[];
  /** What was done with values that did not fit a field; not problems. */
  notes: string[];
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
  ambiguousCustomer: AMBIGUOUS_CUSTOMER,
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

const maxLengths = new Map<string, number | null>();
function maxLength(kind: ImportKind, key: string): number | null {
  const id = `${kind}.${key}`;
  if (!maxLengths.has(id)) maxLengths.set(id, maxLengthOf(SCHEMAS[kind], key));
  return maxLengths.get(id)!;
}

function lengthReasons(kind: ImportKind, values: StoredValues): string[] {
  const reasons: string[] = [];
  for (const column of STORED_COLUMNS[kind]) {
    const value = values[column.key];
    if (typeof value !== 'string') continue;
    const max = maxLength(kind, column.key);
    if (max !== null && value.length > max)
      reasons.push(IMPORT_MESSAGES.tooLong(column.label, max));
  }
  return reasons;
}

const PREPARE = { customers: prepareCustomer, contacts: prepareContact, products: prepareProduct };
const DUPLICATE_FIELD = { customers: 'email', contacts: 'email', products: 'SKU' } as const;

/** Fields fed from others: the stored field a mapped input field writes. */
const STORED_KEY: Record<string, string> = {
  postcode: 'address2',
  city: 'address2',
  region: 'address2',
  country: 'address2',
  mainContactFirstName: 'mainContactName',
  mainContactLastName: 'mainContactName',
  firstName: 'name',
  lastName: 'name',
  customer: 'customerId',
};

export interface PrepareOptions {
  /** Each row's number in the file; by default the header is row 1 and no row is left out. */
  lines?: number[];
  /** The file's headers, to name a column in a message. */
  headers?: string[];
}

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
  options: PrepareOptions = {},
): PreparedRow[] {
  const seen = new Map<string, number>();
  const mapped = IMPORT_FIELDS[kind].filter((f) => columnsOf(mapping, f.key).length > 0);
  const given = [...new Set(mapped.map((f) => STORED_KEY[f.key] ?? f.key))];
  const columns = new Map(mapped.map((f) => [f.key, columnsOf(mapping, f.key)]));
  const source = (key: string) =>
    (columns.get(key) ?? [])
      .map((c) => `“${options.headers?.[c] || `Column ${c + 1}`}”`)
      .join(', ');
  return rows.map((cells, index) => {
    const line = options.lines?.[index] ?? index + 2;
    const cell = ((key: string) => {
      const list = columns.get(key);
      if (!list) return undefined;
      if (list.length === 1) return cellText(cells[list[0]!]);
      return list
        .map((c) => cellText(cells[c]))
        .filter(Boolean)
        .join(', ');
    }) as Cells;
    cell.source = source;
    const prepared = PREPARE[kind](cell, lookups);
    const reasons = prepared.reasons.filter((r): r is string => typeof r === 'string' && r !== '');
    reasons.push(...lengthReasons(kind, prepared.values));
    const { key, existingId, values, notes } = prepared;
    if (key) {
      const earlier = seen.get(key);
      if (earlier !== undefined)
        reasons.push(IMPORT_MESSAGES.duplicateInFile(DUPLICATE_FIELD[kind], earlier));
      else seen.set(key, line);
    }
    const status: RowStatus = reasons.length > 0 ? 'invalid' : existingId ? 'duplicate' : 'new';
    return { line, status, reasons, notes, existingId, values, cells, given };
  });
}

/** Fields the mapping still needs before a preview makes sense. */
export function missingRequired(kind: ImportKind, mapping: ColumnMapping): string[] {
  return IMPORT_FIELDS[kind]
    .filter((f) => f.required && columnsOf(mapping, f.key).length === 0)
    .filter((f) => !(kind === 'contacts' && f.key === 'name' && hasNameParts(mapping)))
    .map((f) => f.label);
}

const hasNameParts = (mapping: ColumnMapping) =>
  columnsOf(mapping, 'firstName').length > 0 || columnsOf(mapping, 'lastName').length > 0;
