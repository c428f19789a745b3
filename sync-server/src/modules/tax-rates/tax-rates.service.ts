import { randomUUID } from 'node:crypto';
import {
  TAX_RATE_RECORD_MESSAGES,
  isUuid,
  normalizeTaxRate,
  taxRateRecordError,
  toRateNumber,
  type TaxCategory,
  type TaxRate,
  type TaxRateCreateBody,
  type TaxRateUpdateBody,
} from '@smb/shared-types';
import { isUniqueViolation, versionFields } from '../../db/query';
import type { TenantDb } from '../../db/tenant-database';
import { inTransaction } from '../../db/transaction';
import { addTombstones, nextVersion } from '../../db/version';
import { badRequest, conflict, orNotFound } from '../../errors';
import { requireTenantAdmin, type TenantScope } from '../tenant-scope';
import * as repo from './tax-rates.repository';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findTaxRate>>>;

function toTaxRate(row: Row): TaxRate {
  return {
    id: row.id,
    name: row.name,
    rate: toRateNumber(row.rate),
    category: row.category,
    exemptionReason: row.exemption_reason,
    createdAt: row.created_at.toISOString(),
    ...versionFields(row),
  };
}

const requireAdmin = (scope: TenantScope) =>
  requireTenantAdmin(scope, TAX_RATE_RECORD_MESSAGES.adminOnly);

const reasonOf = (value: string | null | undefined) => value?.trim() || null;

/** GET /api/tax-rates: every user reads them (the editors offer them). */
export async function listTaxRates(scope: Pick<TenantScope, 'db'>): Promise<TaxRate[]> {
  return (await repo.listTaxRates(scope.db)).map(toTaxRate);
}

async function lockedRate(trx: TenantDb, id: string): Promise<Row> {
  const row = isUuid(id) ? await repo.findTaxRate(trx, id, true) : undefined;
  return orNotFound(row, TAX_RATE_RECORD_MESSAGES.notFound);
}

export async function getTaxRate(scope: Pick<TenantScope, 'db'>, id: string): Promise<TaxRate> {
  const row = isUuid(id) ? await repo.findTaxRate(scope.db, id) : undefined;
  return toTaxRate(orNotFound(row, TAX_RATE_RECORD_MESSAGES.notFound));
}

/**
 * Creates tax rates in the caller's transaction (after its `nextVersion`): the sign-up's country
 * defaults call this with the new tenant's first rates.
 */
export async function insertTaxRates(
  trx: TenantDb,
  version: string,
  rates: {
    id?: string;
    name: string;
    rate: number;
    category: TaxCategory;
    exemptionReason?: string | null;
  }[],
): Promise<TaxRate[]> {
  const out: TaxRate[] = [];
  for (const rate of rates) {
    const problem = taxRateRecordError(rate);
    if (problem) throw badRequest(problem);
    const row = await repo.insertTaxRate(trx, {
      id: rate.id?.toLowerCase() ?? randomUUID(),
      name: rate.name.trim(),
      rate: normalizeTaxRate(rate.rate),
      category: rate.category,
      exemption_reason: reasonOf(rate.exemptionReason),
      version,
      updated_at: new Date(),
    });
    out.push(toTaxRate(row));
  }
  return out;
}

/** POST /api/tax-rates, mutation `taxRate.create` (administrators). */
export async function createTaxRate(scope: TenantScope, body: TaxRateCreateBody): Promise<TaxRate> {
  requireAdmin(scope);
  if (body.id !== undefined && !isUuid(body.id)) throw badRequest('The id must be a UUID');
  try {
    return await inTransaction(scope.db, async (trx) => {
      const version = await nextVersion(trx);
      if (body.id && (await repo.findTaxRate(trx, body.id.toLowerCase())))
        throw conflict(TAX_RATE_RECORD_MESSAGES.idTaken);
      return (await insertTaxRates(trx, version, [body]))[0]!;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'tax_rates_pkey')) throw conflict(TAX_RATE_RECORD_MESSAGES.idTaken);
    throw err;
  }
}

/**
 * PUT /api/tax-rates/{id}, mutation `taxRate.update` (administrators): documents already written
 * keep their lines' snapshot; new lines take the new values.
 */
export async function updateTaxRate(
  scope: TenantScope,
  id: string,
  body: TaxRateUpdateBody,
): Promise<TaxRate> {
  requireAdmin(scope);
  return inTransaction(scope.db, async (trx) => {
    const version = await nextVersion(trx);
    const row = await lockedRate(trx, id);
    const next = {
      name: body.name ?? row.name,
      rate: body.rate ?? toRateNumber(row.rate),
      category: body.category ?? row.category,
      exemptionReason:
        body.exemptionReason !== undefined ? body.exemptionReason : row.exemption_reason,
    };
    const problem = taxRateRecordError(next);
    if (problem) throw badRequest(problem);
    return toTaxRate(
      await repo.updateTaxRate(trx, row.id, {
        name: next.name.trim(),
        rate: normalizeTaxRate(next.rate),
        category: next.category,
        exemption_reason: reasonOf(next.exemptionReason),
        version,
        updated_at: new Date(),
      }),
    );
  });
}

/**
 * DELETE /api/tax-rates/{id}, mutation `taxRate.delete` (administrators): documents keep their
 * lines' snapshot (rate and category); products using it as their default lose it.
 */
export async function deleteTaxRate(scope: TenantScope, id: string): Promise<void> {
  requireAdmin(scope);
  await inTransaction(scope.db, async (trx) => {
    const version = await nextVersion(trx);
    const row = await lockedRate(trx, id);
    await repo.deleteTaxRate(trx, row.id, version);
    await addTombstones(trx, 'tax_rates', [row.id], version);
  });
}
