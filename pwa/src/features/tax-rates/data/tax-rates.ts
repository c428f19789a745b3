import {
  TAX_RATE_RECORD_MESSAGES,
  taxRateRecordError,
  type TaxRateCreateBody,
  type TaxRateUpdateBody,
} from '@smb/shared-types/tax-rates';
import type { TaxCategory } from '@smb/shared-types/tax-categories';
import { entityWrites } from '../../../sync/entity-writes';

/** A tax rate as the form gives it (all fields: an edit sends the whole form). */
export type TaxRateBody = TaxRateCreateBody | TaxRateUpdateBody;

/**
 * Admin only: the server refuses others (the refusal shows among the failed changes). Documents
 * keep the rate their lines were written with when one is edited or deleted.
 */
const taxRates = entityWrites({
  name: 'taxRate',
  entity: 'tax_rates',
  notFound: TAX_RATE_RECORD_MESSAGES.notFound,
  input: (body: TaxRateBody) => ({
    ...body,
    name: body.name?.trim(),
    exemptionReason: body.exemptionReason?.trim() || null,
  }),
  problem: (input) => taxRateRecordError(input),
  createArgs: (input, id) => ({
    id,
    name: input.name ?? '',
    rate: input.rate ?? 0,
    category: (input.category ?? 'S') as TaxCategory,
    exemptionReason: input.exemptionReason ?? null,
  }),
});

export const createTaxRate = taxRates.create;
export const updateTaxRate = taxRates.update;
export const deleteTaxRate = taxRates.remove;
