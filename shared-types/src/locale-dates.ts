/**
 * Calendar dates written and read the locale's way — `11/26/2026` (en-US),
 * `26.11.2026` (de-DE), `26/11/2026` (fr-FR), `26-11-2026` (nl-NL). Reading is strict, never a
 * guess: the locale's order of day, month and year, its separator, a four-digit year and a day
 * that exists. `26.11.2026` under en-US, or `11/26/2026` under de-DE, is refused with an example,
 * not read as another day. An ISO day (`2026-11-26`) is read in every locale (it cannot be
 * mistaken).
 */
import { isIsoDate } from './payments';

export const DATE_MESSAGES = {
  notADate: (example: string) => `Not a date this way. Type it like ${example}.`,
  tooEarly: (first: string) => `Pick ${first} or a later day.`,
} as const;

type Field = 'day' | 'month' | 'year';

interface DatePattern {
  order: Field[];
  /** The separator between the fields, trimmed ('/', '.', '-'); '' when only spaces separate them. */
  separator: string;
}

const patterns = new Map<string, DatePattern>();
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * The locale's numeric date format ('11/26/2026', '26.11.2026'), made once per locale: in UTC (a
 * calendar day stored as its UTC midnight), or on the device's calendar with `utc` false.
 */
export function numericDateFormat(locale: string, utc = true): Intl.DateTimeFormat {
  const key = `${locale}|${utc}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      ...(utc ? { timeZone: 'UTC' } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

function patternOf(locale: string): DatePattern {
  let pattern = patterns.get(locale);
  if (!pattern) {
    const parts = numericDateFormat(locale).formatToParts(new Date(Date.UTC(2026, 10, 26)));
    const order = parts
      .map((p) => p.type)
      .filter((t): t is Field => t === 'day' || t === 'month' || t === 'year');
    const literal = parts.find((p, i) => p.type === 'literal' && i > 0 && i < parts.length - 1);
    pattern = { order, separator: (literal?.value ?? '/').trim() };
    patterns.set(locale, pattern);
  }
  return pattern;
}

/** A calendar day ('2026-11-26') as the locale writes it: '11/26/2026', '26.11.2026'; '' if none. */
export function formatLocaleDate(day: string | null | undefined, locale: string): string {
  if (!day || !isIsoDate(day)) return '';
  return numericDateFormat(locale).format(new Date(`${day}T00:00:00.000Z`));
}

export type ParsedDate = { ok: true; value: string } | { ok: false; message: string };

/** The calendar day ('YYYY-MM-DD') typed in `locale`, or why it was refused. */
export function parseLocaleDate(text: string, locale: string): ParsedDate {
  const refuse = {
    ok: false as const,
    message: DATE_MESSAGES.notADate(formatLocaleDate('2026-11-26', locale)),
  };
  const input = text.trim().replace(/[\u00a0\u202f]/g, ' ');
  if (isIsoDate(input)) return { ok: true, value: input };
  const { order, separator } = patternOf(locale);
  // Three runs of digits, each pair parted by the locale's separator (spaces around it allowed);
  // a trailing separator too ('26. 11. 2026.' in some locales).
  const match = /^(\d+)(\D+)(\d+)(\D+)(\d+)(\D*)$/.exec(input);
  if (!match) return refuse;
  const [, a, s1, b, s2, c, trail] = match as unknown as string[];
  const parted = (s: string) => s.trim() === separator && (separator !== '' || s.length > 0);
  if (!parted(s1!) || !parted(s2!) || (trail !== '' && trail!.trim() !== separator)) return refuse;
  const values: Record<Field, string> = { day: '', month: '', year: '' };
  [a, b, c].forEach((digits, i) => (values[order[i]!] = digits!));
  if (values.year.length !== 4 || values.month.length > 2 || values.day.length > 2) return refuse;
  const iso = `${values.year}-${values.month.padStart(2, '0')}-${values.day.padStart(2, '0')}`;
  return isIsoDate(iso) ? { ok: true, value: iso } : refuse;
}
