import { Type, type Static } from 'typebox';
import { SCHEMA_MESSAGE } from './api';
import { TAX_CATEGORIES, taxRateProblems, type TaxCategory } from './tax-categories';

/** Tax rates as records: what administrators manage in Settings → Tax rates. */
export const TAX_RATE_RECORD_MESSAGES = {
  nameRequired: 'Give the tax rate a name',
  categoryRequired: 'Choose a tax category',
  notFound: 'Tax rate not found',
  idTaken: 'A tax rate with this id already exists',
  adminOnly: 'Only administrators can change tax rates',
} as const;

const Category = Type.Unsafe<TaxCategory>({
  type: 'string',
  enum: [...TAX_CATEGORIES],
  [SCHEMA_MESSAGE]: TAX_RATE_RECORD_MESSAGES.categoryRequired,
});

const fields = {
  name: Type.String({
    minLength: 1,
    maxLength: 100,
    [SCHEMA_MESSAGE]: TAX_RATE_RECORD_MESSAGES.nameRequired,
  }),
  rate: Type.Number({ minimum: 0, maximum: 100 }),
  category: Category,
  exemptionReason: Type.Optional(Type.Union([Type.String({ maxLength: 300 }), Type.Null()])),
};

/** POST /api/tax-rates, mutation `taxRate.create`; `id` may be client-made. */
export const TaxRateCreateBody = Type.Object({
  id: Type.Optional(Type.String({ format: 'uuid' })),
  ...fields,
});
export type TaxRateCreateBody = Static<typeof TaxRateCreateBody>;

/** PUT /api/tax-rates/{id}, mutation `taxRate.update`: only the fields given change. */
export const TaxRateUpdateBody = Type.Partial(Type.Object(fields));
export type TaxRateUpdateBody = Static<typeof TaxRateUpdateBody>;

export const TaxRate = Type.Object({
  id: Type.String(),
  name: Type.String(),
  rate: Type.Number(),
  category: Category,
  exemptionReason: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  version: Type.String(),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type TaxRate = Static<typeof TaxRate>;

/** One field's message for a whole tax rate, or null when it may be saved. */
export function taxRateRecordError(value: {
  name?: string | null;
  rate?: number | null;
  category?: string | null;
  exemptionReason?: string | null;
}): string | null {
  if (!value.name?.trim()) return TAX_RATE_RECORD_MESSAGES.nameRequired;
  if (!value.category || !(TAX_CATEGORIES as readonly string[]).includes(value.category))
    return TAX_RATE_RECORD_MESSAGES.categoryRequired;
  const problems = taxRateProblems({
    category: value.category as TaxCategory,
    rate: value.rate ?? 0,
    exemptionReason: value.exemptionReason ?? null,
  });
  return problems.rate ?? problems.exemptionReason ?? null;
}

/** "VAT 19 % (S)" in a select. */
export const taxRateLabel = (rate: { name: string; rate: number }) =>
  `${rate.name} · ${rate.rate} %`;
