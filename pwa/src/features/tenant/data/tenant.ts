import { useLiveQuery } from 'dexie-react-hooks';
import { companyNameError } from '@smb/shared-types/tenants';
import { requireDatabase, useDatabase } from '../../../db/current';
import type { SmbDatabase } from '../../../db/database';
import { ValidationError } from '../../../db/errors';
import { getMeta } from '../../../db/meta';
import type { TenantInfo } from '../../../db/types';
import { mutate } from '../../../sync/mutate';

/** Renames the company (admin only); shows at once, syncs later. */
export async function updateTenant(
  naturalName: string,
  db: SmbDatabase = requireDatabase(),
): Promise<void> {
  const problem = companyNameError(naturalName);
  if (problem) throw new ValidationError(problem);
  await mutate(db, 'tenant.update', { naturalName: naturalName.trim() });
}

/** The tenant as of the last pull plus local changes; null before the first sync. */
export function useLocalTenant(): TenantInfo | null | undefined {
  const db = useDatabase();
  return useLiveQuery(async () => (db ? ((await getMeta(db, 'tenant')) ?? null) : null), [db]);
}
