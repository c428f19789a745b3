/**
 * The safe subset of the notes' rich text, in one place for both of its readers: the server's
 * sanitiser (sanitize-html, what is stored and shown on the public page) and the documents' notes
 * reader (what a PDF prints). Import as `@smb/shared-types/rich-text`.
 */

/** The only links kept: absolute http(s), mailto and tel. */
export const SAFE_HREF = /^(https?:\/\/|mailto:|tel:)/i;

/** The elements the notes may keep (everything else is unwrapped: its text stays). */
export const RICH_TEXT_TAGS: readonly string[] = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ol',
  'ul',
  'li',
  'a',
];

/**
 * Script-like, hidden and raw-text elements: dropped together with their content, never shown as
 * text. (Void elements such as embed, meta, link and base have no content: unwrapping drops them,
 * and text after them is the document's text, as in a browser.)
 */
export const SCRIPT_LIKE_TAGS: readonly string[] = [
  'script',
  'style',
  'textarea',
  'select',
  'option',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'frameset',
  'object',
  'template',
  'svg',
  'math',
  'head',
  'title',
  'xmp',
  'plaintext',
];

/**
 * A link's href as browsers read it (control characters and spaces, which they ignore, removed),
 * or null when it is not a safe link (`java\tscript:` is refused like `javascript:`).
 */
export function safeHref(raw: string | null | undefined): string | null {
  // eslint-disable-next-line no-control-regex -- strips control characters browsers ignore in URLs
  const href = (raw ?? '').replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  return SAFE_HREF.test(href) ? href : null;
}
