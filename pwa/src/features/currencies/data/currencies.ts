import {
  CURRENCY_MESSAGES,
  currencyError,
  currencyInput,
  type CurrencyCreateBody,
  type CurrencyUpdateBody,
} from '@smb/shared-types/currencies';
import { ValidationError } from '../../../db/errors';
import { entityWrites } from '../../../sync/entity-writes';

/** Admin only: the server refuses others, and the refusal shows among the failed changes. */
const currencies = entityWrites({
  name: 'currency',
  entity: 'currencies',
  notFound: CURRENCY_MESSAGES.notFound,
  input: (body: CurrencyCreateBody | CurrencyUpdateBody) => currencyInput(body),
  problem: (input, creating) => currencyError(input, creating),
  createArgs: (input, id) => ({
    id,
    code: input.code ?? '',
    name: input.name ?? '',
    symbol: input.symbol ?? '',
    taxRate: input.taxRate ?? 0,
    dollarExchangeRate: input.dollarExchangeRate ?? 1,
    isDefault: input.isDefault ?? false,
  }),
  beforeCreate: async (db, input) => {
    const code = input.code ?? '';
    if (await db.currencies.where('code').equals(code).first())
      throw new ValidationError(CURRENCY_MESSAGES.codeTaken(code));
  },
  beforeDelete: async (_db, currency) => {
    if (currency.isDefault) throw new ValidationError(CURRENCY_MESSAGES.deleteDefault);
  },
});

export const createCurrency = currencies.create;
export const updateCurrency = currencies.update;
export const deleteCurrency = currencies.remove;
