import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface Mail {
  file: string;
  to: string;
  subject: string;
  /** The From header, decoded: `"Company" <MAIL_FROM's address>` for a company's mails. */
  from: string;
  /** The Reply-To header ('' when none): the company's e-mail on its customers' mails. */
  replyTo: string;
  text: string;
  /** The content types of the attachments (e.g. application/pdf). */
  attachments: string[];
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) decoded. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(input: string): string {
  const bytes: number[] = [];
  const soft = input.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i];
    const hex = soft.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

/** The text/plain body of a MIME message (first text/plain part of a multipart one). */
function plainText(part: Part): string | null {
  const type = (part.headers['content-type'] ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(part.headers['content-type'] ?? '')?.[1];
    if (!boundary) return null;
    const pieces = part.body.split(`--${boundary}`).slice(1);
    for (const piece of pieces) {
      if (piece.startsWith('--')) break;
      const found = plainText(splitPart(piece.replace(/^\r?\n/, '')));
      if (found !== null) return found;
    }
    return null;
  }
  return type.startsWith('text/plain') ? decodeBody(part) : null;
}

/** A part's headers are one block without blank lines: its type, then its disposition. */
const ATTACHMENT =
  /^Content-Type: ([\w/.+-]+)[^\n]*\n(?:[^\n]+\n)*?Content-Disposition: attachment/gim;

function attachmentTypes(raw: string): string[] {
  return [...raw.replace(/\r\n/g, '\n').matchAll(ATTACHMENT)].map((m) => m[1]!.toLowerCase());
}

export async function readMailbox(dataDir: string): Promise<Mail[]> {
  const dir = path.join(dataDir, 'mail');
  let files: string[];
  try {
    files = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  const mails: Mail[] = [];
  for (const file of files) {
    const raw = await readFile(path.join(dir, file), 'utf8');
    const message = splitPart(raw);
    mails.push({
      file,
      to: message.headers.to ?? '',
      subject: decodeWords(message.headers.subject ?? ''),
      from: decodeWords(message.headers.from ?? ''),
      replyTo: decodeWords(message.headers['reply-to'] ?? ''),
      text: plainText(message) ?? '',
      attachments: attachmentTypes(raw),
    });
  }
  return mails;
}

/**
 * The 6-digit code of the newest mail to `email` (optionally one not in `exclude`), polling the
 * dev mailbox until it arrives.
 */
export async function latestCode(
  dataDir: string,
  email: string,
  options: { timeoutMs?: number; exclude?: string[] } = {},
): Promise<{ code: string; mail: Mail }> {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  const wanted = email.toLowerCase();
  for (;;) {
    const mails = (await readMailbox(dataDir)).filter(
      (mail) => mail.to.toLowerCase().includes(wanted) && !options.exclude?.includes(mail.file),
    );
    const mail = mails.at(-1);
    if (mail) {
      // 'Your code: 123456' wins; other 6-digit runs (a tenant name, an address) are not codes.
      const labelled = /\bcode:?\s*(\d{6})(?!\d)/i.exec(mail.text)?.[1];
      const codes = labelled ? [labelled] : (mail.text.match(/(?<!\d)\d{6}(?!\d)/g) ?? []);
      if (codes.length !== 1 || !codes[0])
        throw new Error(
          `expected exactly one 6-digit code in ${mail.file}, found ${codes.length}:\n${mail.text}`,
        );
      return { code: codes[0], mail };
    }
    if (Date.now() > deadline)
      throw new Error(`no mail to ${email} arrived in ${path.join(dataDir, 'mail')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
