import { isEmail } from '@smb/shared-types/validation';

/**
 * Values that several systems pack into one cell, or spread over several: names, addresses,
 * lists of e-mails and phones, HTML descriptions and escaped line breaks.
 */

const BLOCK_TAG = /<\/?(p|br|div|ul|ol|li|h[1-6]|table|tr|td)\b[^>]*>/i;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Whether a cell holds HTML markup (Shopify's "Body (HTML)", WooCommerce descriptions). */
export function looksLikeHtml(text: string): boolean {
  return BLOCK_TAG.test(text);
}

/** HTML as the plain text it shows: paragraphs and breaks as line breaks, list items as "• ". */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '• ')
    .replace(/<\/?(ul|ol)\b[^>]*>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, code: string) => {
      if (code.startsWith('#')) {
        const n =
          code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : Number(code.slice(1));
        return Number.isFinite(n) ? String.fromCodePoint(n) : whole;
      }
      return ENTITIES[code.toLowerCase()] ?? whole;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n[ \t]+/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** "Line one\nLine two" written with a backslash-n escape (WooCommerce) → real line breaks. */
export function unescapeNewlines(text: string): string {
  return text.includes('\\n') && !text.includes('\n') ? text.replace(/(?:\\r)?\\n/g, '\n') : text;
}

/** A long text cell as meant: HTML turned to text, escaped line breaks undone. */
export function plainText(text: string): string {
  const unescaped = unescapeNewlines(text);
  return looksLikeHtml(unescaped) ? htmlToText(unescaped) : unescaped;
}

/** The e-mail addresses in a cell: "a@x.com; b@y.com", "a@x.com, b@y.com", Google's " ::: ". */
export function splitEmails(text: string): string[] {
  if (!/[;,\s]|:::/.test(text.trim())) return [text.trim()].filter(Boolean);
  const parts = text
    .split(/:::|[;,\s]+/)
    .map((p) => p.trim().replace(/^<|>$/g, ''))
    .filter(Boolean);
  // Only a list when every part is an address; otherwise the cell is checked as it is.
  return parts.length > 1 && parts.every(isEmail) ? parts : [text.trim()];
}

/**
 * The phone numbers in a cell: "Phone: 555-0100 Mobile: 555-0199" (QuickBooks),
 * "+1 555 0100 / +1 555 0199", "555-0100; 555-0199", Google's " ::: ". Labels are dropped.
 */
export function splitPhones(text: string): string[] {
  if (!/[;|/:]|\s{3,}/.test(text)) return /\d/.test(text) ? [text.trim()] : [];
  const labelled = text.split(/(?:^|\s)(?=[A-Za-z][A-Za-z .]{1,20}:\s*[+(\d])/);
  return labelled
    .flatMap((part) => part.split(/:::|[;|/]|\s{3,}/))
    .map((p) => p.replace(/^\s*[A-Za-z][A-Za-z .]{1,20}:\s*/, '').trim())
    .filter((p) => /\d/.test(p));
}

/** "Anna" + "Schmidt" → "Anna Schmidt"; blanks left out. */
export function joinName(...parts: (string | undefined)[]): string {
  return parts
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * The second address line with the parts of a structured address after it, so nothing of a
 * printed address is lost: "Suite 4, 10115 Berlin, Brandenburg, Germany".
 */
export function joinAddressLine2(parts: {
  line2?: string;
  postcode?: string;
  city?: string;
  region?: string;
  country?: string;
}): string {
  const town = joinName(parts.postcode, parts.city);
  return [parts.line2, town, parts.region, parts.country]
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(', ');
}
