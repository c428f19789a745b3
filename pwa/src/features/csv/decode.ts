/** The text of an uploaded file and the encoding it was read with. */
export interface DecodedText {
  text: string;
  encoding: 'utf-8' | 'windows-1252';
}

/**
 * Windows-1252's characters for bytes 0x80–0x9F (€ ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ
 * ž Ÿ). Some TextDecoder implementations (Node's) decode the label as ISO-8859-1, which leaves
 * these as C1 control characters; they are mapped here so the result is the same everywhere.
 */
const CP1252_HIGH: Record<number, string> = {
  0x80: '€',
  0x82: '‚',
  0x83: 'ƒ',
  0x84: '„',
  0x85: '…',
  0x86: '†',
  0x87: '‡',
  0x88: 'ˆ',
  0x89: '‰',
  0x8a: 'Š',
  0x8b: '‹',
  0x8c: 'Œ',
  0x8e: 'Ž',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
  0x98: '˜',
  0x99: '™',
  0x9a: 'š',
  0x9b: '›',
  0x9c: 'œ',
  0x9e: 'ž',
  0x9f: 'Ÿ',
};

/**
 * Reads a CSV file's bytes as real exports come: UTF-8 with or without a byte-order mark, or —
 * when the bytes are not valid UTF-8 (Excel "CSV" on Windows, older tools) — Windows-1252.
 * The BOM is dropped so it never ends up in the first header.
 */
export function decodeCsvBytes(bytes: Uint8Array): DecodedText {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { text: stripBom(text), encoding: 'utf-8' };
  } catch {
    const text = new TextDecoder('windows-1252')
      .decode(bytes)
      .replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0)] ?? c);
    return { text, encoding: 'windows-1252' };
  }
}

const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
