import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_TAGS, SCRIPT_LIKE_TAGS, safeHref } from '@smb/shared-types/rich-text';

/**
 * The rich-text notes of quotes, orders and invoices (what the editor offers: bold, italic,
 * underline, lists, links with http/https/mailto/tel). Everything else is dropped; links always open in a new tab
 * without a referrer or opener. Idempotent: sanitising the output again returns it unchanged.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...SCRIPT_LIKE_TAGS],
  transformTags: {
    // A link without an allowed absolute URL loses its href and stays as inert text in a bare
    // <a> (renaming it would confuse sanitize-html's closing tags); real links get rel/target.
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      const href = safeHref(attribs.href);
      if (!href) return { tagName: 'a', attribs: {} };
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
