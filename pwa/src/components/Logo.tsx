import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconChartDonut3 } from '@tabler/icons-react';

/** Brand mark + wordmark. */
export function Logo({
  size = 'md',
  inverted = false,
}: {
  size?: 'sm' | 'md';
  inverted?: boolean;
}) {
  const small = size === 'sm';
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon
        size={small ? 28 : 34}
        radius="md"
        variant={inverted ? 'white' : 'filled'}
        aria-hidden
      >
        <IconChartDonut3 size={small ? 18 : 22} stroke={2} />
      </ThemeIcon>
      <Text
        fw={800}
        fz={small ? 'md' : 'lg'}
        c={inverted ? 'white' : 'var(--mantine-color-text)'}
        style={{ letterSpacing: '-0.02em' }}
      >
        SMB Finance
      </Text>
    </Group>
  );
}
