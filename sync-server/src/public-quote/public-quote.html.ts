/**
 * The public quote pages: complete, mobile-friendly HTML with one constant inline stylesheet
 * (allowed by its hash in the CSP), no scripts, every value escaped and the notes sanitised.
 */
import { createHash } from 'node:crypto';
import {
  MAX_REJECTION_REASON_LENGTH,
  MAX_SIGNER_NAME_LENGTH,
  QUOTE_VALIDITY_MESSAGES,
  documentAmount,
  documentDay,
  documentStatus,
  documentText,
  DOCUMENT_LOCALES,
  formatDay,
  type CompanyDetails,
  type DocumentLanguage,
  type DocumentTextKey,
  type Quote,
} from '@smb/shared-types';
import { taxRowLabel } from '@smb/shared-types/documents/format';
import {
  contactRoleText,
  partyAddressLines,
  type DocumentParty,
} from '@smb/shared-types/documents';
import { escapeHtml } from '../mail/templates';
import { sanitizeNotes } from '../modules/documents/notes-sanitizer';

const CSS = `*{box-sizing:border-box}
body{margin:0;padding:16px;background:#f3f4f6;color:#1f2937;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:760px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px;border-bottom:1px solid #e5e7eb;padding-bottom:16px;margin-bottom:16px}
h1{font-size:1.4rem;margin:0}h2{font-size:1rem;margin:0 0 4px;color:#6b7280;font-weight:600}
.muted{color:#6b7280}.number{font-size:1.1rem;font-weight:600}
.badge{display:inline-block;padding:2px 10px;border-radius:999px;font-size:.85rem;font-weight:600;background:#e5e7eb}
.s-Sent{background:#dbeafe;color:#1e40af}.s-Accepted{background:#dcfce7;color:#166534}
.s-Rejected{background:#fee2e2;color:#991b1b}.s-Converted{background:#e0f2fe;color:#075985}
.parties{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:16px;margin-bottom:16px}
.table{width:100%;overflow-x:auto}.table:focus-visible{outline:2px solid #1d4ed8;outline-offset:2px}table{width:100%;border-collapse:collapse;font-size:.95rem}
th,td{padding:8px 6px;border-bottom:1px solid #e5e7eb;text-align:left;vertical-align:top}
th{text-align:left;color:#6b7280;font-weight:600}td.n,th.n{text-align:right;white-space:nowrap}
.totals{margin:16px 0 0 auto;max-width:320px}.totals div{display:flex;justify-content:space-between;padding:4px 0}
.totals .grand{font-weight:700;font-size:1.1rem;border-top:2px solid #1f2937;margin-top:4px;padding-top:8px}
.notes{margin-top:24px;border-top:1px solid #e5e7eb;padding-top:16px;overflow-wrap:anywhere}
.notice{padding:12px 16px;border-radius:8px;background:#eff6ff;margin-bottom:16px}
.actions{display:flex;flex-wrap:wrap;gap:12px;margin-top:24px}.actions form{flex:1 1 160px;margin:0;display:flex;flex-direction:column}.actions form button{margin-top:auto}
button{width:100%;min-height:48px;border:0;border-radius:8px;font-size:1rem;font-weight:600;cursor:pointer;color:#fff}
.accept{background:#15803d}.reject{background:#dc2626}
.actions label{display:block;font-weight:600;margin-bottom:4px}.actions .hint{font-weight:400;color:#6b7280}
.actions input,.actions textarea{display:block;width:100%;min-height:44px;margin-bottom:8px;padding:8px 10px;border:1px solid #9ca3af;border-radius:8px;font:inherit}
.actions textarea{min-height:88px;resize:vertical}.actions input:focus-visible,.actions textarea:focus-visible,button:focus-visible{outline:2px solid #1d4ed8;outline-offset:2px}
.alert{padding:12px 16px;border-radius:8px;background:#fef2f2;color:#991b1b;margin-bottom:16px}
.expired{padding:16px;border-radius:8px;background:#fff7ed;border:1px solid #fdba74;margin:16px 0}.expired p{margin:0 0 8px}
.expired .address{white-space:pre-line}.expired .title{font-weight:700;font-size:1.05rem;color:#9a3412}.answer{margin-top:16px;white-space:pre-wrap;overflow-wrap:anywhere}
.download{display:inline-flex;align-items:center;min-height:44px;margin-top:20px;padding:0 18px;border:1px solid #1d4ed8;border-radius:8px;font-weight:600;text-decoration:none}
a{color:#1d4ed8}
.logo{display:block;max-width:160px;max-height:64px;margin-bottom:8px}
@media (max-width:480px){body{padding:0}main{border-radius:0;padding:16px}
.table thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.table table,.table tbody,.table tr,.table td{display:block;width:100%}
.table tr{border-bottom:1px solid #e5e7eb;padding:8px 0}.table td{border:0;padding:2px 0}
.table td.n{display:flex;justify-content:space-between;gap:12px;text-align:right;white-space:normal}
.table td.n::before{content:attr(data-label);color:#6b7280;font-weight:600;text-align:left}
.table td.product{font-weight:600;overflow-wrap:anywhere}.table td.product .muted{font-weight:400}
.actions form{flex-basis:100%}}`;

/** CSP source for the stylesheet above. */
export const STYLE_HASH = `'sha256-${createHash('sha256').update(CSS, 'utf8').digest('base64')}'`;

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src ${STYLE_HASH}`,
  "img-src 'self' data:",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

function page(title: string, body: string, language: DocumentLanguage = 'en'): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>${CSS}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** One page for every unknown, malformed, foreign or unauthorised link: nothing to tell them apart. */
export const NOT_FOUND_PAGE = page(
  'Quote not found',
  `<h1>Quote not found</h1>
<p class="muted">Failed to load quote. It may have expired or been removed.</p>`,
);

export type PublicAction = 'accept' | 'reject';

/** The words and formats of one document language (English keeps the spec's formats). */
function wordsOf(language: DocumentLanguage) {
  const t = (key: DocumentTextKey, values?: Record<string, string | number>) =>
    documentText(language, key, values);
  const en = language === 'en';
  return {
    language,
    t,
    /** Escaped, as every value on the page. */
    e: (key: DocumentTextKey, values?: Record<string, string | number>) =>
      escapeHtml(t(key, values)),
    day: (day: string) => (en ? formatDay(day) : documentDay(language, day)),
    status: (status: string) => documentStatus(language, status),
  };
}
type Words = ReturnType<typeof wordsOf>;

function actionUrl(quote: Quote, action: PublicAction): string {
  return `/api/quotes/${encodeURIComponent(quote.tenantId)}/${encodeURIComponent(quote.id)}/${action}`;
}

/** The quote's PDF for its recipient: same ids and token as the page. */
export function publicPdfUrl(quote: Pick<Quote, 'tenantId' | 'id'>, token: string): string {
  return `/api/quotes/${quote.tenantId}/${quote.id}/pdf?token=${encodeURIComponent(token)}`;
}

/**
 * An answer's form: accept asks for the signer's full name (required), reject for an optional
 * reason. `value` refills the field after a refused answer.
 */
function actionForm(
  w: Words,
  quote: Quote,
  action: PublicAction,
  token: string,
  value = '',
): string {
  const label = w.e(action === 'accept' ? 'acceptQuote' : 'rejectQuote');
  const field =
    action === 'accept'
      ? `<label for="signer-name">${w.e('yourFullName')}</label>
<input id="signer-name" name="signerName" type="text" required maxlength="${MAX_SIGNER_NAME_LENGTH}" autocomplete="name" value="${escapeHtml(value)}">`
      : `<label for="reject-reason">${w.e('reasonForDeclining')} <span class="hint">(${w.e('optional')})</span></label>
<textarea id="reject-reason" name="reason" maxlength="${MAX_REJECTION_REASON_LENGTH}" rows="3">${escapeHtml(value)}</textarea>`;
  return `<form method="post" action="${escapeHtml(actionUrl(quote, action))}" enctype="application/x-www-form-urlencoded">
<input type="hidden" name="token" value="${escapeHtml(token)}">
${field}
<button type="submit" class="${action}">${label}</button>
</form>`;
}

/** An expired quote says so, with how to reach the company for a new one. */
function expiredSection(w: Words, quote: Quote, company: CompanyDetails | undefined): string {
  const contact = [
    company?.email
      ? `<div>${w.e('emailLabel')}: <a href="mailto:${escapeHtml(company.email)}">${escapeHtml(company.email)}</a></div>`
      : '',
    company?.phone ? `<div>${w.e('phoneLabel')}: ${escapeHtml(company.phone)}</div>` : '',
    company?.website
      ? `<div>${w.e('websiteLabel')}: <a href="${escapeHtml(company.website)}" rel="noopener noreferrer">${escapeHtml(company.website)}</a></div>`
      : '',
    company?.address ? `<div class="address">${escapeHtml(company.address)}</div>` : '',
  ].join('');
  return `<section class="expired" role="status">
<p class="title">${w.e('quoteExpiredTitle', { date: w.day(quote.validUntil ?? '') })}</p>
<p>${w.e('quoteExpiredContact', { company: company?.legalName || quote.tenantName })}</p>
${contact}
</section>`;
}

/** Who accepted, or why it was declined (escaped; the reason keeps its line breaks). */
function answerSection(w: Words, quote: Quote): string {
  if (quote.status === 'Accepted' && quote.acceptedByName) {
    const name = quote.acceptedByName;
    const text = quote.acceptedAt
      ? w.e('acceptedBy', { name, date: w.day(quote.acceptedAt) })
      : w.e('acceptedByNoDate', { name });
    return `<p class="answer">${text}.</p>`;
  }
  if (quote.status === 'Rejected' && quote.rejectionReason)
    return `<div class="answer"><h2>${w.e('reasonForDeclining')}</h2>${escapeHtml(quote.rejectionReason)}</div>`;
  return '';
}

/** The company's logo, inline (the page loads nothing else; the CSP allows data: images). */
function logoImage(w: Words, logo: QuoteLogo | null | undefined): string {
  if (!logo) return '';
  return `<img class="logo" src="data:${escapeHtml(logo.contentType)};base64,${logo.data.toString('base64')}" alt="${w.e('companyLogo')}">`;
}

/** A party's address lines and VAT ID, one `<div>` each (escaped). */
function partyLines(w: Words, party: Partial<DocumentParty> | null | undefined): string {
  if (!party) return '';
  const lines = partyAddressLines(party).map((line) => `<div>${escapeHtml(line)}</div>`);
  if (party.vatId) lines.push(`<div>${w.e('vatId')}: ${escapeHtml(party.vatId)}</div>`);
  return lines.join('');
}

function details(w: Words, quote: Quote, options: QuotePageOptions): string {
  const { symbol, logo, company, buyer } = options;
  const money = (amount: number) =>
    escapeHtml(documentAmount(w.language, String(amount), quote.currencyCode, symbol));
  // The customer's address as it is today (`buyer`), else the one the quote carries.
  const customer = quote.customer
    ? `<div><strong>${escapeHtml(quote.customer.name)}</strong></div>
<div>${escapeHtml(quote.customer.email)}</div>${partyLines(w, buyer ?? { address: quote.customer.address })}`
    : `<div class="muted">${w.e('notAvailable')}</div>`;
  const contact = quote.contact
    ? `<div><strong>${escapeHtml(quote.contact.name)}</strong>${quote.contact.role ? ` <span class="muted">(${escapeHtml(contactRoleText(w.language, quote.contact.role))})</span>` : ''}</div>
<div>${escapeHtml(quote.contact.email)}</div>`
    : `<div class="muted">${w.e('notAvailable')}</div>`;
  const rows = quote.items
    .map(
      (
        item,
      ) => `<tr><td class="product">${escapeHtml(item.productId ? item.product.name : item.description)}${item.productId && item.description ? `<div class="muted">${escapeHtml(item.description)}</div>` : ''}${item.product.sku ? `<div class="muted">${w.e('sku')} ${escapeHtml(item.product.sku)}</div>` : ''}</td>
<td class="n" data-label="${w.e('quantity')}">${escapeHtml(w.language === 'en' ? String(item.quantity) : item.quantity.toLocaleString(DOCUMENT_LOCALES[w.language]))}</td><td class="n" data-label="${w.e('unitPriceHeading')}">${money(item.unitPrice)}</td><td class="n" data-label="${w.e('subtotal')}">${money(item.lineTotal)}</td></tr>`,
    )
    .join('\n');
  const notes = sanitizeNotes(quote.notes);
  return `<header>
<div>${logoImage(w, logo)}<h1>${escapeHtml(quote.tenantName)}</h1><div class="seller muted">${partyLines(w, company)}</div><div class="muted">${w.e('quote')}</div></div>
<div><div class="number">${escapeHtml(quote.quoteNumber)}</div>
<div class="muted">${w.e('date')}: ${escapeHtml(w.day(quote.createdAt))}</div>
${quote.validUntil ? `<div class="muted">${w.e('validUntil')}: ${escapeHtml(w.day(quote.validUntil))}</div>` : ''}
<div>${w.e('status')}: <span class="badge s-${escapeHtml(quote.status)}">${escapeHtml(w.status(quote.status))}</span></div></div>
</header>
<section class="parties">
<div><h2>${w.e('customer')}</h2>${customer}</div>
<div><h2>${w.e('contact')}</h2>${contact}</div>
</section>
<div class="table" tabindex="0" role="region" aria-label="${w.e('quoteItems')}"><table>
<thead><tr><th>${w.e('product')}</th><th class="n">${w.e('quantity')}</th><th class="n">${w.e('unitPriceHeading')}</th><th class="n">${w.e('subtotal')}</th></tr></thead>
<tbody>
${rows}
</tbody>
</table></div>
<section class="totals">
<div><span>${w.e('subtotal')}</span><span>${money(quote.subtotal)}</span></div>
${taxRows(w, quote, symbol, money)}
<div class="grand"><span>${w.e('total')}</span><span>${money(quote.total)}</span></div>
</section>
${notes ? `<section class="notes"><h2>${w.e('notes')}</h2>${notes}</section>` : ''}`;
}

/** A PNG or JPEG logo's bytes (`logoForDocument`). */
export interface QuoteLogo {
  contentType: string;
  data: Buffer;
}

/** Discounts and charges, then the tax per rate (EN 16931's breakdown), as the totals' rows. */
function taxRows(
  w: Words,
  quote: Quote,
  symbol: string | null,
  money: (amount: number) => string,
): string {
  const adjustments = quote.adjustments.map(
    (a) =>
      `<div><span>${escapeHtml(a.reason)}</span><span>${a.kind === 'allowance' ? '−' : ''}${money(a.amount)}</span></div>`,
  );
  const taxes =
    quote.taxBreakdown.length === 0
      ? [
          `<div><span>${escapeHtml(taxRowLabel(w.language, { category: 'S', rate: quote.taxRate }))}</span><span>${money(quote.taxAmount)}</span></div>`,
        ]
      : quote.taxBreakdown.map((row) => {
          const label = taxRowLabel(w.language, row);
          const on = w.t('taxOnAmount', {
            amount: documentAmount(
              w.language,
              String(row.taxableAmount),
              quote.currencyCode,
              symbol,
            ),
          });
          return `<div><span>${escapeHtml(label)} <span class="muted">${escapeHtml(on)}</span></span><span>${money(row.taxAmount)}</span></div>`;
        });
  return [...adjustments, ...taxes].join('\n');
}

export interface QuotePageOptions {
  token: string;
  /** The currency's own symbol (a tenant's currency may set one), or null for the en-US symbol of the code. */
  symbol: string | null;
  /** A line shown above the quote, e.g. after accepting. */
  notice?: string;
  /** Why an answer was refused (shown as an alert above the quote). */
  problem?: string;
  /** The company's contact details, for an expired quote. */
  company?: CompanyDetails;
  /** What the recipient typed, refilled after a refused answer. */
  values?: { signerName?: string; reason?: string };
  /** The company's logo, shown above its name. */
  logo?: QuoteLogo | null;
  /** The customer's document language; English when not given. */
  language?: DocumentLanguage;
  /** The customer's address lines, postcode, city, country and VAT ID (today's). */
  buyer?: Partial<DocumentParty>;
}

/** A refusal the page shows, in the page's language when it is one the table knows. */
function problemText(w: Words, problem: string): string {
  if (problem === QUOTE_VALIDITY_MESSAGES.signerRequired) return w.t('signerRequired');
  return problem;
}

/** The quote, with Accept / Reject forms while it is Sent (and not expired). */
export function quotePage(quote: Quote, options: QuotePageOptions): string {
  const w = wordsOf(options.language ?? 'en');
  const notice = options.notice
    ? `<p class="notice" role="status">${escapeHtml(options.notice)}</p>\n`
    : '';
  const problem = options.problem
    ? `<p class="alert" role="alert">${escapeHtml(problemText(w, options.problem))}</p>\n`
    : '';
  const actions =
    quote.status === 'Sent' && !quote.expired
      ? `<section class="actions">
${actionForm(w, quote, 'accept', options.token, options.values?.signerName)}
${actionForm(w, quote, 'reject', options.token, options.values?.reason)}
</section>`
      : '';
  const expired = quote.expired ? expiredSection(w, quote, options.company) : '';
  const download = `<a class="download" href="${escapeHtml(publicPdfUrl(quote, options.token))}" download>${w.e('downloadPdf')}</a>`;
  return page(
    w.t('quoteMailSubject', { number: quote.quoteNumber, company: quote.tenantName }),
    `${problem}${notice}${expired}${details(w, quote, options)}\n${answerSection(w, quote)}\n${download}\n${actions}`,
    w.language,
  );
}

/** GET on an accept/reject link (mail scanners follow links): asks, and changes nothing. */
export function confirmPage(quote: Quote, action: PublicAction, options: QuotePageOptions): string {
  const language = options.language ?? 'en';
  if (quote.expired) return quotePage(quote, options);
  if (quote.status !== 'Sent')
    return quotePage(quote, { ...options, notice: closedNotice(quote, language) });
  const w = wordsOf(language);
  const values = { number: quote.quoteNumber, company: quote.tenantName };
  const question = w.t(action === 'accept' ? 'confirmAccept' : 'confirmReject', values);
  return page(
    w.t('quoteMailSubject', values),
    `<p class="notice" role="status">${escapeHtml(question)}</p>
<section class="actions">
${actionForm(w, quote, action, options.token)}
</section>
${details(w, quote, options)}`,
    language,
  );
}

export function closedNotice(quote: Quote, language: DocumentLanguage = 'en'): string {
  return documentText(language, 'closedNotice', {
    status: documentStatus(language, quote.status),
  });
}

/** The line after a POST: what the recipient did, or why nothing happened. */
export function resultNotice(
  quote: Quote,
  action: PublicAction,
  language: DocumentLanguage = 'en',
): string {
  const number = quote.quoteNumber;
  if (action === 'accept' && quote.status === 'Accepted')
    return documentText(language, 'acceptedNotice', { number });
  if (action === 'reject' && quote.status === 'Rejected')
    return documentText(language, 'rejectedNotice', { number });
  return closedNotice(quote, language);
}
