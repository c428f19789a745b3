import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { QUOTE_VALIDITY_MESSAGES, type Quote } from '@smb/shared-types';
import { formatDocumentDate } from '@smb/shared-types/documents';
import { createMailer, type Mailer } from '../src/mail/mailer';
import { client, expectStatus } from './api-helpers';
import { makeProduct, makeRecipient } from './factories';
import { createTestApp, mailsTo, registerTenant, type TestApp } from './helpers';
import { expectFigures, pdfAttachments, pdfText } from './pdf-helpers';
import { TestClient } from './sync-helpers';

async function draftQuote(t: TestApp, token: string, tenantId: string) {
  const { customer, contact } = await makeRecipient(t, tenantId, {
    contact: { email: `buyer-${Math.random().toString(36).slice(2)}@example.com` },
  });
  const product = await makeProduct(t, tenantId, {
    name: 'Ørsted valve',
    sku: 'V-1',
    price: '1234.56',
  });
  const quote = expectStatus<Quote>(
    await client(t, token).post('/api/quotes', {
      customerId: customer.id,
      contactId: contact.id,
      currencyCode: 'USD',
      items: [{ productId: product.id, quantity: 3 }],
    }),
    201,
  );
  return { quote, contact };
}

function expectQuotePdf(raw: string, quote: Quote) {
  const attachments = pdfAttachments(raw);
  expect(attachments.map((a) => a.name)).toEqual([`Quote-${quote.quoteNumber}.pdf`]);
  const text = pdfText(attachments[0]!.pdf);
  expectFigures(
    text,
    {
      ...quote,
      items: quote.items.map((i) => ({ ...i, name: i.product.name, sku: i.product.sku })),
    },
    '$',
  );
  expect(text).toContain(quote.quoteNumber);
  // The valid-until day: how long the offer holds, on the PDF and in the message itself.
  expect(quote.validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const day = formatDocumentDate(quote.validUntil!);
  expect(text).toMatch(new RegExp(`Valid until\\s+${day}`));
  const message = QUOTE_VALIDITY_MESSAGES.validUntil(quote.validUntil!);
  expect(message).toMatch(/^This quote is valid until \d{1,2} [A-Z][a-z]{2} \d{4}\.$/);
  expect(raw).toContain(message);
}

describe('the quote e-mail in the dev mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('carries the quote’s PDF when sent through the API and through a sync mutation', async () => {
    const admin = await registerTenant(t, 'Mail Co');
    const first = await draftQuote(t, admin.token, admin.tenantId);
    const sent = expectStatus<Quote>(
      await client(t, admin.token).post(`/api/quotes/${first.quote.id}/send`, {}),
      200,
    );
    const [eml] = mailsTo(t.mailDir, first.contact.email);
    expect(eml).toBeDefined();
    expectQuotePdf(eml!, sent);

    const second = await draftQuote(t, admin.token, admin.tenantId);
    const device = new TestClient(t, admin.token);
    const pushed = await device.push([device.mutation('quote.send', { id: second.quote.id })]);
    expect(pushed.status).toBe(200);
    const after = expectStatus<Quote>(
      await client(t, admin.token).get(`/api/quotes/${second.quote.id}`),
      200,
    );
    expect(after.status).toBe('Sent');
    const mails = mailsTo(t.mailDir, second.contact.email);
    expect(mails).toHaveLength(1);
    expectQuotePdf(mails[0]!, after);
  });
});

describe('the quote e-mail over SMTP', () => {
  const received: string[] = [];
  let smtp: SMTPServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      size: 10 * 1024 * 1024,
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    // Every message goes over real SMTP; a dev-mailbox copy lets the helpers read sign-up codes.
    const silent = { info() {} };
    const viaSmtp = createMailer(
      {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        mailFrom: 'Billing <billing@example.com>',
        dataDir: '',
      },
      silent,
    );
    let copy: Mailer | null = null;
    const mailer: Mailer = {
      async send(message) {
        copy ??= createMailer(
          { smtpUrl: undefined, mailFrom: 'x@example.com', dataDir: path.dirname(t.mailDir) },
          silent,
        );
        await copy.send(message);
        await viaSmtp.send(message);
      },
      close() {
        viaSmtp.close();
        copy?.close();
      },
    };
    t = await createTestApp({ mailer });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('carries the quote’s PDF', async () => {
    const admin = await registerTenant(t, 'Smtp Co');
    const { quote, contact } = await draftQuote(t, admin.token, admin.tenantId);
    const sent = expectStatus<Quote>(
      await client(t, admin.token).post(`/api/quotes/${quote.id}/send`, {}),
      200,
    );
    const raw = received.find((r) => r.includes(contact.email) && r.includes('application/pdf'));
    expect(raw, 'an SMTP message to the contact with a PDF').toBeDefined();
    expectQuotePdf(raw!, sent);
  });
});
