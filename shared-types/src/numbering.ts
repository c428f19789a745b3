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
import { Type, type Static } from 'typebox';
import { DOCUMENT_NUMBER_DIGITS, documentNumber } from './quotes';

/**
 * The numbered document types and their default prefixes (`Q-0001`). A new numbered type (a
 * credit note) is one entry here: the server's counters, the API and the settings screen follow.
 */
export const NUMBERING_KINDS = {
  quote: { label: 'Quotes', prefix: 'Q', example: 'Q-{YYYY}-{0000}' },
  order: { label: 'Orders', prefix: 'SO', example: 'SO-{YYYY}-{0000}' },
  invoice: { label: 'Invoices', prefix: 'INV', example: 'INV-{YYYY}-{0000}' },
  credit_note: { label: 'Credit notes', prefix: 'CN', example: 'CN-{YYYY}-{0000}' },
} as const satisfies Record<string, { label: string; prefix: string; example: string }>;

export type NumberingKind = keyof typeof NUMBERING_KINDS;
export const NUMBERING_KIND_NAMES = Object.keys(NUMBERING_KINDS) as NumberingKind[];

export const NUMBERING_MESSAGES = {
  sequence: 'Put the running number in the pattern as zeros in braces, e.g. {0000}.',
  oneSequence: 'Use one running number only, e.g. {0000}.',
  unknownToken: (token: string) =>
    `Unknown placeholder ${token}: use {YYYY}, {YY}, {MM} or {0000}.`,
  length: 'Keep the pattern to 40 characters.',
  characters: 'Use letters, digits, spaces and - / . _ # around the placeholders.',
  monthNeedsYear: 'Put the year ({YYYY} or {YY}) in a pattern with the month.',
  adminOnly: 'Only administrators can change the numbering',
  saved: 'Numbering saved',
  saveFailed: 'Failed to save the numbering',
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
  // A month without its year would write the same number again a year later.
  if (tokens.includes('MM') && !tokens.some((t) => t === 'YYYY' || t === 'YY'))
    return NUMBERING_MESSAGES.monthNeedsYear;
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

/**
 * A pattern as the server writes it in SQL for a document dated `date`: the text before the
 * sequence, its width, and the text after (`INV-2026-`, 4, ''). Without a pattern: the default
 * (`INV-`, 4, '').
 */
export function documentNumberParts(
  pattern: string | null | undefined,
  defaultPrefix: string,
  date: string,
): { before: string; width: number; after: string } {
  if (!pattern) return { before: `${defaultPrefix}-`, width: DOCUMENT_NUMBER_DIGITS, after: '' };
  const marker = '\u0000';
  let width = 0;
  const text = pattern.replace(TOKEN, (whole, token: string) => {
    if (/^0+$/.test(token)) {
      width = token.length;
      return marker;
    }
    return formatDocumentNumber(whole, defaultPrefix, date, 0);
  });
  const [before = '', after = ''] = text.split(marker);
  return { before, width, after };
}

/**
 * The last number used in each period a pattern could count in today ('' for ever, '2026',
 * '2026-11'), per type: what the settings screen needs to preview the next number.
 */
export type NumberingCounts = Record<string, number>;

/** The number the next document dated `date` would get under `pattern`. */
export function nextDocumentNumberPreview(
  pattern: string | null | undefined,
  defaultPrefix: string,
  date: string,
  counts: NumberingCounts,
): string {
  const period = numberingPeriod(pattern, date);
  return formatDocumentNumber(pattern, defaultPrefix, date, (counts[period] ?? 0) + 1);
}

const PatternValue = Type.Union([Type.String({ maxLength: 200 }), Type.Null()]);

export const NumberingKindSettings = Type.Object({
  kind: Type.String(),
  label: Type.String(),
  defaultPrefix: Type.String(),
  /** null: the default numbers (`INV-0001`). */
  pattern: Type.Union([Type.String(), Type.Null()]),
  /** Last numbers used per period ('' for ever, '2026', '2026-11') as of `today`. */
  counts: Type.Record(Type.String(), Type.Integer()),
  /** What the next document of this type would be numbered today. */
  next: Type.String(),
});
export type NumberingKindSettings = Static<typeof NumberingKindSettings>;

export const NumberingSettings = Type.Object({
  /** The day the periods are taken from: today in the company's time zone. */
  today: Type.String({ format: 'date' }),
  kinds: Type.Array(NumberingKindSettings),
});
export type NumberingSettings = Static<typeof NumberingSettings>;

/** PUT /api/numbering: the patterns to change; an empty string or null goes back to the default. */
const optionalPattern = () => Type.Optional(PatternValue);
export const NumberingUpdateBody = Type.Object(
  Object.fromEntries(NUMBERING_KIND_NAMES.map((k) => [k, optionalPattern()])) as Record<
    NumberingKind,
    ReturnType<typeof optionalPattern>
  >,
  { additionalProperties: false },
);
export type NumberingUpdateBody = Partial<Record<NumberingKind, string | null>>;
