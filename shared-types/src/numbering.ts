/**
 * Document numbering patterns, per document type: `INV-{YYYY}-{0000}` numbers invoices
 * INV-2026-0001, INV-2026-0002 … and starts again at 0001 in 2027. The server assigns the numbers,
 * gapless within each period, also for documents made offline; the pattern only says how a
 * (period, sequence) pair is written. Without a pattern a type keeps its default (`INV-0001`).
 *
 * Tokens: {YYYY} the year, {YY} its last two digits, {MM} the month (a pattern with it counts per
 * month), and one run of zeros in braces ({0000}) for the sequence, padded to that many digits and
 * growing past them. Everything else is printed as written.
 */
import { documentNumber } from './quotes';

export const NUMBERING_MESSAGES = {
  sequence: 'Put the running number in the pattern as zeros in braces, e.g. {0000}.',
  oneSequence: 'Use one running number only, e.g. {0000}.',
  unknownToken: (token: string) =>
    `Unknown placeholder ${token}: use {YYYY}, {YY}, {MM} or {0000}.`,
  length: 'Keep the pattern to 40 characters.',
  characters: 'Use letters, digits, spaces and - / . _ # around the placeholders.',
} as const;

const TOKEN = /\{([^}]*)\}/g;

/** What is wrong with a pattern, or null when it can number documents. */
export function numberingPatternProblem(pattern: string): string | null {
  if (pattern.length > 40) return NUMBERING_MESSAGES.length;
  const tokens = [...pattern.matchAll(TOKEN)].map((m) => m[1]!);
  for (const token of tokens) {
    if (!/^(YYYY|YY|MM|0+)$/.test(token)) return NUMBERING_MESSAGES.unknownToken(`{${token}}`);
  }
  const sequences = tokens.filter((t) => /^0+$/.test(t));
  if (sequences.length === 0) return NUMBERING_MESSAGES.sequence;
  if (sequences.length > 1) return NUMBERING_MESSAGES.oneSequence;
  if (!/^[\p{L}\p{N} \-/._#]*$/u.test(pattern.replace(TOKEN, '')))
    return NUMBERING_MESSAGES.characters;
  return null;
}

/**
 * The period a document dated `date` ('2026-11-26') counts in: '2026' for a yearly pattern,
 * '2026-11' for a monthly one, '' for a pattern (or default) that never resets.
 */
export function numberingPeriod(pattern: string | null | undefined, date: string): string {
  if (!pattern) return '';
  if (/\{MM\}/.test(pattern)) return date.slice(0, 7);
  if (/\{YYYY\}|\{YY\}/.test(pattern)) return date.slice(0, 4);
  return '';
}

/** The number of the `sequence`-th document of the period `date` falls in. */
export function formatDocumentNumber(
  pattern: string | null | undefined,
  defaultPrefix: string,
  date: string,
  sequence: number,
): string {
  if (!pattern) return documentNumber(defaultPrefix, sequence);
  return pattern.replace(TOKEN, (_, token: string) => {
    if (token === 'YYYY') return date.slice(0, 4);
    if (token === 'YY') return date.slice(2, 4);
    if (token === 'MM') return date.slice(5, 7);
    return String(sequence).padStart(token.length, '0');
  });
}
