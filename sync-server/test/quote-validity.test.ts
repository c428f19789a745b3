/**
 * Quotes that expire, show they were viewed, and record who accepted and why
 * someone declined. The server's clock is moved (`clock.advance`), never slept on.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatDay, type Quote } from '@smb/shared-types';
import { DAY_MS, clock } from '../src/clock';
import { makeProduct, makeRecipient } from './factories';
import { bearer, createTestApp, login, mailsTo, registerTenant, type TestApp } from './helpers';

let t: TestApp;
let a: Awaited<ReturnType<typeof registerTenant>>;
let recipient: Awaited<ReturnType<typeof makeRecipient>>;
let product: { id: string };

beforeAll(async () => {
  // Requests come from 127.0.0.1 as a trusted proxy: its X-Forwarded-For names the signer's IP.
  t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  a = await registerTenant(t, 'Validity Works Ltd');
  recipient = await makeRecipient(t, a.tenantId, { customer: { name: 'Harbour Lights' } });
  product = await makeProduct(t, a.tenantId, { name: 'Survey', price: '250.00' });
  const company = await api('PUT', '/api/tenants/current/company', {
    email: 'sales@validity.example',
    phone: '+44 20 7946 0000',
  });
  expect(company.statusCode, company.body).toBe(200);
});
afterAll(async () => {
  clock.reset();
  await t?.close();
});
afterEach(() => clock.reset());

function api(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = a.token) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

/** Moves the server's clock; the owner signs in again, as their 2-hour token has run out. */
async function daysLater(days: number): Promise<void> {
  clock.advance(days * DAY_MS);
  a.token = await login(t, a.email);
}

const dayPlus = (days: number) =>
  new Date(clock.now().getTime() + days * DAY_MS).toISOString().slice(0, 10);

async function draft(extra: object = {}): Promise<Quote> {
  const res = await api('POST', '/api/quotes', {
    customerId: recipient.customer.id,
    contactId: recipient.contact.id,
    items: [{ productId: product.id, quantity: 1 }],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Quote;
}

async function sent(extra: object = {}): Promise<Quote> {
  const quote = await draft(extra);
  const res = await api('POST', `/api/quotes/${quote.id}/send`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Quote;
}

const fresh = async (q: Quote) => (await api('GET', `/api/quotes/${q.id}`)).json() as Quote;
const base = (q: Quote) => `/api/quotes/${q.tenantId}/${q.id}`;
const view = (q: Quote, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `${base(q)}/view?token=${encodeURIComponent(q.accessToken!)}`,
    headers,
  });
const answer = (q: Quote, action: 'accept' | 'reject', fields: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${base(q)}/${action}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': '203.0.113.9',
    },
    payload: new URLSearchParams({ token: q.accessToken!, ...fields }).toString(),
  });
const listNumbers = async (status: string) =>
  ((await api('GET', `/api/quotes?status=${status}&limit=500`)).json() as Quote[]).map(
    (q) => q.quoteNumber,
  );

describe('validity (19.5)', () => {
  it('a send sets valid-until from the company default, which an administrator changes', async () => {
    const first = await sent();
    expect(first.validUntil).toBe(dayPlus(30));
    expect(first.expired).toBe(false);

    const changed = await api('PUT', '/api/tenants/current/company', { quoteValidityDays: 10 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ quoteValidityDays: 10 });
    const second = await sent();
    expect(second.validUntil).toBe(dayPlus(10));

    const refused = await api('PUT', '/api/tenants/current/company', { quoteValidityDays: 0 });
    expect(refused.statusCode).toBe(400);
    await api('PUT', '/api/tenants/current/company', { quoteValidityDays: 30 });
  });

  it('is editable while Draft only, never in the past, and a Draft’s day survives the send', async () => {
    const quote = await draft({ validUntil: dayPlus(5) });
    expect(quote.validUntil).toBe(dayPlus(5));
    const past = await api('PUT', `/api/quotes/${quote.id}`, { validUntil: dayPlus(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('Valid until cannot be in the past');
    const badDay = await api('PUT', `/api/quotes/${quote.id}`, { validUntil: '2026-02-30' });
    expect(badDay.statusCode).toBe(400);
    const moved = await api('PUT', `/api/quotes/${quote.id}`, { validUntil: dayPlus(7) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().validUntil).toBe(dayPlus(7));

    const sentQuote = (await api('POST', `/api/quotes/${quote.id}/send`)).json() as Quote;
    expect(sentQuote.validUntil).toBe(dayPlus(7));
    const locked = await api('PUT', `/api/quotes/${quote.id}`, { validUntil: dayPlus(20) });
    expect(locked.statusCode).toBe(409);
    expect((await fresh(quote)).validUntil).toBe(dayPlus(7));
  });

  it('after its day the quote is Expired: badge field, filter, public page with contact details, accept refused 409', async () => {
    const quote = await sent({ validUntil: dayPlus(3) });
    const open = await sent();
    const validUntil = quote.validUntil!;
    expect(await listNumbers('Expired')).not.toContain(quote.quoteNumber);

    await daysLater(3); // the last valid day: still open
    expect((await fresh(quote)).expired).toBe(false);
    await daysLater(1);
    const expired = await fresh(quote);
    expect(expired).toMatchObject({ status: 'Sent', expired: true });
    expect(await listNumbers('Expired')).toContain(quote.quoteNumber);
    expect(await listNumbers('Expired')).not.toContain(open.quoteNumber);
    expect(await listNumbers('Sent')).not.toContain(quote.quoteNumber);
    expect(await listNumbers('Sent')).toContain(open.quoteNumber);

    const message = `This quote expired on ${formatDay(validUntil)}`;
    expect(message).toMatch(/^This quote expired on \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    const page = await view(quote);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(message);
    expect(page.body).toContain('sales@validity.example');
    expect(page.body).toContain('+44 20 7946 0000');
    expect(page.body).not.toContain('Accept Quote');
    expect(page.body).not.toContain('<form');

    const accept = await answer(quote, 'accept', { signerName: 'Jane Roe' });
    expect(accept.statusCode).toBe(409);
    expect(accept.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(accept.body).toContain(message);
    const reject = await answer(quote, 'reject');
    expect(reject.statusCode).toBe(409);
    expect(await fresh(quote)).toMatchObject({
      status: 'Sent',
      acceptedAt: null,
      rejectedAt: null,
    });
  });

  it('re-sending an expired quote asks for a new date, and with one it is open again', async () => {
    const quote = await sent({ validUntil: dayPlus(1) });
    await daysLater(2);
    const again = await api('POST', `/api/quotes/${quote.id}/send`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `This quote expired on ${formatDay(quote.validUntil!)}. Choose a new valid-until date to send it again.`,
    );
    const past = await api('POST', `/api/quotes/${quote.id}/send?validUntil=${dayPlus(-1)}`);
    expect(past.statusCode).toBe(400);
    const resent = await api('POST', `/api/quotes/${quote.id}/send?validUntil=${dayPlus(14)}`);
    expect(resent.statusCode, resent.body).toBe(200);
    const open = resent.json() as Quote;
    expect(open).toMatchObject({ status: 'Sent', expired: false, validUntil: dayPlus(14) });
    const accepted = await answer(open, 'accept', { signerName: 'Jane Roe' });
    expect(accepted.statusCode).toBe(200);
    expect((await fresh(quote)).status).toBe('Accepted');
  });
});

describe('views (19.6)', () => {
  it('counts the recipient’s views in place, once a minute at most, and not the owner’s own', async () => {
    const quote = await sent();
    expect(quote).toMatchObject({ viewCount: 0, viewedAt: null, lastViewedAt: null });

    await view(quote);
    const once = await fresh(quote);
    expect(once.viewCount).toBe(1);
    expect(once.viewedAt).not.toBeNull();
    expect(once.lastViewedAt).toBe(once.viewedAt);
    expect(BigInt(once.version)).toBeGreaterThan(BigInt(quote.version));

    await view(quote); // a reload within the minute
    const reload = await fresh(quote);
    expect(reload.viewCount).toBe(1);
    expect(reload.version).toBe(once.version);

    clock.advance(61_000);
    await view(quote);
    clock.advance(2 * 60_000);
    await view(quote);
    const thrice = await fresh(quote);
    expect(thrice.viewCount).toBe(3);
    expect(thrice.viewedAt).toBe(once.viewedAt);
    expect(Date.parse(thrice.lastViewedAt!) - Date.parse(once.viewedAt!)).toBeGreaterThanOrEqual(
      3 * 60_000,
    );

    clock.advance(5 * 60_000);
    const own = await view(quote, bearer(a.token)); // the owner opening the link signed in
    expect(own.statusCode).toBe(200);
    expect((await fresh(quote)).viewCount).toBe(3);
    await view(quote, { authorization: 'Bearer not-a-token' }); // a bad session is a recipient
    expect((await fresh(quote)).viewCount).toBe(4);
  });
});

describe('answers with words (19.7)', () => {
  it('accept needs the signer’s full name, records it with time and IP, and mails the owner', async () => {
    const quote = await sent();
    const nameless = await answer(quote, 'accept', { signerName: '   ' });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.body).toContain('Please enter your full name to accept the quote');
    expect(nameless.body).toContain('Accept Quote'); // the form is still there
    expect((await fresh(quote)).status).toBe('Sent');

    const before = mailsTo(t.mailDir, a.email).length;
    const res = await answer(quote, 'accept', { signerName: '  Jane   Roe ' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`Thank you. Quote ${quote.quoteNumber} has been accepted.`);
    expect(res.body).toContain('Accepted by Jane Roe');
    const accepted = await fresh(quote);
    expect(accepted).toMatchObject({
      status: 'Accepted',
      acceptedByName: 'Jane Roe',
      acceptedIp: '203.0.113.9',
    });
    expect(accepted.acceptedAt).not.toBeNull();
    const mails = mailsTo(t.mailDir, a.email);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)).toContain(`Subject: Quote ${quote.quoteNumber} was accepted by Jane Roe`);
  });

  it('decline keeps an optional plain-text reason, shown escaped; an XSS attempt is inert', async () => {
    const xss = '<script>alert(1)</script><img src=x onerror=alert(2)> "quoted" & too dear';
    const quote = await sent();
    const tooLong = await answer(quote, 'reject', { reason: 'x'.repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('The reason must be at most 1000 characters');

    const before = mailsTo(t.mailDir, a.email).length;
    const res = await answer(quote, 'reject', { reason: xss });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`Quote ${quote.quoteNumber} has been rejected.`);
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).not.toMatch(/<img/i);
    expect(res.body).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; &quot;quoted&quot; &amp; too dear',
    );
    const later = await view(quote);
    expect(later.body).not.toMatch(/<script|<img/i);
    expect(later.body).toContain('&lt;script&gt;');

    const rejected = await fresh(quote);
    expect(rejected).toMatchObject({ status: 'Rejected', rejectionReason: xss });
    const mail = mailsTo(t.mailDir, a.email).at(-1)!;
    expect(mailsTo(t.mailDir, a.email).length).toBe(before + 1);
    expect(mail).toContain(`Subject: Quote ${quote.quoteNumber} was declined`);

    const silent = await sent();
    expect((await answer(silent, 'reject')).statusCode).toBe(200);
    expect(await fresh(silent)).toMatchObject({ status: 'Rejected', rejectionReason: null });
  });
});
