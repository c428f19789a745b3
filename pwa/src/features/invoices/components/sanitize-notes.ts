/**
 * Notes are rich text (Tiptap HTML) sanitised by the server. The client renders them only after a
 * second, strict pass: an allowlist of formatting tags and links with safe schemes
 * (http, https, mailto, tel). Everything else is unwrapped (its text kept) or, for elements whose
 * content is code or hidden (script, style, iframe, …), dropped with its content.
 */
import { RICH_TEXT_TAGS, SCRIPT_LIKE_TAGS } from '@smb/shared-types/rich-text';

const ALLOWED_TAGS = new Set(RICH_TEXT_TAGS);
const DROPPED_WITH_CONTENT = new Set(SCRIPT_LIKE_TAGS);
const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/** The href when it is an absolute URL with an allowed scheme, else null. */
export function safeHref(raw: string | null): string | null {
  if (!raw) return null;
  // Browsers ignore control characters and whitespace inside schemes ("java\tscript:").
  const cleaned = [...raw]
    .filter((ch) => ch.charCodeAt(0) > 0x20 && (ch.charCodeAt(0) < 0x7f || ch.charCodeAt(0) > 0x9f))
    .join('');
  if (!cleaned) return null;
  let url: URL;
  try {
    url = new URL(cleaned);
  } catch {
    return null;
  }
  return SAFE_SCHEMES.has(url.protocol) ? url.href : null;
}

function copyChildren(from: Node, to: Node, doc: Document): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      to.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue; // comments, processing instructions
    const element = child as Element;
    const tag = element.localName.toLowerCase();
    if (DROPPED_WITH_CONTENT.has(tag)) continue;
    if (!ALLOWED_TAGS.has(tag) || element.namespaceURI !== 'http://www.w3.org/1999/xhtml') {
      copyChildren(element, to, doc); // unknown wrapper: keep its text, lose the tag
      continue;
    }
    const clean = doc.createElement(tag);
    if (tag === 'a') {
      const href = safeHref(element.getAttribute('href'));
      if (href) {
        clean.setAttribute('href', href);
        clean.setAttribute('target', '_blank');
        clean.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    }
    copyChildren(element, clean, doc);
    to.appendChild(clean);
  }
}

/** Allowlisted HTML for notes: formatting tags only, no attributes except safe link targets. */
export function sanitizeNotesHtml(html: string): string {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  // Build into an inert document: nothing here is ever attached to the page while being built.
  const out = document.implementation.createHTMLDocument('');
  const container = out.createElement('div');
  copyChildren(parsed.body, container, out);
  return container.innerHTML;
}

/** True when the notes have visible text (an empty editor leaves `<p></p>`). */
export function hasNoteText(html: string | null | undefined): boolean {
  if (!html || !html.trim()) return false;
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  return (parsed.body.textContent ?? '').trim() !== '';
}

/** Notes saved as plain text (no tags) keep their line breaks. */
export function looksLikeHtml(text: string): boolean {
  return /<\/?[a-z][\s\S]*?>/i.test(text);
}
