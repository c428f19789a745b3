import { formatLocale } from './formats';

/** Letters that do not decompose into a base letter and a mark, as people search for them. */
const LIGATURES: Record<string, string> = {
  ß: 'ss',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/**
 * Text as a search compares it, ignoring case and accents ('Müller' → 'muller',
 * 'Ørsted' → 'orsted'). Lists fold each row once (a search key) and the needle once per keystroke.
 */
export function foldForSearch(text: string | null | undefined): string {
  if (!text) return '';
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßøæœłđðþı]/g, (c) => LIGATURES[c] ?? c);
}

const collators = new Map<string, Intl.Collator>();

/** The tenant locale's alphabetical order ('Bäckerei' before 'Brasserie' in German; numbers by value). */
export function nameCollator(locale = formatLocale()): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale, { numeric: true });
    collators.set(locale, collator);
  }
  return collator;
}

/** Sorts rows by name in the tenant's alphabet (in place), ties by id so the order is stable. */
export function sortByName<T extends { name: string; id: string }>(rows: T[]): T[] {
  const { compare } = nameCollator();
  return rows.sort((a, b) => compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
