import type { ColumnType } from 'kysely';
import type { NumberingKind } from '@smb/shared-types';

/**
 * A document type's running numbers per period: '' for ever (the default numbers, patterns
 * without a date), '2026' per year, '2026-11' per month.
 */
export interface CounterTable {
  name: NumberingKind;
  period: string;
  value: number;
}

/** An administrator's numbering pattern for a document type (none: the default numbers). */
export interface NumberingPatternTable {
  kind: NumberingKind;
  pattern: string;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
