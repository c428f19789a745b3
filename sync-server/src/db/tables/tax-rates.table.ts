import type { TaxCategory } from '@smb/shared-types';
import type { CreatedAt, Numeric, Versioned } from './columns';

/** A tenant's tax rates: name, percent and EN 16931 category. */
export interface TaxRateTable extends Versioned {
  id: string;
  name: string;
  rate: Numeric;
  category: TaxCategory;
  exemption_reason: string | null;
  created_at: CreatedAt;
}
