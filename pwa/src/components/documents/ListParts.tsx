import { useEffect, useState, type ReactNode } from 'react';
import {
  Badge,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

export const PAGE_SIZE = 50;

/** 50 rows per page; the page stays valid when rows disappear. */
export function usePage<T>(rows: T[] | undefined, size = PAGE_SIZE) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil((rows?.length ?? 0) / size));
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);
  const current = Math.min(page, pages);
  return {
    page: current,
    pages,
    setPage,
    rows: rows?.slice((current - 1) * size, current * size),
  };
}

export function ListPagination({
  page,
  pages,
  onChange,
}: {
  page: number;
  pages: number;
  onChange: (p: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <Group justify="center" p="md">
      <Pagination value={page} total={pages} onChange={onChange} aria-label="Pages" />
    </Group>
  );
}

export function LoadingState({ text }: { text: string }) {
  return (
    <Center py={60}>
      <Stack align="center" gap="sm" role="status">
        <Loader />
        <Text c="dimmed" size="sm">
          {text}
        </Text>
      </Stack>
    </Center>
  );
}

export function EmptyState({
  icon: Glyph,
  title,
  text,
  action,
}: {
  icon: Icon;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <Paper withBorder p={{ base: 'lg', sm: 48 }}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light">
          <Glyph size={32} stroke={1.5} />
        </ThemeIcon>
        <Title order={3}>{title}</Title>
        <Text c="dimmed" maw={420}>
          {text}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}

/** Marks a row whose changes have not reached the server yet. */
export function NotSyncedBadge() {
  return (
    <Tooltip label="Saved on this device; syncs when the server is reachable">
      <Badge size="xs" variant="outline" color="orange" radius="sm">
        Not synced
      </Badge>
    </Tooltip>
  );
}
