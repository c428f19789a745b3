import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

/** The small upper-case label above a value in a card (Date, Customer, Company ID …). */
export function FieldLabel({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.04em' }}>
      {children}
    </Text>
  );
}
