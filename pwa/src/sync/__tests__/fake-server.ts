import { EMPTY_COMPANY_DETAILS } from '@smb/shared-types/company';
import { documentMailInput, type DocumentMailBody } from '@smb/shared-types/document-mail';
import { normaliseCompanyDetails, type CompanyDetailsUpdateBody } from '@smb/shared-types/company';
import { customerError, customerInput, type CustomerUpdateBody } from '@smb/shared-types/customers';
import type {
  Mutation,
  MutationResult,
  PatchOp,
  PullRequest,
  PullResponse,
  PushRequest,
  PushResponse,
  Rejection,
  SyncEntity,
  UpdateArgs,
} from '@smb/shared-types/sync';
import {
  SUPPORTED_PROTOCOL,
  SYNC_ENTITIES,
  UNVERSIONED_PROTOCOL,
  type ProtocolRange,
} from '@smb/shared-types/sync';
import { QUOTE_MESSAGES } from '@smb/shared-types/quotes';
import { CURRENCY_MESSAGES } from '@smb/shared-types/currencies';
import {
  CUSTOMER_MESSAGES,
  customerIdentityError,
  customerIdentityInput,
  customerIdentityRow,
} from '@smb/shared-types/customers';
import { ORDER_MESSAGES } from '@smb/shared-types/orders';
import { INVOICE_MESSAGES } from '@smb/shared-types/invoices';
import { CREDIT_NOTE_MESSAGES } from '@smb/shared-types/credit-notes';
import { RECURRING_MESSAGES, scheduleInputProblems } from '@smb/shared-types/recurring';
import { planCreditNote } from '../mutators/credit-notes';
import type { CreditNoteCreateArgs, RecurringProfileCreateArgs } from '../mutation-args';
import { compareMoney, formatMoney, subtractMoney, toMoneyNumber } from '@smb/shared-types/money';
import {
  DEFAULT_BILLING_SETTINGS,
  DEFAULT_PAYMENT_TERMS,
  PAYMENT_MESSAGES,
  amountDue,
  billingSettingsError,
  payableTotal,
  type BillingSettingsUpdate,
  dueDateFor,
  isIsoDate,
  isPaymentTerms,
  paymentAmountError,
  statusFromMoney,
  today,
  type PaymentTerms,
} from '@smb/shared-types/payments';
import { SmbDatabase } from '../../db/database';
import { getMeta, newId, setMeta } from '../../db/meta';
import type { InvoiceRow, OrderRow, QuoteRow, TenantInfo } from '../../db/types';
import { LocalWriter } from '../local-writer';
import { runLocalMutator } from '../mutators/registry';
import type { SyncFetch, SyncResponseLike } from '../transport';

/**
 * An in-memory server implementing the sync protocol of `shared-types/src/sync.ts`, for tests.
 * Its rows live in a (fake-indexeddb) Dexie database; mutations are checked against the real
 * server's state rules (`refusal` below), applied with the client's own local mutators, then
 * versioned, numbered and tombstoned like the real server does. tests/integration/
 * mutation-parity.test.ts replays the same scripts here and on the real server and requires the
 * same answers and rows, so this fake cannot drift from the server unnoticed:
 * - push: a repeated id is skipped, a gap stops the batch, a refused mutation is still counted;
 * - pull: every change after the cursor, in version order, paged at version boundaries;
 * - `*.update`: merged per field; a field changed since `base` is overwritten and kept as a conflict
 *   (only fields the client gave a base for, unless the pushing device wrote what it overwrites;
 *   lines compare by product and quantity, as merge.ts).
 */
export class Refusal extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

interface Tombstone {
  entity: SyncEntity;
  id: string;
  version: number;
}

export interface FakeServerOptions {
  pageSize?: number;
  /** Extra rule: return a refusal to reject a mutation. */
  rule?: (mutation: Mutation) => Refusal | null;
}

let serverCount = 0;

const NOT_FOUND: Record<string, string> = {
  customer: 'Customer not found',
  contact: 'Contact not found',
  product: 'Product not found',
  currency: 'Currency not found',
  taxRate: 'Tax rate not found',
  quote: 'Quote not found',
  order: 'Order not found',
  invoice: 'Invoice not found',
  payment: PAYMENT_MESSAGES.notFound,
  creditNote: CREDIT_NOTE_MESSAGES.notFound,
  recurringProfile: RECURRING_MESSAGES.notFound,
  conflict: 'Conflict not found',
};
const ENTITY: Record<string, SyncEntity> = {
  customer: 'customers',
  contact: 'contacts',
  product: 'products',
  currency: 'currencies',
  taxRate: 'tax_rates',
  quote: 'quotes',
  order: 'orders',
  invoice: 'invoices',
  payment: 'payments',
  creditNote: 'credit_notes',
  recurringProfile: 'recurring_profiles',
  conflict: 'conflicts',
};

export class FakeSyncServer {
  readonly db: SmbDatabase;
  version = 0;
  tombstoneHorizon = 0;
  tombstones: Tombstone[] = [];
  readonly lastMutationIds = new Map<string, number>();
  readonly rejections = new Map<string, Rejection[]>();
  /** Every mutation applied (client:id), to check nothing is applied twice. */
  readonly applied: string[] = [];
  readonly validTokens = new Set<string>(['token-1']);
  /** The protocol versions this server accepts (a test may move it, e.g. to require an update). */
  protocol: ProtocolRange = { ...SUPPORTED_PROTOCOL };
  /** Device names by client group, as pushes sent them. */
  private readonly deviceNames = new Map<string, string | null>();
  /** The device whose update last wrote a field (entity/id/field), with the value it wrote. */
  private readonly fieldWrites = new Map<string, { clientGroupId: string; value: string }>();
  readonly tokenUsers = new Map<string, string>([['token-1', 'user-1']]);
  private counters = { quotes: 0, orders: 0, invoices: 0, creditNotes: 0 };
  private readonly pageSize: number;
  rule: FakeServerOptions['rule'];
  /** The tenant's default payment terms (GET/PUT /api/billing/settings on the real server). */
  defaultPaymentTerms: PaymentTerms = DEFAULT_PAYMENT_TERMS;
  /** Counts of requests served, by path. */
  readonly calls: Record<string, number> = {};

  constructor(options: FakeServerOptions = {}) {
    serverCount += 1;
    this.db = new SmbDatabase(`fake-server-${serverCount}-${newId()}`);
    this.pageSize = options.pageSize ?? 1000;
    this.rule = options.rule;
  }

  async init(
    tenant: TenantInfo = {
      id: 't-1',
      naturalName: 'Acme',
      schemaName: 'acme_x1',
      createdAt: new Date(0).toISOString(),
    },
  ) {
    await this.db.transaction('rw', this.db.meta, async () => {
      await setMeta(this.db, 'tenant', tenant);
    });
    return this;
  }

  /** Writes rows as a REST call (another user) would: one version for the lot. */
  async seed<E extends SyncEntity>(entity: E, rows: Record<string, unknown>[]): Promise<void> {
    this.version += 1;
    const now = new Date().toISOString();
    await this.db.entityTable(entity).bulkPut(
      rows.map(
        (r) =>
          ({
            createdAt: now,
            ...r,
            version: String(this.version),
            updatedAt: now,
          }) as unknown as { id: string },
      ),
    );
  }

  /** A write by someone else (REST): merges fields into a row and bumps its version. */
  async externalUpdate(
    entity: SyncEntity,
    id: string,
    changes: Record<string, unknown>,
  ): Promise<void> {
    this.version += 1;
    const table = this.db.entityTable(entity);
    const row = await table.get(id);
    if (!row) throw new Error(`no ${entity} ${id}`);
    await table.put({
      ...row,
      ...changes,
      version: String(this.version),
      updatedAt: new Date().toISOString(),
    } as { id: string });
  }

  async externalDelete(entity: SyncEntity, id: string): Promise<void> {
    this.version += 1;
    await this.db.entityTable(entity).delete(id);
    this.tombstones.push({ entity, id, version: this.version });
  }

  /** Forgets old tombstones: clients with an older cursor get `clear: true`. */
  compactTombstones(): void {
    this.tombstoneHorizon = this.version;
    this.tombstones = [];
  }

  async push(request: PushRequest, userId = 'user-1'): Promise<PushResponse> {
    const results: MutationResult[] = [];
    let last = this.lastMutationIds.get(request.clientId) ?? 0;
    let gapAt: number | undefined;
    if (request.deviceName !== undefined)
      this.deviceNames.set(request.clientGroupId, request.deviceName.trim() || null);
    for (const mutation of request.mutations) {
      if (mutation.id <= last) {
        results.push({ id: mutation.id, status: 'skipped' });
        continue;
      }
      if (mutation.id > last + 1) {
        gapAt = mutation.id;
        break;
      }
      try {
        await this.apply(mutation, userId, request.clientGroupId);
        results.push({ id: mutation.id, status: 'applied' });
        this.applied.push(`${request.clientId}:${mutation.id}`);
      } catch (error) {
        const refusal = error instanceof Refusal ? error : new Refusal(400, String(error));
        results.push({
          id: mutation.id,
          status: 'rejected',
          error: { statusCode: refusal.statusCode, message: refusal.message },
        });
        const list = this.rejections.get(request.clientId) ?? [];
        list.push({
          mutationId: mutation.id,
          name: mutation.name,
          statusCode: refusal.statusCode,
          message: refusal.message,
          createdAt: new Date().toISOString(),
        });
        this.rejections.set(request.clientId, list);
      }
      last = mutation.id;
      this.lastMutationIds.set(request.clientId, last);
    }
    return { results, lastMutationId: last, ...(gapAt !== undefined ? { gapAt } : {}) };
  }

  async pull(request: PullRequest): Promise<PullResponse> {
    const cursor = Number(request.cursor ?? '0');
    const clear = cursor < this.tombstoneHorizon;
    const from = clear ? 0 : cursor;
    // Like the real server's snapshot: nothing written after this moment belongs to this pull, so
    // the cursor can never run ahead of the rows it returns (a push may be applying meanwhile).
    const head = this.version;
    const ops: { version: number; op: PatchOp }[] = [];
    for (const entity of SYNC_ENTITIES) {
      const rows = (await this.db.entityTable(entity).toArray()) as unknown as (Record<
        string,
        unknown
      > & { id: string })[];
      for (const row of rows)
        if (Number(row.version) > from && Number(row.version) <= head)
          ops.push({
            version: Number(row.version),
            op: { op: 'put', entity, id: row.id, value: row },
          });
    }
    for (const t of this.tombstones)
      if (t.version > from && t.version <= head)
        ops.push({ version: t.version, op: { op: 'del', entity: t.entity, id: t.id } });
    ops.sort((a, b) => a.version - b.version);
    let end = Math.min(ops.length, this.pageSize);
    while (end < ops.length && end > 0 && ops[end]?.version === ops[end - 1]?.version) end += 1;
    const page = ops.slice(0, end);
    const hasMore = end < ops.length;
    const tenant = (await getMeta(this.db, 'tenant')) as TenantInfo;
    return {
      cursor: String(hasMore ? (page[page.length - 1]?.version ?? from) : Math.max(head, from)),
      hasMore,
      clear,
      lastMutationIds: Object.fromEntries(this.lastMutationIds),
      patch: page.map((p) => p.op),
      rejections: this.rejections.get(request.clientId) ?? [],
      remaining: ops.length - end,
      tenant: {
        ...tenant,
        company: tenant.company ?? EMPTY_COMPANY_DETAILS,
        billing: tenant.billing ?? {
          ...DEFAULT_BILLING_SETTINGS,
          defaultPaymentTerms: this.defaultPaymentTerms,
        },
      },
    };
  }

  /** A `fetch`-like transport for the engine (tokens checked; unknown token → 401). */
  transport(): SyncFetch {
    return async (url, init) => {
      const path = new URL(url, 'http://fake').pathname;
      this.calls[path] = (this.calls[path] ?? 0) + 1;
      const token = init.headers.Authorization?.replace(/^Bearer /, '') ?? '';
      if (!this.validTokens.has(token))
        return json(401, { statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' });
      const body: unknown = JSON.parse(init.body);
      const version =
        (body as { protocolVersion?: number }).protocolVersion ?? UNVERSIONED_PROTOCOL;
      if (version < this.protocol.min || version > this.protocol.max) {
        const code = version < this.protocol.min ? 'clientTooOld' : 'clientTooNew';
        return json(409, {
          statusCode: 409,
          error: 'Conflict',
          message: code,
          code,
          protocol: this.protocol,
        });
      }
      if (path === '/api/sync/push')
        return json(200, await this.push(body as PushRequest, this.tokenUsers.get(token)));
      if (path === '/api/sync/pull') return json(200, await this.pull(body as PullRequest));
      return json(404, { statusCode: 404, error: 'Not Found', message: 'Not found' });
    };
  }

  private async apply(mutation: Mutation, userId: string, clientGroupId: string): Promise<void> {
    const refusal = this.rule?.(mutation);
    if (refusal) throw refusal;
    const db = this.db;
    const now = new Date().toISOString();
    await db.transaction('rw', db.allTables, async () => {
      const [prefix, action] = mutation.name.split('.') as [string, string];
      const args = mutation.args as Record<string, unknown> & { id?: string };
      const entity = ENTITY[prefix];
      if (
        entity &&
        action !== 'create' &&
        args.id !== undefined &&
        !(await db.entityTable(entity).get(args.id))
      )
        throw new Refusal(404, NOT_FOUND[prefix] ?? 'Not found');
      if (entity && action === 'create' && (await db.entityTable(entity).get(String(args.id))))
        throw new Refusal(409, 'A record with this id already exists');
      const refused = await this.refusal(mutation.name, args);
      if (refused) throw refused;
      const writer = new LocalWriter(db, now);
      if (action === 'update' && entity)
        await this.recordConflicts(
          writer,
          entity,
          args as unknown as UpdateArgs,
          userId,
          clientGroupId,
        );
      // The invoice as it was: "Mark as paid" pays what was left before the client's mutator.
      const invoiceBefore =
        mutation.name === 'invoice.setStatus' ? await db.invoices.get(String(args.id)) : undefined;
      await runLocalMutator(writer, mutation.name, mutation.args);
      await this.serverEffects(writer, mutation.name, args, userId);
      if (invoiceBefore)
        await this.invoiceStatusEffects(writer, invoiceBefore, args.status, userId);
      this.version += 1;
      for (const key of writer.touched) {
        const split = key.indexOf(':');
        const kind = key.slice(0, split) as SyncEntity | 'tenant';
        const id = key.slice(split + 1);
        if (kind === 'tenant') continue;
        const table = db.entityTable(kind);
        const row = (await table.get(id)) as Record<string, unknown> | undefined;
        if (!row) {
          this.tombstones.push({ entity: kind, id, version: this.version });
          continue;
        }
        row.version = String(this.version);
        if (kind === 'quotes' && row.quoteNumber == null)
          row.quoteNumber = `Q-${String(++this.counters.quotes).padStart(4, '0')}`;
        if (kind === 'orders' && row.orderNumber == null)
          row.orderNumber = `SO-${String(++this.counters.orders).padStart(4, '0')}`;
        if (kind === 'invoices' && row.invoiceNumber == null)
          row.invoiceNumber = `INV-${String(++this.counters.invoices).padStart(4, '0')}`;
        if (kind === 'credit_notes' && row.creditNoteNumber == null)
          row.creditNoteNumber = `CN-${String(++this.counters.creditNotes).padStart(4, '0')}`;
        if (mutation.name === 'quote.send' && kind === 'quotes')
          row.accessToken = row.accessToken ?? newId();
        await table.put(row as { id: string });
      }
      await db._server.clear();
    });
  }

  /** What the real services write beyond the client's own mutator. */
  private async serverEffects(
    w: LocalWriter,
    name: Mutation['name'],
    args: Record<string, unknown>,
    userId: string,
  ): Promise<void> {
    const id = String(args.id);
    if (name === 'payment.create') await w.patch('payments', id, { createdBy: userId });
    // A credit note's refund is a payment the server records (its id is the credit note's).
    if (name === 'creditNote.create') await w.patch('payments', id, { createdBy: userId });
    // The quote's owner, mailed when the customer answers.
    if (name === 'quote.send') await w.patch('quotes', id, { sentBy: userId });
    // A customer without terms of its own: the tenant's default (the device does not know it).
    if (name === 'order.createInvoice') {
      const invoice = await w.get('invoices', String(args.invoiceId));
      const terms = (await w.tenant())?.billing?.defaultPaymentTerms ?? this.defaultPaymentTerms;
      if (invoice && !invoice.paymentTerms && invoice.issueDate)
        await w.patch('invoices', invoice.id, {
          paymentTerms: terms,
          dueDate: dueDateFor(invoice.issueDate, terms),
        });
    }
    if (name === 'quote.setStatus' && args.status === 'Accepted')
      await w.patch('quotes', id, { acceptedAt: w.now });
    if (name === 'quote.setStatus' && args.status === 'Rejected')
      await w.patch('quotes', id, { rejectedAt: w.now });
    // Lines keep their product's name and price but forget the product (ON DELETE SET NULL); the
    // server bumps their documents so every device hears it.
    if (name === 'product.delete')
      for (const entity of ['quotes', 'orders'] as const) {
        const rows = await w.db
          .table(entity)
          .filter((r: QuoteRow | OrderRow) => r.items.some((l) => l.productId === id))
          .toArray();
        for (const row of rows as (QuoteRow | OrderRow)[])
          await w.patch(entity, row.id, {
            items: row.items.map((l) => (l.productId === id ? { ...l, productId: null } : l)),
          });
      }
  }

  /**
   * As setInvoiceStatus: "Paid" by hand records a payment of the balance (method other, today,
   * "Marked as paid"); any status but Cancelled and Paid is the one the payments give.
   */
  private async invoiceStatusEffects(
    w: LocalWriter,
    before: InvoiceRow,
    status: unknown,
    userId: string,
  ): Promise<void> {
    const id = before.id;
    if (status === 'Cancelled' || before.status === status) return;
    const paidBefore = before.amountPaid ?? 0;
    const payable = payableTotal(before.total, before.creditedAmount ?? 0);
    const byMoney = statusFromMoney(payable, paidBefore);
    if (status === 'Paid' && byMoney !== 'Paid') {
      await w.put('payments', {
        id: newId(),
        invoiceId: id,
        amount: toMoneyNumber(subtractMoney(payable, paidBefore)),
        paidOn: today(),
        method: 'other',
        reference: null,
        note: PAYMENT_MESSAGES.markedPaidNote,
        createdBy: userId,
        createdAt: w.now,
        version: null,
        updatedAt: w.now,
      });
      return;
    }
    if (status !== 'Paid')
      await w.patch('invoices', id, {
        status: byMoney,
        paidAt: byMoney === 'Paid' ? (before.paidAt ?? w.now) : null,
      });
  }

  /** The state rules the real services check before a mutation changes anything. */
  private async refusal(
    name: Mutation['name'],
    args: Record<string, unknown> & { id?: string },
  ): Promise<Refusal | null> {
    const db = this.db;
    const id = String(args.id);
    switch (name) {
      case 'tenant.updateCompany': {
        const tenant = await getMeta(db, 'tenant');
        const { error } = normaliseCompanyDetails(
          args as CompanyDetailsUpdateBody,
          tenant?.company,
        );
        return error ? new Refusal(400, error) : null;
      }
      case 'tenant.updateBilling': {
        const error = billingSettingsError(args as BillingSettingsUpdate);
        return error ? new Refusal(400, error) : null;
      }
      // The schedule's rules (recurring.service.ts `scheduleColumns`).
      case 'recurringProfile.create': {
        const a = args as unknown as RecurringProfileCreateArgs;
        const problem = Object.values(scheduleInputProblems(a))[0];
        return problem ? new Refusal(400, problem) : null;
      }
      case 'invoice.email':
      case 'order.email':
      case 'creditNote.email': {
        const input = documentMailInput(args as unknown as DocumentMailBody);
        return input.ok ? null : new Refusal(400, input.message);
      }
      // The customer's fields, then its identity as it will be (customers.service.ts).
      case 'customer.create': {
        const problem =
          customerError(customerInput(args as CustomerUpdateBody), true) ??
          customerIdentityError(customerIdentityInput(args));
        return problem ? new Refusal(400, problem) : null;
      }
      case 'customer.update': {
        const current = await db.customers.get(id);
        const changes = (args as unknown as UpdateArgs).changes;
        const problem =
          customerError(customerInput((changes ?? {}) as CustomerUpdateBody), false) ??
          (current
            ? customerIdentityError({
                ...customerIdentityRow(current),
                ...customerIdentityInput(changes),
              })
            : null);
        return problem ? new Refusal(400, problem) : null;
      }
      case 'quote.update':
        return (await db.quotes.get(id))?.status === 'Draft'
          ? null
          : new Refusal(409, QUOTE_MESSAGES.notDraft);
      case 'quote.send': {
        const quote = await db.quotes.get(id);
        if (quote?.status !== 'Draft' && quote?.status !== 'Sent')
          return new Refusal(409, QUOTE_MESSAGES.cannotSend);
        return quote.contactId && (await db.contacts.get(quote.contactId))
          ? null
          : new Refusal(400, QUOTE_MESSAGES.selectContact);
      }
      case 'quote.convert': {
        const order = await db.orders.filter((o) => o.quoteId === id).first();
        return order
          ? new Refusal(409, QUOTE_MESSAGES.alreadyConverted(order.orderNumber ?? ''))
          : null;
      }
      case 'order.createInvoice': {
        const invoice = await db.invoices.filter((i) => i.orderId === id).first();
        return invoice
          ? new Refusal(409, ORDER_MESSAGES.alreadyInvoiced(invoice.invoiceNumber ?? ''))
          : null;
      }
      case 'invoice.setStatus': {
        const invoice = await db.invoices.get(id);
        if (!invoice || invoice.status === args.status) return null;
        if (invoice.status === 'Cancelled' && invoice.issuedAt)
          return new Refusal(409, INVOICE_MESSAGES.creditedInFull);
        if (args.status === 'Cancelled')
          return invoice.issuedAt ? new Refusal(409, INVOICE_MESSAGES.issued) : null;
        const byMoney = statusFromMoney(
          payableTotal(invoice.total, invoice.creditedAmount ?? 0),
          invoice.amountPaid ?? 0,
        );
        return args.status !== 'Paid' &&
          args.status !== byMoney &&
          compareMoney(invoice.amountPaid ?? 0, 0) > 0
          ? new Refusal(409, PAYMENT_MESSAGES.hasPayments)
          : null;
      }
      case 'invoice.setTerms': {
        const invoice = await db.invoices.get(id);
        if (!invoice) return null;
        if (invoice.issuedAt) return new Refusal(409, INVOICE_MESSAGES.issued);
        if (compareMoney(invoice.amountPaid ?? 0, 0) > 0)
          return new Refusal(409, PAYMENT_MESSAGES.dueDateLocked);
        const terms = args.paymentTerms;
        if (terms !== undefined && !isPaymentTerms(terms))
          return new Refusal(400, PAYMENT_MESSAGES.invalidTerms);
        const issueDate = invoice.issueDate ?? today();
        const dueDate =
          args.dueDate ?? (isPaymentTerms(terms) ? dueDateFor(issueDate, terms) : invoice.dueDate);
        if (!isIsoDate(dueDate)) return new Refusal(400, PAYMENT_MESSAGES.invalidDate);
        return dueDate < issueDate ? new Refusal(400, PAYMENT_MESSAGES.dueBeforeIssue) : null;
      }
      case 'invoice.issue': {
        const invoice = await db.invoices.get(id);
        return invoice && !invoice.issuedAt && invoice.status === 'Cancelled'
          ? new Refusal(409, INVOICE_MESSAGES.cancelledDraft)
          : null;
      }
      case 'payment.create': {
        const problem = paymentAmountError(args.amount);
        if (problem) return new Refusal(400, problem);
        if (!isIsoDate(args.paidOn)) return new Refusal(400, PAYMENT_MESSAGES.invalidDate);
        const invoice = await db.invoices.get(String(args.invoiceId));
        if (!invoice) return new Refusal(404, INVOICE_MESSAGES.notFound);
        if (invoice.status === 'Cancelled') return new Refusal(409, PAYMENT_MESSAGES.cancelled);
        const balance = amountDue(
          invoice.total,
          invoice.amountPaid ?? 0,
          invoice.creditedAmount ?? 0,
        );
        return compareMoney(Number(args.amount), balance) > 0
          ? new Refusal(409, PAYMENT_MESSAGES.overpaid(formatMoney(balance, invoice.currencyCode)))
          : null;
      }
      case 'creditNote.create': {
        const reader = { db, get: (e: SyncEntity, key: string) => db.entityTable(e).get(key) };
        const plan = await planCreditNote(
          reader as Parameters<typeof planCreditNote>[0],
          args as unknown as CreditNoteCreateArgs,
        );
        return plan.refusal ? new Refusal(plan.refusal.statusCode, plan.refusal.message) : null;
      }
      case 'payment.delete': {
        if (!(await db.invoices.get(String(args.invoiceId))))
          return new Refusal(404, INVOICE_MESSAGES.notFound);
        return (await db.payments.get(id))?.invoiceId === args.invoiceId
          ? null
          : new Refusal(404, PAYMENT_MESSAGES.notFound);
      }
      case 'customer.delete':
        return (await db.invoices.filter((i) => i.customerId === id).count()) > 0
          ? new Refusal(409, CUSTOMER_MESSAGES.hasInvoices)
          : null;
      case 'currency.delete': {
        const currency = await db.currencies.get(id);
        if (currency?.isDefault) return new Refusal(409, CURRENCY_MESSAGES.deleteDefault);
        const code = currency?.code;
        for (const table of [db.products, db.quotes, db.orders, db.invoices] as const)
          if ((await table.filter((r) => r.currencyCode === code).count()) > 0)
            return new Refusal(409, CURRENCY_MESSAGES.inUse);
        return null;
      }
      default:
        return null;
    }
  }

  private async recordConflicts(
    w: LocalWriter,
    entity: SyncEntity,
    args: UpdateArgs,
    userId: string,
    clientGroupId: string,
  ): Promise<void> {
    const current = (await w.get(entity, args.id)) as Record<string, unknown> | undefined;
    if (!current) return;
    for (const [field, value] of Object.entries(args.changes)) {
      if (!(field in current)) continue;
      const key = `${entity}/${args.id}/${field}`;
      const lastWrite = this.fieldWrites.get(key);
      this.fieldWrites.set(key, { clientGroupId, value: comparable(field, value) });
      if (!(field in args.base)) continue;
      const now = comparable(field, current[field]);
      if (now === comparable(field, args.base[field]) || now === comparable(field, value)) continue;
      const loser = lastWrite?.value === now ? lastWrite.clientGroupId : null;
      // A device overwriting its own earlier write loses nothing it did not know (as merge.ts).
      if (loser === clientGroupId) continue;
      await w.put('conflicts', {
        id: newId(),
        entity,
        entityId: args.id,
        field,
        overwrittenValue: current[field],
        winningValue: value,
        overwrittenByUser: userId,
        overwrittenByUserEmail: `${userId}@fake.test`,
        overwrittenClientGroup: loser,
        overwrittenDeviceName: loser ? (this.deviceNames.get(loser) ?? null) : null,
        overwrittenByClientGroup: clientGroupId,
        overwrittenByDeviceName: this.deviceNames.get(clientGroupId) ?? null,
        resolved: false,
        createdAt: w.now,
        version: null,
        updatedAt: w.now,
      });
    }
  }

  /** The server's rows of an entity, without sync bookkeeping, sorted by id (for comparisons). */
  async rows(entity: SyncEntity): Promise<Record<string, unknown>[]> {
    return (await this.db.entityTable(entity).toArray()).sort((a, b) => a.id.localeCompare(b.id));
  }
}

/** As the server's merge: lines compare by product and quantity, in order; '' is no value. */
function comparable(field: string, value: unknown): string {
  if (field === 'items' && Array.isArray(value))
    return JSON.stringify(
      value.map((i: { productId?: unknown; quantity?: unknown }) => [
        i.productId ?? null,
        i.quantity ?? null,
      ]),
    );
  if (value === undefined || value === '') return 'null';
  return JSON.stringify(value);
}

function json(status: number, body: unknown): SyncResponseLike {
  const text = JSON.stringify(body);
  return { status, json: async () => JSON.parse(text) as unknown };
}
