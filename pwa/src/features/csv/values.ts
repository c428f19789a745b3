/**
 * A cell's text as it was meant: our own export (and OWASP advice) prefixes cells that start
 * with = + - @ tab or CR with an apostrophe; importing such a file gives the original back.
 */
export function cellText(cell: string | undefined): string {
  const text = (cell ?? '').trim();
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/**
 * A number as spreadsheets write it: "1234.5", "1 234,50", "1.234,50", "€ 12,50", "$1,234.00".
 * The last `.` or `,` is the decimal separator when both appear; a single `,` is a decimal comma
 * (European Excel); repeated separators are thousands. Returns null for a blank cell and NaN
 * when the text is not a number (the shared rules then say "… must be a number").
 */
export function parseNumber(text: string): number | null {
  let s = text.replace(/[\s\u00a0\u202f'$€£¥]/g, '');
  if (s === '') return null;
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    s = s.split(thousands).join('').replace(decimal, '.');
  } else if (lastComma >= 0) {
    s = s.indexOf(',') === lastComma ? s.replace(',', '.') : s.split(',').join('');
  } else if (lastDot >= 0 && s.indexOf('.') !== lastDot) {
    s = s.split('.').join('');
  }
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(s) ? Number(s) : Number.NaN;
}
