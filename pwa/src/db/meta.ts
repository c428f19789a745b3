import type { SmbDatabase, MetaKey } from './database';
import type { TenantInfo } from './types';

interface MetaValues {
  cursor: string | null;
  clientId: string;
  clientGroupId: string;
  nextMutationId: number;
  tenant: TenantInfo | null;
  lastSyncedAt: number | null;
  lastRejectionId: number;
  userId: string;
  /** The company logo for documents made offline (see components/pdf/logo-cache). */
  companyLogo: { sha256: string; dataUri: string };
  /** The name the user gave this device ("Anna's tablet"), sent with every push. */
  deviceName: string;
}

export async function getMeta<K extends MetaKey>(
  db: SmbDatabase,
  key: K,
): Promise<MetaValues[K] | undefined> {
  const row = await db.meta.get(key);
  return row?.value as MetaValues[K] | undefined;
}

export async function setMeta<K extends MetaKey>(
  db: SmbDatabase,
  key: K,
  value: MetaValues[K],
): Promise<void> {
  await db.meta.put({ key, value });
}

export function newId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function')
    return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** This database's sync client ids, made on first use (inside the caller's transaction). */
export async function clientIdentity(
  db: SmbDatabase,
): Promise<{ clientId: string; clientGroupId: string }> {
  const { clientId, clientGroupId } = await outboxPosition(db);
  return { clientId, clientGroupId };
}

/**
 * The client ids (made on first use) and the next mutation's id, in one read of the meta table:
 * what every local edit needs before it writes, on a slow device one request instead of three.
 */
export async function outboxPosition(
  db: SmbDatabase,
): Promise<{ clientId: string; clientGroupId: string; nextMutationId: number }> {
  const [storedClient, storedGroup, next] = await db.meta.bulkGet([
    'clientId',
    'clientGroupId',
    'nextMutationId',
  ]);
  let clientId = storedClient?.value as string | undefined;
  let clientGroupId = storedGroup?.value as string | undefined;
  if (!clientId) {
    clientId = newId();
    await setMeta(db, 'clientId', clientId);
  }
  if (!clientGroupId) {
    clientGroupId = newId();
    await setMeta(db, 'clientGroupId', clientGroupId);
  }
  return { clientId, clientGroupId, nextMutationId: (next?.value as number | undefined) ?? 1 };
}
