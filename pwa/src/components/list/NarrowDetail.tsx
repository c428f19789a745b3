import type { ReactNode } from 'react';
import { Box, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DetailLine } from './RecordCards';

/** Narrower than Mantine's `lg` breakpoint (75em), where tables hide their `visibleFrom="lg"` columns. */
const NARROW_QUERY = '(max-width: 74.99em)';

/**
 * The values of a table's wide-only columns (`visibleFrom="lg"`) under the row's main field, on
 * screens narrower than `lg`: a tablet (768–1199 px) has no room for every column, yet still shows
 * every value the spec lists. Nothing from `lg` on, where the columns themselves show (and in
 * jsdom, which has no media queries).
 */
export function NarrowDetail({
  parts = [],
  children,
}: {
  /** Text values, joined by ' · ' in one dimmed line. */
  parts?: (string | number | null | undefined)[];
  /** Anything else, e.g. a badge. */
  children?: ReactNode;
}) {
  const narrow = useMediaQuery(NARROW_QUERY);
  if (!narrow) return null;
  return (
    <Box mt={2} data-testid="narrow-detail">
      <DetailLine parts={parts} />
      {children}
    </Box>
  );
}

/**
 * The names of the wide-only columns under the main column's header, below `lg` (CSS only): the
 * header names what `NarrowDetail` shows under each row's main field, so a tablet still reads
 * every spec column's heading. Hidden from assistive technology: the column keeps its one name
 * (the values under it are read with the row anyway).
 */
export function NarrowHeading({ names }: { names: string[] }) {
  return (
    <Text
      span
      hiddenFrom="lg"
      display="block"
      size="xs"
      fw={500}
      c="gray.7"
      data-testid="narrow-heading"
      aria-hidden
    >
      {names.join(' · ')}
    </Text>
  );
}
