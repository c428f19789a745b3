import { Group, Pagination, Text } from '@mantine/core';

export const PAGE_SIZE = 50;

/** One of `noun` (given plural, as the lists name their rows): "currencies" → "currency". */
const singular = (noun: string) => noun.replace(/ies$/, 'y').replace(/s$/, '');

/** "Showing 1–50 of 312" and the page buttons (hidden when everything fits on one page). */
export function TablePager({
  page,
  total,
  pageSize = PAGE_SIZE,
  onChange,
  noun,
}: {
  page: number;
  total: number;
  pageSize?: number;
  onChange: (page: number) => void;
  noun: string;
}) {
  if (total === 0) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed">
        {pages > 1
          ? `Showing ${from}–${to} of ${total} ${noun}`
          : `${total} ${total === 1 ? singular(noun) : noun}`}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={onChange}
          size="sm"
          getControlProps={(control) => ({
            'aria-label': `${control[0]?.toUpperCase()}${control.slice(1)} page`,
          })}
        />
      )}
    </Group>
  );
}
