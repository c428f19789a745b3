/**
 * The notes' rich text for documents: a small reader of the safe subset the editor writes
 * (paragraphs, line breaks, bold, italic, underline, strike-through, lists, links). Any other tag
 * is dropped and its text kept; script-like elements lose their content; only http(s), mailto
 * and tel links stay links. The PDF never sees markup, so nothing else can reach it.
 */
import { SCRIPT_LIKE_TAGS, safeHref } from '../rich-text';

export interface NoteRun {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  href?: string;
}

export type NoteBlock =
  { type: 'paragraph'; runs: NoteRun[] } | { type: 'list'; ordered: boolean; items: NoteRun[][] };

const DROP_CONTENT = new Set(SCRIPT_LIKE_TAGS);
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X'
          ? parseInt(name.slice(2), 16)
          : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : '';
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

function attr(attrs: string, name: string): string | null {
  const match = new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attrs);
  return match ? decodeEntities(match[2] ?? match[3] ?? match[4] ?? '') : null;
}

export function parseNotes(html: string | null | undefined): NoteBlock[] {
  const blocks: NoteBlock[] = [];
  if (!html) return blocks;
  const style = { bold: 0, italic: 0, underline: 0, strike: 0 };
  const links: Array<string | null> = [];
  const lists: Array<{ ordered: boolean; items: NoteRun[][] }> = [];
  let runs: NoteRun[] | null = null;
  let dropping: string | null = null;

  const flush = () => {
    if (!runs) return;
    const list = lists[lists.length - 1];
    if (list) list.items.push(runs);
    else if (runs.some((r) => r.text.trim() !== '')) blocks.push({ type: 'paragraph', runs });
    runs = null;
  };
  const push = (text: string) => {
    if (text === '') return;
    runs ??= [];
    const href = links[links.length - 1] ?? undefined;
    runs.push({
      text,
      ...(style.bold ? { bold: true } : {}),
      ...(style.italic ? { italic: true } : {}),
      ...(style.underline ? { underline: true } : {}),
      ...(style.strike ? { strike: true } : {}),
      ...(href ? { href } : {}),
    });
  };

  const TOKEN = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|([^<]+|<)/g;
  for (let m = TOKEN.exec(html); m; m = TOKEN.exec(html)) {
    const [, closing, rawTag, attrs = '', text] = m;
    if (text !== undefined) {
      if (!dropping) push(decodeEntities(text).replace(/[\t\r\n ]+/g, ' '));
      continue;
    }
    if (!rawTag) continue;
    const tag = rawTag.toLowerCase();
    if (dropping) {
      if (closing && tag === dropping) dropping = null;
      continue;
    }
    if (DROP_CONTENT.has(tag)) {
      if (!closing && !attrs.trim().endsWith('/')) dropping = tag;
      continue;
    }
    const delta = closing ? -1 : 1;
    switch (tag) {
      case 'strong':
      case 'b':
        style.bold = Math.max(0, style.bold + delta);
        break;
      case 'em':
      case 'i':
        style.italic = Math.max(0, style.italic + delta);
        break;
      case 'u':
        style.underline = Math.max(0, style.underline + delta);
        break;
      case 's':
      case 'strike':
      case 'del':
        style.strike = Math.max(0, style.strike + delta);
        break;
      case 'a':
        if (closing) links.pop();
        else links.push(safeHref(attr(attrs, 'href')));
        break;
      case 'br':
        push('\n');
        break;
      case 'ul':
      case 'ol':
        flush();
        if (closing) {
          const list = lists.pop();
          if (list && list.items.length > 0) {
            const parent = lists[lists.length - 1];
            // A nested list is flattened into its parent's items.
            if (parent) parent.items.push(...list.items);
            else blocks.push({ type: 'list', ordered: list.ordered, items: list.items });
          }
        } else lists.push({ ordered: tag === 'ol', items: [] });
        break;
      case 'p':
      case 'div':
      case 'li':
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
      case 'blockquote':
        flush();
        break;
      default:
        break;
    }
  }
  flush();
  for (const list of lists.reverse())
    if (list.items.length > 0)
      blocks.push({ type: 'list', ordered: list.ordered, items: list.items });
  return blocks.map((block) =>
    block.type === 'paragraph'
      ? { ...block, runs: trimRuns(block.runs) }
      : { ...block, items: block.items.map(trimRuns).filter((item) => item.length > 0) },
  );
}

/** Drops leading and trailing blanks of a block. */
function trimRuns(runs: NoteRun[]): NoteRun[] {
  const out = runs.map((r) => ({ ...r }));
  while (out.length > 0 && out[0]!.text.trim() === '' && out[0]!.text !== '\n') out.shift();
  while (out.length > 0 && out[out.length - 1]!.text.trim() === '') out.pop();
  if (out[0]) out[0].text = out[0].text.replace(/^ +/, '');
  const last = out[out.length - 1];
  if (last) last.text = last.text.replace(/ +$/, '');
  return out;
}
