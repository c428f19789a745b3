import sanitizeHtml from 'sanitize-html';

/**
 * The rich-text notes of quotes, orders and invoices (spec §2: bold, italic, underline, lists,
 * links with http/https/mailto/tel). Everything else is dropped; links always open in a new tab
 * without a referrer or opener. Idempotent: sanitising the output again returns it unchanged.
 */
const SAFE_HREF = /^(https?:\/\/|mailto:|tel:)/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ol', 'ul', 'li', 'a'],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
  ],
  transformTags: {
    // A link without an allowed absolute URL loses its href and stays as inert text in a bare
    // <a> (renaming it would confuse sanitize-html's closing tags); real links get rel/target.
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      // eslint-disable-next-line no-control-regex -- strips control characters browsers ignore in URLs
      const href = (attribs.href ?? '').replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
      if (!SAFE_HREF.test(href)) return { tagName: 'a', attribs: {} };
      return {
        tagName: 'a',
        attribs: { href, rel: 'noopener noreferrer nofollow', target: '_blank' },
      };
    },
  },
};

/**
 * One pass can leave markup that parses differently the next time (e.g. a `<p>` nested in a
 * `<p>` is closed early on re-parse), so passes repeat until the output is stable: what is
 * stored is then exactly what a later sanitisation — on the public page, after an edit — yields.
 */
export function sanitizeNotes(html: string | null | undefined): string {
  if (!html) return '';
  let out = sanitizeHtml(html, OPTIONS).trim();
  for (let pass = 0; pass < 5; pass++) {
    const next = sanitizeHtml(out, OPTIONS).trim();
    if (next === out) break;
    out = next;
  }
  return out;
}
