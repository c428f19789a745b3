import {
  BillingSettingsUpdate,
  CompanyDetailsUpdateBody,
  ContactCreateBody,
  ContactUpdateBody,
  CurrencyCreateBody,
  CurrencyUpdateBody,
  CustomerCreateBody,
  CustomerUpdateBody,
  CUSTOMER_V1_ALIASES,
  InvoiceTermsBody,
  InvoiceRemindersBody,
  PaymentCreateBody,
  CreditNoteCreateBody,
  ProductCreateBody,
  ProductUpdateBody,
  QuoteCreateBody,
  QuoteUpdateBody,
  QuoteSendQuery,
  OrderUpdateBody,
  TenantUpdateBody,
  SCHEMA_MESSAGE,
  TaxRateCreateBody,
  TaxRateUpdateBody,
  companyNameError,
  type AdjustmentInput,
  type DocumentItemBody,
  type MutationName,
  type SyncEntity,
  type UpdateArgs,
  DocumentMailArgs,
} from '@smb/shared-types';
import { Type, type Static, type TObject, type TSchema } from 'typebox';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { sql } from 'kysely';
import { badRequest, forbidden, notFound } from '../errors';
import type { SessionCache } from '../modules/auth/session-cache';
import type { TenantScope } from '../modules/tenant-scope';
import * as contacts from '../modules/contacts/contacts.service';
import * as creditNotes from '../modules/credit-notes/credit-notes.service';
import * as currencies from '../modules/currencies/currencies.service';
import * as customers from '../modules/customers/customers.service';
import * as invoiceChanges from '../modules/invoices/invoice-changes.service';
import * as invoices from '../modules/invoices/invoices.service';
import * as orders from '../modules/orders/orders.service';
import * as payments from '../modules/payments/payments.service';
import * as products from '../modules/products/products.service';
import * as quotes from '../modules/quotes/quotes.service';
import * as taxRates from '../modules/tax-rates/tax-rates.service';
import { updateCompanyDetails } from '../modules/tenants/company.service';
import { sendQuoteWithPdf } from '../modules/quote-sending/quote-sending.service';
import { emailDocument } from '../modules/document-mail/document-mail.service';
import type { MailMessage } from '../mail/mailer';
import { containsNul } from '../plugins/input-guard';
import { mergeUpdate } from './merge';
import type { ApplyCreate, ApplyRemove, ApplyUpdate } from './mutator-kit';
import { recurringMutators } from './recurring-mutators';
import { nextVersion } from '../db/version';

/** Work that must wait for the commit (e-mail). */
export type AfterCommit = () => Promise<void>;

export interface MutatorContext {
  appOrigin: string;
  mailer: {
    send(message: MailMessage): Promise<void>;
  };
  /** Servers hold sessions' tenants; a rename is forgotten once committed. */
  sessions: Pick<SessionCache, 'forgetTenant'>;
  /** The pushing device (sync client group): conflicts and field writes name it. */
  clientGroupId?: string;
}

type Mutator = (
  scope: TenantScope,
  args: Record<string, unknown>,
  after: AfterCommit[],
  ctx: MutatorContext,
) => Promise<unknown>;

const Uuid = Type.String({ format: 'uuid' });
const IdArgs = Type.Object({ id: Uuid });
const UpdateArgsSchema = Type.Object({
  id: Uuid,
  baseVersion: Type.Union([Type.String(), Type.Integer(), Type.Null()]),
  changes: Type.Record(Type.String(), Type.Unknown()),
  base: Type.Record(Type.String(), Type.Unknown()),
});

/** The same validation the routes get from Fastify: unknown fields dropped, wrong types refused. */
const ajv = new Ajv({
  removeAdditional: 'all',
  useDefaults: true,
  coerceTypes: false,
  allErrors: false,
  // Route schemas carry the spec's messages under this keyword (plugins/errors.ts).
  keywords: [SCHEMA_MESSAGE],
});
addFormats.default(ajv);
const validators = new WeakMap<TSchema, ReturnType<typeof ajv.compile>>();

/** Validates mutation args like a route validates a body: wrong types are a permanent 400, never a crash. */
function parse<T extends TSchema>(schema: T, args: unknown, what = 'args'): Static<T> {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  if (containsNul(args)) throw badRequest('Text must not contain NUL (\\u0000) characters');
  const copy = structuredClone(args);
  if (!validate(copy)) {
    const first = validate.errors?.[0];
    throw badRequest(
      `Invalid ${what}${first?.instancePath ? ` at ${first.instancePath}` : ''}: ${first?.message ?? 'wrong shape'}`,
    );
  }
  return copy as Static<T>;
}

/** An `*.update`: the changed fields, merged per field against the client's base (see merge.ts). */
function update<T extends TSchema>(entity: SyncEntity, schema: T, apply: ApplyUpdate<T>): Mutator {
  return async (scope, raw, _after, ctx) => {
    const args = parse(UpdateArgsSchema, raw) as UpdateArgs;
    const changes = parse(schema, args.changes, 'changes');
    const writer = {
      userId: scope.user.id,
      userEmail: scope.user.email,
      clientGroupId: ctx.clientGroupId ?? null,
    };
    await mergeUpdate(scope.db, entity, { ...args, changes }, writer, async (current) => {
      await apply(scope, args.id, changes, current);
    });
  };
}

/** A create mutation whose args are the REST body plus the id the device chose. */
function create<T extends TObject>(body: T, apply: ApplyCreate<T>): Mutator {
  const schema = Type.Object({ ...body.properties, id: Uuid });
  return async (scope, raw) => {
    await apply(scope, parse(schema, raw) as Static<T> & { id: string });
  };
}

/** A delete mutation: `{ id }`. */
function remove(apply: ApplyRemove): Mutator {
  return async (scope, raw) => {
    await apply(scope, parse(IdArgs, raw).id);
  };
}

/**
 * Protocol 2's customer fields: the spec's names only. Version 1's form aliases (`companyName`, …)
 * were raised to them by the upcaster (shared-types `MUTATION_UPCASTS`) before this validation;
 * an alias sent at version 2 is an unknown field and dropped.
 */
const CustomerUpdateArgs = Type.Omit(CustomerUpdateBody, CUSTOMER_V1_ALIASES);
const CustomerCreateArgs = Type.Object({
  ...Type.Omit(CustomerCreateBody, CUSTOMER_V1_ALIASES).properties,
  id: Uuid,
  mainContact: Type.Optional(
    Type.Object({
      id: Type.Optional(Uuid),
      name: Type.Optional(Type.String({ maxLength: 200 })),
      email: Type.Optional(Type.String({ maxLength: 254 })),
      phoneNumber: Type.Optional(Type.Union([Type.String({ maxLength: 50 }), Type.Null()])),
    }),
  ),
});
const ContactCreateArgs = Type.Object({
  ...ContactCreateBody.properties,
  id: Uuid,
  customerId: Uuid,
});
const DocumentCreateArgs = Type.Object({ ...QuoteCreateBody.properties, id: Uuid });
const StatusArgs = Type.Object({ id: Uuid, status: Type.String({ maxLength: 40 }) });

/** Quote/order updates need the whole document input: the current one with the changed fields over it. */
function documentInput(current: Record<string, unknown>, changes: Record<string, unknown>) {
  // Changed lines come whole (price, rate, discount…); unchanged ones keep what is stored.
  const items = changes.items
    ? (changes.items as DocumentItemBody[])
    : (current.items as DocumentItemBody[]).map((i) => ({
        id: i.id,
        productId: i.productId ?? null,
        quantity: i.quantity ?? null,
        description: i.description,
        unitPrice: i.unitPrice,
      }));
  return {
    customerId: (changes.customerId ?? current.customerId) as string | null,
    contactId: (changes.contactId ?? current.contactId) as string | null,
    currencyCode: (changes.currencyCode ?? current.currencyCode) as string | null,
    notes: (changes.notes ?? current.notes) as string | null,
    items,
    pricesIncludeTax: changes.pricesIncludeTax as boolean | null | undefined,
    adjustments: changes.adjustments as AdjustmentInput[] | null | undefined,
  };
}

export const MUTATORS: Record<MutationName, Mutator> = {
  'customer.create': async (scope, raw) => {
    const { mainContact, ...args } = parse(CustomerCreateArgs, raw);
    await customers.createCustomer(scope, {
      ...args,
      ...(mainContact
        ? {
            mainContactId: mainContact.id,
            mainContactName: mainContact.name ?? '',
            mainContactEmail: mainContact.email ?? '',
            mainContactPhoneNumber: mainContact.phoneNumber ?? null,
          }
        : {}),
    });
  },
  'customer.update': update('customers', CustomerUpdateArgs, customers.updateCustomer),
  'customer.delete': remove(customers.deleteCustomer),

  'contact.create': async (scope, raw) =>
    contacts.createContact(scope, parse(ContactCreateArgs, raw)),
  'contact.update': update('contacts', ContactUpdateBody, contacts.updateContact),
  'contact.delete': remove(contacts.deleteContact),

  'product.create': create(ProductCreateBody, products.createProduct),
  'product.update': update('products', ProductUpdateBody, products.updateProduct),
  'product.delete': remove(products.deleteProduct),

  'currency.create': create(CurrencyCreateBody, currencies.createCurrency),
  'currency.update': update('currencies', CurrencyUpdateBody, currencies.updateCurrency),
  'currency.delete': remove(currencies.deleteCurrency),

  'taxRate.create': create(TaxRateCreateBody, taxRates.createTaxRate),
  'taxRate.update': update('tax_rates', TaxRateUpdateBody, taxRates.updateTaxRate),
  'taxRate.delete': remove(taxRates.deleteTaxRate),

  // The company name lives in the control plane; it is written on this transaction's connection.
  'tenant.update': async (scope, raw, after, ctx) => {
    if (!scope.user.is_tenant_admin) throw forbidden('Only tenant administrators can do this');
    const { naturalName } = parse(TenantUpdateBody, raw);
    const problem = companyNameError(naturalName);
    if (problem) throw badRequest(problem);
    await sql`UPDATE app.tenants SET natural_name = ${naturalName.trim()} WHERE id = ${scope.tenant.id}`.execute(
      scope.db,
    );
    after.push(async () => ctx.sessions.forgetTenant(scope.tenant.id));
  },

  'tenant.updateCompany': async (scope, raw, after, ctx) => {
    await updateCompanyDetails(scope, parse(CompanyDetailsUpdateBody, raw));
    after.push(async () => ctx.sessions.forgetTenant(scope.tenant.id));
  },

  // Only the fields given are written (per-field merge); admin-only and validated by the service.
  'tenant.updateBilling': async (scope, raw) => {
    await payments.updateBillingSettings(scope, parse(BillingSettingsUpdate, raw));
  },

  'quote.create': async (scope, raw) => quotes.createQuote(scope, parse(DocumentCreateArgs, raw)),
  'quote.update': update('quotes', QuoteUpdateBody, (scope, id, changes, current) =>
    quotes.updateQuote(scope, id, {
      ...documentInput(current, changes),
      ...(changes.validUntil !== undefined
        ? { validUntil: changes.validUntil as string | null }
        : {}),
    }),
  ),
  'quote.delete': remove(quotes.deleteQuote),
  'quote.setStatus': async (scope, raw) => {
    const args = parse(StatusArgs, raw);
    await quotes.setQuoteStatus(scope, args.id, args.status);
  },
  'quote.send': async (scope, raw, after, ctx) => {
    const args = parse(Type.Object({ ...IdArgs.properties, ...QuoteSendQuery.properties }), raw);
    // The PDF's data is read in this transaction; it is rendered after the commit.
    const { mail } = await sendQuoteWithPdf(scope, args.id, {
      appOrigin: ctx.appOrigin,
      validUntil: args.validUntil,
    });
    after.push(async () => ctx.mailer.send(await mail()));
  },
  'quote.convert': async (scope, raw) => {
    const args = parse(Type.Object({ id: Uuid, orderId: Type.Optional(Uuid) }), raw);
    await quotes.convertQuote(scope, args.id, { orderId: args.orderId });
  },

  'order.create': async (scope, raw) => orders.createOrder(scope, parse(DocumentCreateArgs, raw)),
  'order.update': update('orders', OrderUpdateBody, (scope, id, changes, current) =>
    orders.updateOrder(scope, id, documentInput(current, changes)),
  ),
  'order.delete': remove(orders.deleteOrder),

  'order.createInvoice': async (scope, raw) => {
    const args = parse(Type.Object({ id: Uuid, invoiceId: Type.Optional(Uuid) }), raw);
    await invoices.createInvoiceFromOrder(scope, args.id, { id: args.invoiceId });
  },
  'invoice.setStatus': async (scope, raw) => {
    const args = parse(StatusArgs, raw);
    await invoiceChanges.setInvoiceStatus(scope, args.id, args.status);
  },
  'invoice.setTerms': async (scope, raw) => {
    const { id, ...terms } = parse(Type.Object({ ...InvoiceTermsBody.properties, id: Uuid }), raw);
    await invoiceChanges.setInvoiceTerms(scope, id, terms);
  },
  'invoice.email': async (scope, raw, after, ctx) => {
    const args = parse(DocumentMailArgs, raw);
    const { mail } = await emailDocument(scope, 'invoice', args.id, args, args.mailId);
    if (mail) after.push(async () => ctx.mailer.send(await mail()));
  },
  'order.email': async (scope, raw, after, ctx) => {
    const args = parse(DocumentMailArgs, raw);
    const { mail } = await emailDocument(scope, 'order', args.id, args, args.mailId);
    if (mail) after.push(async () => ctx.mailer.send(await mail()));
  },
  'creditNote.email': async (scope, raw, after, ctx) => {
    const args = parse(DocumentMailArgs, raw);
    const { mail } = await emailDocument(scope, 'credit_note', args.id, args, args.mailId);
    if (mail) after.push(async () => ctx.mailer.send(await mail()));
  },
  'invoice.setReminders': async (scope, raw) => {
    const { id, ...input } = parse(
      Type.Object({ ...InvoiceRemindersBody.properties, id: Uuid }),
      raw,
    );
    await invoiceChanges.setInvoiceReminders(scope, id, input);
  },
  'invoice.issue': async (scope, raw) => {
    await invoiceChanges.issueInvoice(scope, parse(IdArgs, raw).id);
  },
  'payment.create': async (scope, raw) => {
    const { invoiceId, ...payment } = parse(
      Type.Object({ ...PaymentCreateBody.properties, id: Uuid, invoiceId: Uuid }),
      raw,
    );
    await payments.createPayment(scope, invoiceId, payment);
  },
  'payment.delete': async (scope, raw) => {
    const args = parse(Type.Object({ id: Uuid, invoiceId: Uuid }), raw);
    await payments.deletePayment(scope, args.invoiceId, args.id);
  },
  'creditNote.create': async (scope, raw) => {
    const { invoiceId, ...input } = parse(
      Type.Object({ ...CreditNoteCreateBody.properties, id: Uuid, invoiceId: Uuid }),
      raw,
    );
    await creditNotes.createCreditNote(scope, invoiceId, input);
  },

  ...recurringMutators({ parse, create, update, remove }),

  'conflict.resolve': async (scope, raw) => {
    const { id } = parse(IdArgs, raw);
    const version = await nextVersion(scope.db);
    const row = await scope.db
      .updateTable('conflicts')
      .set({ resolved: true, version, updated_at: new Date() })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    if (!row) throw notFound('Conflict not found');
  },
};

export async function runMutator(
  scope: TenantScope,
  name: MutationName,
  args: Record<string, unknown>,
  after: AfterCommit[],
  ctx: MutatorContext,
): Promise<void> {
  await MUTATORS[name](scope, args, after, ctx);
}
