import type { Numeric, Versioned } from '../../db/tenant-database';

export interface CurrencyTable extends Versioned {
  id: string;
  code: string;
  name: string;
  symbol: string;
  tax_rate: Numeric;
  dollar_exchange_rate: Numeric;
  is_default: boolean;
}
