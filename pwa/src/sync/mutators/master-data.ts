import { EMPTY_COMPANY_DETAILS, normaliseCompanyDetails } from '@smb/shared-types/company';
import {
  PRIMARY_CONTACT_ROLE,
  customerIdentityInput,
  customerIdentityRow,
} from '@smb/shared-types/customers';
import { billingSettingsError } from '@smb/shared-types/payments';
import type { UpdateArgs } from '@smb/shared-types/sync';
import { toRateNumber } from '@smb/shared-types/money';
import { taxRateRecordError } from '@smb/shared-types/tax-rates';
import { refuseProblem } from '../../db/errors';
import { DEFAULT_UNIT } from '@smb/shared-types/units';
import type { TaxRateRow } from '../../db/types';
import type { LocalWriter } from '../local-writer';
import type {
  BillingUpdateArgs,
  CompanyUpdateArgs,
  ContactCreateArgs,
  CurrencyCreateArgs,
  CustomerCreateArgs,
  IdArgs,
  ProductCreateArgs,
  TaxRateCreateArgs,
  TenantUpdateArgs,
} from '../mutation-args';

/** Local effects of the master-data mutations (customers, contacts, products, currencies, tenant). */

export async function customerCreate(w: LocalWriter, a: CustomerCreateArgs): Promise<void> {
  await w.put('customers', {
    id: a.id,
    name: a.name,
    email: a.email,
    phoneNumber: a.phoneNumber,
    address: a.address,
    address2: a.address2,
    // As the server: a customer without terms of its own is on the tenant's default (null).
    paymentTerms: a.paymentTerms ?? null,
    documentLanguage: a.documentLanguage ?? null,
    einvoiceFormat: a.einvoiceFormat ?? null,
    // Stored as the server stores them (trimmed, IBAN/BIC/VAT ID compact; absent → null).
    ...customerIdentityRow(a),
    createdAt: w.now,
    version: null,
    updatedAt: w.now,
  });
  if (a.mainContact) {
    await w.put('contacts', {
      ...a.mainContact,
      customerId: a.id,
      role: PRIMARY_CONTACT_ROLE,
      createdAt: w.now,
      version: null,
      updatedAt: w.now,
    });
  }
}

export async function customerUpdate(w: LocalWriter, a: UpdateArgs): Promise<void> {
  await w.patch('customers', a.id, { ...a.changes, ...customerIdentityInput(a.changes) });
}

/** As the server: the customer's contacts, quotes and orders go with it (invoices block it). */
export async function customerDelete(w: LocalWriter, a: IdArgs): Promise<void> {
  const { db } = w;
  for (const id of await db.contacts.where('customerId').equals(a.id).primaryKeys())
    await w.delete('contacts', id);
  for (const id of await db.quotes.where('customerId').equals(a.id).primaryKeys())
    await w.delete('quotes', id);
  for (const id of await db.orders.where('customerId').equals(a.id).primaryKeys())
    await w.delete('orders', id);
  await w.delete('customers', a.id);
}

export async function contactCreate(w: LocalWriter, a: ContactCreateArgs): Promise<void> {
  await w.put('contacts', { ...a, createdAt: w.now, version: null, updatedAt: w.now });
}

export async function contactUpdate(w: LocalWriter, a: UpdateArgs): Promise<void> {
  await w.patch('contacts', a.id, a.changes);
}

/** Documents keep existing without the contact (ON DELETE SET NULL). */
export async function contactDelete(w: LocalWriter, a: IdArgs): Promise<void> {
  for (const entity of ['quotes', 'orders', 'invoices'] as const) {
    const rows = await w.db
      .table(entity)
      .filter((r: { contactId: string | null }) => r.contactId === a.id)
      .primaryKeys();
    for (const id of rows as string[]) await w.patch(entity, id, { contactId: null });
  }
  await w.delete('contacts', a.id);
}

export async function productCreate(w: LocalWriter, a: ProductCreateArgs): Promise<void> {
  // The server's defaults for what the form leaves out: no tax rate of its own, pieces.
  await w.put('products', {
    taxRateId: null,
    unitCode: DEFAULT_UNIT,
    ...a,
    createdAt: w.now,
    version: null,
    updatedAt: w.now,
  });
}

export async function productUpdate(w: LocalWriter, a: UpdateArgs): Promise<void> {
  await w.patch('products', a.id, a.changes);
}

export async function taxRateCreate(w: LocalWriter, a: TaxRateCreateArgs): Promise<void> {
  refuseProblem(taxRateRecordError(a));
  await w.put('tax_rates', {
    id: a.id,
    name: a.name.trim(),
    rate: toRateNumber(a.rate),
    category: a.category,
    exemptionReason: a.exemptionReason?.trim() || null,
    createdAt: w.now,
    version: null,
    updatedAt: w.now,
  });
}

export async function taxRateUpdate(w: LocalWriter, a: UpdateArgs): Promise<void> {
  const changes = { ...a.changes } as Partial<TaxRateRow>;
  if (typeof changes.name === 'string') changes.name = changes.name.trim();
  if (typeof changes.rate === 'number') changes.rate = toRateNumber(changes.rate);
  if (changes.exemptionReason !== undefined)
    changes.exemptionReason = changes.exemptionReason?.trim() || null;
  const row = await w.get('tax_rates', a.id);
  refuseProblem(row && taxRateRecordError({ ...row, ...changes }));
  await w.patch('tax_rates', a.id, changes);
}

/** Documents keep their lines' snapshot; products using the rate as default lose it. */
export async function taxRateDelete(w: LocalWriter, a: IdArgs): Promise<void> {
  const users = await w.db.products.filter((p) => p.taxRateId === a.id).primaryKeys();
  for (const id of users) await w.patch('products', id, { taxRateId: null });
  await w.delete('tax_rates', a.id);
}

export async function productDelete(w: LocalWriter, a: IdArgs): Promise<void> {
  await w.delete('products', a.id);
}

/** Only one default currency: making one the default clears the flag on the others. */
async function clearOtherDefaults(w: LocalWriter, keepId: string): Promise<void> {
  const others = await w.db.currencies.filter((c) => c.isDefault && c.id !== keepId).primaryKeys();
  for (const id of others) await w.patch('currencies', id, { isDefault: false });
}

export async function currencyCreate(w: LocalWriter, a: CurrencyCreateArgs): Promise<void> {
  if (a.isDefault) await clearOtherDefaults(w, a.id);
  await w.put('currencies', { ...a, version: null, updatedAt: w.now });
}

export async function currencyUpdate(w: LocalWriter, a: UpdateArgs): Promise<void> {
  const row = await w.patch('currencies', a.id, a.changes);
  if (row && a.changes.isDefault === true) await clearOtherDefaults(w, a.id);
}

export async function currencyDelete(w: LocalWriter, a: IdArgs): Promise<void> {
  await w.delete('currencies', a.id);
}

export async function tenantUpdate(w: LocalWriter, a: TenantUpdateArgs): Promise<void> {
  const tenant = await w.tenant();
  if (tenant) await w.putTenant({ ...tenant, naturalName: a.naturalName });
}

export async function tenantUpdateCompany(w: LocalWriter, a: CompanyUpdateArgs): Promise<void> {
  const tenant = await w.tenant();
  const { changes } = normaliseCompanyDetails(a, tenant?.company ?? {});
  if (tenant && changes)
    await w.putTenant({
      ...tenant,
      company: { ...EMPTY_COMPANY_DETAILS, ...tenant.company, ...changes },
    });
}

/** The fields changed over the settings last pulled (a store without them waits for the pull). */
export async function tenantUpdateBilling(w: LocalWriter, a: BillingUpdateArgs): Promise<void> {
  const tenant = await w.tenant();
  if (tenant?.billing && billingSettingsError(a) === null) {
    const changes = Object.fromEntries(Object.entries(a).filter(([, v]) => v !== undefined));
    await w.putTenant({ ...tenant, billing: { ...tenant.billing, ...changes } });
  }
}

export async function conflictResolve(w: LocalWriter, a: IdArgs): Promise<void> {
  await w.patch('conflicts', a.id, { resolved: true });
}
