import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A landing section's heading: a small label above its title and a lead line below. */
export function SectionHeading({
  label,
  titleId,
  title,
  lead,
  leadWidth,
}: {
  label: string;
  /** The id the section's `aria-labelledby` names. */
  titleId: string;
  title: string;
  lead: ReactNode;
  leadWidth: number;
}) {
  return (
    <>
      <Text
        c="brand"
        fw={700}
        tt="uppercase"
        size="sm"
        ta="center"
        style={{ letterSpacing: '0.08em' }}
      >
        {label}
      </Text>
      <Title order={2} ta="center" mt={6} id={titleId} fz={{ base: 28, sm: 36 }}>
        {title}
      </Title>
      <Text c="dimmed" ta="center" maw={leadWidth} mx="auto" mt="sm">
        {lead}
      </Text>
    </>
  );
}
