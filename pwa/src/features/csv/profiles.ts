import type { ImportKind } from './fields';
import { KNOWN_SYSTEMS, type KnownSystem } from './known-systems';
import { normaliseHeader, type ColumnMapping } from './mapping';

export { KNOWN_SYSTEMS, type KnownSystem, type VariantLayout } from './known-systems';

/** Finds a header by its name (normalised), or by prefix for a name ending in `*`. */
export function findHeader(normalised: string[], name: string): number {
  if (name.endsWith('*')) {
    const prefix = normaliseHeader(name.slice(0, -1));
    return normalised.findIndex((h) => h.startsWith(prefix));
  }
  return normalised.indexOf(normaliseHeader(name));
}

/** The known system whose header set the file has (the most specific one), or null. */
export function detectSystem(headers: string[]): KnownSystem | null {
  const normalised = headers.map(normaliseHeader);
  let best: KnownSystem | null = null;
  for (const system of KNOWN_SYSTEMS)
    if (
      system.signature.every((h) => findHeader(normalised, h) >= 0) &&
      (!best || system.signature.length > best.signature.length)
    )
      best = system;
  return best;
}

/** The system's own mapping for this kind of import, or null when it has none. */
export function systemMapping(
  system: KnownSystem,
  kind: ImportKind,
  headers: string[],
): ColumnMapping | null {
  const map = system.maps[kind];
  if (!map) return null;
  const normalised = headers.map(normaliseHeader);
  const mapping: ColumnMapping = {};
  for (const [key, names] of Object.entries(map)) {
    const columns = (Array.isArray(names) ? names : [names])
      .filter(Boolean)
      .map((n) => findHeader(normalised, n))
      .filter((i) => i >= 0);
    if (columns.length > 0) mapping[key] = columns.length === 1 ? columns[0] : columns;
  }
  return mapping;
}

/** "Looks like a Shopify export", "Looks like an Outlook export". */
export function looksLike(system: KnownSystem): string {
  return `Looks like ${/^[AEIOU]/.test(system.name) ? 'an' : 'a'} ${system.name} export`;
}
