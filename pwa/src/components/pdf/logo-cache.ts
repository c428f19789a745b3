import type { SmbDatabase } from '../../db/database';
import { getMeta, setMeta } from '../../db/meta';

/**
 * The company logo as a data: URI for documents, kept in the local store so a PDF made offline
 * still shows it. Fetched again only when the synced logo hash changes; offline (or on any
 * failure) the last stored logo is used.
 */
export async function cachedLogo(
  db: SmbDatabase,
  sha256: string | null,
  token: string | null,
): Promise<string | null> {
  if (!sha256) return null;
  const stored = await getMeta(db, 'companyLogo');
  if (stored?.sha256 === sha256) return stored.dataUri;
  try {
    const response = await fetch('/api/tenants/current/logo', {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    if (!response.ok) return stored?.dataUri ?? null;
    const type = response.headers.get('Content-Type') ?? '';
    if (type !== 'image/png' && type !== 'image/jpeg') return stored?.dataUri ?? null;
    const dataUri = await toDataUri(await response.blob());
    await setMeta(db, 'companyLogo', { sha256, dataUri });
    return dataUri;
  } catch {
    return stored?.dataUri ?? null;
  }
}

function toDataUri(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the logo'));
    reader.readAsDataURL(blob);
  });
}
