import { Skeleton, Stack } from '@mantine/core';

/** Placeholder rows while a list loads. */
export function TableSkeleton({ rows = 6, label }: { rows?: number; label: string }) {
  return (
    <Stack gap="sm" p="md" aria-busy="true" aria-label={label}>
      <Skeleton height={18} width="40%" />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={34} />
      ))}
    </Stack>
  );
}
