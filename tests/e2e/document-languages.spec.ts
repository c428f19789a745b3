/**
 * Issue 34.3/34.4: a French customer's quote — its PDF, its public page and its mail — is in
 * French with French formats (`1 234,56 €`, a narrow no-break space grouping the digits), and an
 * invoice e-mailed from its screen reaches the customer with the PDF, Reply-To the company.
 */
import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createVerifiedAccount, loginThroughUi } from './support/accounts';
import { apiLogin, type Api } from './support/api';
import { useE2E } from './support/e2e';
import { readMailbox, type Mail } from './support/mailbox';
import { SCREENSHOT_DIR } from './support/paths';
import { waitSynced } from './support/ui';

const e2e = useE2E({ viewport: { width: 1440, height: 900 } });

/** 1 028,80 € + 20 % = 1 234,56 € as French writes it. */
const FR_TOTAL = '1\u202f234,56\u00a0€';
const COMPANY_EMAIL = 'bonjour@atelier-dupont.example';

interface Ids {
  customerId: string;
  contactId: string;
  contactEmail: string;
  productId: string;
}

async function seed(api: Api, name: string, documentLanguage: 'fr' | null): Promise<Ids> {
  const slug = name.toLowerCase().replace(/[^a-z]+/g, '');
  const contactEmail = `achats@${slug}.example`;
  const customer = await api.post<{ id: string; documentLanguage: string | null }>(
    '/api/customers',
    {
      name,
      email: `info@${slug}.example`,
      ...(documentLanguage ? { documentLanguage } : {}),
      mainContactName: 'Élodie Martin',
      mainContactEmail: contactEmail,
    },
  );
  expect(customer.status).toBe(201);
  expect(customer.data.documentLanguage).toBe(documentLanguage);
  const product = await api.post<{ id: string }>('/api/products', {
    name: 'Vanne thermostatique',
    sku: 'VT-1',
    price: 1028.8,
    currencyCode: 'EUR',
  });
  expect(product.status).toBe(201);
  const contacts = await api.get<{ id: string }[]>(`/api/contacts/customer/${customer.data.id}`);
  return {
    customerId: customer.data.id,
    contactId: contacts.data[0]!.id,
    contactEmail,
    productId: product.data.id,
  };
}

async function mailTo(dataDir: string, email: string, subject: RegExp): Promise<Mail> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mail = (await readMailbox(dataDir)).find(
      (m) => m.to.includes(email) && subject.test(m.subject),
    );
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${email} matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function shot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

describe('documents in the customer’s language', () => {
  it('a French customer gets a French quote; an invoice is e-mailed with Reply-To the company', async () => {
    const { page, server } = e2e;
    const owner = await createVerifiedAccount(server.baseUrl, server.dataDir);
    const api = await apiLogin(server.baseUrl, owner.email, owner.password);
    expect((await api.put('/api/tenants/current/company', { email: COMPANY_EMAIL })).status).toBe(
      200,
    );
    const euro = await api.post('/api/currencies', {
      code: 'EUR',
      name: 'Euro',
      symbol: '€',
      taxRate: 20,
      dollarExchangeRate: 1.1,
      isDefault: false,
    });
    expect(euro.status).toBe(201);
    const fr = await seed(api, 'Boulangerie Lyon', 'fr');
    const en = await seed(api, 'Harbour Bakery', null);

    // The quote, sent: its mail, its PDF and its public page are French.
    const quoteOf = async (ids: Ids) => {
      const draft = await api.post<{ id: string }>('/api/quotes', {
        customerId: ids.customerId,
        contactId: ids.contactId,
        currencyCode: 'EUR',
        items: [{ productId: ids.productId, quantity: 1 }],
      });
      expect(draft.status).toBe(201);
      const sent = await api.post<{
        id: string;
        quoteNumber: string;
        tenantId: string;
        accessToken: string;
      }>(`/api/quotes/${draft.data.id}/send`);
      expect(sent.status).toBe(200);
      return sent.data;
    };
    // Both parties' identities: the public page shows them whole (issue 33 item 9).
    expect(
      (
        await api.put('/api/tenants/current/company', {
          address: 'Hafenstraße 5',
          postcode: '20457',
          city: 'Hamburg',
          country: 'DE',
          vatId: 'DE123456789',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api.put(`/api/customers/${fr.customerId}`, {
          address: '12 rue de la République',
          address2: 'Bâtiment C',
          postcode: '69002',
          city: 'Lyon',
          country: 'FR',
          vatId: 'FR40303265045',
        })
      ).status,
    ).toBe(200);
    const quote = await quoteOf(fr);
    const quoteMail = await mailTo(server.dataDir, fr.contactEmail, /^Devis /);
    expect(quoteMail.subject).toBe(`Devis ${quote.quoteNumber} de ${owner.company}`);
    expect(quoteMail.text).toContain('Bonjour Élodie Martin,');
    expect(quoteMail.text).toContain(`d’un montant de ${FR_TOTAL}.`);
    expect(quoteMail.replyTo).toBe(COMPANY_EMAIL);
    expect(quoteMail.from).toContain(owner.company);
    expect(quoteMail.attachments).toEqual(['application/pdf']);

    const pdf = await fetch(`${server.baseUrl}/api/quotes/${quote.id}/pdf`, {
      headers: { Authorization: `Bearer ${api.token}` },
    });
    expect(pdf.status).toBe(200);
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], {
      input: Buffer.from(await pdf.arrayBuffer()),
    }).toString('utf8');
    expect(text).toContain('Devis');
    expect(text).toContain('PRIX UNITAIRE');
    // pdftotext writes every no-break space as a plain one.
    expect(text).toContain('1 234,56 €');
    expect(text).toContain('1 028,80 €');

    const customer = await (await e2e.newContext({ serviceWorkers: 'block' })).newPage();
    await customer.setViewportSize({ width: 390, height: 844 });
    const link = (q: typeof quote) =>
      `${server.baseUrl}/quote/${q.tenantId}/${q.id}/view?token=${encodeURIComponent(q.accessToken)}`;
    await customer.goto(link(quote));
    const frame = customer.frameLocator('iframe[title="Quote"]');
    await frame.getByRole('button', { name: 'Accepter le devis' }).waitFor();
    await frame.getByText('Votre nom complet').waitFor();
    const total = await frame.locator('.totals .grand').innerText();
    expect(total).toContain(FR_TOTAL);
    const parties = await frame.locator('.parties').innerText();
    for (const part of ['Bâtiment C', '69002 Lyon', 'N° de TVA: FR40303265045', '(Principal)'])
      expect(parties).toContain(part);
    expect(parties).not.toContain('Primary');
    expect(await frame.locator('header').innerText()).toContain('N° de TVA: DE123456789');
    expect(await frame.locator('.totals').innerText()).toMatch(/TVA \(20\s%\)\s+sur 1\s028,80\s€/);
    await shot(customer, 'public-quote-fr-390x844');
    await customer.setViewportSize({ width: 1440, height: 900 });
    await shot(customer, 'public-quote-fr-1440x900');
    await customer.setViewportSize({ width: 390, height: 844 });
    const english = await quoteOf(en);
    await customer.goto(link(english));
    await frame.getByRole('button', { name: 'Accept Quote' }).waitFor();
    expect(await frame.locator('.totals .grand').innerText()).toContain('€1,234.56');
    await shot(customer, 'public-quote-en-390x844');

    // An invoice, e-mailed from its screen: the dialog is French, the mail has the PDF.
    const order = await api.post<{ id: string }>('/api/orders', {
      customerId: fr.customerId,
      contactId: fr.contactId,
      currencyCode: 'EUR',
      items: [{ productId: fr.productId, quantity: 1 }],
    });
    const invoice = await api.post<{ id: string; invoiceNumber: string }>(
      `/api/orders/${order.data.id}/create-invoice`,
    );
    expect(invoice.status).toBe(201);
    await loginThroughUi(page, owner);
    await waitSynced(page);
    await page.goto(`${server.baseUrl}/dashboard/invoices/${invoice.data.id}`);
    const number = invoice.data.invoiceNumber;
    await page.getByRole('button', { name: `E-mail invoice ${number}` }).click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => dialog.getByLabel('Subject').inputValue())
      .toBe(`Facture ${number} de ${owner.company}`);
    expect(await dialog.getByLabel('To').inputValue()).toBe(fr.contactEmail);
    await dialog.getByText(`replies go to ${COMPANY_EMAIL}`, { exact: false }).waitFor();
    await dialog.getByText(`Invoice-${number}.pdf`).waitFor();
    await shot(page, 'invoice-mail-dialog-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'invoice-mail-dialog-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByTestId('emailed-note').getByText(`to ${fr.contactEmail}`).waitFor();
    await waitSynced(page);

    const invoiceMail = await mailTo(server.dataDir, fr.contactEmail, /^Facture /);
    expect(invoiceMail.replyTo).toBe(COMPANY_EMAIL);
    expect(invoiceMail.from).toContain(owner.company);
    // Orders and invoices carry the order tax rate: a French amount, grouped by a narrow space.
    expect(invoiceMail.text).toMatch(/d’un montant de 1\u202f\d{3},\d{2}\u00a0€/);
    expect(invoiceMail.attachments).toEqual(['application/pdf']);
    const recorded = await api.get<{ emailedTo: string; emailedAt: string }>(
      `/api/invoices/${invoice.data.id}`,
    );
    expect(recorded.data.emailedTo).toBe(fr.contactEmail);
    const mails = (await readMailbox(server.dataDir)).filter((m) => /^Facture /.test(m.subject));
    expect(mails).toHaveLength(1);
  });
});
