/**
 * Payment reminders: the job runs on the scheduler with a clock the test moves
 * (no sleeping). Reminders go out on the policy's days, never twice, not for paid, cancelled or
 * stopped invoices, and once when two runners run at once (on PostgreSQL: two connection pools on
 * one database, as two servers; on the embedded database: the one connection both queue on).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  addDays,
  formatMoney,
  type BillingSettings,
  type Invoice,
  type Order,
} from '@smb/shared-types';
import { connectDatabase, type Database } from '../src/db/database';
import { invoiceReminders } from '../src/jobs/invoice-reminders';
import { runOnce, type Job } from '../src/jobs/scheduler';
import type { MailMessage } from '../src/mail/mailer';
import { inviteAndAccept } from './api-helpers';
import { makeProduct, makeRecipient } from './factories';
import { bearer, createTestApp, registerTenant, type TestApp } from './helpers';

let t: TestApp;
/** A second server's connections on PostgreSQL; the same database on the embedded one. */
let second: Database;
let sent: MailMessage[] = [];
let failNext = 0;
/** Called as each mail goes out (before it counts as sent). */
let duringSend: ((message: MailMessage) => Promise<void>) | undefined;
const mailer = {
  async send(message: MailMessage) {
    await duringSend?.(message);
    if (failNext > 0) {
      failNext -= 1;
      throw new Error('SMTP down');
    }
    sent.push(message);
  },
  close() {},
};
const quiet = { info() {}, warn() {} };
let clock = new Date();
const job: Job = invoiceReminders({ mailer, log: quiet, now: () => clock });

beforeAll(async () => {
  t = await createTestApp();
  second =
    t.ctx.database.kind === 'postgres'
      ? connectDatabase(t.ctx.database.pool.options.connectionString!, 4)
      : t.ctx.database;
});
afterAll(async () => {
  if (second && second !== t?.ctx.database) await second.close();
  await t?.close();
});
beforeEach(() => {
  sent = [];
  failNext = 0;
  duringSend = undefined;
});

interface Shop {
  token: string;
  tenantId: string;
  contactEmail: string;
  productId: string;
  customerId: string;
  contactId: string;
}

async function shop(name: string): Promise<Shop> {
  const { token, tenantId } = await registerTenant(t, name);
  const recipient = await makeRecipient(t, tenantId, { customer: { name: `${name} client` } });
  const product = await makeProduct(t, tenantId, { price: '50.00' });
  return {
    token,
    tenantId,
    contactEmail: recipient.contact.email,
    productId: product.id,
    customerId: recipient.customer.id,
    contactId: recipient.contact.id,
  };
}

const call = (
  s: { token: string },
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: bearer(s.token), ...(payload ? { payload } : {}) });

const vat10 = new Map<string, string>();

/**
 * An invoice of 2 × 50.00 + 10 % = 110.00, due on its issue date (today), issued or a draft. An
 * order takes its lines' rates, so the line names a 10 % rate.
 */
async function invoice(s: Shop, issue = true): Promise<Invoice> {
  if (!vat10.has(s.token))
    vat10.set(
      s.token,
      (
        (
          await call(s, 'POST', '/api/tax-rates', { name: 'VAT 10 %', rate: 10, category: 'S' })
        ).json() as { id: string }
      ).id,
    );
  const order = (
    await call(s, 'POST', '/api/orders', {
      customerId: s.customerId,
      contactId: s.contactId,
      items: [{ productId: s.productId, quantity: 2, taxRateId: vat10.get(s.token) }],
    })
  ).json() as Order;
  const made = (await call(s, 'POST', `/api/orders/${order.id}/create-invoice`)).json() as Invoice;
  const res = await call(s, 'PUT', `/api/invoices/${made.id}/terms`, { dueDate: made.issueDate });
  expect(res.statusCode, res.body).toBe(200);
  if (!issue) return res.json();
  const issued = await call(s, 'POST', `/api/invoices/${made.id}/issue`);
  expect(issued.statusCode, issued.body).toBe(200);
  return issued.json();
}

const get = async (s: Shop, id: string) =>
  (await call(s, 'GET', `/api/invoices/${id}`)).json() as Invoice;

/** The job's scheduled run with the clock on `day` (the hourly period forgotten: a new run). */
async function runOn(day: string, db: Database = t.ctx.database): Promise<boolean> {
  clock = new Date(`${day}T09:00:00Z`);
  await sql`DELETE FROM app.job_runs WHERE name = ${job.name}`.execute(db.db);
  return runOnce(db.db, job);
}

const to = (email: string) => sent.filter((m) => m.to === email);

describe('payment reminders', () => {
  it('go out 3 days after the due date, then every 7 days, at most 3, never twice a day', async () => {
    const s = await shop('Reminders Ltd');
    const inv = await invoice(s);
    const due = inv.dueDate;
    const expected: Record<number, number> = {
      2: 0,
      3: 1,
      9: 1,
      10: 2,
      16: 2,
      17: 3,
      24: 3,
      60: 3,
    };
    for (const [offset, count] of Object.entries(expected)) {
      expect(await runOn(addDays(due, Number(offset)))).toBe(true);
      // Again the same day (another run): nothing more.
      await runOn(addDays(due, Number(offset)));
      expect(to(s.contactEmail), `day +${offset}`).toHaveLength(count);
    }
    const mails = to(s.contactEmail);
    expect(mails.map((m) => m.subject)).toEqual(
      [1, 2, 3].map(
        (n) => `Reminder ${n}: invoice ${inv.invoiceNumber} from Reminders Ltd is overdue`,
      ),
    );
    expect(mails[0]!.text).toContain(`Amount due: ${formatMoney('110.00', inv.currencyCode)}`);
    expect(mails[0]!.text).toContain('3 days overdue');
    const pdf = mails[0]!.attachments?.[0];
    expect(pdf?.contentType).toBe('application/pdf');
    expect(pdf?.filename).toContain(inv.invoiceNumber);
    expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-');
    // Logged on the invoice, as devices pull it.
    const after = await get(s, inv.id);
    expect(after.reminders.map((r) => [r.number, r.sentAt.slice(0, 10), r.sentTo])).toEqual([
      [1, addDays(due, 3), s.contactEmail],
      [2, addDays(due, 10), s.contactEmail],
      [3, addDays(due, 17), s.contactEmail],
    ]);
    expect(BigInt(after.version)).toBeGreaterThan(BigInt(inv.version));
  });

  it("are in the customer's language, from the company's name, Reply-To the company", async () => {
    const s = await shop('Relances SARL');
    expect(
      (await call(s, 'PUT', `/api/customers/${s.customerId}`, { documentLanguage: 'fr' }))
        .statusCode,
    ).toBe(200);
    const company = { email: 'compta@relances.test' };
    expect((await call(s, 'PUT', '/api/tenants/current/company', company)).statusCode).toBe(200);
    const inv = await invoice(s);
    await runOn(addDays(inv.dueDate, 3));
    const [mail] = to(s.contactEmail);
    expect(mail?.subject).toBe(
      `Relance 1 : la facture ${inv.invoiceNumber} de Relances SARL est échue`,
    );
    expect(mail?.text).toContain('3 jours de retard');
    expect(mail?.text).toContain('Montant dû : 110,00\u00a0$');
    expect(mail).toMatchObject({ fromName: 'Relances SARL', replyTo: 'compta@relances.test' });
  });

  it('not for drafts, paid, cancelled or stopped invoices; a partly paid one is reminded of its balance', async () => {
    const s = await shop('Mixed Ltd');
    // A draft never went out; only a draft is cancelled by hand.
    const [paid, cancelled, stopped, partial, draft] = [
      await invoice(s),
      await invoice(s, false),
      await invoice(s),
      await invoice(s),
      await invoice(s, false),
    ];
    expect((await call(s, 'PUT', `/api/invoices/${paid!.id}`, { status: 'Paid' })).statusCode).toBe(
      200,
    );
    expect(
      (await call(s, 'PUT', `/api/invoices/${cancelled!.id}`, { status: 'Cancelled' })).statusCode,
    ).toBe(200);
    const stop = await call(s, 'PUT', `/api/invoices/${stopped!.id}/reminders`, { stopped: true });
    expect(stop.statusCode, stop.body).toBe(200);
    expect((stop.json() as Invoice).remindersStopped).toBe(true);
    const payment = await call(s, 'POST', `/api/invoices/${partial!.id}/payments`, {
      amount: 40.5,
      method: 'cash',
    });
    expect(payment.statusCode, payment.body).toBe(201);

    await runOn(addDays(partial!.dueDate, 3));
    const mails = to(s.contactEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(partial!.invoiceNumber);
    expect(mails[0]!.text).toContain(`Amount due: ${formatMoney('69.50', partial!.currencyCode)}`);
    for (const quiet of [paid, cancelled, stopped, draft])
      expect((await get(s, quiet!.id)).reminders).toEqual([]);

    // Resumed, the stopped one is reminded on the next run.
    await call(s, 'PUT', `/api/invoices/${stopped!.id}/reminders`, { stopped: false });
    await runOn(addDays(partial!.dueDate, 4));
    expect(to(s.contactEmail).map((m) => m.subject)).toEqual([
      mails[0]!.subject,
      expect.stringContaining(stopped!.invoiceNumber),
    ]);
  });

  it('follow the tenant policy, which only an administrator changes', async () => {
    const s = await shop('Policy Ltd');
    const defaults = (await call(s, 'GET', '/api/billing/settings')).json() as BillingSettings;
    expect(defaults).toEqual({
      defaultPaymentTerms: 'net_30',
      remindersEnabled: true,
      reminderFirstDays: 3,
      reminderEveryDays: 7,
      reminderMax: 3,
    });
    const member = await inviteAndAccept(t, s.token);
    const refused = await call(member, 'PUT', '/api/billing/settings', { remindersEnabled: false });
    expect(refused.statusCode).toBe(403);
    const bad = await call(s, 'PUT', '/api/billing/settings', { reminderEveryDays: 0 });
    expect(bad.statusCode).toBe(400);

    const inv = await invoice(s);
    const off = await call(s, 'PUT', '/api/billing/settings', { remindersEnabled: false });
    expect(off.json()).toMatchObject({ remindersEnabled: false, defaultPaymentTerms: 'net_30' });
    await runOn(addDays(inv.dueDate, 30));
    expect(to(s.contactEmail)).toHaveLength(0);

    const on = await call(s, 'PUT', '/api/billing/settings', {
      remindersEnabled: true,
      reminderFirstDays: 1,
      reminderEveryDays: 2,
      reminderMax: 2,
    });
    expect(on.statusCode, on.body).toBe(200);
    await runOn(addDays(inv.dueDate, 31));
    await runOn(addDays(inv.dueDate, 32));
    await runOn(addDays(inv.dueDate, 33));
    await runOn(addDays(inv.dueDate, 40));
    expect((await get(s, inv.id)).reminders.map((r) => r.sentAt.slice(0, 10))).toEqual([
      addDays(inv.dueDate, 31),
      addDays(inv.dueDate, 33),
    ]);
  });

  it('a reminder whose mail fails is not logged, and the next run sends it', async () => {
    const s = await shop('Flaky Mail Ltd');
    const inv = await invoice(s);
    failNext = 1;
    await runOn(addDays(inv.dueDate, 3));
    expect((await get(s, inv.id)).reminders).toEqual([]);
    await runOn(addDays(inv.dueDate, 3));
    expect(to(s.contactEmail)).toHaveLength(1);
    expect((await get(s, inv.id)).reminders.map((r) => r.number)).toEqual([1]);
  });

  it('are mailed, PDF rendered, only once the claim is committed and the job lock released', async () => {
    const s = await shop('Committed Ltd');
    const inv = await invoice(s);
    const seen: Array<{ numbers: number[]; jobFree: boolean }> = [];
    duringSend = async (message) => {
      expect(message.attachments?.[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');
      // Read on another connection (on the embedded database: the one connection, which an
      // open job transaction would still hold — the read would wait for it and time out).
      const read = (async () => {
        const lock = await sql<{ free: boolean }>`
          SELECT pg_try_advisory_lock(727002, hashtext(${job.name})) AS free`.execute(second.db);
        const free = lock.rows[0]!.free;
        if (free)
          await sql`SELECT pg_advisory_unlock(727002, hashtext(${job.name}))`.execute(second.db);
        return { numbers: (await get(s, inv.id)).reminders.map((r) => r.number), jobFree: free };
      })();
      const late = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the mail went out inside the job transaction')), 5_000),
      );
      seen.push(await Promise.race([read, late]));
    };
    await runOn(addDays(inv.dueDate, 3));
    expect(to(s.contactEmail)).toHaveLength(1);
    expect(seen).toEqual([{ numbers: [1], jobFree: true }]);
  });

  it('two runners at once send each reminder once', async () => {
    const s = await shop('Twice Ltd');
    const inv = await invoice(s);
    clock = new Date(`${addDays(inv.dueDate, 3)}T09:00:00Z`);
    await sql`DELETE FROM app.job_runs WHERE name = ${job.name}`.execute(t.ctx.database.db);
    // Both servers' schedulers tick together: the job's lock lets one of them run it.
    const ran = await Promise.all([runOnce(t.ctx.database.db, job), runOnce(second.db, job)]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(to(s.contactEmail)).toHaveLength(1);

    // Even two runs that both get past the scheduler (the job's own transactions, no lock):
    // the claim on the invoice lets one of them send reminder 2.
    clock = new Date(`${addDays(inv.dueDate, 10)}T09:00:00Z`);
    const runners = [t.ctx.database, second];
    const afters = await Promise.all(
      runners.map((d) => d.db.transaction().execute((trx) => job.run(trx))),
    );
    // Each run's mail goes once its own transaction has committed.
    await Promise.all(afters.map((after, i) => after?.(runners[i]!.db)));
    expect(to(s.contactEmail).map((m) => m.subject.slice(0, 10))).toEqual([
      'Reminder 1',
      'Reminder 2',
    ]);
    expect((await get(s, inv.id)).reminders.map((r) => r.number)).toEqual([1, 2]);
  });

  it("a company whose reminders cannot be claimed holds back no other company's", async () => {
    const broken = await shop('Broken Books Ltd');
    const fine = await shop('Fine Books Ltd');
    const brokenInvoice = await invoice(broken);
    const fineInvoice = await invoice(fine);
    const { schema_name } = await t.ctx.database.db
      .withSchema('app')
      .selectFrom('tenants')
      .select('schema_name')
      .where('id', '=', broken.tenantId)
      .executeTakeFirstOrThrow();
    const warnings: string[] = [];
    const watched = invoiceReminders({
      mailer,
      log: { warn: (_obj, msg) => warnings.push(msg) },
      now: () => clock,
    });
    const rename = (from: string, to: string) =>
      sql`ALTER TABLE ${sql.id(schema_name, from)} RENAME TO ${sql.id(to)}`.execute(
        t.ctx.database.db,
      );
    await rename('invoices', 'invoices_away');
    try {
      clock = new Date(`${addDays(fineInvoice.dueDate, 3)}T09:00:00Z`);
      await sql`DELETE FROM app.job_runs WHERE name = ${watched.name}`.execute(t.ctx.database.db);
      expect(await runOnce(t.ctx.database.db, watched)).toBe(true);
    } finally {
      await rename('invoices_away', 'invoices');
    }
    expect(to(fine.contactEmail)).toHaveLength(1);
    expect(to(broken.contactEmail)).toHaveLength(0);
    expect(warnings).toContain('payment reminders not claimed; the next run retries');

    // Mended, the next run sends the one held back.
    await runOn(addDays(brokenInvoice.dueDate, 3));
    expect(to(broken.contactEmail)).toHaveLength(1);
    expect(to(fine.contactEmail)).toHaveLength(1);
  });

  it("stopping reminders: another tenant's invoice is 404, a non-boolean 400", async () => {
    const s = await shop('Owner Ltd');
    const other = await shop('Other Ltd');
    const inv = await invoice(s);
    const res = await call(other, 'PUT', `/api/invoices/${inv.id}/reminders`, { stopped: true });
    expect(res.statusCode).toBe(404);
    const bad = await call(s, 'PUT', `/api/invoices/${inv.id}/reminders`, { stopped: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect((await get(s, inv.id)).remindersStopped).toBe(false);
  });
});
