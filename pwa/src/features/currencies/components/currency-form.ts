import { amountError } from '@smb/shared-types/api';
import {
  CURRENCY_CODE_PATTERN,
  CURRENCY_MESSAGES,
  EXCHANGE_RATE_PLACES,
  TAX_RATE_PLACES,
} from '@smb/shared-types/currencies';
import type { CurrencyRow } from '../../../db/types';

export interface CurrencyFormValues {
  code: string;
  name: string;
  symbol: string;
  taxRate: number | string;
  dollarExchangeRate: number | string;
  isDefault: boolean;
}

export type CurrencyFormErrors = Partial<Record<keyof CurrencyFormValues, string>>;

/** Form defaults: exchange rate 1, tax rate 0. */
export const EMPTY_CURRENCY: CurrencyFormValues = {
  code: '',
  name: '',
  symbol: '',
  taxRate: 0,
  dollarExchangeRate: 1,
  isDefault: false,
};

export function currencyFormValues(currency: CurrencyRow | null): CurrencyFormValues {
  if (!currency) return EMPTY_CURRENCY;
  const { code, name, symbol, taxRate, dollarExchangeRate, isDefault } = currency;
  return { code, name, symbol, taxRate, dollarExchangeRate, isDefault };
}

const toNumber = (value: number | string): number =>
  typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);

/** Every field's problem at once, by the shared currency rules. */
export function validateCurrencyForm(values: CurrencyFormValues): CurrencyFormErrors {
  const errors: CurrencyFormErrors = {};
  if (!CURRENCY_CODE_PATTERN.test(values.code.trim())) errors.code = CURRENCY_MESSAGES.codeFormat;
  if (!values.name.trim()) errors.name = CURRENCY_MESSAGES.nameRequired;
  if (!values.symbol.trim()) errors.symbol = CURRENCY_MESSAGES.symbolRequired;
  const tax = amountError('Tax rate', toNumber(values.taxRate), {
    places: TAX_RATE_PLACES,
    min: 0,
    max: 100,
    minMessage: CURRENCY_MESSAGES.taxRateRange,
    maxMessage: CURRENCY_MESSAGES.taxRateRange,
  });
  if (tax)
    errors.taxRate = tax === 'Tax rate must be a number' ? CURRENCY_MESSAGES.taxRateRange : tax;
  const rate = amountError('Exchange rate', toNumber(values.dollarExchangeRate), {
    places: EXCHANGE_RATE_PLACES,
    min: 0.01,
    max: 9_999_999_999.9999,
    minMessage: CURRENCY_MESSAGES.rateMin,
  });
  if (rate)
    errors.dollarExchangeRate =
      rate === 'Exchange rate must be a number' ? CURRENCY_MESSAGES.rateMin : rate;
  return errors;
}

/** The body the data layer takes (numbers as decimals). */
export function currencyBody(values: CurrencyFormValues) {
  return {
    code: values.code.trim(),
    name: values.name.trim(),
    symbol: values.symbol.trim(),
    taxRate: toNumber(values.taxRate),
    dollarExchangeRate: toNumber(values.dollarExchangeRate),
    isDefault: values.isDefault,
  };
}
