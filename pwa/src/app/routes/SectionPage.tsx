import { Paper, Stack, Text, Title } from '@mantine/core';
import { SECTIONS, type SectionKey } from './sections';

/** Placeholder screen for a data section: its title and what it holds. */
export default function SectionPage({ section }: { section: SectionKey }) {
  const info = SECTIONS[section];
  return (
    <Stack gap="lg">
      <Title order={2}>{info.title}</Title>
      <Paper withBorder p="xl" shadow="xs">
        <Text maw={640}>{info.description}</Text>
      </Paper>
    </Stack>
  );
}
