/**
 * What the browser keeps of this app's offline data: whether the storage is persistent (not
 * evicted under storage pressure — asked for after login, `requestPersistentStorage`), how much
 * the app uses and how much is left (`navigator.storage.estimate()`).
 */
export interface StorageInfo {
  /** null: the browser cannot tell. */
  persisted: boolean | null;
  usage: number | null;
  quota: number | null;
}

/** The part of `navigator.storage` read here (injectable in tests). */
export interface StorageManagerLike {
  persisted?: () => Promise<boolean>;
  estimate?: () => Promise<{ usage?: number; quota?: number }>;
}

const browserStorage = (): StorageManagerLike | undefined =>
  typeof navigator === 'undefined' ? undefined : navigator.storage;

export async function readStorageInfo(
  storage: StorageManagerLike | undefined = browserStorage(),
): Promise<StorageInfo> {
  const [persisted, estimate] = await Promise.all([
    storage?.persisted?.().catch(() => null) ?? Promise.resolve(null),
    storage?.estimate?.().catch(() => null) ?? Promise.resolve(null),
  ]);
  return { persisted, usage: estimate?.usage ?? null, quota: estimate?.quota ?? null };
}

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'];

/** 1536 → "1.5 KB" (powers of 1024, one decimal under 10). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

export const STORAGE_MESSAGES = {
  persisted: 'Offline data is kept: the browser will not clear it when space runs low',
  notPersisted:
    'The browser may clear offline data when space runs low — sync often to keep your changes safe',
  unknown: 'This browser does not say whether it keeps offline data',
  usage: (usage: number, quota: number) =>
    `${formatBytes(usage)} used · ${formatBytes(Math.max(0, quota - usage))} left`,
  usageUnknown: 'This browser does not say how much space is used',
} as const;
