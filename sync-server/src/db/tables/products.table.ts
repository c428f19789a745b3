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
  created_at: CreatedAt;
}
