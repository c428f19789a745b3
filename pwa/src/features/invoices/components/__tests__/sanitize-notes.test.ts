import { describe, expect, it } from 'vitest';
import { hasNoteText, safeHref, sanitizeNotesHtml } from '../sanitize-notes';

/** Parses the sanitised output and lists every element with its attributes. */
function shape(html: string) {
  const doc = new DOMParser().parseFromString(sanitizeNotesHtml(html), 'text/html');
  return Array.from(doc.body.querySelectorAll('*')).map((el) => ({
    tag: el.localName,
    attrs: Array.from(el.attributes).map((a) => `${a.name}=${a.value}`),
  }));
}

describe('sanitizeNotesHtml', () => {
  it('keeps the formatting the notes editor produces', () => {
    const html =
      '<p>Hello <strong>bold</strong> <b>b</b> <em>em</em> <i>i</i> <u>u</u> <s>s</s><br>next</p>' +
      '<ol><li>one</li></ol><ul><li>two</li></ul>';
    expect(sanitizeNotesHtml(html)).toBe(html);
  });

  it('keeps http, https, mailto and tel links and opens them safely', () => {
    for (const href of [
      'https://example.com/a?b=1',
      'http://example.com/',
      'mailto:ann@acme.test',
      'tel:+15551234',
    ]) {
      const [link] = shape(`<a href="${href}">x</a>`);
      expect(link).toEqual({
        tag: 'a',
        attrs: [`href=${href}`, 'target=_blank', 'rel=noopener noreferrer nofollow'],
      });
    }
  });

  const corpus: [string, string][] = [
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<SCRIPT SRC=//evil.test/x.js></SCRIPT>ok', 'ok'],
    ['<p onclick="alert(1)" onmouseover="x()">hi</p>', '<p>hi</p>'],
    ['<img src=x onerror=alert(1)>pic', 'pic'],
    ['<svg onload=alert(1)><script>alert(2)</script></svg>after', 'after'],
    ['<a href="javascript:alert(1)">click</a>', '<a>click</a>'],
    ['<a href="JaVaScRiPt:alert(1)">click</a>', '<a>click</a>'],
    ['<a href="java&#x09;script:alert(1)">click</a>', '<a>click</a>'],
    ['<a href=" &#14; javascript:alert(1)">click</a>', '<a>click</a>'],
    ['<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">d</a>', '<a>d</a>'],
    ['<a href="vbscript:msgbox(1)">v</a>', '<a>v</a>'],
    ['<a href="/relative">r</a>', '<a>r</a>'],
    [
      '<a href="https://ok.test" onclick="alert(1)" style="x">ok</a>',
      '<a href="https://ok.test/" target="_blank" rel="noopener noreferrer nofollow">ok</a>',
    ],
    ['<iframe src="https://evil.test"></iframe>x', 'x'],
    ['<style>body{display:none}</style>x', 'x'],
    ['<div><span style="color:red">wrapped</span></div>', 'wrapped'],
    ['<p style="background:url(javascript:alert(1))" class="c" id="i">s</p>', '<p>s</p>'],
    ['<form action="https://evil.test"><input name="p"><button>Go</button></form>', 'Go'],
    ['<!-- <script>alert(1)</script> -->c', 'c'],
    ['<math><mtext><img src=x onerror=alert(1)></mtext></math>m', 'm'],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>">', '<p></p>'],
    ['&lt;script&gt;alert(1)&lt;/script&gt;', '&lt;script&gt;alert(1)&lt;/script&gt;'],
  ];

  it.each(corpus)('removes the attack in %s', (input, expected) => {
    const out = sanitizeNotesHtml(input);
    expect(out).toBe(expected);
    expect(out).not.toMatch(/<script|<img|<svg|<iframe|\son\w+=|javascript:/i);
  });

  it('never carries any attribute other than a safe link target', () => {
    const attrs = corpus.flatMap(([input]) => shape(input).flatMap((el) => el.attrs));
    for (const attr of attrs)
      expect(attr).toMatch(
        /^(href=https:\/\/ok\.test\/|target=_blank|rel=noopener noreferrer nofollow)$/,
      );
  });
});

describe('safeHref', () => {
  it('accepts only absolute URLs with an allowed scheme', () => {
    expect(safeHref('https://a.test/x')).toBe('https://a.test/x');
    expect(safeHref('tel:123')).toBe('tel:123');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('ftp://a.test')).toBeNull();
    expect(safeHref('')).toBeNull();
    expect(safeHref(null)).toBeNull();
  });
});

describe('hasNoteText', () => {
  it('treats an empty editor as no notes', () => {
    expect(hasNoteText('<p></p>')).toBe(false);
    expect(hasNoteText('   ')).toBe(false);
    expect(hasNoteText(null)).toBe(false);
    expect(hasNoteText('<p>Thanks!</p>')).toBe(true);
  });
});
