import { errorBodyMessage } from '@smb/shared-types/errors';
import { OFFLINE_MESSAGE } from '../../lib/api-client';
import { isExpired, readSession } from '../../lib/session';

export const QUOTE_LOAD_FAILED = 'Failed to load quote. It may have expired or been removed.';

export type QuoteResult = { ok: true; html: string } | { ok: false; message: string };

/** Readable text of a failed response: a JSON `message`, the text of an HTML page, or the plain body. */
const BLOCKS = 'h1, h2, h3, h4, h5, h6, p, li';

/**
 * A page's text as one line: its headings and paragraphs each ended like a sentence, so that
 * "<h1>Quote not found</h1><p>Failed to load quote.</p>" reads "Quote not found. Failed to load
 * quote." rather than running the two together.
 */
function pageSentences(body: HTMLElement | null): string {
  if (!body) return '';
  const blocks = [...body.querySelectorAll(BLOCKS)].filter((el) => !el.querySelector(BLOCKS));
  const parts = (blocks.length ? blocks : [body])
    .map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return parts
    .map((part, i) => (i < parts.length - 1 && !/[.!?:]$/.test(part) ? `${part}.` : part))
    .join(' ');
}

export function failureText(body: string, fallback: string): string {
  const text = body.trim();
  if (!text) return fallback;
  try {
    return errorBodyMessage(JSON.parse(text)) ?? fallback;
  } catch {
    // not JSON
  }
  if (/^<!doctype html|<html[\s>]|<body[\s>]/i.test(text)) {
    const doc = new DOMParser().parseFromString(text, 'text/html');
    doc.querySelectorAll('script, style, title').forEach((node) => node.remove());
    const content = pageSentences(doc.body);
    return content ? content.slice(0, 400) : fallback;
  }
  return text.slice(0, 400);
}

async function asResult(request: Promise<Response>, fallback: string): Promise<QuoteResult> {
  let response: Response;
  try {
    response = await request;
  } catch {
    return { ok: false, message: navigator.onLine === false ? OFFLINE_MESSAGE : fallback };
  }
  const body = await response.text();
  if (response.ok) return { ok: true, html: body };
  return { ok: false, message: failureText(body, fallback) };
}

export function quoteViewUrl(tenantId: string, quoteId: string, token: string): string {
  return `/api/quotes/${encodeURIComponent(tenantId)}/${encodeURIComponent(quoteId)}/view?token=${encodeURIComponent(token)}`;
}

/**
 * The signed-in session's header, if this browser has one: the server does not count a view by a
 * user of the quote's own company as the customer's.
 */
function ownerHeader(): Record<string, string> {
  const session = readSession();
  return session && !isExpired(session) ? { Authorization: `Bearer ${session.token}` } : {};
}

/** GET the server-rendered quote document (HTML text). */
export function loadQuoteHtml(
  tenantId: string,
  quoteId: string,
  token: string,
  signal?: AbortSignal,
) {
  return asResult(
    fetch(quoteViewUrl(tenantId, quoteId, token), {
      headers: { Accept: 'text/html', ...ownerHeader() },
      signal,
    }),
    QUOTE_LOAD_FAILED,
  );
}

/** Only the quote's own accept/reject endpoints may be posted to from inside the document. */
export function isQuoteActionUrl(url: URL): boolean {
  return (
    url.origin === window.location.origin &&
    /^\/api\/quotes\/[^/]+\/[^/]+\/(accept|reject)$/.test(url.pathname)
  );
}

/** POST an accept/reject form as application/x-www-form-urlencoded; the server answers with a new HTML document. */
export function postQuoteForm(url: URL, fields: URLSearchParams) {
  return asResult(
    fetch(url.pathname + url.search, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
      body: fields.toString(),
    }),
    'We could not record your response. Please try again.',
  );
}

/** The fields a browser would submit for `form` (successful controls plus the submitter). */
export function formFields(form: HTMLFormElement, submitter: Element | null): URLSearchParams {
  const fields = new URLSearchParams();
  for (const element of Array.from(form.elements)) {
    const control = element as
      HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | HTMLButtonElement;
    if (!control.name || control.disabled) continue;
    const tag = control.tagName.toLowerCase();
    const type = (control.getAttribute('type') ?? '').toLowerCase();
    if (tag === 'button' || ['submit', 'button', 'image', 'reset'].includes(type)) continue;
    if ((type === 'checkbox' || type === 'radio') && !(control as HTMLInputElement).checked)
      continue;
    if (type === 'file') continue;
    fields.append(control.name, control.value);
  }
  const button = submitter as HTMLButtonElement | HTMLInputElement | null;
  if (button?.name) fields.append(button.name, button.value);
  return fields;
}
