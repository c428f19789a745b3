import type { ReactNode } from 'react';
import { Card, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { RowActionButtons, type RowAction } from './RowActions';

/** Below Mantine's `sm` breakpoint (48em): lists show cards instead of tables. */
export const PHONE_QUERY = '(max-width: 47.99em)';

/** True on phones. False in jsdom (no media queries), so unit tests see the tables. */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY);
}

export interface RecordCardProps {
  testId: string;
  /** The main field, with its 'Not synced' badge. */
  title: ReactNode;
  /** A status badge, top right. */
  status?: ReactNode;
  /** One or two secondary lines. */
  children?: ReactNode;
  /** Left of the actions, e.g. a total. */
  aside?: ReactNode;
  actions: RowAction[];
}

/** One record of a list on a phone. */
export function RecordCard({ testId, title, status, children, aside, actions }: RecordCardProps) {
  return (
    <Card withBorder padding="sm" radius="md" data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Group gap={6} wrap="wrap" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {title}
        </Group>
        {status}
      </Group>
      {children && (
        <Stack gap={2} mt={4} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {children}
        </Stack>
      )}
      <Group justify={aside ? 'space-between' : 'flex-end'} mt="sm" gap="xs" wrap="wrap">
        {aside}
        <RowActionButtons actions={actions} />
      </Group>
    </Card>
  );
}

/** The cards of one page of a list. */
export function RecordCardList({ children }: { children: ReactNode }) {
  return (
    <Stack gap="sm" p="sm">
      {children}
    </Stack>
  );
}

/** A dimmed secondary line of a card: the parts that are set, joined by ' · '. */
export function DetailLine({ parts }: { parts: (string | number | null | undefined)[] }) {
  const shown = parts.filter((part) => part !== null && part !== undefined && part !== '');
  if (shown.length === 0) return null;
  return (
    <Text size="xs" c="dimmed">
      {shown.join(' · ')}
    </Text>
  );
}
