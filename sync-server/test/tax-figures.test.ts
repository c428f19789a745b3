/**
 * Issue 33 item 9: where a document's figures reach the customer outside the PDF — the public
 * quote page and the payment reminder — they are the stored EN 16931 totals (per-rate breakdown,
 * charges), never the currency's single rate; and the public page names both parties with their
 * whole addresses and VAT IDs, every word in the customer's language (issue 34, item 3).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addDays, type Invoice, type Order, type Quote } from '@smb/shared-types';
import { formatTaxRate } from '@smb/shared-types/documents/format';
import { invoiceReminders } from '../src/jobs/invoice-reminders';
import { runOnce } from '../src/jobs/scheduler';
import type { MailMessage } from '../src/mail/mailer';
import { client, expectStatus, type Client } from './api-helpers';
import { makeCurrency, makeProduct, makeRecipient } from './factories';
import { createTestApp, registerTenant, type TestApp } from './helpers';

let t: TestApp;
let api: Client;
let tenantId: string;
let recipient: Awaited<ReturnType<typeof makeRecipient>>;
let quote: Quote;

const sent: MailMessage[] = [];
let clock = new Date();
const mailer = {
  async send(message: MailMessage) {
    sent.push(message);
  },
};
const job = invoiceReminders({ mailer, log: { warn() {} }, now: () => clock });

/** French amounts: a no-break space before €; rates as the documents write them (`19 %`). */
const eur = (amount: string) => `${amount}\u00a0€`;
const pct = (rate: number) => formatTaxRate(rate, 'fr');

beforeAll(async () => {
  t = await createTestApp();
  const admin = await registerTenant(t, 'Figures GmbH');
  tenantId = admin.tenantId;
  api = client(t, admin.token);
  // The currency's own rate (10 %) is only the default for lines naming none: never used below.
  await makeCurrency(t, tenantId, { code: 'EUR', symbol: '€', taxRate: '10' });
  const rate = async (name: string, value: number) =>
    expectStatus<{ id: string }>(
      await api.post('/api/tax-rates', { name, rate: value, category: 'S' }),
      201,
    ).id;
  const vat19 = await rate('VAT 19 %', 19);
  const vat7 = await rate('Reduced 7 %', 7);
  const machine = await makeProduct(t, tenantId, { price: '100.00', currencyCode: 'EUR' });
  const book = await makeProduct(t, tenantId, { price: '50.00', currencyCode: 'EUR' });
  expectStatus(
    await api.put('/api/tenants/current/company', {
      legalName: 'Figures GmbH',
      address: 'Hafenstraße 5',
      postcode: '20457',
      city: 'Hamburg',
      country: 'DE',
      vatId: 'DE123456789',
    }),
    200,
  );
  recipient = await makeRecipient(t, tenantId, { customer: { name: 'Librairie Durand' } });
  expectStatus(
    await api.put(`/api/customers/${recipient.customer.id}`, {
      address: '12 rue de Rivoli',
      address2: 'Bâtiment C',
      postcode: '75001',
      city: 'Paris',
      country: 'FR',
      vatId: 'FR40303265045',
      documentLanguage: 'fr',
    }),
    200,
  );
  const draft = expectStatus<Quote>(
    await api.post('/api/quotes', {
      customerId: recipient.customer.id,
      contactId: recipient.contact.id,
      currencyCode: 'EUR',
      items: [
        { productId: machine.id, quantity: 2, taxRateId: vat19 },
        {
          productId: book.id,
          quantity: 1,
          taxRateId: vat7,
          discount: { kind: 'percent', value: 10 },
        },
      ],
      adjustments: [{ kind: 'charge', reason: 'Livraison', amount: 10, taxRateId: vat19 }],
    }),
    201,
  );
  quote = expectStatus<Quote>(await api.post(`/api/quotes/${draft.id}/send`, {}), 200);
});
afterAll(async () => {
  await t?.close();
});

describe('the stored totals where the customer reads them', () => {
  it('the quote holds the per-rate totals (not the currency’s 10 %)', () => {
    // 200.00 at 19 %, 45.00 (50.00 − 10 %) at 7 %, a 10.00 charge at 19 %.
    expect(quote.taxBreakdown).toEqual([
      { category: 'S', rate: 19, taxableAmount: 210, taxAmount: 39.9 },
      { category: 'S', rate: 7, taxableAmount: 45, taxAmount: 3.15 },
    ]);
    expect(quote.total).toBe(298.05);
  });

  it('the public page: both parties’ addresses and VAT IDs, the breakdown, all in French', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/quotes/${tenantId}/${quote.id}/view?token=${quote.accessToken}`,
    });
    expect(page.statusCode).toBe(200);
    const body = page.body;
    // The seller.
    expect(body).toContain('<div>Hafenstraße 5</div>');
    expect(body).toContain('<div>20457 Hamburg</div>');
    expect(body).toContain('N° de TVA: DE123456789');
    // The buyer: both street lines, postcode and city, country, VAT ID.
    for (const line of ['12 rue de Rivoli', 'Bâtiment C', '75001 Paris', 'FR'])
      expect(body).toContain(`<div>${line}</div>`);
    expect(body).toContain('N° de TVA: FR40303265045');
    // The breakdown per rate, in French words and formats.
    expect(body).toContain(`TVA (${pct(19)}) <span class="muted">sur ${eur('210,00')}</span>`);
    expect(body).toContain(`TVA (${pct(7)}) <span class="muted">sur ${eur('45,00')}</span>`);
    expect(body).toContain(eur('39,90'));
    expect(body).toContain(eur('3,15'));
    expect(body).toContain(`Livraison</span><span>${eur('10,00')}`);
    expect(body).toContain(eur('298,05'));
    // No English left: the contact's role and the breakdown's preposition.
    expect(body).toContain('(Principal)');
    expect(body).not.toContain('(Primary)');
    expect(body).not.toMatch(/>on /);
  });

  it('the reminder: amount due, net, tax per rate and total as stored, in French', async () => {
    const order = expectStatus<Order>(await api.post(`/api/quotes/${quote.id}/convert`, {}), 201);
    const made = expectStatus<Invoice>(
      await api.post(`/api/orders/${order.id}/create-invoice`, {}),
      201,
    );
    expect(made.total).toBe(quote.total);
    expectStatus(await api.put(`/api/invoices/${made.id}/terms`, { dueDate: made.issueDate }), 200);
    expectStatus(await api.post(`/api/invoices/${made.id}/issue`, {}), 200);
    expectStatus(
      await api.post(`/api/invoices/${made.id}/payments`, {
        amount: 98.05,
        paidOn: made.issueDate,
        method: 'bank_transfer',
      }),
      201,
    );

    clock = new Date(`${addDays(made.issueDate, 3)}T09:00:00Z`);
    await sql`DELETE FROM app.job_runs WHERE name = ${job.name}`.execute(t.ctx.database.db);
    await runOnce(t.ctx.database.db, job);
    const mail = sent.find((m) => m.to === recipient.contact.email);
    expect(mail, 'a reminder was sent').toBeDefined();
    const text = mail!.text;
    expect(text).toContain(`Montant dû : ${eur('200,00')}`);
    expect(text).toContain(`Total HT\u00a0: ${eur('255,00')}`);
    expect(text).toContain(`TVA (${pct(19)}) sur ${eur('210,00')}\u00a0: ${eur('39,90')}`);
    expect(text).toContain(`TVA (${pct(7)}) sur ${eur('45,00')}\u00a0: ${eur('3,15')}`);
    expect(text).toContain(`Total TTC\u00a0: ${eur('298,05')}`);
    expect(text).toContain(`Déjà payé\u00a0: ${eur('98,05')}`);
    expect(mail!.html).toContain(`Total TTC\u00a0: ${eur('298,05')}`);
  });
});
