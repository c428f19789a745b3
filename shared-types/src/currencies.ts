import { Type, type Static } from 'typebox';
import { amountError, ClientId, RequiredText, SCHEMA_MESSAGE } from './api';
import { firstError } from './validation';

export const CURRENCY_MESSAGES = {
  codeFormat: 'Currency code must be exactly 3 capital letters (e.g. EUR)',
  nameRequired: 'Currency name is required',
  symbolRequired: 'Currency symbol is required',
  taxRateRange: 'Tax rate must be between 0 and 100',
  rateMin: 'Exchange rate must be at least 0.01',
  notFound: 'Currency not found',
  idTaken: 'A currency with this id already exists',
  codeTaken: (code: string) => `A currency with code ${code} already exists`,
  keepDefault: 'There must be a default currency: make another currency the default instead',
  deleteDefault: 'The default currency cannot be deleted. Make another currency the default first.',
  inUse: 'This currency is used by products, quotes, orders or invoices and cannot be deleted.',
  codeInUse:
    'The code of a currency used by products, quotes, orders or invoices cannot be changed.',
  noDefault: 'No default currency is set',
  adminOnly: 'Only tenant administrators can manage currencies',
} as const;

/** A currency code: exactly three capital letters (ISO 4217 style). */
export const CURRENCY_CODE_PATTERN = /^[A-Z]{3}$/;
export const TAX_RATE_PLACES = 3;
export const EXCHANGE_RATE_PLACES = 4;

export const MAX_EXCHANGE_RATE = 9_999_999_999.9999;

const Code = Type.String({
  maxLength: 10,
  // Three capital letters; the service trims surrounding spaces.
  pattern: '^\\s*[A-Z]{3}\\s*$',
  description: 'Exactly 3 capital letters (e.g. EUR)',
  [SCHEMA_MESSAGE]: CURRENCY_MESSAGES.codeFormat,
});
const Name = RequiredText(100, CURRENCY_MESSAGES.nameRequired);
const CurrencySymbol = RequiredText(10, CURRENCY_MESSAGES.symbolRequired);

const fields = {
  code: Type.Optional(Code),
  name: Type.Optional(Name),
  symbol: Type.Optional(CurrencySymbol),
  taxRate: Type.Optional(
    Type.Number({
      minimum: 0,
      maximum: 100,
      description: 'Percent, 0 to 100, up to 3 decimals (default 0)',
      [SCHEMA_MESSAGE]: {
        minimum: CURRENCY_MESSAGES.taxRateRange,
        maximum: CURRENCY_MESSAGES.taxRateRange,
        type: 'Tax rate must be a number',
      },
    }),
  ),
  dollarExchangeRate: Type.Optional(
    Type.Number({
      minimum: 0.01,
      maximum: MAX_EXCHANGE_RATE,
      description: 'At least 0.01, up to 4 decimals (default 1)',
      [SCHEMA_MESSAGE]: {
        minimum: CURRENCY_MESSAGES.rateMin,
        maximum: `Exchange rate must be at most ${MAX_EXCHANGE_RATE}`,
        type: 'Exchange rate must be a number',
      },
    }),
  ),
  isDefault: Type.Optional(
    Type.Boolean({ description: 'true makes this the default and unsets the previous one' }),
  ),
};

export const CurrencyCreateBody = Type.Object(
  { id: ClientId, ...fields, code: Code, name: Name, symbol: CurrencySymbol },
  { description: 'code, name and symbol are required. Admin only.' },
);
export type CurrencyCreateBody = Static<typeof CurrencyCreateBody>;

export const CurrencyUpdateBody = Type.Object(
  { ...fields, id: Type.Optional(Type.String({ description: 'Ignored: the path id wins' })) },
  { description: 'Fields left out stay as they are. Admin only.' },
);
export type CurrencyUpdateBody = Static<typeof CurrencyUpdateBody>;

export const CodeParams = Type.Object({ code: Type.String({ maxLength: 10 }) });
export type CodeParams = Static<typeof CodeParams>;

export const Currency = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  symbol: Type.String(),
  taxRate: Type.Number(),
  dollarExchangeRate: Type.Number(),
  isDefault: Type.Boolean(),
  version: Type.String({ description: 'Row version (a growing integer, as a string)' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type Currency = Static<typeof Currency>;

/** The short form products carry (code, name, symbol). */
export const CurrencySummary = Type.Object({
  code: Type.String(),
  name: Type.String(),
  symbol: Type.String(),
});
export type CurrencySummary = Static<typeof CurrencySummary>;

export interface CurrencyInput {
  code?: string;
  name?: string;
  symbol?: string;
  taxRate?: number;
  dollarExchangeRate?: number;
  isDefault?: boolean;
}

export function currencyInput(body: CurrencyUpdateBody): CurrencyInput {
  return {
    code: body.code?.trim(),
    name: body.name?.trim(),
    symbol: body.symbol?.trim(),
    taxRate: body.taxRate,
    dollarExchangeRate: body.dollarExchangeRate,
    isDefault: body.isDefault,
  };
}

/** Currency rules (required fields only when creating or when sent). */
export function currencyError(input: CurrencyInput, creating: boolean): string | null {
  return firstError([
    (creating || input.code !== undefined) &&
      !CURRENCY_CODE_PATTERN.test(input.code ?? '') &&
      CURRENCY_MESSAGES.codeFormat,
    (creating || input.name !== undefined) && !input.name && CURRENCY_MESSAGES.nameRequired,
    (creating || input.symbol !== undefined) && !input.symbol && CURRENCY_MESSAGES.symbolRequired,
    input.taxRate !== undefined &&
      amountError('Tax rate', input.taxRate, {
        places: TAX_RATE_PLACES,
        min: 0,
        max: 100,
        minMessage: CURRENCY_MESSAGES.taxRateRange,
        maxMessage: CURRENCY_MESSAGES.taxRateRange,
      }),
    input.dollarExchangeRate !== undefined &&
      amountError('Exchange rate', input.dollarExchangeRate, {
        places: EXCHANGE_RATE_PLACES,
        min: 0.01,
        max: MAX_EXCHANGE_RATE,
        minMessage: CURRENCY_MESSAGES.rateMin,
      }),
  ]);
}
