import { useMemo } from 'react';

/** id → row map for showing names in document lists. */
export function useById<T extends { id: string }>(rows: T[] | undefined): Map<string, T> {
  return useMemo(() => new Map((rows ?? []).map((r) => [r.id, r])), [rows]);
}
