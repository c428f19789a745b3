import type { ReactNode } from 'react';
import {
  Card,
  Skeleton,
  Stack,
  Table,
  Text,
  type TableTdProps,
  type TableThProps,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { NarrowHeading } from './NarrowDetail';
import { PHONE_QUERY, RecordCardList } from './RecordCards';

/** One column of an entity list: its heading and how a row fills its cell. */
export interface EntityColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /**
   * Shown only from Mantine's `lg` breakpoint. Narrower screens name it under the first column's
   * heading and show its value in the table's `narrowDetail` under each row's first cell.
   */
  wide?: boolean;
  th?: TableThProps;
  td?: TableTdProps;
}

/** The dimmed dash of an empty cell. */
export const dash = (
  <Text c="dimmed" span size="sm">
    —
  </Text>
);

/** Right-aligned tabular figures: a numeric column's header and cells. */
export const numeric = { ta: 'right' as const, style: { fontVariantNumeric: 'tabular-nums' } };

/** A header or cell kept on one line. */
export const nowrap = { style: { whiteSpace: 'nowrap' as const } };

export interface EntityTableProps<T extends { id: string }> {
  /** `undefined` while loading: a skeleton of `loading.lines` lines (when `loading` is given). */
  rows: T[] | undefined;
  columns: EntityColumn<T>[];
  /** `data-testid` of every row and card. */
  testId: string;
  /** Below this width the table scrolls inside its container instead of squeezing. */
  minWidth: number;
  /** `native`: the browser's scrollbar (the lists with many rows). */
  scrollType?: 'native';
  horizontalSpacing?: 'sm' | 'md';
  /** The values of the `wide` columns, under the first cell below `lg`. */
  narrowDetail?: (row: T) => ReactNode;
  loading?: { label: string; lines: number };
  /** Where the table turns into cards (default: phones). */
  phoneQuery?: string;
  /** One row as a card on a phone. */
  card: (row: T) => ReactNode;
  /** `divided`: flush cards split by a hairline (settings lists); default: spaced cards. */
  cards?: 'spaced' | 'divided';
}

/**
 * One list of records (customers, contacts, products, currencies, users): a table configured by
 * its columns on wider screens, a card per record on phones.
 */
export function EntityTable<T extends { id: string }>({
  rows,
  columns,
  testId,
  minWidth,
  scrollType,
  horizontalSpacing = 'md',
  narrowDetail,
  loading,
  phoneQuery = PHONE_QUERY,
  card,
  cards = 'spaced',
}: EntityTableProps<T>) {
  const phone = useMediaQuery(phoneQuery);
  if (rows && phone)
    return cards === 'divided' ? (
      <Stack gap={0}>
        {rows.map((row, index) => (
          <Card
            key={row.id}
            radius={0}
            withBorder={false}
            padding="md"
            data-testid={testId}
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
          >
            {card(row)}
          </Card>
        ))}
      </Stack>
    ) : (
      <RecordCardList>{rows.map(card)}</RecordCardList>
    );
  if (!rows)
    return loading ? (
      <Stack gap="sm" p="md" role="status" aria-label={loading.label}>
        {Array.from({ length: loading.lines }, (_, i) => (
          <Skeleton key={i} height={28} radius="sm" />
        ))}
      </Stack>
    ) : null;
  const wideNames = columns.filter((c) => c.wide).map((c) => c.header);
  return (
    <Table.ScrollContainer minWidth={minWidth} type={scrollType}>
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing={horizontalSpacing}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => (
              <Table.Th
                key={column.header}
                visibleFrom={column.wide ? 'lg' : undefined}
                {...column.th}
              >
                {column.header}
                {index === 0 && wideNames.length > 0 && <NarrowHeading names={wideNames} />}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid={testId}>
              {columns.map((column, index) => (
                <Table.Td
                  key={column.header}
                  visibleFrom={column.wide ? 'lg' : undefined}
                  {...column.td}
                >
                  {column.cell(row)}
                  {index === 0 && narrowDetail && narrowDetail(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
