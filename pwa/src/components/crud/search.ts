/** Case-insensitive "contains" over a row's text fields (for Dexie `filter`, one row at a time). */
export function matchesSearch(search: string, ...fields: (string | null | undefined)[]): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return fields.some((field) => !!field && field.toLowerCase().includes(needle));
}

/** One page of a live list, plus how many rows match and how many exist at all. */
export interface ListPage<T> {
  rows: T[];
  /** Rows matching the search or filter. */
  total: number;
  /** Rows in the table (to tell "nothing yet" from "nothing matches"). */
  all: number;
}
