import {
  NUMBERING_KINDS,
  NUMBERING_KIND_NAMES,
  NUMBERING_MESSAGES,
  nextDocumentNumberPreview,
  numberingPatternProblem,
  type NumberingSettings,
  type NumberingUpdateBody,
} from '@smb/shared-types';
import { badRequest } from '../../errors';
import { inTransaction } from '../../db/transaction';
import { documentDay, findCounts, findPatterns, savePattern } from '../documents/document-numbers';
import { requireTenantAdmin, type TenantScope } from '../tenant-scope';

/**
 * GET /api/numbering (admin): each numbered type's pattern, the last numbers of the periods it
 * could count in today, and the number its next document would get.
 */
export async function numberingSettings(scope: TenantScope): Promise<NumberingSettings> {
  requireTenantAdmin(scope, NUMBERING_MESSAGES.adminOnly);
  const today = documentDay(scope.tenant);
  const periods = ['', today.slice(0, 4), today.slice(0, 7)];
  const [patterns, counters] = await Promise.all([
    findPatterns(scope.db),
    findCounts(scope.db, periods),
  ]);
  return {
    today,
    kinds: NUMBERING_KIND_NAMES.map((kind) => {
      const { label, prefix } = NUMBERING_KINDS[kind];
      const pattern = patterns.find((p) => p.kind === kind)?.pattern ?? null;
      const counts = Object.fromEntries(
        periods.map((period) => [
          period,
          Number(counters.find((c) => c.name === kind && c.period === period)?.value ?? 0),
        ]),
      );
      return {
        kind,
        label,
        defaultPrefix: prefix,
        pattern,
        counts,
        next: nextDocumentNumberPreview(pattern, prefix, today, counts),
      };
    }),
  };
}

/**
 * PUT /api/numbering (admin): sets the patterns given (an empty string or null: back to the
 * default). All or nothing: one invalid pattern answers 400 with its message and saves none.
 * Documents already numbered keep their numbers; the next one of a type follows its new pattern.
 */
export async function updateNumbering(
  scope: TenantScope,
  input: NumberingUpdateBody,
): Promise<NumberingSettings> {
  requireTenantAdmin(scope, NUMBERING_MESSAGES.adminOnly);
  const changes = NUMBERING_KIND_NAMES.filter((kind) => input[kind] !== undefined).map((kind) => {
    const pattern = input[kind]?.trim() || null;
    const problem = pattern === null ? null : numberingPatternProblem(pattern);
    if (problem) throw badRequest(`${NUMBERING_KINDS[kind].label}: ${problem}`);
    return { kind, pattern };
  });
  await inTransaction(scope.db, async (trx) => {
    for (const { kind, pattern } of changes) await savePattern(trx, kind, pattern);
  });
  return numberingSettings(scope);
}
