/** Reading PDFs in tests: their text through poppler's pdftotext, and the figures an API object says they must show. */
import { execFileSync } from 'node:child_process';
import { expect } from 'vitest';

/** `layout` keeps table rows on one line; `raw` keeps content-stream order (rotated watermarks too). */
export function pdfText(pdf: Buffer | Uint8Array, mode: 'layout' | 'raw' = 'layout'): string {
  return execFileSync('pdftotext', [`-${mode}`, '-enc', 'UTF-8', '-', '-'], {
    input: pdf,
  }).toString('utf8');
}

export function pdfInfo(pdf: Buffer | Uint8Array): { pages: number; size: string } {
  const info = execFileSync('pdfinfo', ['-'], { input: pdf }).toString('utf8');
  return {
    pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]),
    size: /Page size:\s+(.+)/.exec(info)?.[1]?.trim() ?? '',
  };
}

/** An API amount as a document must print it, formatted independently of the layout's code. */
export const money = (symbol: string, value: number) =>
  `${value < 0 ? '-' : ''}${symbol}${Math.abs(value).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })}`;

export interface FiguresOf {
  subtotal: number;
  taxRate: number;
  taxAmount: number;
  total: number;
  items: Array<{
    quantity: number;
    unitPrice: number;
    subtotal: number;
    name: string;
    sku: string | null;
  }>;
}

/**
 * Every figure of the API object is in the PDF's text: each line as one row (number, name, SKU,
 * quantity, unit price, line total in that order), then subtotal, tax with its rate, and total.
 */
export function expectFigures(text: string, doc: FiguresOf, symbol: string): void {
  const rows = text.split('\n');
  doc.items.forEach((item, i) => {
    const cells = [
      String(i + 1),
      item.name,
      ...(item.sku ? [item.sku] : []),
      item.quantity.toLocaleString('en-US'),
      money(symbol, item.unitPrice),
      money(symbol, item.subtotal),
    ];
    const pattern = new RegExp(
      `^\\s*${cells.map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+')}\\s*$`,
    );
    expect(
      rows.some((r) => pattern.test(r)),
      `line ${i + 1} (${cells.join(' | ')}) is a row of the PDF`,
    ).toBe(true);
  });
  const rate = `${doc.taxRate}%`;
  expect(text).toMatch(new RegExp(`Subtotal\\s+${escape(money(symbol, doc.subtotal))}`));
  expect(text).toMatch(
    new RegExp(`Tax \\(${escape(rate)}\\)\\s+${escape(money(symbol, doc.taxAmount))}`),
  );
  expect(text).toMatch(new RegExp(`Total [A-Z]{3}\\s+${escape(money(symbol, doc.total))}`));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The PDF attachments of a raw e-mail: file name and bytes. */
export function pdfAttachments(raw: string): Array<{ name: string; pdf: Buffer }> {
  const found: Array<{ name: string; pdf: Buffer }> = [];
  for (const part of raw.split(/\r?\n--[^\r\n]+/)) {
    if (!/Content-Type: application\/pdf/i.test(part)) continue;
    const name = /filename="?([^";\r\n]+)"?/i.exec(part)?.[1] ?? '';
    const body = part
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('')
      .replace(/\s+/g, '');
    found.push({ name, pdf: Buffer.from(body, 'base64') });
  }
  return found;
}
