import {
  CURRENCY_MESSAGES,
  currencyError,
  currencyInput,
  type CurrencyCreateBody,
  type CurrencyUpdateBody,
} from '@smb/shared-types/currencies';
import { requireDatabase } from '../../../db/current';
import type { SmbDatabase } from '../../../db/database';
import { NotFoundError, ValidationError } from '../../../db/errors';
import { newId } from '../../../db/meta';
import { mutate } from '../../../sync/mutate';
import { queueUpdate } from '../../../sync/update-args';

/** Admin only: the server refuses others, and the refusal shows among the failed changes. */
export async function createCurrency(
  body: CurrencyCreateBody,
  db: SmbDatabase = requireDatabase(),
): Promise<string> {
  const input = currencyInput(body);
  const problem = currencyError(input, true);
  if (problem) throw new ValidationError(problem);
  const id = newId();
  await db.transaction('rw', db.allTables, async () => {
    if (
      await db.currencies
        .where('code')
        .equals(input.code ?? '')
        .first()
    )
      throw new ValidationError(CURRENCY_MESSAGES.codeTaken(input.code ?? ''));
    await mutate(db, 'currency.create', {
      id,
      code: input.code ?? '',
      name: input.name ?? '',
      symbol: input.symbol ?? '',
      taxRate: input.taxRate ?? 0,
      dollarExchangeRate: input.dollarExchangeRate ?? 1,
      isDefault: input.isDefault ?? false,
    });
  });
  return id;
}

export async function updateCurrency(
  id: string,
  body: CurrencyUpdateBody,
  db: SmbDatabase = requireDatabase(),
): Promise<boolean> {
  const input = currencyInput(body);
  const problem = currencyError(input, false);
  if (problem) throw new ValidationError(problem);
  return queueUpdate(
    db,
    'currency.update',
    'currencies',
    id,
    { ...input },
    CURRENCY_MESSAGES.notFound,
  );
}

export async function deleteCurrency(
  id: string,
  db: SmbDatabase = requireDatabase(),
): Promise<void> {
  await db.transaction('rw', db.allTables, async () => {
    const currency = await db.currencies.get(id);
    if (!currency) throw new NotFoundError(CURRENCY_MESSAGES.notFound);
    if (currency.isDefault) throw new ValidationError(CURRENCY_MESSAGES.deleteDefault);
    await mutate(db, 'currency.delete', { id });
  });
}
