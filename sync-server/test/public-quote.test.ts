import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote } from '@smb/shared-types';
import { makeCurrency, makeProduct, makeRecipient } from './factories';
import { bearer, createTestApp, registerTenant, type TestApp } from './helpers';

const XSS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  '<a href="javascript:alert(1)">x</a>',
  '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
  '<style>@import "javascript:alert(1)"</style>',
].join(' ');

let t: TestApp;
let a: { token: string; tenantId: string };
let b: { token: string; tenantId: string };
let recipient: Awaited<ReturnType<typeof makeRecipient>>;
let product: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  a = await registerTenant(t, 'Public Quotes Ltd');
  b = await registerTenant(t, 'Other Tenant Ltd');
  recipient = await makeRecipient(t, a.tenantId, { customer: { name: 'Rosa & Sons' } });
  product = await makeProduct(t, a.tenantId, { name: 'Consulting hour', price: '1234.50' });
  await makeCurrency(t, a.tenantId, { code: 'EUR', symbol: '€', taxRate: '20' });
});
afterAll(async () => {
  await t?.close();
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = a.token) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function sentQuote(
  tenant = a,
  r = recipient,
  productId = product.id,
  notes = '<p>Valid for <b>30 days</b></p>',
) {
  const created = await api(
    'POST',
    '/api/quotes',
    {
      customerId: r.customer.id,
      contactId: r.contact.id,
      currencyCode: 'EUR',
      items: [{ productId, quantity: 2 }],
      notes,
    },
    tenant.token,
  );
  expect(created.statusCode, created.body).toBe(201);
  const sent = await api('POST', `/api/quotes/${created.json().id}/send`, undefined, tenant.token);
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json() as Quote;
}

const base = (q: Quote, tenantId = q.tenantId) => `/api/quotes/${tenantId}/${q.id}`;
const view = (q: Quote, token: string | null = q.accessToken, tenantId = q.tenantId) =>
  t.app.inject({
    method: 'GET',
    url: `${base(q, tenantId)}/view${token === null ? '' : `?token=${encodeURIComponent(token)}`}`,
  });
const postForm = (url: string, token: string, fields: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token, ...fields }).toString(),
  });
const fresh = async (q: Quote) => (await api('GET', `/api/quotes/${q.id}`)).json() as Quote;

function expectPageHeaders(res: Awaited<ReturnType<typeof view>>) {
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  const csp = String(res.headers['content-security-policy']);
  for (const part of [
    "default-src 'none'",
    "img-src 'self' data:",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ])
    expect(csp).toContain(part);
  const css = res.body.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? '';
  const hash = createHash('sha256').update(css, 'utf8').digest('base64');
  expect(csp).toContain(`style-src 'sha256-${hash}'`);
  expect(csp).not.toContain('unsafe');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['x-robots-tag']).toContain('noindex');
}

describe('public quote page', () => {
  it('shows the quote with the currency symbol, accept/reject forms, and records the first view', async () => {
    const quote = await sentQuote();
    const res = await view(quote);
    expect(res.statusCode).toBe(200);
    expectPageHeaders(res);
    const html = res.body;
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<meta name="viewport"');
    expect(html).toContain('Public Quotes Ltd');
    expect(html).toContain(quote.quoteNumber);
    expect(html).toContain('Rosa &amp; Sons');
    expect(html).toContain(recipient.contact.name);
    expect(html).toContain('Consulting hour');
    expect(html).toContain('€1,234.50'); // unit price
    expect(html).toContain('€2,469.00'); // subtotal
    expect(html).toContain('Tax (20%)');
    expect(html).toContain('€493.80');
    expect(html).toContain('€2,962.80');
    expect(html).toContain('<b>30 days</b>');
    expect(html).toContain('Sent');
    expect(html).not.toMatch(/<script/i);
    for (const action of ['accept', 'reject']) {
      expect(html).toContain(`<form method="post" action="${base(quote)}/${action}"`);
    }
    expect(html).toContain(`<input type="hidden" name="token" value="${quote.accessToken}">`);

    const seen = await fresh(quote);
    expect(seen.viewedAt).not.toBeNull();
    expect(BigInt(seen.version)).toBeGreaterThan(BigInt(quote.version));
    await view(quote);
    const again = await fresh(quote);
    expect(again.viewedAt).toBe(seen.viewedAt);
    expect(again.version).toBe(seen.version);
  });

  it('accepts only on POST; a GET on the accept link only asks', async () => {
    const quote = await sentQuote();
    const get = await t.app.inject({
      method: 'GET',
      url: `${base(quote)}/accept?token=${quote.accessToken}`,
    });
    expect(get.statusCode).toBe(200);
    expectPageHeaders(get);
    expect(get.body).toContain('Do you want to accept quote');
    expect(get.body).toContain(`action="${base(quote)}/accept"`);
    const unchanged = await fresh(quote);
    expect(unchanged).toMatchObject({ status: 'Sent', acceptedAt: null, version: quote.version });

    const post = await postForm(`${base(quote)}/accept`, quote.accessToken!, {
      signerName: 'Jane Roe',
    });
    expect(post.statusCode).toBe(200);
    expectPageHeaders(post);
    expect(post.body).toContain(`Quote ${quote.quoteNumber} has been accepted.`);
    expect(post.body).not.toContain('<form');
    expect(post.body).toContain('Accepted by Jane Roe');
    const accepted = await fresh(quote);
    expect(accepted.status).toBe('Accepted');
    expect(accepted.acceptedAt).not.toBeNull();
    expect(accepted.viewedAt).not.toBeNull();
    expect(BigInt(accepted.version)).toBeGreaterThan(BigInt(quote.version));

    // A later reject changes nothing: the quote is no longer Sent.
    const late = await postForm(`${base(quote)}/reject`, quote.accessToken!);
    expect(late.body).toContain('can no longer be accepted or rejected');
    expect((await fresh(quote)).status).toBe('Accepted');
  });

  it('rejects by POST with the token in the query string or in a JSON body', async () => {
    const quote = await sentQuote();
    const res = await t.app.inject({
      method: 'POST',
      url: `${base(quote)}/reject?token=${quote.accessToken}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('has been rejected');
    const rejected = await fresh(quote);
    expect(rejected.status).toBe('Rejected');
    expect(rejected.rejectedAt).not.toBeNull();

    const other = await sentQuote();
    const json = await t.app.inject({
      method: 'POST',
      url: `${base(other)}/accept`,
      payload: { token: other.accessToken, signerName: 'Jane Roe' },
    });
    expect(json.statusCode).toBe(200);
    expect((await fresh(other)).status).toBe('Accepted');
  });

  it('answers every bad link with the same 404 page', async () => {
    const quote = await sentQuote();
    const resent = (await api('POST', `/api/quotes/${quote.id}/send`)).json() as Quote;
    const other = await sentQuote(
      b,
      await makeRecipient(t, b.tenantId),
      (await makeProduct(t, b.tenantId)).id,
    );
    const attempts = [
      view(quote, quote.accessToken), // old token after re-send
      view(quote, null), // no token
      view(quote, 'x'.repeat(43)),
      view(quote, resent.accessToken, b.tenantId), // another tenant's id with a valid token
      view(other, other.accessToken, a.tenantId), // tenant B's quote under tenant A
      view({ ...quote, id: crypto.randomUUID() }, resent.accessToken),
      view({ ...quote, id: 'not-a-uuid' }, resent.accessToken),
      view(quote, resent.accessToken, 'nope'),
      t.app.inject({ method: 'GET', url: `${base(quote)}/accept?token=${quote.accessToken}` }),
      postForm(`${base(quote)}/accept`, quote.accessToken!),
      postForm(`${base(quote)}/reject`, ''),
      postForm(`${base(quote, b.tenantId)}/accept`, resent.accessToken!),
    ];
    const results = await Promise.all(attempts);
    const first = results[0]!;
    expect(first.statusCode).toBe(404);
    expectPageHeaders(first);
    expect(first.body).toContain('Quote not found');
    for (const res of results) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(first.body);
    }
    expect((await fresh(quote)).status).toBe('Sent');
    expect((await view(quote, resent.accessToken)).statusCode).toBe(200);
  });

  it('renders an XSS corpus in every name and the notes inert', async () => {
    const tenant = await registerTenant(
      t,
      `Evil <script>alert(1)</script>"><img src=x onerror=alert(1)> Corp`,
    );
    const r = await makeRecipient(t, tenant.tenantId, {
      customer: { name: `Cust ${XSS}`, email: `x${XSS}@example.com`, address: XSS },
      contact: { name: `Contact ${XSS}`, role: XSS },
    });
    const p = await makeProduct(t, tenant.tenantId, { name: `Prod ${XSS}`, sku: XSS });
    const quote = await sentQuote(
      tenant,
      r,
      p.id,
      `<p>Notes <a href="https://ok.example">ok</a></p>${XSS}`,
    );
    const res = await view(quote);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const withoutCss = html.replace(/<style>[\s\S]*?<\/style>/, '');
    expect(withoutCss).not.toMatch(/<script/i);
    expect(withoutCss).not.toMatch(/<(img|svg|iframe|style|object|embed)\b/i);
    // Escaped text may spell these out; no real tag may carry them.
    const tags = withoutCss.match(/<[a-z][^>]*>/gi) ?? [];
    expect(tags.length).toBeGreaterThan(20);
    for (const tag of tags) {
      expect(tag).not.toMatch(/\son[a-z]+\s*=/i);
      expect(tag).not.toMatch(/javascript:|data:|vbscript:/i);
    }
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain(
      '<a href="https://ok.example" rel="noopener noreferrer nofollow" target="_blank">ok</a>',
    );
    expect(html.match(/<style>/g)).toHaveLength(1);
  });

  it('is rate-limited like the auth calls', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_MAX: '2' } });
    try {
      const url = `/api/quotes/${crypto.randomUUID()}/${crypto.randomUUID()}/view?token=x`;
      const codes = [];
      for (let i = 0; i < 3; i++)
        codes.push((await limited.app.inject({ method: 'GET', url })).statusCode);
      expect(codes).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
