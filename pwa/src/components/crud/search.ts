import { foldForSearch } from '../../lib/collation';

/** A case- and accent-insensitive "contains" over a row's text fields, the needle folded once. */
export function searchMatcher(
  search: string,
): (...fields: (string | null | undefined)[]) => boolean {
  const needle = foldForSearch(search.trim());
  if (!needle) return () => true;
  return (...fields) => fields.some((field) => !!field && foldForSearch(field).includes(needle));
}

/**
 * A filter for rows already in memory (pickers, lists read whole): each row's fields are folded
 * once and kept with the row object, so a keystroke costs one `includes` per row.
 */
export function rowSearch<T extends object>(
  fields: (row: T) => (string | null | undefined)[],
): (rows: T[], search: string) => T[] {
  const keys = new WeakMap<T, string>();
  const keyOf = (row: T) => {
    let key = keys.get(row);
    if (key === undefined) {
      key = fields(row).map(foldForSearch).join('\u0000');
      keys.set(row, key);
    }
    return key;
  };
  return (rows, search) => {
    const needle = foldForSearch(search.trim());
    return needle ? rows.filter((row) => keyOf(row).includes(needle)) : rows;
  };
}

/** `searchMatcher` for one row. */
export function matchesSearch(search: string, ...fields: (string | null | undefined)[]): boolean {
  return searchMatcher(search)(...fields);
}

/** One page of a live list, plus how many rows match and how many exist at all. */
export interface ListPage<T> {
  rows: T[];
  /** Rows matching the search or filter. */
  total: number;
  /** Rows in the table (to tell "nothing yet" from "nothing matches"). */
  all: number;
}
