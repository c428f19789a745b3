import type { ColumnType } from 'kysely';

// Column types the tenant tables share. Their own file, so the tables and `TenantDatabase` (which
// lists them) never import each other.

/** Columns every synced row has. */
export interface Versioned {
  version: ColumnType<string, string | number | bigint, string | number | bigint>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric columns come back from pg as strings; accept strings on write. */
export type Numeric = ColumnType<string, string, string>;
export type NullableNumeric = ColumnType<string | null, string | null | undefined, string | null>;
