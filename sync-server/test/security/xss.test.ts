/**
 * XSS: the notes sanitiser over a corpus and generated HTML — nothing executable
 * survives, and sanitising twice equals sanitising once. (The public quote page's escaping of
 * every text field and its headers are covered in public-quote.test.ts.)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseNotes } from '@smb/shared-types/documents';
import { SCRIPT_LIKE_TAGS } from '@smb/shared-types/rich-text';
import { sanitizeNotes } from '../../src/modules/documents/notes-sanitizer';

const CORPUS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.test/x.js></SCRIPT>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="https://ok.test" onclick="alert(1)">ok</a>',
  '<iframe src="https://evil.test"></iframe>',
  '<object data="x.swf"></object>',
  '<embed src="x.swf">',
  '<style>body{background:url(javascript:alert(1))}</style>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<form action="https://evil.test"><input name=x></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<!--<img src=x onerror=alert(1)>-->',
  '<base href="https://evil.test/">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<p>Plain <strong>bold</strong> <em>it</em> <u>u</u></p><ol><li>one</li></ol><ul><li>two</li></ul>',
  '<a href="mailto:sales@example.com">mail</a> <a href="tel:+15551234">call</a>',
];

function assertInert(html: string) {
  expect(html).not.toMatch(
    /<\s*(script|iframe|object|embed|style|form|input|base|meta|svg|math|img)\b/i,
  );
  const tags = html.match(/<[a-z][^>]*>/gi) ?? [];
  for (const tag of tags) {
    expect(tag).not.toMatch(/\son[a-z]+\s*=/i);
    expect(tag).not.toMatch(/\sstyle\s*=/i);
    const href = tag.match(/\shref="([^"]*)"/i)?.[1];
    if (href !== undefined) expect(href).toMatch(/^(https?:|mailto:|tel:)/i);
  }
}

describe('notes sanitiser', () => {
  it.each(CORPUS)('leaves nothing executable in %s', (payload) => {
    const clean = sanitizeNotes(payload);
    assertInert(clean);
    expect(sanitizeNotes(clean)).toBe(clean);
  });

  it('is idempotent on nested paragraphs, which re-parse differently', () => {
    const once = sanitizeNotes('<p>alert(1)<p>styled</p></p>');
    expect(sanitizeNotes(once)).toBe(once);
  });

  it('keeps the editor marks, lists and safe links', () => {
    expect(sanitizeNotes(CORPUS.at(-2)!)).toContain('<strong>bold</strong>');
    expect(sanitizeNotes(CORPUS.at(-2)!)).toContain('<ol><li>one</li></ol>');
    expect(sanitizeNotes(CORPUS.at(-1)!)).toContain('href="mailto:sales@example.com"');
  });

  it('is idempotent and inert on generated mixtures of the corpus and random text (property)', () => {
    let runs = 0;
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constantFrom(...CORPUS),
            fc.string({ maxLength: 30 }),
            fc.constantFrom('<', '>', '"', "'", '&', '<p>', '</p>', '<a href="'),
          ),
          { maxLength: 12 },
        ),
        (parts) => {
          runs++;
          const clean = sanitizeNotes(parts.join(''));
          assertInert(clean);
          expect(sanitizeNotes(clean)).toBe(clean);
        },
      ),
      { numRuns: 2000 },
    );
    console.log(
      `xss: ${CORPUS.length} corpus payloads and ${runs} generated mixtures → inert, sanitising twice = once`,
    );
  });

  it.each(SCRIPT_LIKE_TAGS.map((tag) => [tag]))(
    'drops <%s> with its content, like the PDF’s notes reader',
    (tag) => {
      const html = `<p>before</p><${tag}>hidden words</${tag}><p>after</p>`;
      const clean = sanitizeNotes(html);
      expect(clean).toBe('<p>before</p><p>after</p>');
      const printed = parseNotes(html)
        .flatMap((b) => (b.type === 'paragraph' ? b.runs : b.items.flat()))
        .map((r) => r.text);
      expect(printed).toEqual(['before', 'after']);
    },
  );

  it('keeps the same links as the PDF’s notes reader', () => {
    const html =
      '<p><a href="https://ok.test/a">web</a> <a href="java&#x09;script:alert(1)">bad</a> <a href=" mailto:x@y.test">mail</a></p>';
    const hrefs = [...sanitizeNotes(html).matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    const printed = parseNotes(html).flatMap((b) => (b.type === 'paragraph' ? b.runs : []));
    expect(hrefs).toEqual(['https://ok.test/a', 'mailto:x@y.test']);
    expect(printed.filter((r) => r.href).map((r) => r.href)).toEqual(hrefs);
  });
});
