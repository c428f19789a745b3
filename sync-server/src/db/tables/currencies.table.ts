import type { Numeric, Versioned } from './columns';

export interface CurrencyTable extends Versioned {
  id: string;
  code: string;
  name: string;
  symbol: string;
  tax_rate: Numeric;
  dollar_exchange_rate: Numeric;
  is_default: boolean;
}
