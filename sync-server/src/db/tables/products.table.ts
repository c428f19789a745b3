import type { ColumnType } from 'kysely';
import type { CreatedAt, NullableNumeric, Numeric, Versioned } from './columns';

export interface ProductTable extends Versioned {
  id: string;
  name: string;
  sku: string | null;
  price: Numeric;
  currency_code: string;
  cost: NullableNumeric;
  stock: number | null;
  category: string | null;
  supplier: string | null;
  description: string | null;
  /** Defaults of a new line: its tax rate (none: the currency's) and unit (UN/ECE Rec 20). */
  tax_rate_id: string | null;
  unit_code: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
}
