/**
 * Recurring invoices: the generation on a clock the test moves (no sleeping), in the company's
 * time zone, once per period also with two runners at once (on PostgreSQL: two connection pools
 * on one database, as two servers; on the embedded database: the one connection both queue on).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Invoice, RecurringProfile, RecurringProfileCreateBody } from '@smb/shared-types';
import { clock } from '../src/clock';
import { connectDatabase, type Database } from '../src/db/database';
import type { TenantRow } from '../src/db/app-tables';
import { recurringInvoices, runRecurringInvoices } from '../src/jobs/recurring-invoices';
import { runOnce } from '../src/jobs/scheduler';
import type { MailMessage } from '../src/mail/mailer';
import { client, expectStatus, type Client } from './api-helpers';
import { makeProduct, makeRecipient, tenantDb } from './factories';
import { createTestApp, login, registerTenant, type TestApp } from './helpers';
import { listInvoices } from '../src/modules/invoices/invoices.service';

let t: TestApp;
let second: Database;
let sent: MailMessage[] = [];
/** The next this many sends fail (the mail server refuses them). */
let failures = 0;
const mailer = {
  async send(message: MailMessage) {
    if (failures > 0) {
      failures -= 1;
      throw new Error('451 Try again later');
    }
    sent.push(message);
  },
};
const deps = { mailer, log: { warn() {} } };

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
  failures = 0;
});
afterEach(() => clock.reset());

/** Moves the server's clock to `iso` (UTC). */
function at(iso: string): void {
  clock.reset();
  clock.advance(new Date(iso).getTime() - Date.now());
}

interface Shop {
  api: Client;
  email: string;
  tenantId: string;
  customerId: string;
  contactId: string;
  contactEmail: string;
  productId: string;
}

async function shop(name: string, timeZone = 'UTC'): Promise<Shop> {
  const { token, tenantId, email } = await registerTenant(t, name);
  await sql`UPDATE app.tenants SET time_zone = ${timeZone} WHERE id = ${tenantId}`.execute(
    t.ctx.database.db,
  );
  const recipient = await makeRecipient(t, tenantId, { customer: { name: `${name} client` } });
  const product = await makeProduct(t, tenantId, { price: '100.00' });
  return {
    api: client(t, token),
    email,
    tenantId,
    customerId: recipient.customer.id,
    contactId: recipient.contact.id,
    contactEmail: recipient.contact.email,
    productId: product.id,
  };
}

async function profile(
  s: Shop,
  over: Partial<RecurringProfileCreateBody> = {},
): Promise<RecurringProfile> {
  return expectStatus<RecurringProfile>(
    await s.api.post('/api/recurring-profiles', {
      customerId: s.customerId,
      contactId: s.contactId,
      items: [{ productId: s.productId, quantity: 1, description: 'Retainer {MONTH} {YEAR}' }],
      startDate: '2027-01-31',
      frequency: { unit: 'month', every: 1 },
      ...over,
    }),
    201,
  );
}

async function tenantRow(s: Shop): Promise<TenantRow> {
  return t.ctx.database.db
    .withSchema('app')
    .selectFrom('tenants')
    .selectAll()
    .where('id', '=', s.tenantId)
    .executeTakeFirstOrThrow();
}

/** Signs in again at the moved clock's now. */
async function signIn(s: Shop): Promise<void> {
  s.api = client(t, await login(t, s.email));
}

/** One generation run at the clock's now. */
async function generate(s: Shop, db = t.ctx.database.db): Promise<number> {
  return runRecurringInvoices(db, [await tenantRow(s)], deps);
}

/** Read from the database: a session token expires 2 h after the moved clock's now. */
async function invoicesOf(s: Shop, profileId: string): Promise<Invoice[]> {
  const { items } = await listInvoices({ db: await tenantDb(t, s.tenantId) }, { limit: 500 });
  return items
    .filter((i) => i.recurringProfileId === profileId)
    .sort((a, b) => a.invoiceNumber.localeCompare(b.invoiceNumber));
}

describe('recurring profiles', () => {
  it('saves a profile, previews its dates, and hides it from another company', async () => {
    const s = await shop('Preview Ltd');
    const p = await profile(s, { anchorDay: 'last' });
    expect(p).toMatchObject({ status: 'active', nextDate: '2027-01-31', total: 100 });
    const { dates } = expectStatus<{ dates: string[] }>(
      await s.api.get(`/api/recurring-profiles/${p.id}/preview`),
      200,
    );
    expect(dates).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
    const other = await shop('Other Ltd');
    expect((await other.api.get(`/api/recurring-profiles/${p.id}`)).statusCode).toBe(404);
    expect((await other.api.post(`/api/recurring-profiles/${p.id}/pause`, {})).statusCode).toBe(
      404,
    );
    const bad = await s.api.post('/api/recurring-profiles', {
      customerId: s.customerId,
      contactId: s.contactId,
      items: [{ productId: s.productId, quantity: 1 }],
      startDate: '2027-01-31',
      frequency: { unit: 'week', every: 1 },
      anchorDay: 15,
    });
    expect(expectStatus<{ message: string }>(bad, 400).message).toContain('weekly schedule');
  });

  it('invoices monthly on the 31st across February and April, once per period', async () => {
    const s = await shop('Monthly Ltd');
    const p = await profile(s);
    for (const [day, count] of [
      ['2027-01-30', 0],
      ['2027-01-31', 1],
      ['2027-02-27', 1],
      ['2027-02-28', 2],
      ['2027-02-28', 2],
      ['2027-03-31', 3],
      ['2027-04-30', 4],
    ] as const) {
      at(`${day}T12:00:00Z`);
      await generate(s);
      expect(await invoicesOf(s, p.id), day).toHaveLength(count);
    }
    const invoices = await invoicesOf(s, p.id);
    expect(invoices.map((i) => i.issueDate)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
    expect(invoices.map((i) => i.periodIndex)).toEqual([0, 1, 2, 3]);
    expect(invoices[1]!.items[0]!.description).toBe('Retainer February 2027');
    expect(invoices[0]).toMatchObject({ orderId: null, order: null, issuedAt: null, total: 100 });
  });

  it("falls due on the company's day across a daylight-saving change", async () => {
    // Berlin moves to summer time on 28 March 2027: midnight is 23:00 UTC before, 22:00 after.
    const s = await shop('Berlin GmbH', 'Europe/Berlin');
    const p = await profile(s, { startDate: '2027-03-22', frequency: { unit: 'week', every: 1 } });
    at('2027-03-21T22:30:00Z'); // 23:30 on the 21st in Berlin
    await generate(s);
    expect(await invoicesOf(s, p.id)).toHaveLength(0);
    at('2027-03-21T23:30:00Z'); // 00:30 on the 22nd
    await generate(s);
    expect((await invoicesOf(s, p.id)).map((i) => i.issueDate)).toEqual(['2027-03-22']);
    at('2027-03-28T21:30:00Z'); // 23:30 on the 28th, summer time
    await generate(s);
    expect(await invoicesOf(s, p.id)).toHaveLength(1);
    at('2027-03-28T22:30:00Z'); // 00:30 on the 29th
    await generate(s);
    expect((await invoicesOf(s, p.id)).map((i) => i.issueDate)).toEqual([
      '2027-03-22',
      '2027-03-29',
    ]);
  });

  it('catches up after the server was down: one invoice per missed month, in order', async () => {
    const s = await shop('Outage Ltd');
    const p = await profile(s, { startDate: '2027-01-01' });
    at('2027-01-01T08:00:00Z');
    await generate(s);
    at('2027-02-10T08:00:00Z'); // down 40 days
    expect(await generate(s)).toBe(1);
    at('2027-05-20T08:00:00Z'); // and again, for three months
    expect(await generate(s)).toBe(3);
    expect(await generate(s)).toBe(0);
    const invoices = await invoicesOf(s, p.id);
    expect(invoices.map((i) => i.periodIndex)).toEqual([0, 1, 2, 3, 4]);
    expect(invoices.map((i) => i.items[0]!.description)).toEqual([
      'Retainer January 2027',
      'Retainer February 2027',
      'Retainer March 2027',
      'Retainer April 2027',
      'Retainer May 2027',
    ]);
    // Numbered in the order of their periods.
    const numbers = invoices.map((i) => i.invoiceNumber);
    expect([...numbers].sort()).toEqual(numbers);
    expect(new Set(numbers).size).toBe(5);
  });

  it('two runners on the same tick make each invoice once', async () => {
    const s = await shop('Race Ltd');
    const p = await profile(s, { startDate: '2027-01-01' });
    at('2027-04-02T08:00:00Z');
    const made = await Promise.all([generate(s), generate(s, second.db)]);
    expect(made[0] + made[1]).toBe(4);
    expect((await invoicesOf(s, p.id)).map((i) => i.periodIndex)).toEqual([0, 1, 2, 3]);
    // Through the scheduler: one of two servers runs the job.
    at('2027-05-02T08:00:00Z');
    const job = recurringInvoices(deps);
    await sql`DELETE FROM app.job_runs WHERE name = ${job.name}`.execute(t.ctx.database.db);
    const ran = await Promise.all([runOnce(t.ctx.database.db, job), runOnce(second.db, job)]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect((await invoicesOf(s, p.id)).map((i) => i.periodIndex)).toEqual([0, 1, 2, 3, 4]);
  });

  it('skips the next period, pauses, resumes and invoices now without moving the schedule', async () => {
    const s = await shop('Controls Ltd');
    const p = await profile(s, { startDate: '2027-01-10' });
    const url = `/api/recurring-profiles/${p.id}`;
    at('2027-01-05T08:00:00Z');
    await signIn(s);
    expect(
      expectStatus<RecurringProfile>(await s.api.post(`${url}/skip-next`, {}), 200),
    ).toMatchObject({ skipNext: true });
    at('2027-01-10T08:00:00Z');
    expect(await generate(s)).toBe(0);
    at('2027-02-10T08:00:00Z');
    expect(await generate(s)).toBe(1);
    await signIn(s);
    expect(expectStatus<RecurringProfile>(await s.api.post(`${url}/pause`, {}), 200).status).toBe(
      'paused',
    );
    at('2027-04-12T08:00:00Z');
    expect(await generate(s)).toBe(0);
    await signIn(s);
    const resumed = expectStatus<RecurringProfile>(await s.api.post(`${url}/resume`, {}), 200);
    // March and April passed while paused: not invoiced; the next is May's.
    expect(resumed).toMatchObject({ status: 'active', nextDate: '2027-05-10' });
    expect(await generate(s)).toBe(0);

    // One-off lines go on the next invoice only: here, the one made now.
    await s.api.put(url, { extraItems: [{ description: 'Setup', unitPrice: 50, quantity: 1 }] });
    const now = expectStatus<Invoice>(await s.api.post(`${url}/invoice-now`, {}), 200);
    expect(now).toMatchObject({
      periodIndex: null,
      issueDate: '2027-04-12',
      recurringProfileId: p.id,
    });
    expect(now.items.map((i) => i.description)).toEqual(['Retainer April 2027', 'Setup']);
    const after = expectStatus<RecurringProfile>(await s.api.get(url), 200);
    expect(after).toMatchObject({ nextDate: '2027-05-10', extraItems: [] });
    at('2027-05-10T08:00:00Z');
    expect(await generate(s)).toBe(1);
    const invoices = await invoicesOf(s, p.id);
    expect(invoices.map((i) => i.periodIndex)).toEqual([1, null, 4]);
    expect(invoices[2]!.items).toHaveLength(1);
  });

  it('ends after N invoices, and issues and mails each with its PDF', async () => {
    const s = await shop('Ending Ltd');
    const p = await profile(s, {
      startDate: '2027-01-01',
      end: { kind: 'after', count: 2 },
      mode: 'issue-and-mail',
    });
    at('2027-06-01T08:00:00Z');
    expect(await generate(s)).toBe(2);
    const invoices = await invoicesOf(s, p.id);
    expect(invoices.every((i) => i.issuedAt !== null && i.emailedTo === s.contactEmail)).toBe(true);
    expect(sent.map((m) => m.to)).toEqual([s.contactEmail, s.contactEmail]);
    expect(sent[0]!.attachments?.[0]?.filename).toMatch(/\.pdf$/);
    await signIn(s);
    const ended = expectStatus<RecurringProfile>(
      await s.api.get(`/api/recurring-profiles/${p.id}`),
      200,
    );
    expect(ended.nextDate).toBeNull();
    at('2028-01-01T08:00:00Z');
    expect(await generate(s)).toBe(0);
  });

  it('tries a failed mail again on later ticks, waiting longer each time, and never mails it twice', async () => {
    const s = await shop('Flaky Mail Ltd');
    const p = await profile(s, {
      startDate: '2027-03-01',
      end: { kind: 'after', count: 1 },
      mode: 'issue-and-mail',
    });
    const mailState = async () =>
      (await tenantDb(t, s.tenantId))
        .selectFrom('recurring_runs')
        .select(['mail_state', 'mail_attempts', 'mail_error'])
        .where('recurring_profile_id', '=', p.id)
        .executeTakeFirstOrThrow();
    failures = 2;
    at('2027-03-01T08:00:00Z');
    expect(await generate(s)).toBe(1);
    const [invoice] = await invoicesOf(s, p.id);
    expect(invoice).toMatchObject({ emailedTo: s.contactEmail });
    expect(invoice!.issuedAt).not.toBeNull();
    expect(sent).toEqual([]);
    expect(await mailState()).toEqual({
      mail_state: 'failed',
      mail_attempts: 1,
      mail_error: '451 Try again later',
    });
    // Not before its time: 15 minutes after the first failure, then 30 after the second.
    at('2027-03-01T08:10:00Z');
    await generate(s);
    expect(failures).toBe(1);
    at('2027-03-01T08:16:00Z');
    await generate(s);
    expect(failures).toBe(0);
    expect((await mailState()).mail_attempts).toBe(2);
    at('2027-03-01T08:31:00Z');
    await generate(s);
    expect(sent).toEqual([]);
    at('2027-03-01T08:47:00Z');
    // Two runners at once: one of them claims the mail.
    await Promise.all([generate(s), generate(s, second.db)]);
    expect(sent.map((m) => m.to)).toEqual([s.contactEmail]);
    expect(sent[0]!.subject).toContain(invoice!.invoiceNumber);
    expect(sent[0]!.attachments?.[0]?.filename).toMatch(/\.pdf$/);
    expect(await mailState()).toEqual({ mail_state: 'sent', mail_attempts: 3, mail_error: null });
    // Sent: later ticks send nothing more.
    at('2027-03-02T08:00:00Z');
    await Promise.all([generate(s), generate(s, second.db)]);
    expect(sent).toHaveLength(1);
  });

  it('gives a mail up after five failed attempts; the invoice stays issued', async () => {
    const s = await shop('Dead Mail Ltd');
    const p = await profile(s, {
      startDate: '2027-03-01',
      end: { kind: 'after', count: 1 },
      mode: 'issue-and-mail',
    });
    failures = 100;
    for (let hour = 0; hour < 48; hour += 1) {
      at(new Date(Date.UTC(2027, 2, 1, 8 + hour)).toISOString());
      await generate(s);
    }
    expect(failures).toBe(95);
    expect(sent).toEqual([]);
    const [invoice] = await invoicesOf(s, p.id);
    expect(invoice!.issuedAt).not.toBeNull();
    const run = await (
      await tenantDb(t, s.tenantId)
    )
      .selectFrom('recurring_runs')
      .select(['mail_state', 'mail_attempts', 'mail_retry_at'])
      .where('recurring_profile_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(run).toEqual({ mail_state: 'failed', mail_attempts: 5, mail_retry_at: null });
  });
});
