import { Type, type Static } from 'typebox';
import {
  amountError,
  isUuid,
  ClientId,
  MAX_MONEY,
  Nullable,
  OptionalText,
  RequiredText,
  SCHEMA_MESSAGE,
} from './api';
import { CurrencySummary } from './currencies';
import { firstError } from './validation';
import { LINE_MESSAGES } from './document-lines';
import { isUnitCode } from './units';

export const PRODUCT_MESSAGES = {
  nameRequired: 'Product name is required',
  currencyRequired: 'Currency is required',
  unknownCurrency: (code: string) => `Currency ${code} does not exist`,
  stockInteger: 'Stock must be a whole number',
  notFound: 'Product not found',
  idTaken: 'A product with this id already exists',
} as const;

export const MONEY_PLACES = 2;

/** 0 to MAX_MONEY (the service checks the 2 decimals), with the spec's messages. */
const MoneyField = (label: string, description: string) =>
  Type.Number({
    minimum: 0,
    maximum: MAX_MONEY,
    description,
    [SCHEMA_MESSAGE]: {
      minimum: `${label} must be 0 or more`,
      maximum: `${label} must be at most ${MAX_MONEY}`,
      type: `${label} must be a number`,
    },
  });
const Name = RequiredText(200, PRODUCT_MESSAGES.nameRequired);
const CurrencyCode = RequiredText(10, PRODUCT_MESSAGES.currencyRequired, {
  description: 'Code of one of the tenant’s currencies',
});

const fields = {
  name: Type.Optional(Name),
  sku: OptionalText(100),
  price: Type.Optional(
    MoneyField('Price', '0 or more, up to 2 decimals; 0 when left out on creation'),
  ),
  currencyCode: Type.Optional(CurrencyCode),
  cost: Type.Optional(Nullable(MoneyField('Cost', '0 or more, up to 2 decimals; null when blank'))),
  stock: Type.Optional(
    Nullable(
      Type.Integer({
        minimum: -2_147_483_648,
        maximum: 2_147_483_647,
        description: 'Whole number or null',
      }),
    ),
  ),
  category: OptionalText(100),
  supplier: OptionalText(200),
  description: OptionalText(5000),
  /** Defaults of a new line: a tax rate (none: the currency's) and a unit. */
  taxRateId: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  unitCode: Type.Optional(Type.String({ maxLength: 3 })),
};

export const ProductCreateBody = Type.Object(
  { id: ClientId, ...fields, name: Name, currencyCode: CurrencyCode },
  { description: 'name and currencyCode are required; price defaults to 0.' },
);
export type ProductCreateBody = Static<typeof ProductCreateBody>;

export const ProductUpdateBody = Type.Object(
  { ...fields, id: Type.Optional(Type.String({ description: 'Ignored: the path id wins' })) },
  { description: 'Fields left out stay as they are.' },
);
export type ProductUpdateBody = Static<typeof ProductUpdateBody>;

export const Product = Type.Object({
  id: Type.String(),
  name: Type.String(),
  sku: Nullable(Type.String()),
  price: Type.Number(),
  currencyCode: Type.String(),
  currency: CurrencySummary,
  cost: Nullable(Type.Number()),
  stock: Nullable(Type.Integer()),
  category: Nullable(Type.String()),
  supplier: Nullable(Type.String()),
  description: Nullable(Type.String()),
  taxRateId: Nullable(Type.String()),
  unitCode: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  version: Type.String({ description: 'Row version (a growing integer, as a string)' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type Product = Static<typeof Product>;

export interface ProductInput {
  name?: string;
  sku?: string | null;
  price?: number;
  currencyCode?: string;
  cost?: number | null;
  stock?: number | null;
  category?: string | null;
  supplier?: string | null;
  description?: string | null;
  taxRateId?: string | null;
  unitCode?: string;
}

const optional = (value: string | null | undefined) =>
  value === undefined ? undefined : value?.trim() || null;

export function productInput(body: ProductUpdateBody): ProductInput {
  return {
    name: body.name?.trim(),
    sku: optional(body.sku),
    price: body.price,
    currencyCode: body.currencyCode?.trim(),
    cost: body.cost,
    stock: body.stock,
    category: optional(body.category),
    supplier: optional(body.supplier),
    description: optional(body.description),
    taxRateId: body.taxRateId === undefined ? undefined : body.taxRateId?.toLowerCase() || null,
    unitCode: body.unitCode,
  };
}

/** A new product's stored values: what the input leaves out takes its default (price 0, the rest none). */
export function newProductValues(input: ProductInput) {
  return {
    name: input.name ?? '',
    sku: input.sku ?? null,
    price: input.price ?? 0,
    currencyCode: input.currencyCode ?? '',
    cost: input.cost ?? null,
    stock: input.stock ?? null,
    category: input.category ?? null,
    supplier: input.supplier ?? null,
    description: input.description ?? null,
  };
}

const money = (label: string, value: number) =>
  amountError(label, value, { places: MONEY_PLACES, min: 0, max: MAX_MONEY });

/** Name, price and currency required; price and cost in steps of 0.01; stock whole or null. */
export function productError(input: ProductInput, creating: boolean): string | null {
  return firstError([
    (creating || input.name !== undefined) && !input.name && PRODUCT_MESSAGES.nameRequired,
    (creating || input.currencyCode !== undefined) &&
      !input.currencyCode &&
      PRODUCT_MESSAGES.currencyRequired,
    input.price !== undefined && money('Price', input.price),
    input.cost !== undefined && input.cost !== null && money('Cost', input.cost),
    input.stock !== undefined &&
      input.stock !== null &&
      !Number.isSafeInteger(input.stock) &&
      PRODUCT_MESSAGES.stockInteger,
    input.unitCode !== undefined && !isUnitCode(input.unitCode) && LINE_MESSAGES.invalidUnit,
    input.taxRateId && !isUuid(input.taxRateId) && LINE_MESSAGES.unknownTaxRate,
  ]);
}
